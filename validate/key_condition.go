package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// keyTest is one test of a query's key condition, read in DynamoDB's terms.
type keyTest struct {
	at     diag.Pos      // where the test stands: its call for begins_with, else its path
	path   *grammar.Path // the attribute tested (top-level)
	attr   string
	op     string           // = < <= > >= between begins_with, as if the attribute stood first
	values []*grammar.Value // the values it is compared with
}

// keyProblem is a key condition DynamoDB refuses whatever the schema.
type keyProblem struct {
	at  diag.Pos
	msg string
}

// keyShape is a key condition read: its well-formed tests and what is wrong
// with the rest.
type keyShape struct {
	st       *grammar.Statement
	tests    []keyTest
	problems []keyProblem
	// unread is set when a test was left to other rules (an unknown
	// function, a wrong arity): what the condition lacks is then unknown.
	unread bool
}

// readKeyCondition reads a query's key condition. Parentheses are fine;
// each problem is recorded once, and a malformed test is not a test.
func readKeyCondition(st *grammar.Statement, c *grammar.Condition) *keyShape {
	ks := &keyShape{st: st}
	ks.cond(c)
	return ks
}

func (ks *keyShape) problem(at diag.Pos, format string, args ...any) {
	ks.problems = append(ks.problems, keyProblem{at, fmt.Sprintf(format, args...)})
}

func (ks *keyShape) cond(c *grammar.Condition) {
	andTerms(ks.st, c, ks.not, func(at diag.Pos) {
		ks.problem(at, "a key condition cannot use or: a query reads one partition, and DynamoDB answers %q. Run one query for each alternative",
			fmt.Sprintf(msgKCInvalidOp, "OR"))
	})
}

// andTerms walks c as a key is written, terms joined by and (a key
// condition, an item key): it calls term on each term of the first
// alternative, in order, then orAt at the first or, after which nothing
// is read.
func andTerms(st *grammar.Statement, c *grammar.Condition, term func(*grammar.NotCondition), orAt func(diag.Pos)) {
	if c == nil {
		return
	}
	for i, a := range c.Or {
		if a == nil {
			continue
		}
		if i > 0 {
			orAt(tokenBefore(st, a.Pos, "or"))
			return
		}
		for _, n := range a.And {
			term(n)
		}
	}
}

func (ks *keyShape) not(n *grammar.NotCondition) {
	switch {
	case n == nil:
	case n.Not != nil:
		ks.problem(n.Pos, "a key condition cannot use not; DynamoDB answers %q. Test the sort key with =, <, <=, >, >=, between or begins_with",
			fmt.Sprintf(msgKCInvalidOp, "NOT"))
	case n.Group != nil:
		ks.cond(n.Group)
	case n.Compare != nil:
		ks.compare(n.Compare)
	}
}

// keyConditionFuncs are the condition functions DynamoDB knows but refuses
// in a key condition (begins_with aside); other names are function-misuse's.
var keyConditionFuncs = map[string]bool{
	"attribute_exists": true, "attribute_not_exists": true, "attribute_type": true, "contains": true,
}

func (ks *keyShape) compare(c *grammar.Comparison) {
	if c.Left == nil {
		return
	}
	switch {
	case len(c.In) > 0:
		ks.problem(tokenBefore(ks.st, c.In[0].Pos, "(", "in"), "a key condition cannot use in; DynamoDB answers %q. Run one query for each value",
			fmt.Sprintf(msgKCInvalidOp, "IN"))
		return
	case c.Op == "<>" && c.Right != nil:
		ks.problem(tokenBefore(ks.st, c.Right.Pos, "<>"), "a key condition cannot use <>; DynamoDB answers %q. Test the key with =, <, <=, >, >=, between or begins_with",
			fmt.Sprintf(msgKCInvalidOp, "<>"))
		return
	case c.Op == "" && c.Low == nil:
		call := c.Left.Call
		switch {
		case call == nil:
			ks.unread = true // a bare operand is not a condition: function-misuse's
		case call.Func == "begins_with":
			ks.beginsWith(call)
		case call.Func == "size":
			ks.problem(call.Pos, "a key condition cannot use size(); DynamoDB answers %q. Test the key attribute's value itself", msgKCNestedOp)
		case keyConditionFuncs[call.Func]:
			ks.problem(call.Pos, "a key condition cannot use %s (begins_with is the only function it takes); DynamoDB answers %q. Move the test to the filter",
				call.Func, fmt.Sprintf(msgKCInvalidOp, call.Func))
		default:
			ks.unread = true
		}
		return
	}
	ops := grammar.Operands(c)
	for _, o := range ops {
		if o != nil && o.Call != nil {
			if at, ok := findSize(o); ok {
				ks.problem(at, "a key condition cannot use size(); DynamoDB answers %q. Test the key attribute's value itself", msgKCNestedOp)
			} else {
				ks.unread = true // any other function here is function-misuse's
			}
			return
		}
	}
	var paths []*grammar.Path
	var values []*grammar.Value
	for _, o := range ops {
		switch {
		case o == nil:
		case o.Path != nil:
			paths = append(paths, o.Path)
		case o.Value != nil:
			values = append(values, o.Value)
		}
	}
	if !ks.onePath(c.Pos, paths) {
		return
	}
	path := paths[0]
	op := c.Op
	if c.Low != nil {
		op = "between"
		if c.Left.Path == nil {
			ks.problem(c.Pos, "between takes the key attribute first; DynamoDB answers %q. Write %s between LOW and HIGH",
				fmt.Sprintf(msgKCFirstOperand, "BETWEEN"), grammar.FormatPath(path))
			return
		}
	} else if c.Left.Path == nil {
		op = mirror(op)
	}
	ks.tests = append(ks.tests, keyTest{at: path.Pos, path: path, attr: topName(path), op: op, values: values})
}

// onePath checks that a test names exactly one top-level attribute.
func (ks *keyShape) onePath(at diag.Pos, paths []*grammar.Path) bool {
	switch {
	case len(paths) == 0:
		ks.problem(at, "this test names no attribute; DynamoDB answers %q. Write KEY = VALUE, the key attribute first", msgKCNoAttr)
		return false
	case len(paths) > 1:
		ks.problem(paths[1].Pos, "this test compares two attributes, %q and %q; a key condition compares one key attribute with values, and DynamoDB answers %q. Compare %s with a value, and move the other test to the filter",
			grammar.FormatPath(paths[0]), grammar.FormatPath(paths[1]), msgKCMultiAttr, grammar.FormatPath(paths[0]))
		return false
	case len(paths[0].Elems) > 1:
		ks.problem(paths[0].Pos, "%q is a nested path, and a key condition tests top-level key attributes only; DynamoDB answers %q. Test %s itself, or move the test to the filter",
			grammar.FormatPath(paths[0]), msgKCNestedAttr, grammar.Name(topName(paths[0])))
		return false
	}
	return true
}

func (ks *keyShape) beginsWith(call *grammar.Call) {
	if len(call.Args) != 2 || call.Args[0] == nil || call.Args[1] == nil {
		ks.unread = true // wrong arity: function-misuse's
		return
	}
	for _, a := range call.Args {
		if a.Call != nil {
			if at, ok := findSize(a); ok {
				ks.problem(at, "a key condition cannot use size(); DynamoDB answers %q. Test the key attribute's value itself", msgKCNestedOp)
			} else {
				ks.unread = true
			}
			return
		}
	}
	var paths []*grammar.Path
	for _, a := range call.Args {
		if a.Path != nil {
			paths = append(paths, a.Path)
		}
	}
	if !ks.onePath(call.Pos, paths) {
		return
	}
	first, second := call.Args[0], call.Args[1]
	if first.Path == nil {
		ks.problem(call.Pos, "begins_with takes the key attribute first; DynamoDB answers %q. Write begins_with(%s, %s)",
			fmt.Sprintf(msgKCFirstOperand, "begins_with"), grammar.FormatPath(second.Path), operandText(first))
		return
	}
	var values []*grammar.Value
	if second.Value != nil {
		values = append(values, second.Value)
	}
	ks.tests = append(ks.tests, keyTest{at: call.Pos, path: first.Path, attr: topName(first.Path), op: "begins_with", values: values})
}

// findSize returns where a size() call stands in o, if one does.
func findSize(o *grammar.Operand) (diag.Pos, bool) {
	if o == nil || o.Call == nil {
		return diag.Pos{}, false
	}
	if o.Call.Func == "size" {
		return o.Call.Pos, true
	}
	for _, a := range o.Call.Args {
		if at, ok := findSize(a); ok {
			return at, true
		}
	}
	return diag.Pos{}, false
}

// mirror turns an operator around, for a value written before the attribute.
func mirror(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}
