package validate

import (
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
	"github.com/dynexpr/dynexpr/request"
)

// requestCondition reads a condition of a request expression in the DSL's
// terms, for the checks that need only the expression and its values
// (function-misuse's) on a request the catalog cannot check as a
// statement: request.Request.Convert refuses a value the DSL cannot write
// (a number such as +1), which these checks do not need to write. A value
// placeholder takes its type and text from ExpressionAttributeValues; ok is
// false where a #name is undefined (undefined-placeholder's) or the
// condition holds what no condition can.
func (c *requestPass) requestCondition(x *reqExpr, n ddbexpr.Condition) (cond *grammar.Condition, ok bool) {
	defer func() {
		if recover() != nil {
			cond, ok = nil, false
		}
	}()
	return c.reqCond(x, n), true
}

// reqCond panics (requestCondition recovers) on what it cannot read.
func (c *requestPass) reqCond(x *reqExpr, n ddbexpr.Condition) *grammar.Condition {
	out := &grammar.Condition{Pos: c.reqPos(x, n.Bounds().Start)}
	for _, a := range flattenLogical(n, ddbexpr.Or, nil) {
		and := &grammar.AndCondition{Pos: c.reqPos(x, a.Bounds().Start)}
		for _, t := range flattenLogical(a, ddbexpr.And, nil) {
			and.And = append(and.And, c.reqNot(x, t))
		}
		out.Or = append(out.Or, and)
	}
	return out
}

// flattenLogical lists the operands of a chain of op outside parentheses.
func flattenLogical(n ddbexpr.Condition, op ddbexpr.Operator, out []ddbexpr.Condition) []ddbexpr.Condition {
	if l, ok := n.(*ddbexpr.Logical); ok && l.Op == op {
		return flattenLogical(l.Right, op, flattenLogical(l.Left, op, out))
	}
	return append(out, n)
}

func (c *requestPass) reqNot(x *reqExpr, n ddbexpr.Condition) *grammar.NotCondition {
	at := c.reqPos(x, n.Bounds().Start)
	out := &grammar.NotCondition{Pos: at}
	switch n := n.(type) {
	case *ddbexpr.Not:
		out.Not = c.reqNot(x, n.X)
	case *ddbexpr.ParenCondition:
		out.Group = c.reqCond(x, n.X)
	case *ddbexpr.Logical:
		out.Group = c.reqCond(x, n)
	case *ddbexpr.Comparison:
		out.Compare = &grammar.Comparison{Pos: at, Left: c.reqOperand(x, n.Left), Op: string(n.Op), Right: c.reqOperand(x, n.Right)}
	case *ddbexpr.Between:
		out.Compare = &grammar.Comparison{Pos: at, Left: c.reqOperand(x, n.X), Low: c.reqOperand(x, n.Low), High: c.reqOperand(x, n.High)}
	case *ddbexpr.In:
		cmp := &grammar.Comparison{Pos: at, Left: c.reqOperand(x, n.X)}
		for _, o := range n.List {
			cmp.In = append(cmp.In, c.reqOperand(x, o))
		}
		out.Compare = cmp
	case *ddbexpr.Function:
		out.Compare = &grammar.Comparison{Pos: at, Left: c.reqOperand(x, n)}
	default:
		panic("no condition")
	}
	return out
}

func (c *requestPass) reqOperand(x *reqExpr, o ddbexpr.Operand) *grammar.Operand {
	o = ddbexpr.Unparen(o)
	out := &grammar.Operand{Pos: c.reqPos(x, o.Bounds().Start)}
	switch o := o.(type) {
	case *ddbexpr.Path:
		p, ok := c.requestPath(x, o)
		if !ok {
			panic("undefined name")
		}
		out.Path = p
	case *ddbexpr.ValuePlaceholder:
		out.Value = c.placeholderValue(o.Name)
		out.Value.Pos = out.Pos
	case *ddbexpr.Function:
		call := &grammar.Call{Pos: out.Pos, Func: o.Name}
		for _, a := range o.Args {
			call.Args = append(call.Args, c.reqOperand(x, a))
		}
		out.Call = call
	default:
		panic("no operand")
	}
	return out
}

// placeholderValue is the type and text of a :value of
// ExpressionAttributeValues; a value without one well-formed type is
// untyped (invalid-attribute-value reports it).
func (c *requestPass) placeholderValue(name string) *grammar.Value {
	v := &grammar.Value{}
	av := c.values.Get(name)
	if av == nil || av.Kind != request.Object || len(av.Members) != 1 {
		return v
	}
	m := av.Members[0]
	switch t := grammar.ValueType(m.Name); t {
	case grammar.TypeS, grammar.TypeN, grammar.TypeB:
		if m.Value.Kind == request.String {
			v.Type, v.Text = t, m.Value.Text
		}
	case grammar.TypeBOOL:
		if m.Value.Kind == request.Bool {
			v.Type, v.Text = t, m.Value.Text
		}
	case grammar.TypeNULL, grammar.TypeSS, grammar.TypeNS, grammar.TypeBS, grammar.TypeL, grammar.TypeM:
		v.Type = t
	}
	return v
}

// reqPos is the place in the file of byte off of an expression.
func (c *requestPass) reqPos(x *reqExpr, off int) diag.Pos { return c.pos(c.exprOffset(x, off)) }
