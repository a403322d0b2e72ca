package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

func TestRealCodeDraft(t *testing.T) {
	files := strings.Fields(os.Getenv("REALCODE_DRAFT"))
	if len(files) == 0 {
		t.Skip()
	}
	for _, f := range files {
		path := filepath.Join(realDir, f)
		l := &Linter{Rules: &validate.Config{}}
		if s := os.Getenv("REALCODE_SCHEMA"); s != "" {
			l.Schema, _ = schema.Load(filepath.Join(realDir, s))
		}
		var fs []validate.Finding
		l.Run([]Input{{Path: path, Kind: Code}}, func(r Result) error { fs = append(fs, r.Findings...); return nil })
		lines := checkedExpressions(t, l, path)
		var ls []int
		for k := range lines {
			ls = append(ls, k)
		}
		sort.Ints(ls)
		fmt.Printf("== %s checked=%v\n", f, ls)
		for _, x := range fs {
			fmt.Printf("   F %d %s: %s\n", x.Pos.Line, x.Rule, x.Message)
		}
	}
}
