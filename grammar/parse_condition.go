package grammar

import "github.com/dynexpr/dynexpr/diag"

// Condition: @@ ( "or" @@ )*
func (p *fastParser) condition() *Condition {
	return joined(p, &p.orList, p.andCondition, "or", &p.conds, func(c *Condition, pos diag.Pos, or []*AndCondition) {
		c.Pos, c.Or = pos, or
	})
}

// AndCondition: @@ ( "and" @@ )*
func (p *fastParser) andCondition() *AndCondition {
	return joined(p, &p.andList, p.notCondition, "and", &p.ands, func(a *AndCondition, pos diag.Pos, and []*NotCondition) {
		a.Pos, a.And = pos, and
	})
}

// joined parses the conditions an operator (sep: or, and) joins, `@@ (
// sep @@ )*`: a node from nodes, which set fills with them, carved from
// list.
func joined[T, N any](p *fastParser, list *slab[*T], item func() *T, sep string, nodes *slab[N], set func(*N, diag.Pos, []*T)) *N {
	pos := p.peek().Pos
	items, ok := itemList(p, list, item, sep, wantNone, wantCondition)
	if !ok {
		return nil
	}
	n := nodes.get(2)
	set(n, pos, items)
	return n
}

// NotCondition: "not" @@ | "(" @@ ")" | @@
func (p *fastParser) notCondition() *NotCondition { return nested(p, p.notCondition1) }

func (p *fastParser) notCondition1() *NotCondition {
	t := p.peek()
	pos := t.Pos
	start := p.pos
	if isKw(t, "not") {
		p.pos++
		if inner := p.notCondition(); inner != nil {
			return p.nots.put(NotCondition{Pos: pos, Not: inner})
		}
		p.want(wantCondition)
		if !p.rewind(start) {
			return nil
		}
		t = p.peek()
	}
	if t.Value == "(" {
		p.pos++
		g := p.condition()
		if g != nil && p.peek().Value == ")" {
			p.pos++
			return p.nots.put(NotCondition{Pos: pos, Group: g})
		}
		if g == nil {
			p.want(wantCondition)
		} else {
			p.want(wantCloseGroup)
		}
		if !p.rewind(start) {
			return nil
		}
	}
	c := p.comparison()
	if c == nil {
		p.rewind(start)
		return nil
	}
	return p.nots.put(NotCondition{Pos: pos, Compare: c})
}

// Comparison: @@ ( @op @@ | "between" @@ "and" @@ | "in" "(" @@ ( "," @@ )* ")" )?
func (p *fastParser) comparison() *Comparison {
	pos := p.peek().Pos
	left := p.operand()
	if left == nil {
		return nil
	}
	c := p.compares.get(2)
	c.Pos, c.Left = pos, left
	start := p.pos
	t := p.peek()
	switch {
	case isCompareOp(t.Value):
		op := t.Value
		p.pos++
		r := p.operand()
		if r == nil {
			return p.untested(c, wantOperand, start)
		}
		c.Op, c.Right = op, r
	case isKw(t, "between"):
		p.pos++
		low := p.operand()
		if low == nil {
			return p.untested(c, wantOperand, start)
		}
		if !isKw(p.peek(), "and") {
			return p.untested(c, wantBetweenAnd, start)
		}
		p.pos++
		high := p.operand()
		if high == nil {
			return p.untested(c, wantOperand, start)
		}
		c.Low, c.High = low, high
	case isKw(t, "in"):
		p.pos++
		if p.peek().Value != "(" {
			return p.untested(c, wantInParen, start)
		}
		p.pos++
		first := p.operand()
		if first == nil {
			return p.untested(c, wantOperand, start)
		}
		list, ok := sepList(p, &p.opList, first, ",", p.operand, wantOperand)
		if !ok {
			return nil
		}
		if p.peek().Value != ")" {
			return p.untested(c, wantCommaOrCloseIn, start)
		}
		p.pos++
		c.In = list
	}
	return c
}

// untested ends a comparison whose test (from start) does not parse, having
// recorded w: it is the bare operand, if the parser may rewind to before
// the test.
func (p *fastParser) untested(c *Comparison, w want, start int) *Comparison {
	p.want(w)
	if !p.rewind(start) {
		return nil
	}
	return c
}

// Operand: @@ (Call) | @@ (Value) | @@ (Path)
func (p *fastParser) operand() *Operand { return nested(p, p.operand1) }

func (p *fastParser) operand1() *Operand {
	t := p.peek()
	pos := t.Pos
	start := p.pos
	// A call is an Ident and "("; without the "(" it fails one token in,
	// which participle backtracks over.
	if t.Type == tokIdent && p.peekAt(1).Value == "(" {
		if c := p.call(); c != nil {
			return p.operands.put(Operand{Pos: pos, Call: c})
		}
		if !p.rewind(start) {
			return nil
		}
	}
	if v := p.value(); v != nil {
		return p.operands.put(Operand{Pos: pos, Value: v})
	}
	if !p.rewind(start) {
		return nil
	}
	if path := p.path(); path != nil {
		return p.operands.put(Operand{Pos: pos, Path: path})
	}
	return nil
}

// Call: @Ident "(" ( @@ ( "," @@ )* )? ")", with the Ident and "(" checked
// by the caller.
func (p *fastParser) call() *Call {
	t := p.peek()
	pos, name := t.Pos, t.Value
	p.pos += 2
	c := p.calls.get(1)
	c.Pos, c.Func = pos, name
	start := p.pos
	if a := p.operand(); a != nil {
		args, ok := sepList(p, &p.opList, a, ",", p.operand, wantOperand)
		if !ok {
			return nil
		}
		c.Args = args
	} else if !p.rewind(start) {
		return nil
	}
	if p.peek().Value != ")" {
		if c.Args == nil {
			p.want(wantArgOrCloseCall)
		} else {
			p.want(wantCommaOrCloseCall)
		}
		return nil
	}
	p.pos++
	return c
}

// Path: @@ @@*, with PathStep: "." @@ | "[" @Number "]"
func (p *fastParser) path() *Path {
	first := p.pathName()
	if first == nil {
		return nil
	}
	path := p.paths.alloc()
	path.Pos, path.First = first.Pos, first
	var buf [4]*PathStep
	steps := buf[:0]
	for {
		start := p.pos
		t := p.peek()
		if t.Value != "." && t.Value != "[" {
			break
		}
		s := p.step()
		if s == nil {
			p.rewind(start) // a step fails within two tokens
			break
		}
		steps = append(steps, s)
	}
	path.Steps = p.stepList.manyOrNil(steps)
	return path
}

// step: "." @@ | "[" @Number "]", at a "." or "["
func (p *fastParser) step() *PathStep {
	t := p.peek()
	pos := t.Pos
	if t.Value == "." {
		p.pos++
		n := required(p, p.pathName, wantPath)
		if n == nil {
			return nil
		}
		return p.steps.put(PathStep{Pos: pos, Field: n})
	}
	p.pos++
	t = p.peek()
	if t.Type != tokNumber {
		p.want(wantListIndex)
		return nil
	}
	idx := t.Value
	p.pos++
	if !p.expect("]", wantCloseIndex) {
		return nil
	}
	return p.steps.put(PathStep{Pos: pos, Index: idx})
}

// PathName: @Ident | @Quoted
func (p *fastParser) pathName() *PathName {
	t := p.peek()
	var n *PathName
	switch t.Type {
	case tokIdent:
		n = p.names.alloc()
		n.Ident = t.Value
	case tokQuoted:
		n = p.names.alloc()
		n.Quoted = t.Value
	default:
		return nil
	}
	n.Pos = t.Pos
	p.pos++
	return n
}
