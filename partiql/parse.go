package partiql

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Parse reads statements separated by ";" (a last ";" is optional). file
// names the input in messages ("q.partiql", "<arg>"). The error, if any, is
// a *diag.Error at the first problem, with a hint where a SQL or DSL habit
// is the likely cause.
func Parse(file, src string) (*File, error) { return parse(file, src, nil) }

// parse is Parse, collecting the comments in comments when it is not nil.
func parse(file, src string, comments *[]Comment) (f *File, err error) {
	defer func() {
		// No input may reach the user as a stack trace.
		if r := recover(); r != nil {
			f, err = nil, diag.Errorf(diag.Pos{File: file}, "cannot parse this input (%v)", r)
		}
	}()
	p := &parser{lex: newLexer(file, src), src: src}
	p.lex.comments = comments
	return p.parseFile()
}

// ParseStatement reads exactly one statement (a trailing ";" allowed).
func ParseStatement(file, src string) (*Statement, error) {
	f, err := Parse(file, src)
	if err != nil {
		return nil, err
	}
	switch len(f.Statements) {
	case 1:
		return f.Statements[0], nil
	case 0:
		return nil, diag.Errorf(diag.PosAt(file, []byte(src), len(src)), "no statement: write one, like SELECT * FROM \"Table\" WHERE pk = ?")
	}
	return nil, diag.Errorf(f.Statements[1].Pos, "one statement was expected; this is a second")
}

// maxDepth bounds nesting (parentheses, lists, tuples, calls, NOT), so that
// no input can exhaust the stack.
const maxDepth = 100

type parser struct {
	lex  *lexer
	src  string
	tok  token // the current token
	prev token // the token before it
	has  bool  // tok holds a token read ahead
	// peeked is the token after tok, when read ahead.
	peeked    token
	hasPeeked bool
	depth     int
	params    []*Param
}

// bail is the panic value that carries an error out of the descent; lex
// says the lexer's.
type bail struct {
	err *diag.Error
	lex bool
}

func (p *parser) fail(err *diag.Error) {
	panic(bail{err: err})
}

func (p *parser) failf(pos diag.Pos, format string, args ...any) {
	p.fail(diag.Errorf(pos, format, args...))
}

func (p *parser) read() token {
	t, err := p.lex.next()
	if err != nil {
		panic(bail{err: err, lex: true})
	}
	return t
}

// peek is the current token.
func (p *parser) peek() token {
	if !p.has {
		if p.hasPeeked {
			p.tok, p.hasPeeked = p.peeked, false
		} else {
			p.tok = p.read()
		}
		p.has = true
	}
	return p.tok
}

// peek2 is the token after the current one.
func (p *parser) peek2() token {
	p.peek()
	if !p.hasPeeked {
		p.peeked, p.hasPeeked = p.read(), true
	}
	return p.peeked
}

func (p *parser) take() token {
	t := p.peek()
	p.prev = t
	p.has = false
	return t
}

// isWord reports whether t is the keyword w (upper case), in any case.
func isWord(t token, w string) bool {
	return t.Type == tokKeyword && strings.EqualFold(t.Value, w)
}

func isPunct(t token, s string) bool { return t.Type == tokPunct && t.Value == s }

func (p *parser) atWord(w string) bool { return isWord(p.peek(), w) }

func (p *parser) atPunct(s string) bool { return isPunct(p.peek(), s) }

func (p *parser) acceptWord(w string) bool {
	if p.atWord(w) {
		p.take()
		return true
	}
	return false
}

func (p *parser) acceptPunct(s string) bool {
	if p.atPunct(s) {
		p.take()
		return true
	}
	return false
}

func (p *parser) expectWord(w, what string) token {
	if !p.atWord(w) {
		p.unexpected(what)
	}
	return p.take()
}

func (p *parser) expectPunct(s, what string) token {
	if !p.atPunct(s) {
		p.unexpected(what)
	}
	return p.take()
}

// unexpected fails at the current token, saying what was expected, or what
// the token likely means where a SQL or DSL habit explains it.
func (p *parser) unexpected(what string) {
	t := p.peek()
	if msg := p.hint(t, what); msg != "" {
		p.failf(t.Pos, "%s", msg)
	}
	if t.Type == tokEOF {
		p.failf(p.endOfLast(), "unexpected end of input; expected %s", what)
	}
	p.failf(t.Pos, "unexpected %s; expected %s", describe(t), what)
}

// endOfLast is just after the last token read, where a statement that
// stops short ends: the caret stands under what the user wrote.
func (p *parser) endOfLast() diag.Pos {
	if p.prev.Pos.Line == 0 {
		return p.peek().Pos
	}
	t := p.prev
	end := t.Pos.Offset + len(t.Value)
	pos := t.Pos
	pos.Offset = end
	if strings.ContainsAny(t.Value, "\r\n") {
		return diag.PosAt(pos.File, []byte(p.src), end)
	}
	pos.Col += len(t.Value)
	return pos
}

func describe(t token) string {
	if t.Type == tokEOF {
		return "end of input"
	}
	return fmt.Sprintf("%q", diag.Printable(t.Value))
}

// ---- statements

func (p *parser) parseFile() (f *File, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bail)
			if !ok {
				panic(r)
			}
			f, err = nil, b.err
			if !b.lex {
				// A lexical error anywhere is the error, as it is
				// for the specification, which lexes the whole input
				// before it parses.
				for {
					t, lerr := p.lex.next()
					if lerr != nil {
						err = lerr
						break
					}
					if t.Type == tokEOF {
						break
					}
				}
			}
		}
	}()
	f = &File{Pos: p.peek().Pos}
	for {
		for p.acceptPunct(";") {
		}
		if p.peek().Type == tokEOF {
			return f, nil
		}
		f.Statements = append(f.Statements, p.parseStatement())
		if p.peek().Type == tokEOF {
			return f, nil
		}
		if !p.atPunct(";") {
			p.unexpected(p.moreAfter(f.Statements[len(f.Statements)-1]))
		}
	}
}

// moreAfter says what may follow the statement st where it stopped.
func (p *parser) moreAfter(st *Statement) string {
	switch {
	case st.Kind == KindSelect && st.Where == nil && st.OrderBy == nil:
		return `WHERE, ORDER BY or ";"`
	case st.Kind == KindSelect && st.OrderBy == nil:
		return `AND, OR, ORDER BY or ";"`
	case st.Kind == KindSelect:
		return `"," and another key, or ";"`
	case (st.Kind == KindUpdate || st.Kind == KindDelete) && st.Returning == nil:
		return `AND, OR, RETURNING or ";"`
	}
	return `";"`
}

func (p *parser) parseStatement() *Statement {
	p.params = nil
	t := p.peek()
	var st *Statement
	switch {
	case isWord(t, "SELECT"):
		st = p.parseSelect()
	case isWord(t, "INSERT"):
		st = p.parseInsert()
	case isWord(t, "UPDATE"):
		st = p.parseUpdate()
	case isWord(t, "DELETE"):
		st = p.parseDelete()
	case isWord(t, "EXISTS"):
		st = p.parseExists()
	default:
		p.unexpected("a statement: SELECT, INSERT, UPDATE, DELETE or EXISTS")
	}
	st.Params = p.params
	st.EndPos = p.endOfLast()
	st.Source = p.src[st.Pos.Offset:st.EndPos.Offset]
	return st
}

func (p *parser) parseSelect() *Statement {
	st := &Statement{Pos: p.take().Pos, Kind: KindSelect}
	st.Select = p.parseProjection()
	p.expectWord("FROM", `FROM and the table, like FROM "Table"`)
	st.Table = p.parseName(`the table's name, like "Table"`)
	if p.acceptPunct(".") {
		st.Index = p.parseName(`the index's name, like "Table"."Index"`)
	}
	if p.acceptWord("WHERE") {
		st.Where = p.parseExpr()
	}
	if p.atWord("ORDER") {
		p.take()
		p.expectWord("BY", `BY and a key, like ORDER BY sk DESC`)
		for {
			k := &OrderKey{Pos: p.peek().Pos}
			k.Path = p.parsePath(`a key attribute, like ORDER BY sk DESC`)
			if p.acceptWord("DESC") {
				k.Desc = true
			} else {
				p.acceptWord("ASC")
			}
			st.OrderBy = append(st.OrderBy, k)
			if !p.acceptPunct(",") {
				break
			}
		}
	}
	return st
}

func (p *parser) parseProjection() *Projection {
	pr := &Projection{Pos: p.peek().Pos}
	if p.acceptPunct("*") {
		pr.Star = true
		return pr
	}
	for {
		if t := p.peek(); t.Type == tokIdent && isPunct(p.peek2(), "(") {
			p.failf(t.Pos, "%s", projectedCall(t.Value))
		}
		pr.Paths = append(pr.Paths, p.parsePath(`* or the attributes to return, like SELECT a, b.c, d[0]`))
		if !p.acceptPunct(",") {
			return pr
		}
	}
}

func (p *parser) parseInsert() *Statement {
	st := &Statement{Pos: p.take().Pos, Kind: KindInsert}
	p.expectWord("INTO", `INTO and the table, like INSERT INTO "Table" VALUE {'pk': 'a'}`)
	st.Table = p.parseName(`the table's name, like INSERT INTO "Table"`)
	p.expectWord("VALUE", `VALUE and the item, like VALUE {'pk': 'a'}`)
	st.Value = p.parseOperand()
	return st
}

func (p *parser) parseUpdate() *Statement {
	st := &Statement{Pos: p.take().Pos, Kind: KindUpdate}
	st.Table = p.parseName(`the table's name, like UPDATE "Table"`)
	for {
		switch {
		case p.acceptWord("SET"):
			for {
				a := &Action{Pos: p.peek().Pos}
				a.Path = p.parsePath(`the attribute to set, like SET a = 1`)
				p.expectPunct("=", `"=" and the new value, like SET a = 1`)
				a.Value = p.parseAdditive()
				st.Actions = append(st.Actions, a)
				if !p.acceptPunct(",") {
					break
				}
			}
			continue
		case p.acceptWord("REMOVE"):
			for {
				a := &Action{Pos: p.peek().Pos, Remove: true}
				a.Path = p.parsePath(`the attribute to remove, like REMOVE a`)
				st.Actions = append(st.Actions, a)
				if !p.acceptPunct(",") {
					break
				}
			}
			continue
		}
		break
	}
	if st.Actions == nil {
		p.unexpected(`SET or REMOVE, like UPDATE "Table" SET a = 1 WHERE pk = 'x'`)
	}
	if !p.atWord("WHERE") {
		p.unexpected(`SET, REMOVE, or WHERE and the item's primary key, like WHERE pk = 'x'`)
	}
	p.take()
	st.Where = p.parseExpr()
	st.Returning = p.parseReturning()
	return st
}

func (p *parser) parseDelete() *Statement {
	st := &Statement{Pos: p.take().Pos, Kind: KindDelete}
	p.expectWord("FROM", `FROM and the table, like DELETE FROM "Table" WHERE pk = 'x'`)
	st.Table = p.parseName(`the table's name, like DELETE FROM "Table"`)
	p.expectWord("WHERE", `WHERE and the item's primary key, like WHERE pk = 'x'`)
	st.Where = p.parseExpr()
	st.Returning = p.parseReturning()
	return st
}

func (p *parser) parseExists() *Statement {
	st := &Statement{Pos: p.take().Pos, Kind: KindExists}
	p.expectPunct("(", `"(" and a SELECT, like EXISTS(SELECT * FROM "Table" WHERE pk = 'x')`)
	if !p.atWord("SELECT") {
		p.unexpected(`a SELECT, like EXISTS(SELECT * FROM "Table" WHERE pk = 'x')`)
	}
	st.Exists = p.parseSelect()
	st.Exists.EndPos = p.endOfLast()
	st.Exists.Source = p.src[st.Exists.Pos.Offset:st.Exists.EndPos.Offset]
	st.Table = st.Exists.Table
	p.expectPunct(")", p.moreAfter(st.Exists)[:len(p.moreAfter(st.Exists))-len(`";"`)]+`")"`)
	return st
}

func (p *parser) parseReturning() *Returning {
	if !p.atWord("RETURNING") {
		return nil
	}
	r := &Returning{Pos: p.take().Pos}
	const what = `ALL OLD *, MODIFIED OLD *, ALL NEW * or MODIFIED NEW *`
	switch {
	case p.acceptWord("ALL"):
	case p.acceptWord("MODIFIED"):
		r.Modified = true
	default:
		p.unexpected(what)
	}
	switch {
	case p.acceptWord("OLD"):
	case p.acceptWord("NEW"):
		r.New = true
	default:
		p.unexpected(what)
	}
	p.expectPunct("*", `"*" after `+r.Words())
	return r
}

// parseName reads a table or index name: "quoted" or a bare identifier.
func (p *parser) parseName(what string) *Name {
	t := p.peek()
	switch {
	case t.Type == tokQIdent:
		p.take()
		return &Name{Pos: t.Pos, Name: unquote(t.Value), Quoted: true}
	case t.Type == tokIdent:
		p.take()
		return &Name{Pos: t.Pos, Name: t.Value}
	}
	p.unexpected(what)
	return nil
}

// ---- expressions

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failf(p.peek().Pos, "too deeply nested: more than %d levels of parentheses, lists, tuples, calls or NOT", maxDepth)
	}
}

func (p *parser) leave() { p.depth-- }

// parseExpr reads OR of ANDs of NOTs of predicates.
func (p *parser) parseExpr() Expr {
	x := p.parseAnd()
	for p.atWord("OR") {
		op := p.take()
		x = &Binary{Pos: x.Start(), Op: OpOr, OpPos: op.Pos, X: x, Y: p.parseAnd()}
	}
	return x
}

func (p *parser) parseAnd() Expr {
	x := p.parseNot()
	for p.atWord("AND") {
		op := p.take()
		x = &Binary{Pos: x.Start(), Op: OpAnd, OpPos: op.Pos, X: x, Y: p.parseNot()}
	}
	return x
}

func (p *parser) parseNot() Expr {
	if p.atWord("NOT") {
		p.enter()
		defer p.leave()
		t := p.take()
		return &Not{Pos: t.Pos, X: p.parseNot()}
	}
	return p.parsePredicate()
}

var compareOps = map[string]Op{"=": OpEq, "<>": OpNe, "!=": OpNe, "<": OpLt, "<=": OpLe, ">": OpGt, ">=": OpGe}

func (p *parser) parsePredicate() Expr {
	x := p.parseAdditive()
	t := p.peek()
	switch {
	case t.Type == tokPunct && compareOps[t.Value] != 0:
		p.take()
		return &Binary{Pos: x.Start(), Op: compareOps[t.Value], OpPos: t.Pos, X: x, Y: p.parseAdditive()}
	case isWord(t, "BETWEEN"):
		p.take()
		b := &Between{Pos: x.Start(), X: x, Lo: p.parseAdditive()}
		p.expectWord("AND", `AND and the upper bound, like BETWEEN 1 AND 9`)
		b.Hi = p.parseAdditive()
		return b
	case isWord(t, "IN"):
		p.take()
		return p.parseIn(x)
	case isWord(t, "IS"):
		p.take()
		is := &Is{Pos: x.Start(), X: x, Not: p.acceptWord("NOT")}
		switch {
		case p.acceptWord("MISSING"):
			is.What = LitMissing
		case p.acceptWord("NULL"):
			is.What = LitNull
		default:
			p.unexpected(`MISSING or NULL, like a IS NOT MISSING`)
		}
		return is
	}
	return x
}

func (p *parser) parseIn(x Expr) Expr {
	in := &In{Pos: x.Start(), X: x, Open: p.peek().Pos}
	closing := ")"
	switch {
	case p.acceptPunct("("):
	case p.acceptPunct("["):
		in.Bracket, closing = true, "]"
	default:
		p.unexpected(`"(" or "[" and the values, like IN ('a', 'b')`)
	}
	p.enter()
	defer p.leave()
	for {
		in.Values = append(in.Values, p.parseAdditive())
		if !p.acceptPunct(",") {
			break
		}
	}
	p.expectPunct(closing, `"," or "`+closing+`"`)
	return in
}

func (p *parser) parseAdditive() Expr {
	x := p.parseOperand()
	for {
		t := p.peek()
		var op Op
		switch {
		case isPunct(t, "+"):
			op = OpAdd
		case isPunct(t, "-"):
			op = OpSub
		default:
			return x
		}
		p.take()
		x = &Binary{Pos: x.Start(), Op: op, OpPos: t.Pos, X: x, Y: p.parseOperand()}
	}
}

const whatOperand = `a value ('text', 12, TRUE, NULL, MISSING, [..], {..}, <<..>>, ?), an attribute or a function`

// parseOperand reads a literal, a parameter, a path, a call, a list, a
// tuple, a set or a parenthesised expression.
func (p *parser) parseOperand() Expr {
	t := p.peek()
	switch t.Type {
	case tokString:
		p.take()
		return &Literal{Pos: t.Pos, Kind: LitString, Text: unquote(t.Value)}
	case tokNumber:
		p.take()
		return &Literal{Pos: t.Pos, Kind: LitNumber, Text: t.Value}
	case tokQIdent:
		return p.parsePath(whatOperand)
	case tokKeyword:
		if kind := literalKinds[strings.ToUpper(t.Value)]; kind != 0 {
			p.take()
			return &Literal{Pos: t.Pos, Kind: kind}
		}
	case tokIdent:
		if isPunct(p.peek2(), "(") {
			return p.parseCall()
		}
		return p.parsePath(whatOperand)
	case tokPunct:
		switch t.Value {
		case "?":
			p.take()
			prm := &Param{Pos: t.Pos, Index: len(p.params)}
			p.params = append(p.params, prm)
			return prm
		case "(":
			p.enter()
			defer p.leave()
			p.take()
			x := p.parseExpr()
			p.expectPunct(")", `")"`)
			return x
		case "[":
			p.enter()
			defer p.leave()
			p.take()
			l := &List{Pos: t.Pos}
			l.Elems = p.parseElems("]")
			return l
		case "<<":
			p.enter()
			defer p.leave()
			p.take()
			s := &Set{Pos: t.Pos}
			s.Elems = p.parseElems(">>")
			return s
		case "{":
			p.enter()
			defer p.leave()
			return p.parseTuple()
		}
	}
	p.unexpected(whatOperand)
	return nil
}

var literalKinds = map[string]LiteralKind{"TRUE": LitTrue, "FALSE": LitFalse, "NULL": LitNull, "MISSING": LitMissing}

// parseElems reads the values of a list or set up to its closing mark.
func (p *parser) parseElems(closing string) []Expr {
	var out []Expr
	if p.acceptPunct(closing) {
		return out
	}
	for {
		out = append(out, p.parseAdditive())
		if !p.acceptPunct(",") {
			break
		}
	}
	p.expectPunct(closing, `"," or "`+closing+`"`)
	return out
}

func (p *parser) parseTuple() *Tuple {
	tu := &Tuple{Pos: p.take().Pos}
	if p.acceptPunct("}") {
		return tu
	}
	for {
		t := p.peek()
		if t.Type != tokString {
			p.unexpected(`a 'key': value pair (keys are 'single-quoted')`)
		}
		p.take()
		e := &TupleEntry{Pos: t.Pos, Key: unquote(t.Value)}
		p.expectPunct(":", `":" and the value, like {'key': 'value'}`)
		e.Value = p.parseAdditive()
		tu.Entries = append(tu.Entries, e)
		if !p.acceptPunct(",") {
			break
		}
	}
	p.expectPunct("}", `"," or "}"`)
	return tu
}

// functions are the functions of DynamoDB's PartiQL, in lower case.
var functions = [...]string{"attribute_type", "begins_with", "contains", "list_append", "set_add", "set_delete", "size"}

func (p *parser) parseCall() Expr {
	t := p.take()
	name := strings.ToLower(t.Value)
	known := false
	for _, f := range functions {
		known = known || f == name
	}
	if !known {
		p.failf(t.Pos, "%s", unknownFunction(t.Value))
	}
	p.enter()
	defer p.leave()
	c := &Call{Pos: t.Pos, Func: name}
	p.take() // "("
	if !p.acceptPunct(")") {
		for {
			c.Args = append(c.Args, p.parseAdditive())
			if !p.acceptPunct(",") {
				break
			}
		}
		p.expectPunct(")", `"," or ")"`)
	}
	return c
}

// parsePath reads a document path: a name, then .name and [N] steps.
func (p *parser) parsePath(what string) *Path {
	t := p.peek()
	var first PathStep
	switch {
	case t.Type == tokQIdent:
		first = PathStep{Pos: t.Pos, Name: unquote(t.Value), Quoted: true}
	case t.Type == tokIdent:
		first = PathStep{Pos: t.Pos, Name: t.Value}
	default:
		p.unexpected(what)
	}
	p.take()
	path := &Path{Pos: t.Pos, Steps: []PathStep{first}}
	for {
		switch {
		case p.atPunct("."):
			p.take()
			n := p.peek()
			switch n.Type {
			case tokQIdent:
				path.Steps = append(path.Steps, PathStep{Pos: n.Pos, Name: unquote(n.Value), Quoted: true})
			case tokIdent, tokKeyword: // after ".", a keyword is a name: a.value
				path.Steps = append(path.Steps, PathStep{Pos: n.Pos, Name: n.Value})
			default:
				p.unexpected(`an attribute name after "."`)
			}
			p.take()
		case p.atPunct("["):
			open := p.take()
			n := p.peek()
			if n.Type != tokNumber || !isIndex(n.Value) {
				p.unexpected(`a list index, like [2]`)
			}
			p.take()
			p.expectPunct("]", `"]" after the list index, like [2]`)
			path.Steps = append(path.Steps, PathStep{Pos: open.Pos, Index: n.Value, IsIndex: true})
		default:
			return path
		}
	}
}

// keywords are the words that cannot be a bare name: a name spelled like
// one is written "quoted".
var keywords = [...]string{"ALL", "AND", "ASC", "BETWEEN", "BY", "DELETE", "DESC", "EXISTS", "FALSE",
	"FROM", "IN", "INSERT", "INTO", "IS", "MISSING", "MODIFIED", "NEW", "NOT", "NULL", "OLD", "OR",
	"ORDER", "REMOVE", "RETURNING", "SELECT", "SET", "TRUE", "UPDATE", "VALUE", "WHERE"}

func isKeyword(w string) bool {
	if len(w) < 2 || len(w) > 9 {
		return false
	}
	for _, k := range keywords {
		if strings.EqualFold(w, k) {
			return true
		}
	}
	return false
}

// isIndex reports whether a number token is a list index: digits only.
func isIndex(num string) bool { return strings.Trim(num, "0123456789") == "" }

// ---- scripts that resume

// parseResuming is parse for a script, where statements stand alone: a
// statement that does not parse is an error of its own, and parsing
// resumes after the next ";", so that every other statement is still
// read. all holds every statement in order, one that does not parse as a
// Statement of no Kind spanning what was skipped (for the comments before
// it to find their statement). A lexical error ends the input: what
// follows it cannot be told into tokens.
func parseResuming(file, src string, comments *[]Comment) (all []*Statement, errs diag.List) {
	defer func() {
		// No input may reach the user as a stack trace.
		if r := recover(); r != nil {
			errs = append(errs, diag.Errorf(diag.Pos{File: file}, "cannot parse this input (%v)", r))
		}
	}()
	p := &parser{lex: newLexer(file, src), src: src}
	p.lex.comments = comments
	for {
		st, stErrs, more := p.nextResuming()
		if st != nil {
			all = append(all, st)
		}
		errs = append(errs, stErrs...)
		if !more {
			return all, errs
		}
	}
}

// nextResuming parses the next statement of a script; more is false at
// the end of the input or after a lexical error.
func (p *parser) nextResuming() (st *Statement, errs diag.List, more bool) {
	var start diag.Pos
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		b, ok := r.(bail)
		if !ok {
			panic(r)
		}
		errs, more, st = diag.List{b.err}, false, nil
		p.depth = 0
		if !b.lex {
			var lexErr *diag.Error
			more, lexErr = p.skipStatement()
			if lexErr != nil {
				errs = append(errs, lexErr)
			}
		}
		if start.IsValid() {
			st = &Statement{Pos: start, EndPos: p.endOfLast()}
		}
	}()
	for p.acceptPunct(";") {
	}
	if p.peek().Type == tokEOF {
		return nil, nil, false
	}
	start = p.peek().Pos
	st = p.parseStatement()
	if p.peek().Type == tokEOF {
		return st, nil, false
	}
	if !p.atPunct(";") {
		p.unexpected(p.moreAfter(st))
	}
	return st, nil, true
}

// skipStatement reads on to just after the next ";". more is false at the
// end of the input, or at a lexical error (lexErr), which ends it.
func (p *parser) skipStatement() (more bool, lexErr *diag.Error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bail)
			if !ok {
				panic(r)
			}
			more, lexErr = false, b.err
		}
	}()
	for {
		t := p.peek()
		if t.Type == tokEOF {
			return false, nil
		}
		p.take()
		if isPunct(t, ";") {
			return true, nil
		}
	}
}
