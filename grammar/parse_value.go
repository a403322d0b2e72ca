package grammar

// Value: @String | @Binary | @Number | @("true" | "false") | @"null" |
// @Param | "[" @@ | "{" @@ | "<<" @@
func (p *fastParser) value() *Value { return nested(p, p.value1) }

func (p *fastParser) value1() *Value {
	t := p.peek()
	pos := t.Pos
	switch t.Type {
	case tokString, tokBinary, tokNumber, tokParam:
		s := p.strs.alloc()
		*s = t.Value
		v := p.values.alloc()
		v.Pos = pos
		switch t.Type {
		case tokString:
			v.String = s
		case tokBinary:
			v.Binary = s
		case tokNumber:
			v.Number = s
		default:
			v.Param = s
		}
		p.pos++
		return v
	}
	start := p.pos
	switch {
	case isKw(t, "true") || isKw(t, "false"):
		v := p.values.alloc()
		v.Pos, v.Bool = pos, t.Value
		p.pos++
		return v
	case isKw(t, "null"):
		v := p.values.alloc()
		v.Pos, v.Null = pos, true
		p.pos++
		return v
	case t.Value == "[":
		p.pos++
		if l := p.list(); l != nil {
			v := p.values.alloc()
			v.Pos, v.List = pos, l
			return v
		}
	case t.Value == "{":
		p.pos++
		if m := p.mapBody(); m != nil {
			v := p.values.alloc()
			v.Pos, v.Map = pos, m
			return v
		}
	case t.Value == "<<":
		p.pos++
		if s := p.setBody(); s != nil {
			v := p.values.alloc()
			v.Pos, v.Set = pos, s
			return v
		}
	default:
		return nil
	}
	p.rewind(start)
	return nil
}

// bracketed parses ( @@ ( "," @@ )* )? and then the closing token close,
// the items carved from s: a list, a set or a map after its opening token.
// wantItem is what must follow a comma; wantFirst and wantNext what
// must stand where close does not, before any item and after one.
func bracketed[T any](p *fastParser, s *slab[*T], item func() *T, close string, wantItem, wantFirst, wantNext want) ([]*T, bool) {
	var buf [8]*T
	items := buf[:0]
	start := p.pos
	if first := item(); first != nil {
		list, ok := sepList(p, s, first, ",", item, wantItem)
		if !ok {
			return nil, false
		}
		items = list
	} else if !p.rewind(start) {
		return nil, false
	}
	if p.peek().Value != close {
		if len(items) == 0 {
			p.want(wantFirst)
		} else {
			p.want(wantNext)
		}
		return nil, false
	}
	p.pos++
	if len(items) == 0 {
		return nil, true
	}
	return items, true
}

// List: ( @@ ( "," @@ )* )? "]", after the "["
func (p *fastParser) list() *List {
	pos := p.peek().Pos
	items, ok := bracketed(p, &p.valueList, p.value, "]", wantValue, wantValueOrCloseList, wantCommaOrCloseList)
	if !ok {
		return nil
	}
	l := p.lists.alloc()
	l.Pos, l.Items = pos, items
	return l
}

// SetValue: ( @@ ( "," @@ )* )? ">>", after the "<<"
func (p *fastParser) setBody() *SetValue {
	pos := p.peek().Pos
	items, ok := bracketed(p, &p.valueList, p.value, ">>", wantValue, wantValueOrCloseSet, wantCommaOrCloseSet)
	if !ok {
		return nil
	}
	s := p.sets.alloc()
	s.Pos, s.Items = pos, items
	return s
}

// Map: ( @@ ( "," @@ )* )? "}", after the "{"
func (p *fastParser) mapBody() *Map {
	pos := p.peek().Pos
	entries, ok := bracketed(p, &p.entryList, p.mapEntry, "}", wantMapEntry, wantMapEntryOrClose, wantCommaOrCloseMap)
	if !ok {
		return nil
	}
	m := p.maps.alloc()
	m.Pos, m.Entries = pos, entries
	return m
}

// MapEntry: @( Ident | String | Quoted ) ":" @@
func (p *fastParser) mapEntry() *MapEntry {
	t := p.peek()
	if t.Type != tokIdent && t.Type != tokString && t.Type != tokQuoted {
		return nil
	}
	pos, key := t.Pos, t.Value
	p.pos++
	if p.peek().Value != ":" {
		p.want(wantColon)
		return nil
	}
	p.pos++
	v := p.value()
	if v == nil {
		p.want(wantValue)
		return nil
	}
	e := p.entries.alloc()
	e.Pos, e.RawKey, e.Value = pos, key, v
	return e
}

// Projection: @"count" | @"all" | @"projected" | @@ ( "," @@ )*
func (p *fastParser) projection() *Projection {
	t := p.peek()
	pos := t.Pos
	switch {
	case isKw(t, "count"):
		p.pos++
		pr := p.projections.get(1)
		pr.Pos, pr.Count = pos, true
		return pr
	case isKw(t, "all"):
		p.pos++
		pr := p.projections.get(1)
		pr.Pos, pr.All = pos, true
		return pr
	case isKw(t, "projected"):
		p.pos++
		pr := p.projections.get(1)
		pr.Pos, pr.Projected = pos, true
		return pr
	}
	first := p.path()
	if first == nil {
		return nil
	}
	paths, ok := sepList(p, &p.pathList, first, ",", p.path, wantPath)
	if !ok {
		return nil
	}
	pr := p.projections.get(1)
	pr.Pos, pr.Paths = pos, paths
	return pr
}

// Number: @Number
func (p *fastParser) number() *Number {
	t := p.peek()
	if t.Type != tokNumber {
		return nil
	}
	n := p.numbers.get(1)
	n.Pos, n.Text = t.Pos, t.Value
	p.pos++
	return n
}

// After: "{" @@ | @@
func (p *fastParser) after() *After {
	t := p.peek()
	pos := t.Pos
	start := p.pos
	if t.Value == "{" {
		p.pos++
		m := nested(p, p.mapBody)
		if m != nil {
			a := p.afters.get(1)
			a.Pos, a.Map = pos, m
			return a
		}
		if !p.rewind(start) {
			return nil
		}
	}
	cond := p.condition()
	if cond == nil {
		p.rewind(start)
		return nil
	}
	a := p.afters.get(1)
	a.Pos, a.Key = pos, cond
	return a
}

// Segment: @@ "of" @@
func (p *fastParser) segment() *Segment {
	pos := p.peek().Pos
	index := p.number()
	if index == nil {
		return nil
	}
	if !isKw(p.peek(), "of") {
		p.want(wantOf)
		return nil
	}
	p.pos++
	total := p.number()
	if total == nil {
		p.want(wantSegmentTotal)
		return nil
	}
	s := p.segments.get(1)
	s.Pos, s.Index, s.Total = pos, index, total
	return s
}

// SetAction: @@ "=" @@ ( @("+" | "-") @@ )?
func (p *fastParser) setAction() *SetAction {
	pos := p.peek().Pos
	path := p.path()
	if path == nil {
		return nil
	}
	if p.peek().Value != "=" {
		p.want(wantSetEquals)
		return nil
	}
	p.pos++
	left := p.operand()
	if left == nil {
		p.want(wantOperand)
		return nil
	}
	a := p.setActions.get(2)
	a.Pos, a.Path, a.Left = pos, path, left
	start := p.pos
	if t := p.peek(); t.Value == "+" || t.Value == "-" {
		op := t.Value
		p.pos++
		if r := p.operand(); r != nil {
			a.Op, a.Right = op, r
		} else {
			p.want(wantOperand)
			if !p.rewind(start) {
				return nil
			}
		}
	}
	return a
}

// ValueAction: @@ @"-"? @@, of add and of delete
func (p *fastParser) valueAction() *ValueAction {
	pos := p.peek().Pos
	path := p.path()
	if path == nil {
		return nil
	}
	minus := false
	if t := p.peek(); t.Type == tokPunct && t.Value == "-" {
		minus = true
		p.pos++
	}
	v := p.value()
	if v == nil {
		p.want(wantActionValue)
		return nil
	}
	a := p.valActions.get(2)
	a.Pos, a.Path, a.Minus, a.Value = pos, path, minus, v
	return a
}
