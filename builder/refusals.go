package builder

import (
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// The lint rules (package validate's catalog) that report the builder's
// refusals: lint runs the builder and reports each refusal under its rule,
// so that no statement lint calls clean is one build refuses. A refusal
// goes to the rule of what DynamoDB itself would refuse where one fits;
// the rest are what the DSL cannot write.
const (
	// RuleCannotWrite is a statement the DSL cannot turn into a request.
	RuleCannotWrite = "dsl-cannot-write"
	ruleFunction    = "function-misuse"
	ruleSet         = "invalid-set"
	// ruleNone is an unbound parameter: a fact of the command line, not
	// of the statement lint reads.
	ruleNone = ""
)

// Refusal is one refusal of Build with the lint rule that reports it.
type Refusal struct {
	Rule string
	Err  *diag.Error
}

// Refusals is what Build refuses in st, each with its rule, in the order
// the builder meets them; none when Build succeeds.
func Refusals(st *grammar.Statement) []Refusal {
	if st == nil {
		return nil
	}
	b := newBuilder()
	b.refusalsOnly = true
	b.statement(st)
	out := make([]Refusal, len(b.errs))
	for i, e := range b.errs {
		out[i] = Refusal{Rule: b.rules[i], Err: e}
	}
	return out
}

// fail refuses what the DSL cannot write.
func (b *builder) fail(p diag.Pos, format string, args ...any) {
	b.refuse(RuleCannotWrite, p, format, args...)
}

// refuse refuses the statement at p, on behalf of rule.
func (b *builder) refuse(rule string, p diag.Pos, format string, args ...any) {
	b.errs = append(b.errs, diag.Errorf(p, format, args...))
	b.rules = append(b.rules, rule)
}
