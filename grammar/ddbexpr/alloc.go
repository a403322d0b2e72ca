package ddbexpr

// The parser allocates nodes from slabs: one slice per node type, sized from
// the token counts so that one allocation holds every node of that type in
// the expression. Nodes never move once handed out: a full slab is replaced,
// not grown, and the old one lives on through the pointers into it.

type slab[T any] []T

// put stores v in the slab and returns its address.
func put[T any](s *slab[T], hint int, v T) *T {
	if len(*s) == cap(*s) {
		*s = make(slab[T], 0, max(hint, 1))
	}
	*s = append(*s, v)
	return &(*s)[len(*s)-1]
}

// take copies xs into consecutive cells of the slab and returns them as a
// slice whose capacity ends with them, so that appending to it copies.
func take[T any](s *slab[T], hint int, xs []T) []T {
	n := len(xs)
	if n == 0 {
		return nil
	}
	if cap(*s)-len(*s) < n {
		*s = make(slab[T], 0, max(hint, n))
	}
	start := len(*s)
	*s = append(*s, xs...)
	return (*s)[start : start+n : start+n]
}

// nodes holds the slabs of one parse.
type nodes struct {
	paths      slab[Path]
	segs       slab[Segment]
	values     slab[ValuePlaceholder]
	funcs      slab[Function]
	operands   slab[Operand]
	cmps       slab[Comparison]
	logicals   slab[Logical]
	nots       slab[Not]
	parenOps   slab[ParenOperand]
	parenConds slab[ParenCondition]
	ins        slab[In]
	betweens   slab[Between]
	ariths     slab[Arithmetic]
	actions    slab[UpdateAction]
	actionPtrs slab[*UpdateAction]
	sections   slab[Section]
}

// hints are upper bounds on the number of nodes of each type, from the
// token counts.
type hints struct {
	paths, segs, values, funcs, operands, cmps, logicals, nots, parens,
	ins, betweens, ariths, actions, sections int
}

func countHints(toks []token) hints {
	var c [tUnknown + 1]int
	for _, t := range toks {
		c[t.kind]++
	}
	sections := c[tSET] + c[tREMOVE] + c[tADD] + c[tDELETE]
	return hints{
		paths:    c[tID] + c[tName],                         // a path starts with a name
		segs:     c[tID] + c[tName] + c[tIndex] + c[tValue], // each segment holds one of these
		values:   c[tValue],
		funcs:    min(c[tID], c[tLParen]),
		operands: c[tComma] + c[tLParen], // list elements follow "(" or ","
		cmps:     c[tEQ] + c[tNE] + c[tLT] + c[tLE] + c[tGT] + c[tGE],
		logicals: c[tAND] + c[tOR],
		nots:     c[tNOT],
		parens:   c[tLParen],
		ins:      c[tIN],
		betweens: c[tBETWEEN],
		ariths:   c[tPlus] + c[tMinus],
		actions:  c[tComma] + sections, // actions follow a keyword or ","
		sections: sections,
	}
}
