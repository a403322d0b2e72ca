package grammar

import "github.com/dynexpr/dynexpr/diag"

// ---- productions, in the order of the grammar spec (spec_test.go)

// File: @@? ( ";" @@? )*
func (p *fastParser) file() *File {
	f := p.files.get(1)
	f.Pos = p.peek().Pos
	var buf [8]*Statement
	stmts := buf[:0]
	var ok bool     // whether the last statement parsed
	handed := false // a statement was handed over since the slabs began
	for {
		if handed && p.peek().Type != tokEOF {
			// The next statement's nodes go in slabs of their own. A chunk
			// is one object, which the collector keeps whole while any node
			// in it is alive and whose every node keeps what it points to:
			// chunks shared between statements would chain each statement
			// to the ones before it, back to the start of the file.
			p.initSlabs()
			handed = false
		}
		start := p.mark()
		st := p.statement()
		switch {
		case st != nil && p.each != nil:
		case st != nil:
			stmts = append(stmts, st)
		case !p.rewindMark(start):
			return nil
		}
		ok = st != nil
		p.compact()
		end := p.peek()
		if st != nil && p.each != nil && (end.Value == ";" || end.Type == tokEOF && p.lexErr == nil) {
			// Handed over, once it is known to end where it should, and
			// forgotten: the parse keeps no statement.
			if !p.each(st) {
				return nil
			}
			handed = true
		}
		if p.peek().Value != ";" {
			break
		}
		p.pos++
	}
	if p.peek().Type != tokEOF {
		p.trailing(ok)
		return nil
	}
	f.Statements = p.stmtList.manyOrNil(stmts)
	return f
}

// Statement: ( @@ ":" )? ( Group | Request )
func (p *fastParser) statement() *Statement {
	t := p.peek()
	pos := t.Pos
	var label *Ident
	if t.Type == tokIdent {
		name := t.Value
		if p.peekAt(1).Value == ":" {
			label = p.idents.get(1)
			label.Pos, label.Name = pos, name
			p.pos += 2
		}
	}
	t = p.peek()
	if isGroup(t) {
		return p.group(pos, label)
	}
	if !isVerb(t) {
		if p.want(wantStatement) && label == nil {
			p.errHint = p.errTok.Type == tokIdent
		}
		return nil
	}
	return p.request(pos, label)
}

// Request: @( "query" | ... | "check" ) @@ Clause*
func (p *fastParser) request(pos diag.Pos, label *Ident) *Statement {
	t := p.peek()
	st := p.statements.get(1)
	st.Pos, st.Label, st.Verb, st.Kind = pos, label, t.Value, kindOf(t.Value, "")
	p.kind, p.lastClause = st.Kind, 0
	p.pos++
	if st.Table = p.tableRef(); st.Table == nil {
		p.want(wantTable)
		return nil
	}
	if !p.clauses(st) {
		return nil
	}
	st.EndPos = p.peek().Pos
	return st
}

// Group: @( "transact" | "batch" ) @( "write" | "get" ) Clause*
// "{" Request? ( ";" Request? )* "}"
func (p *fastParser) group(pos diag.Pos, label *Ident) *Statement {
	st := p.statements.get(1)
	st.Pos, st.Label, st.Verb = pos, label, p.peek().Value
	p.pos++
	t := p.peek()
	if !isKw(t, "write") && !isKw(t, "get") {
		p.kind = 0
		p.want(wantGroupMode)
		return nil
	}
	st.Mode = p.idents.get(1)
	st.Mode.Pos, st.Mode.Name = t.Pos, t.Value
	st.Kind = kindOf(st.Verb, t.Value)
	p.kind, p.lastClause = st.Kind, 0
	p.pos++
	if !p.clauses(st) {
		return nil
	}
	st.Open = p.peek().Pos
	if !p.expect("{", wantClauseOrBlock) {
		return nil
	}
	p.inGroup = st.Kind
	defer func() { p.inGroup = 0 }()
	var buf [8]*Statement
	members := buf[:0]
	for {
		start := p.mark()
		var m *Statement
		if isVerb(p.peek()) {
			m = p.request(p.peek().Pos, nil)
		} else {
			p.kind = st.Kind
			p.want(wantMember)
		}
		if m != nil {
			members = append(members, m)
		} else if !p.rewindMark(start) {
			return nil
		}
		p.compact()
		if p.peek().Value != ";" {
			break
		}
		p.pos++
	}
	p.kind = st.Kind
	if !p.expect("}", wantMemberOrClose) {
		return nil
	}
	st.Members = p.stmtList.manyOrNil(members)
	st.EndPos = p.peek().Pos
	return st
}

// clauses reads Clause* into st, reporting false when the parse failed for
// good.
func (p *fastParser) clauses(st *Statement) bool {
	var buf [8]ClauseAt
	written := buf[:0]
	for {
		if len(written) > 0 {
			p.compact()
		}
		start := p.pos
		var ok bool
		if written, ok = p.clause(st, written); !ok {
			if !p.rewind(start) {
				return false
			}
			break
		}
	}
	st.Written = p.written.manyOrNil(written)
	return true
}

// tableRef: @( Name | Quoted | Ident | Param )
//
// The lexer reads a name after a verb or "index" as tokName, but "$" is not
// a name's character, so $table arrives as tokParam.
func (p *fastParser) tableRef() *TableRef {
	return leaf(p, tokBit(tokName)|tokBit(tokQuoted)|tokBit(tokIdent)|tokBit(tokParam), &p.tables, func(r *TableRef, pos diag.Pos, raw string) {
		r.Pos, r.Raw = pos, raw
	})
}

// ident: @Ident
func (p *fastParser) ident() *Ident {
	return leaf(p, tokBit(tokIdent), &p.idents, func(id *Ident, pos diag.Pos, name string) {
		id.Pos, id.Name = pos, name
	})
}

// leaf reads a node of one token, if the next token's type is among types
// (tokBit of each): a node from nodes, which set fills with the token's
// position and text.
func leaf[N any](p *fastParser, types uint16, nodes *slab[N], set func(*N, diag.Pos, string)) *N {
	t := p.peek()
	if tokBit(t.Type)&types == 0 {
		return nil
	}
	n := nodes.get(1)
	set(n, t.Pos, t.Value)
	p.pos++
	return n
}

// tokBit is the bit of a token type in a set of them.
func tokBit(t tokType) uint16 { return 1 << uint(-t) }

// Clause: one alternative per keyword (the clause table); only the one
// whose keyword stands here can match. It stores the clause's body in st
// (unless keepClause says not to) and returns written with the clause
// added, or reports that no clause parsed here.
func (p *fastParser) clause(st *Statement, written []ClauseAt) ([]ClauseAt, bool) {
	t := p.peek()
	id, word := clauseAt(t)
	if id == 0 {
		return written, false
	}
	pos := t.Pos
	p.pos++
	p.inClause = id
	c := &clauseTable[id]
	b, ok := p.parseBody(c.body, word, pos)
	if !ok {
		if c.body < bodySetActions { // a list has recorded what it wanted
			p.want(wantClauseBody)
		}
		return written, false
	}
	if keepClause(st.Kind, id, written) {
		c.store(st, b)
	}
	p.lastClause = id
	return append(written, ClauseAt{Clause: id, Pos: pos}), true
}

// parseBody reads a clause's body of kind k after its keyword (word, at
// pos). Where it fails, the caller records that the clause's body was
// expected, unless the failure went deeper.
func (p *fastParser) parseBody(k bodyKind, word string, pos diag.Pos) (b clauseBody, ok bool) {
	switch k {
	case bodyTableRef:
		return node(b, p.tableRef())
	case bodyCondition:
		return node(b, p.condition())
	case bodyValue:
		return node(b, p.value())
	case bodyProjection:
		return node(b, p.projection())
	case bodyOrder:
		return node(b, p.orders.putOne(Order{Pos: pos, Asc: word == "asc", Desc: word == "desc"}))
	case bodyConsistent:
		return node(b, p.consistents.putOne(Consistent{Pos: pos}))
	case bodyKeyword:
		return node(b, p.idents.putOne(Ident{Pos: pos, Name: word}))
	case bodyNumber:
		return node(b, p.number())
	case bodyAfter:
		return node(b, p.after())
	case bodySegment:
		return node(b, p.segment())
	case bodyIdent:
		return node(b, p.ident())
	case bodySetActions:
		b.sets, ok = commaList(p, &p.setList, p.setAction, wantClauseBody)
	case bodyPaths:
		b.paths, ok = commaList(p, &p.pathList, p.path, wantClauseBody)
	case bodyValueActions:
		b.valueActions, ok = commaList(p, &p.valueActionList, p.valueAction, wantClauseBody)
	}
	return b, ok
}

// node returns b with x, a node that parsed or nil, and whether it did.
func node[P interface {
	comparable
	Node
}](b clauseBody, x P) (clauseBody, bool) {
	var none P
	if x == none {
		return b, false
	}
	b.node = x
	return b, true
}

// sepList parses the rest of the grammar's `@@ ( sep @@ )*` once the first
// item is read: while sep follows, another item. An item that does not
// parse after sep leaves sep unread when the parser can rewind there (the
// list ends before it; the caller's rule decides), else the parse fails
// (ok false). The list is carved from s.
func sepList[T any](p *fastParser, s *slab[*T], first *T, sep string, item func() *T, w want) (list []*T, ok bool) {
	var buf [8]*T
	items := append(buf[:0], first)
	for {
		start := p.pos
		if !isKw(p.peek(), sep) {
			break
		}
		p.pos++
		next := item()
		if next == nil {
			p.want(w)
			if !p.rewind(start) {
				return nil, false
			}
			break
		}
		items = append(items, next)
	}
	return s.many(items), true
}

// commaList parses `@@ ( "," @@ )*`, the first item required.
func commaList[T any](p *fastParser, s *slab[*T], item func() *T, w want) ([]*T, bool) {
	return itemList(p, s, item, ",", w, w)
}

// itemList parses `@@ ( sep @@ )*`: the first item required (and wantFirst
// recorded if it is missing, unless it is wantNone), then sepList.
func itemList[T any](p *fastParser, s *slab[*T], item func() *T, sep string, wantFirst, wantNext want) ([]*T, bool) {
	first := item()
	if first == nil {
		if wantFirst != wantNone {
			p.want(wantFirst)
		}
		return nil, false
	}
	return sepList(p, s, first, sep, item, wantNext)
}

// Condition: @@ ( "or" @@ )*
