package appcode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/goldenfile"
)

// TestReadFiles reads each source in testdata/read and compares what the
// reader found (sites, members, values, skips, directives) with the .want
// file beside it (go test -update rewrites them; review with git diff).
func TestReadFiles(t *testing.T) {
	names, err := filepath.Glob("testdata/read/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		lang, ok := LangOf(name)
		if strings.HasSuffix(name, ".want") {
			continue
		}
		if !ok {
			continue
		}
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			r := Read(lang, src)
			checkInvariants(t, src, r)
			goldenfile.Check(t, name+".want", dump(src, r))
		})
	}
}
