package validate

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/internal/dxtest"
	"github.com/dynexpr/dynexpr/schema"
)

// parseGroup parses src, which holds one group.
func parseGroup(t testing.TB, src string) *grammar.Statement {
	t.Helper()
	st := dxtest.Statement(t, "g.dx", src)
	if !st.Kind.IsGroup() {
		t.Fatalf("want a group, got a %s", st.Kind)
	}
	return st
}

// ruleLines renders the findings of the rules named, one per line.
func ruleLines(fs []Finding, rules ...string) string {
	var lines []string
	for _, f := range fs {
		for _, r := range rules {
			if f.Rule == r {
				lines = append(lines, f.String())
			}
		}
	}
	return strings.Join(lines, "\n")
}

// TestGroupRulesWithoutDSLText runs the group rules on a group that holds
// only what a group made from request JSON holds: no clause keywords as
// written and no source text. They report where they report on the DSL
// group. (The rules of a member's clauses are the builder's refusals, which
// lint asks for of DSL statements only: in request JSON such a clause is a
// member the request does not take.)
func TestGroupRulesWithoutDSLText(t *testing.T) {
	const src = `transact write {
  put Tickets item {id: "a91f"} return old;
  check Tickets key id = "a91f";
  delete Tickets key id = "b02c" capacity total
}`
	sch, err := schema.Load(filepath.Join("..", "examples", "tickets.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	rules := []string{"transaction-item-repeated", "check-without-condition"}
	dsl := ruleLines(check(parseGroup(t, src), sch, nil, false, nil), rules...)

	st := parseGroup(t, src)
	for _, s := range append([]*grammar.Statement{st}, st.Members...) {
		s.Written, s.Source = nil, ""
	}
	got := ruleLines(check(st, sch, nil, false, nil), rules...)
	want := `g.dx:3:3: error: a check has nothing to do but its condition, and it has none; the AWS CLI answers "Missing required parameter in TransactItems[1].ConditionCheck: \"ConditionExpression\"", and DynamoDB "1 validation error detected: Value null at 'transactItems.2.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null". Add if CONDITION, like if attribute_exists(id) (check-without-condition)
g.dx:3:3: error: member 1 (check Tickets) names the item member 0 (put Tickets) names (at 2:3): the same table and key; DynamoDB answers "Transaction request cannot include multiple operations on one item". Make them one member: a check's condition goes into the write's if, two updates' actions into one update (transaction-item-repeated)`
	if got != want {
		t.Errorf("without the DSL's text:\n%s\nwant:\n%s", got, want)
	}
	if dsl != got {
		t.Errorf("with the DSL's text, the same findings:\n%s", dsl)
	}
}

// TestGroupRuleOff: a group rule turned off in the config does not run.
func TestGroupRuleOff(t *testing.T) {
	st := parseGroup(t, `transact get { get Tickets key id = "a"; get Tickets key id = "a" }`)
	if got := ruleLines(check(st, nil, nil, false, nil), "transaction-item-repeated"); got == "" {
		t.Fatal("transaction-item-repeated does not fire")
	}
	cfg := &Config{Severities: map[string]Severity{"transaction-item-repeated": Off}}
	if got := ruleLines(check(st, nil, cfg, false, nil), "transaction-item-repeated"); got != "" {
		t.Errorf("off, it still fires:\n%s", got)
	}
}

// TestRefusalPlace: a builder refusal is left out when its rule flagged
// the same member (a rule of one request) or the group (a rule of groups),
// and reported when the rule flagged another member only.
func TestRefusalPlace(t *testing.T) {
	st := parseGroup(t, "batch write {\n  delete Tickets key id = \"a\";\n  delete Tickets key id = \"b\"\n}")
	p := Pass{Stmt: st}
	in := func(m int) diag.Pos { return st.Members[m].Key.Pos }
	for _, c := range []struct {
		rule       *Rule
		flagged    diag.Pos
		refused    diag.Pos
		suppressed bool
	}{
		{keyTypeMismatch, in(0), in(0), true},
		{keyTypeMismatch, in(0), in(1), false},
		{keyTypeMismatch, st.Pos, in(0), false},
		{batchWriteNotPlain, in(1), in(1), true},
		{batchWriteNotPlain, in(0), in(1), false},
	} {
		if got := p.refusalPlace(c.rule, c.flagged) == p.refusalPlace(c.rule, c.refused); got != c.suppressed {
			t.Errorf("%s flagged at %s, refused at %s: suppressed %v, want %v", c.rule.Name, c.flagged, c.refused, got, c.suppressed)
		}
	}
	if got := memberAt(st, st.Open); got != -1 {
		t.Errorf("memberAt(the group's brace) = %d, want -1", got)
	}
}

// benchTransaction is a transact write of n members of every kind, on the
// examples' tables, that lint calls clean.
func benchTransaction(n int) string {
	var b strings.Builder
	b.WriteString("bench: transact write token \"7f3a2c1e-5b4d-4e8f-9a0b-1c2d3e4f5a6b\" {\n")
	for i := range n {
		if i > 0 {
			b.WriteString(";\n")
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, `  put Tickets item {id: "t%d", subject: "Printer on fire", priority: 2, openBucket: "OPEN", openedAt: "2026-12-01"} if attribute_not_exists(id)`, i)
		case 1:
			fmt.Fprintf(&b, `  update Tickets key id = "t%d" set status = "RESOLVED", resolvedAt = "2026-12-01" remove openBucket if attribute_exists(openBucket)`, i)
		case 2:
			fmt.Fprintf(&b, `  delete TicketsByCustomer key customerId = "c%d" and id = "t%d" if attribute_exists(id) return_on_failure old`, i, i)
		case 3:
			fmt.Fprintf(&b, `  check Tickets key id = "t%d" if priority < 3 and begins_with(subject, "P")`, i)
		}
	}
	b.WriteString("\n}")
	return b.String()
}

// BenchmarkCheckTransaction100 lints a transact write of 100 members, with
// the examples' schema and without one.
func BenchmarkCheckTransaction100(b *testing.B) {
	st := parseGroup(b, benchTransaction(100))
	sch, err := schema.Load(filepath.Join("..", "examples", "tickets.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		sch  *schema.Schema
	}{{"schema", sch}, {"noschema", nil}} {
		b.Run(c.name, func(b *testing.B) {
			// A clean transaction: every rule runs to the end.
			if fs := Check(st, c.sch, nil); len(fs) > 0 {
				b.Fatalf("finding: %s", fs[0])
			}
			b.ReportAllocs()
			for b.Loop() {
				Check(st, c.sch, nil)
			}
		})
		// The reference, in the same run: the same 100 members, each
		// checked as a statement of its own.
		b.Run(c.name+"-members-alone", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, m := range st.Members {
					Check(m, c.sch, nil)
				}
			}
		})
	}
}
