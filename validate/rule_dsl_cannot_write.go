package validate

import "github.com/dynexpr/dynexpr/builder"

var dslCannotWrite = &Rule{
	Name:     builder.RuleCannotWrite,
	Severity: Error,
	Title:    "a statement the DSL cannot turn into a request",
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
// the catalog, so it sees their findings.
func checkBuildRefusals(p *Pass) {
	refused := builder.Refusals(p.Stmt)
	if len(refused) == 0 {
		return
	}
	flagged := map[string]bool{}
	for _, f := range *p.out {
		if f.Severity == Error {
			flagged[f.Rule] = true
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
		if flagged[rule.Name] {
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
