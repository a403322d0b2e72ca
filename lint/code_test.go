package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/goldenfile"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestCode lints the code files of each testdata/code/*.txtar (against its
// schema.yaml when it has one, else examples/tickets.yaml) and compares
// the findings, one a line at their line:col in the code, with its
// findings file (absent: none; go test -update rewrites it). Each archive
// holds the shapes real projects write: the cases that fire and the near
// misses that must stay clean.
func TestCode(t *testing.T) {
	files, err := filepath.Glob("testdata/code/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatal("no cases", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			schemaFile := "../examples/tickets.yaml"
			var inputs []Input
			for _, f := range ar.Files {
				p := filepath.Join(dir, f.Name)
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
				switch {
				case f.Name == "schema.yaml":
					schemaFile = p
				default:
					inputs = append(inputs, Input{Path: p, Kind: Code})
				}
			}
			sch, err := schema.Load(schemaFile)
			if err != nil {
				t.Fatal(err)
			}
			l := &Linter{Schema: sch, Rules: &validate.Config{}}
			var got strings.Builder
			err = l.Run(inputs, func(r Result) error {
				if r.Sites == 0 {
					t.Errorf("%s: no request found", r.Name)
				}
				for _, f := range r.Findings {
					got.WriteString(strings.ReplaceAll(f.String(), dir+string(filepath.Separator), "") + "\n")
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			out := file[:len(file)-len(".txtar")] + ".findings"
			goldenfile.Check(t, out, got.String())
		})
	}
}

// TestMentions: the prefilter passes a file that spells an expression
// member in either case, or Statement, and only such a file.
func TestMentions(t *testing.T) {
	for src, want := range map[string]bool{
		"KeyConditionExpression":                true,
		".keyConditionExpression(":              true,
		"expression":                            true,
		"xpression Expression":                  true,
		"ExecuteStatement":                      true,
		"a regular xpression, Xpression":        false,
		"xpressio n":                            false,
		"Statemen t":                            false,
		"table.put_item(Item=x)":                true,
		"new DeleteCommand({ TableName, Key })": true,
		"t.delete_item(Key=k)":                  true,
		"queue_item(x); OrderItem":              false,
		"":                                      false,
	} {
		if got := mentions([]byte(src)); got != want {
			t.Errorf("mentions(%q) = %v, want %v", src, got, want)
		}
	}
}
