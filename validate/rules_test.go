package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestRules runs validate/testdata/rules/<rule>.txtar: for each rule, DSL
// files that must fire it (NAME.dx with the exact findings in
// NAME.findings) and files that must not (any NAME.dx without a .findings
// file: a near miss, where the rule must stay silent). Only the findings of
// the file's rule are compared, so one case does not depend on the others.
// The schema is the archive's schema.yaml, or else the examples' schemas;
// a file named noschema-*.dx is checked without one.
func TestRules(t *testing.T) { dslCases.run(t) }

// dslCases are the rule cases written in the DSL: every rule with a check
// has them.
var dslCases = caseLang{"testdata/rules", []string{".dx"}, findingsOf,
	func(r *Rule) bool { return r.check != nil }}

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
func findingsOf(t *testing.T, rule, name string, src []byte, sch *schema.Schema) string {
	t.Helper()
	f, err := grammar.Parse(name, string(src))
	if err != nil {
		t.Fatalf("%s does not parse: %v", name, err)
	}
	return ruleFindings(rule, f.Statements, func(st *grammar.Statement) []Finding { return Check(st, sch, nil) })
}
