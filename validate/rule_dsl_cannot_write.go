package validate

import (
	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

var dslCannotWrite = &Rule{
	Name:     builder.RuleCannotWrite,
	Severity: Error,
	Title:    "a statement the DSL cannot turn into a request",
	CannotWrite: []Unwritable{
		{Readers: append([]Reader{ReaderPartiQL}, requestReaders...), Why: "what it reports is a statement build cannot turn into a request; request JSON, PartiQL and code are requests already, sent as written and never built"},
	},
	Why: `Some statements parse but have no request: a get, update or delete key is
written k = VALUE [and k = VALUE], each attribute once, a top-level name on the
left and a value on the right, with no or, not or other test; a start key
(after) likewise; a function's argument that stands for an attribute is a name,
written bare or in backticks, not a quoted string; limit and segment take whole
numbers in their range. dynexpr build refuses them; lint reports them here, so
that no statement lint calls clean is one build refuses. Every other refusal of
the builder is reported by the rule of what DynamoDB would refuse
(function-misuse, invalid-set).`,
	Bad:       `get Tickets key id = "a91f" or id = "b02c"`,
	Good:      `get Tickets key id = "a91f"`,
	AppliesTo: "every statement",
	BadInput:  true,
}

// checkBuildRefusals reports what the builder refuses in p's statement and
// the rules run before did not already flag: each refusal under the rule
// the builder names for it (a rule that found an error in this statement
// has said enough), the rest under dsl-cannot-write. Check calls it after
// the catalog, so it sees their findings. In a group, a rule of one
// request has said enough of the member it flagged, not of the others; a
// rule that checks groups, of the whole group.
func checkBuildRefusals(p *Pass) {
	refused := builder.Refusals(p.Stmt)
	if len(refused) == 0 {
		return
	}
	flagged := map[refusalPlace]bool{}
	for _, f := range *p.out {
		if f.Severity == Error {
			flagged[p.refusalPlace(Lookup(f.Rule), f.Pos)] = true
		}
	}
	for _, r := range refused {
		if r.Rule == "" {
			continue // an unbound parameter: build's to say, with -p
		}
		rule := Lookup(r.Rule)
		if rule == nil {
			rule = dslCannotWrite
		}
		if flagged[p.refusalPlace(rule, r.Err.Pos)] {
			continue
		}
		p.rule = rule
		msg := r.Err.Msg
		if rule == dslCannotWrite {
			msg += " (the DSL cannot write this as a request)"
		}
		p.report(Error, r.Err.Pos, "", msg)
	}
}

// refusalPlace is a rule and the member of a group it speaks of (-1: the
// request itself, or the whole group).
type refusalPlace struct {
	rule   string
	member int
}

func (p *Pass) refusalPlace(r *Rule, at diag.Pos) refusalPlace {
	if r == nil {
		return refusalPlace{}
	}
	return refusalPlace{r.Name, memberAt(p.Stmt, at)}
}

// memberAt is the index of the member of group st that at is in: the last
// that begins at or before it; -1 before the first, or when st is not a
// group.
func memberAt(st *grammar.Statement, at diag.Pos) int {
	i := -1
	for j, m := range st.Members {
		if m.Pos.Offset <= at.Offset {
			i = j
		}
	}
	return i
}
