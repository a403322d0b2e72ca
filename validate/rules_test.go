package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestRules runs validate/testdata/rules/<rule>.txtar: for each rule, DSL
// files that must fire it (NAME.dx with the exact findings in
// NAME.findings) and files that must not (any NAME.dx without a .findings
// file: a near miss, where the rule must stay silent). Only the findings of
// the file's rule are compared, so one case does not depend on the others.
// The schema is the archive's schema.yaml, or else the examples' schemas;
// a file named noschema-*.dx is checked without one.
func TestRules(t *testing.T) {
	files, err := filepath.Glob("testdata/rules/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	tested := map[string]bool{}
	for _, file := range files {
		rule := strings.TrimSuffix(filepath.Base(file), ".txtar")
		tested[rule] = true
		t.Run(rule, func(t *testing.T) {
			if Lookup(rule) == nil {
				t.Fatalf("%s: no rule named %q in the catalog", file, rule)
			}
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sch := loadTestSchema(t, ar)
			contents := map[string]string{}
			for _, f := range ar.Files {
				contents[f.Name] = string(f.Data)
			}
			fired, clean := 0, 0
			for _, f := range ar.Files {
				if !strings.HasSuffix(f.Name, ".dx") {
					continue
				}
				want, fires := contents[strings.TrimSuffix(f.Name, ".dx")+".findings"]
				fileSchema := sch
				if strings.HasPrefix(f.Name, "noschema-") {
					fileSchema = nil
				}
				got := findingsOf(t, rule, f.Name, string(f.Data), fileSchema)
				if fires {
					fired++
				} else {
					clean++
				}
				if diff := cmp.Diff(strings.TrimSpace(want), strings.TrimSpace(got)); diff != "" {
					t.Errorf("%s: %s findings (-want +got):\n%s\ngot:\n%s", file, f.Name, diff, got)
				}
			}
			if fired == 0 || clean == 0 {
				t.Errorf("%s: needs at least one case that fires (x.dx + x.findings) and one near miss (y.dx alone); has %d and %d", file, fired, clean)
			}
		})
	}
	for _, r := range All() {
		if r.check != nil && !tested[r.Name] {
			t.Errorf("rule %s has no testdata/rules/%s.txtar", r.Name, r.Name)
		}
	}
}

func loadTestSchema(t *testing.T, ar *txtar.Archive) *schema.Schema {
	t.Helper()
	for _, f := range ar.Files {
		if f.Name == "schema.yaml" {
			s, err := schema.Parse("schema.yaml", f.Data)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
	}
	var paths []string
	for _, n := range []string{"tickets.yaml", "events.yaml", "orders.yaml"} {
		p := filepath.Join("..", "examples", n)
		if _, err := os.Stat(p); err == nil {
			paths = append(paths, p)
		}
	}
	s, err := schema.Load(paths...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// findingsOf parses src, binds no parameters, checks every statement and
// renders the findings of rule, one per line.
func findingsOf(t *testing.T, rule, name, src string, sch *schema.Schema) string {
	t.Helper()
	f, err := grammar.Parse(name, src)
	if err != nil {
		t.Fatalf("%s does not parse: %v", name, err)
	}
	var lines []string
	for _, st := range f.Statements {
		for _, fd := range Check(st, sch, nil) {
			if fd.Rule == rule {
				lines = append(lines, fd.String())
			}
		}
	}
	return strings.Join(lines, "\n")
}
