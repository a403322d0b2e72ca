package grammar

// Walkers over conditions, for the packages that read a parsed statement
// (validate's rules, explain): one place that knows how a condition nests.

// EachComparison calls fn for every comparison (a test or a function call)
// in c, in the order written.
func EachComparison(c *Condition, fn func(*Comparison)) {
	if c == nil {
		return
	}
	for _, a := range c.Or {
		for _, n := range a.And {
			eachComparisonNot(n, fn)
		}
	}
}

func eachComparisonNot(n *NotCondition, fn func(*Comparison)) {
	switch {
	case n.Not != nil:
		eachComparisonNot(n.Not, fn)
	case n.Group != nil:
		EachComparison(n.Group, fn)
	case n.Compare != nil:
		fn(n.Compare)
	}
}

// Operands returns a comparison's operands in order.
func Operands(c *Comparison) []*Operand {
	out := []*Operand{c.Left}
	for _, o := range []*Operand{c.Right, c.Low, c.High} {
		if o != nil {
			out = append(out, o)
		}
	}
	return append(out, c.In...)
}

// EachPath calls fn for every document path in an operand, including the
// arguments of its function.
func EachPath(o *Operand, fn func(*Path)) {
	switch {
	case o == nil:
	case o.Path != nil:
		fn(o.Path)
	case o.Call != nil:
		for _, a := range o.Call.Args {
			EachPath(a, fn)
		}
	}
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
