package grammar

import "github.com/dynexpr/dynexpr/diag"

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
	// The other values are one token, or a bracketed body after it that
	// must parse: v is filled here and copied into the tree once it has.
	v := Value{Pos: pos}
	start := p.pos
	body := true // a bracketed body follows the token
	switch {
	case isKw(t, "true") || isKw(t, "false"):
		v.Bool, body = t.Value, false
	case isKw(t, "null"):
		v.Null, body = true, false
	case t.Value == "[":
		p.pos++
		v.List = p.list()
	case t.Value == "{":
		p.pos++
		v.Map = p.mapBody()
	case t.Value == "<<":
		p.pos++
		v.Set = p.setBody()
	default:
		return nil
	}
	if !body {
		p.pos++
	} else if v.List == nil && v.Map == nil && v.Set == nil {
		p.rewind(start)
		return nil
	}
	return p.values.put(v)
}

// closer says how a bracketed list ends: its closing token, and what the
// parser wants where it fails: an item after a comma, the first item or
// the closing token, a comma or the closing token.
type closer struct {
	tok               string
	item, first, next want
}

var (
	closeList = closer{"]", wantValue, wantValueOrCloseList, wantCommaOrCloseList}
	closeSet  = closer{">>", wantValue, wantValueOrCloseSet, wantCommaOrCloseSet}
	closeMap  = closer{"}", wantMapEntry, wantMapEntryOrClose, wantCommaOrCloseMap}
)

// bracketed parses ( @@ ( "," @@ )* )? and the closing token after an
// opening one (a list, a set or a map): a node from nodes, which set fills
// with the items, carved from list (nil for none).
func bracketed[T, N any](p *fastParser, list *slab[*T], item func() *T, end closer, nodes *slab[N], set func(*N, diag.Pos, []*T)) *N {
	pos := p.peek().Pos
	var items []*T
	start := p.pos
	if first := item(); first != nil {
		var ok bool
		if items, ok = sepList(p, list, first, ",", item, end.item); !ok {
			return nil
		}
	} else if !p.rewind(start) {
		return nil
	}
	if p.peek().Value != end.tok {
		if len(items) == 0 {
			p.want(end.first)
		} else {
			p.want(end.next)
		}
		return nil
	}
	p.pos++
	n := nodes.alloc()
	set(n, pos, items)
	return n
}

// List: ( @@ ( "," @@ )* )? "]", after the "["
func (p *fastParser) list() *List {
	return bracketed(p, &p.valueList, p.value, closeList, &p.lists, func(l *List, pos diag.Pos, items []*Value) {
		l.Pos, l.Items = pos, items
	})
}

// SetValue: ( @@ ( "," @@ )* )? ">>", after the "<<"
func (p *fastParser) setBody() *SetValue {
	return bracketed(p, &p.valueList, p.value, closeSet, &p.sets, func(s *SetValue, pos diag.Pos, items []*Value) {
		s.Pos, s.Items = pos, items
	})
}

// Map: ( @@ ( "," @@ )* )? "}", after the "{"
func (p *fastParser) mapBody() *Map {
	return bracketed(p, &p.entryList, p.mapEntry, closeMap, &p.maps, func(m *Map, pos diag.Pos, entries []*MapEntry) {
		m.Pos, m.Entries = pos, entries
	})
}

// MapEntry: @( Ident | String | Quoted ) ":" @@
func (p *fastParser) mapEntry() *MapEntry {
	t := p.peek()
	if t.Type != tokIdent && t.Type != tokString && t.Type != tokQuoted {
		return nil
	}
	pos, key := t.Pos, t.Value
	p.pos++
	if !p.expect(":", wantColon) {
		return nil
	}
	v := required(p, p.value, wantValue)
	if v == nil {
		return nil
	}
	return p.entries.put(MapEntry{Pos: pos, RawKey: key, Value: v})
}

// Projection: @"count" | @"all" | @"projected" | @@ ( "," @@ )*
func (p *fastParser) projection() *Projection {
	t := p.peek()
	pos := t.Pos
	switch {
	case isKw(t, "count"):
		p.pos++
		return p.projections.putOne(Projection{Pos: pos, Count: true})
	case isKw(t, "all"):
		p.pos++
		return p.projections.putOne(Projection{Pos: pos, All: true})
	case isKw(t, "projected"):
		p.pos++
		return p.projections.putOne(Projection{Pos: pos, Projected: true})
	}
	first := p.path()
	if first == nil {
		return nil
	}
	paths, ok := sepList(p, &p.pathList, first, ",", p.path, wantPath)
	if !ok {
		return nil
	}
	return p.projections.putOne(Projection{Pos: pos, Paths: paths})
}

// Number: @Number
func (p *fastParser) number() *Number {
	return leaf(p, tokBit(tokNumber), &p.numbers, func(n *Number, pos diag.Pos, text string) {
		n.Pos, n.Text = pos, text
	})
}

// After: "{" @@ | @@
func (p *fastParser) after() *After {
	t := p.peek()
	pos := t.Pos
	start := p.pos
	if t.Value == "{" {
		p.pos++
		m := p.nestedMap()
		if m != nil {
			return p.afters.putOne(After{Pos: pos, Map: m})
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
	return p.afters.putOne(After{Pos: pos, Key: cond})
}

// nestedMap is mapBody one level of nesting deeper.
func (p *fastParser) nestedMap() *Map { return nested(p, p.mapBody) }

// Segment: @@ "of" @@
func (p *fastParser) segment() *Segment {
	pos := p.peek().Pos
	index, total, ok := infix(p, p.number, "of", wantOf, p.number, wantSegmentTotal)
	if !ok {
		return nil
	}
	return p.segments.putOne(Segment{Pos: pos, Index: index, Total: total})
}

// SetAction: @@ "=" @@ ( @("+" | "-") @@ )?
func (p *fastParser) setAction() *SetAction {
	pos := p.peek().Pos
	path, left, ok := infix(p, p.path, "=", wantSetEquals, p.operand, wantOperand)
	if !ok {
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
	v := required(p, p.value, wantActionValue)
	if v == nil {
		return nil
	}
	a := p.valActions.get(2)
	a.Pos, a.Path, a.Minus, a.Value = pos, path, minus, v
	return a
}
