package validate

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestPartiQLRules runs validate/testdata/partiql/<rule>.txtar: for each
// PartiQL rule, and each DSL rule that runs on PartiQL too, .partiql
// scripts (each statement an execute-statement, or the whole file one
// batch or transaction under -- dynexpr:batch / -- dynexpr:transaction)
// and .json requests (Statement and Parameters, Statements[] or
// TransactStatements[]) that must fire it (NAME.findings beside them) and
// near misses that must not.
func TestPartiQLRules(t *testing.T) { partiqlCases.run(t) }

var partiqlCases = caseLang{"testdata/partiql", []string{".partiql", ".json"}, partiqlFindingsOf,
	func(r *Rule) bool { return r.checkPartiQL != nil || r.checkPartiQLGroup != nil || r.partiql }}

// TestPartiQLRuleExamples checks the PartiQL rules' own examples: each
// Bad fires its rule, each Good does not.
func TestPartiQLRuleExamples(t *testing.T) {
	sch := loadTestSchema(t, &txtar.Archive{})
	for _, r := range All() {
		if r.checkPartiQL == nil && r.checkPartiQLGroup == nil {
			continue
		}
		l := partiqlCases
		if strings.HasPrefix(strings.TrimSpace(r.Bad), "{") {
			l.exts = []string{".json"}
		}
		l.checkExamples(t, r, sch)
	}
}

// partiqlFindingsOf reads a case file and renders the findings of rule.
func partiqlFindingsOf(t *testing.T, rule, name string, src []byte, sch *schema.Schema) string {
	t.Helper()
	var reqs []*partiql.Request
	if strings.HasSuffix(name, ".json") {
		reqs = []*partiql.Request{partiqlJSONCase(t, name, src)}
	} else {
		sc, err := partiql.ParseScript(name, string(src))
		if err != nil {
			t.Fatalf("%s does not parse: %v", name, err)
		}
		reqs = partiql.Requests(sc)
	}
	return ruleFindings(rule, reqs, func(r *partiql.Request) []Finding { return CheckPartiQL(r, sch, nil) })
}

// partiqlJSONCase reads a test's request JSON: its statements are parsed
// from their decoded text (positions within the text, line 1 the
// statement's own), its Parameters typed by their one member.
func partiqlJSONCase(t *testing.T, name string, src []byte) *partiql.Request {
	t.Helper()
	type stmt struct {
		Statement  string
		Parameters *[]map[string]json.RawMessage
	}
	var in struct {
		stmt
		Statements, TransactStatements []stmt
	}
	if err := json.Unmarshal(src, &in); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	r := &partiql.Request{Command: builder.CommandExecuteStatement, Pos: diag.Pos{File: name, Line: 1, Col: 1}}
	list := []stmt{in.stmt}
	switch {
	case in.Statements != nil:
		r.Command, list = builder.CommandBatchExecuteStatement, in.Statements
	case in.TransactStatements != nil:
		r.Command, list = builder.CommandExecuteTransaction, in.TransactStatements
	}
	for i, s := range list {
		file := name
		if len(list) > 1 || r.Command != builder.CommandExecuteStatement {
			file = name + "#" + string(rune('0'+i%10))
		}
		st, err := partiql.ParseStatement(file, s.Statement)
		if err != nil {
			t.Fatalf("%s: statement %d: %v", name, i, err)
		}
		ps := &partiql.Member{Stmt: st, ParamsPos: st.Pos}
		if s.Parameters != nil {
			var vals []*grammar.Value
			for _, m := range *s.Parameters {
				for typ, raw := range m {
					var text string
					_ = json.Unmarshal(raw, &text)
					vals = append(vals, &grammar.Value{Pos: st.Pos, Type: grammar.ValueType(typ), Text: text})
				}
			}
			ps = ps.Bind(vals)
		}
		r.Statements = append(r.Statements, ps)
	}
	return r
}

// BenchmarkLintPartiQL lints one PartiQL statement (parse and every rule,
// with the examples' schema); BenchmarkLintDSL the DSL's statement that
// does the same, for the ratio.
func BenchmarkLintPartiQL(b *testing.B) {
	sch := benchSchema(b)
	src := `UPDATE "Tickets" SET status = 'RESOLVED', resolvedAt = '2026-11-04T10:00:00Z' REMOVE openBucket WHERE id = '77de' AND openBucket IS NOT MISSING RETURNING MODIFIED NEW *`
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sc, err := partiql.ParseScript("<arg>", src)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range partiql.Requests(sc) {
			if fs := CheckPartiQL(r, sch, nil); len(fs) != 0 {
				b.Fatal(fs)
			}
		}
	}
}

func BenchmarkLintDSL(b *testing.B) {
	sch := benchSchema(b)
	src := `update Tickets key id = "77de" set status = "RESOLVED", resolvedAt = "2026-11-04T10:00:00Z" remove openBucket if attribute_exists(openBucket) return updated_new`
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		f, err := grammar.Parse("<arg>", src)
		if err != nil {
			b.Fatal(err)
		}
		if fs := Check(f.Statements[0], sch, nil); len(fs) != 0 {
			b.Fatal(fs)
		}
	}
}

func benchSchema(b *testing.B) *schema.Schema {
	sch, err := schema.Load("../examples/tickets.yaml")
	if err != nil {
		b.Fatal(err)
	}
	return sch
}
