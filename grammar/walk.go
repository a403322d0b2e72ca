package grammar

// Walkers over conditions, for the packages that read a parsed statement
// (validate's rules, explain), built on Inspect.

// EachComparison calls fn for every comparison (a test or a function call)
// in c, in the order written.
func EachComparison(c *Condition, fn func(*Comparison)) {
	if c == nil {
		return
	}
	inspect(c, func(n Node) bool {
		cmp, ok := n.(*Comparison)
		if ok {
			fn(cmp) // no condition stands inside a comparison
		}
		return !ok
	})
}

// Operands returns a comparison's operands in order.
func Operands(c *Comparison) []*Operand {
	var out []*Operand
	eachOperand(c, func(o *Operand) { out = append(out, o) })
	return out
}

// eachOperand calls fn for each of a comparison's operands in order:
// Operands without the slice.
func eachOperand(c *Comparison, fn func(*Operand)) {
	fn(c.Left)
	for _, o := range [...]*Operand{c.Right, c.Low, c.High} {
		if o != nil {
			fn(o)
		}
	}
	for _, o := range c.In {
		fn(o)
	}
}

// EachPath calls fn for every document path in an operand, including the
// arguments of its function.
func EachPath(o *Operand, fn func(*Path)) {
	if o == nil {
		return
	}
	inspect(o, func(n Node) bool {
		switch n := n.(type) {
		case *Path:
			fn(n)
			return false
		case *Value:
			return false // no path stands inside a value
		}
		return true
	})
}

// ConditionPaths returns every document path in a condition, in order.
func ConditionPaths(c *Condition) []*Path {
	var out []*Path
	EachComparison(c, func(cmp *Comparison) {
		for _, o := range Operands(cmp) {
			EachPath(o, func(p *Path) { out = append(out, p) })
		}
	})
	return out
}

// ConditionWeights are what SumCondition adds up: a weight for each OR,
// AND and NOT of a condition, and Comparison's for each comparison.
type ConditionWeights struct {
	Or, And, Not int
	Comparison   func(*Comparison) int
}

// SumCondition adds up w over c's boolean structure: the length of the
// expression a condition is written as (the weights are the keywords'
// lengths) and the operators DynamoDB counts in it (each weighs one) are
// both such sums. Parentheses weigh nothing.
func SumCondition(c *Condition, w *ConditionWeights) int {
	if c == nil {
		return 0
	}
	n := w.Or * max(len(c.Or)-1, 0)
	for _, a := range c.Or {
		if a == nil {
			continue
		}
		n += w.And * max(len(a.And)-1, 0)
		for _, x := range a.And {
			n += sumNot(x, w)
		}
	}
	return n
}

func sumNot(x *NotCondition, w *ConditionWeights) int {
	switch {
	case x == nil:
		return 0
	case x.Not != nil:
		return w.Not + sumNot(x.Not, w)
	case x.Group != nil:
		return SumCondition(x.Group, w)
	case x.Compare != nil:
		return w.Comparison(x.Compare)
	}
	return 0
}
