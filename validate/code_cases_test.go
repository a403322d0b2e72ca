package validate_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestCodeRules runs the rule cases written in application code,
// testdata/code/<rule>.txtar, as `dynexpr lint` reads a code file: each
// file of a language lint reads (python.py, javascript.ts, go.go,
// java.java, kotlin.kt, ...) with a NAME.findings beside it must give
// exactly those findings of the rule, at their places in the code file;
// one without, none. Each archive needs one of each. The schema is the
// archive's schema.yaml, else the examples' (as the other rule cases).
// It is an external test: lint, which reads code, imports validate.
func TestCodeRules(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "code", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		rule := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(rule, func(t *testing.T) {
			if validate.Lookup(rule) == nil {
				t.Fatalf("%s: no rule named %q in the catalog", path, rule)
			}
			a, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			l := &lint.Linter{Schema: validate.LoadTestSchema(t, a)}
			contents := map[string]string{}
			for _, f := range a.Files {
				contents[f.Name] = string(f.Data)
			}
			fired, clean := 0, 0
			for _, f := range a.Files {
				ext := filepath.Ext(f.Name)
				if !isCodeFile(f.Name) {
					continue
				}
				want, fires := contents[strings.TrimSuffix(f.Name, ext)+".findings"]
				var got []string
				for _, fd := range l.Text(f.Name, f.Data, lint.Code).Findings {
					if fd.Rule == rule {
						got = append(got, fd.String())
					}
				}
				if fires {
					fired++
				} else {
					clean++
				}
				if d := cmp.Diff(strings.TrimSpace(want), strings.Join(got, "\n")); d != "" {
					t.Errorf("%s: %s findings (-want +got):\n%s\ngot:\n%s", path, f.Name, d, strings.Join(got, "\n"))
				}
			}
			if fired == 0 || clean == 0 {
				t.Errorf("%s: needs at least one case that fires (x.py + x.findings) and one near miss (y.py alone); has %d and %d", path, fired, clean)
			}
		})
	}
}

// isCodeFile reports whether lint reads name as application code (the
// table of readers).
func isCodeFile(name string) bool {
	r := lint.ReaderOf(name)
	return r != nil && r.Kind == lint.Code
}
