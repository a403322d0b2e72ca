package partiql

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	plexer "github.com/alecthomas/participle/v2/lexer"
	"github.com/dynexpr/dynexpr/diag"
)

// The dialect's executable specification: DynamoDB's PartiQL written as
// participle struct tags, each struct's tags its production, and
// participle's parser over the package's plexer. The hand-written parser
// (parse.go) must build, for every input, exactly the tree that this one
// builds and conv converts, or both must fail (TestFastMatchesSpec,
// FuzzPartiQLParsersAgree). Keeping it in a test file keeps participle out
// of the production binary.

type specFile struct {
	Pos        plexer.Position
	Statements []*specStatement `@@? ( ";" @@? )*`
}

type specStatement struct {
	Select *specSelect `(  @@`
	Insert *specInsert ` | @@`
	Update *specUpdate ` | @@`
	Delete *specDelete ` | @@`
	Exists *specExists ` | @@ )`
}

type specSelect struct {
	Pos     plexer.Position
	Tokens  []plexer.Token
	Star    bool         `"SELECT" ( @"*"`
	Paths   []*specPath  `         | @@ ( "," @@ )* )`
	Table   *specName    `"FROM" @@`
	Index   *specName    `( "." @@ )?`
	Where   *specExpr    `( "WHERE" @@ )?`
	OrderBy []*specOrder `( "ORDER" "BY" @@ ( "," @@ )* )?`
}

type specOrder struct {
	Pos  plexer.Position
	Path *specPath `@@`
	Desc string    `@( "ASC" | "DESC" )?`
}

type specInsert struct {
	Pos    plexer.Position
	Tokens []plexer.Token
	Table  *specName    `"INSERT" "INTO" @@`
	Value  *specOperand `"VALUE" @@`
}

type specUpdate struct {
	Pos       plexer.Position
	Tokens    []plexer.Token
	Table     *specName        `"UPDATE" @@`
	Clauses   []*specUpdClause `@@+`
	Where     *specExpr        `"WHERE" @@`
	Returning *specReturning   `@@?`
}

type specUpdClause struct {
	Sets    []*specSetAction `(  "SET" @@ ( "," @@ )*`
	Removes []*specPath      ` | "REMOVE" @@ ( "," @@ )* )`
}

type specSetAction struct {
	Pos   plexer.Position
	Path  *specPath `@@ "="`
	Value *specAdd  `@@`
}

type specDelete struct {
	Pos       plexer.Position
	Tokens    []plexer.Token
	Table     *specName      `"DELETE" "FROM" @@`
	Where     *specExpr      `"WHERE" @@`
	Returning *specReturning `@@?`
}

type specExists struct {
	Pos    plexer.Position
	Tokens []plexer.Token
	Select *specSelect `"EXISTS" "(" @@ ")"`
}

type specReturning struct {
	Pos   plexer.Position
	Scope string `"RETURNING" @( "ALL" | "MODIFIED" )`
	When  string `@( "OLD" | "NEW" ) "*"`
}

type specName struct {
	Pos    plexer.Position
	Quoted *string `(  @QIdent`
	Bare   *string ` | @Ident )`
}

type specPath struct {
	Pos   plexer.Position
	First *specName   `@@`
	Steps []*specStep `@@*`
}

type specStep struct {
	Pos    plexer.Position
	Quoted *string `(  "." ( @QIdent`
	Bare   *string `       | @( Ident | Keyword ) )`
	Index  *string ` | "[" @Number "]" )`
}

// specExpr is OR of ANDs of NOTs of predicates.
type specExpr struct {
	X    *specAnd  `@@`
	Rest []*specOr `@@*`
}

type specOr struct {
	Pos plexer.Position
	Y   *specAnd `"OR" @@`
}

type specAnd struct {
	X    *specNot    `@@`
	Rest []*specAndY `@@*`
}

type specAndY struct {
	Pos plexer.Position
	Y   *specNot `"AND" @@`
}

type specNot struct {
	Pos  plexer.Position
	Not  *specNot  `(  "NOT" @@`
	Pred *specPred ` | @@ )`
}

type specPred struct {
	X       *specAdd     `@@`
	Cmp     *specCmp     `(  @@`
	Between *specBetween ` | @@`
	In      *specIn      ` | @@`
	Is      *specIs      ` | @@ )?`
}

type specCmp struct {
	Pos plexer.Position
	Op  string   `@( "=" | "<>" | "!=" | "<" | "<=" | ">" | ">=" )`
	Y   *specAdd `@@`
}

type specBetween struct {
	Lo *specAdd `"BETWEEN" @@`
	Hi *specAdd `"AND" @@`
}

type specIn struct {
	List *specInList `"IN" @@`
}

type specInList struct {
	Pos     plexer.Position
	Paren   []*specAdd `(  "(" @@ ( "," @@ )* ")"`
	Bracket []*specAdd ` | "[" @@ ( "," @@ )* "]" )`
}

type specIs struct {
	Not  bool   `"IS" @"NOT"?`
	What string `@( "MISSING" | "NULL" )`
}

type specAdd struct {
	X    *specOperand `@@`
	Rest []*specAddY  `@@*`
}

type specAddY struct {
	Pos plexer.Position
	Op  string       `@( "+" | "-" )`
	Y   *specOperand `@@`
}

type specOperand struct {
	Pos     plexer.Position
	String  *string    `(  @String`
	Number  *string    ` | @Number`
	Literal *string    ` | @( "TRUE" | "FALSE" | "NULL" | "MISSING" )`
	Param   bool       ` | @"?"`
	Call    *specCall  ` | @@`
	Path    *specPath  ` | @@`
	Group   *specExpr  ` | "(" @@ ")"`
	List    *specElems ` | "[" @@ "]"`
	Set     *specElems ` | "<<" @@ ">>"`
	Tuple   *specTuple ` | "{" @@ "}" )`
}

type specElems struct {
	Elems []*specAdd `( @@ ( "," @@ )* )?`
}

type specTuple struct {
	Entries []*specEntry `( @@ ( "," @@ )* )?`
}

type specEntry struct {
	Pos   plexer.Position
	Key   string   `@String ":"`
	Value *specAdd `@@`
}

type specCall struct {
	Pos  plexer.Position
	Func string     `@( "attribute_type" | "begins_with" | "contains" | "list_append" | "set_add" | "set_delete" | "size" ) "("`
	Args []*specAdd `( @@ ( "," @@ )* )? ")"`
}

// buildSpec builds participle's parser for the spec, on first use.
var buildSpec = sync.OnceValue(func() *participle.Parser[specFile] {
	return participle.MustBuild[specFile](
		participle.Lexer(specLexDef{}),
		participle.CaseInsensitive("Keyword"),
		participle.CaseInsensitive("Ident"),
		participle.UseLookahead(4),
	)
})

// parseSpec parses src with the spec: the tree participle builds, converted
// to the production AST, or an error.
func parseSpec(file, src string) (f *File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("cannot parse this input (%v)", r)
		}
	}()
	sf, err := buildSpec().ParseString(file, src)
	if err != nil {
		var le *specLexError
		if errors.As(err, &le) {
			return nil, le.err
		}
		return nil, err
	}
	c := &converter{src: src}
	return c.file(sf)
}

// ---- the lexer, as participle takes it

var specSymbols = map[string]plexer.TokenType{
	"EOF":     plexer.TokenType(tokEOF),
	"Ident":   plexer.TokenType(tokIdent),
	"Keyword": plexer.TokenType(tokKeyword),
	"QIdent":  plexer.TokenType(tokQIdent),
	"String":  plexer.TokenType(tokString),
	"Number":  plexer.TokenType(tokNumber),
	"Punct":   plexer.TokenType(tokPunct),
}

type specLexDef struct{}

func (specLexDef) Symbols() map[string]plexer.TokenType { return specSymbols }

func (specLexDef) Lex(filename string, r io.Reader) (plexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return specLexer{newLexer(filename, string(b))}, nil
}

func (specLexDef) LexString(filename, src string) (plexer.Lexer, error) {
	return specLexer{newLexer(filename, src)}, nil
}

type specLexer struct{ l *lexer }

func (s specLexer) Next() (plexer.Token, error) {
	t, err := s.l.next()
	if err != nil {
		return plexer.Token{}, &specLexError{err}
	}
	return plexer.Token{Type: plexer.TokenType(t.Type), Value: t.Value, Pos: lexerPos(t.Pos)}, nil
}

// specLexError is the lexer's *diag.Error as participle.Error.
type specLexError struct{ err *diag.Error }

func (e *specLexError) Message() string           { return e.err.Msg }
func (e *specLexError) Position() plexer.Position { return lexerPos(e.err.Pos) }
func (e *specLexError) Error() string             { return e.err.Error() }

func lexerPos(p diag.Pos) plexer.Position {
	return plexer.Position{Filename: p.File, Offset: p.Offset, Line: p.Line, Column: p.Col}
}

func toPos(p plexer.Position) diag.Pos {
	return diag.Pos{File: p.Filename, Offset: p.Offset, Line: p.Line, Col: p.Column}
}

// ---- conversion to the production AST

// converter turns the spec's tree into the production AST, numbering the
// ? parameters of each statement in the order written.
type converter struct {
	src    string
	params []*Param
	err    error
}

func (c *converter) file(sf *specFile) (*File, error) {
	f := &File{Pos: toPos(sf.Pos)}
	for _, s := range sf.Statements {
		if s == nil {
			continue
		}
		c.params = nil
		st := c.statement(s)
		st.Params = c.params
		f.Statements = append(f.Statements, st)
	}
	if c.err != nil {
		return nil, c.err
	}
	if len(f.Statements) == 0 {
		f.Pos = toPos(sf.Pos)
	}
	return f, nil
}

// span sets st's EndPos and Source from the tokens its production matched.
func (c *converter) span(st *Statement, toks []plexer.Token) {
	last := toks[len(toks)-1]
	end := last.Pos.Offset + len(last.Value)
	st.EndPos = diag.PosAt(last.Pos.Filename, []byte(c.src), end)
	if !strings.ContainsAny(last.Value, "\r\n") {
		st.EndPos = toPos(last.Pos)
		st.EndPos.Offset, st.EndPos.Col = end, st.EndPos.Col+len(last.Value)
	}
	st.Source = c.src[st.Pos.Offset:end]
}

func (c *converter) statement(s *specStatement) *Statement {
	switch {
	case s.Select != nil:
		return c.selectStmt(s.Select)
	case s.Insert != nil:
		st := &Statement{Pos: toPos(s.Insert.Pos), Kind: KindInsert, Table: name(s.Insert.Table)}
		st.Value = c.operand(s.Insert.Value)
		c.span(st, s.Insert.Tokens)
		return st
	case s.Update != nil:
		u := s.Update
		st := &Statement{Pos: toPos(u.Pos), Kind: KindUpdate, Table: name(u.Table)}
		for _, cl := range u.Clauses {
			for _, a := range cl.Sets {
				st.Actions = append(st.Actions, &Action{Pos: toPos(a.Pos), Path: c.path(a.Path), Value: c.add(a.Value)})
			}
			for _, r := range cl.Removes {
				st.Actions = append(st.Actions, &Action{Pos: toPos(r.Pos), Remove: true, Path: c.path(r)})
			}
		}
		st.Where = c.expr(u.Where)
		st.Returning = returning(u.Returning)
		c.span(st, u.Tokens)
		return st
	case s.Delete != nil:
		d := s.Delete
		st := &Statement{Pos: toPos(d.Pos), Kind: KindDelete, Table: name(d.Table)}
		st.Where = c.expr(d.Where)
		st.Returning = returning(d.Returning)
		c.span(st, d.Tokens)
		return st
	default:
		e := s.Exists
		st := &Statement{Pos: toPos(e.Pos), Kind: KindExists}
		st.Exists = c.selectStmt(e.Select)
		st.Table = st.Exists.Table
		c.span(st, e.Tokens)
		return st
	}
}

func (c *converter) selectStmt(s *specSelect) *Statement {
	st := &Statement{Pos: toPos(s.Pos), Kind: KindSelect}
	// The projection starts at the token after SELECT.
	st.Select = &Projection{Pos: toPos(s.Tokens[1].Pos), Star: s.Star}
	for _, p := range s.Paths {
		st.Select.Paths = append(st.Select.Paths, c.path(p))
	}
	st.Table = name(s.Table)
	if s.Index != nil {
		st.Index = name(s.Index)
	}
	if s.Where != nil {
		st.Where = c.expr(s.Where)
	}
	for _, o := range s.OrderBy {
		st.OrderBy = append(st.OrderBy, &OrderKey{Pos: toPos(o.Pos), Path: c.path(o.Path), Desc: strings.EqualFold(o.Desc, "DESC")})
	}
	c.span(st, s.Tokens)
	return st
}

func returning(r *specReturning) *Returning {
	if r == nil {
		return nil
	}
	return &Returning{Pos: toPos(r.Pos), Modified: strings.EqualFold(r.Scope, "MODIFIED"), New: strings.EqualFold(r.When, "NEW")}
}

func name(n *specName) *Name {
	if n.Quoted != nil {
		return &Name{Pos: toPos(n.Pos), Name: unquote(*n.Quoted), Quoted: true}
	}
	return &Name{Pos: toPos(n.Pos), Name: *n.Bare}
}

func (c *converter) path(p *specPath) *Path {
	first := name(p.First)
	out := &Path{Pos: toPos(p.Pos), Steps: []PathStep{{Pos: first.Pos, Name: first.Name, Quoted: first.Quoted}}}
	for _, s := range p.Steps {
		switch {
		case s.Quoted != nil:
			out.Steps = append(out.Steps, PathStep{Pos: c.after(toPos(s.Pos), "."), Name: unquote(*s.Quoted), Quoted: true})
		case s.Bare != nil:
			// The step's position is its name's, after the ".": the
			// spec's Pos is the ".".
			out.Steps = append(out.Steps, PathStep{Pos: c.after(toPos(s.Pos), "."), Name: *s.Bare})
		default:
			if !isIndex(*s.Index) {
				c.fail("%s: a list index is digits", toPos(s.Pos))
			}
			out.Steps = append(out.Steps, PathStep{Pos: toPos(s.Pos), Index: *s.Index, IsIndex: true})
		}
	}
	return out
}

// after is the position of the first token after the text mark at pos.
func (c *converter) after(pos diag.Pos, mark string) diag.Pos {
	l := newLexer(pos.File, c.src)
	l.off, l.line, l.col = pos.Offset+len(mark), pos.Line, pos.Col+len(mark)
	t, err := l.next()
	if err != nil {
		c.fail("%v", err)
	}
	return t.Pos
}

func (c *converter) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf(format, args...)
	}
}

func (c *converter) expr(e *specExpr) Expr {
	x := c.and(e.X)
	for _, o := range e.Rest {
		x = &Binary{Pos: x.Start(), Op: OpOr, OpPos: toPos(o.Pos), X: x, Y: c.and(o.Y)}
	}
	return x
}

func (c *converter) and(a *specAnd) Expr {
	x := c.not(a.X)
	for _, o := range a.Rest {
		x = &Binary{Pos: x.Start(), Op: OpAnd, OpPos: toPos(o.Pos), X: x, Y: c.not(o.Y)}
	}
	return x
}

func (c *converter) not(n *specNot) Expr {
	if n.Not != nil {
		return &Not{Pos: toPos(n.Pos), X: c.not(n.Not)}
	}
	return c.pred(n.Pred)
}

var specOps = map[string]Op{"=": OpEq, "<>": OpNe, "!=": OpNe, "<": OpLt, "<=": OpLe, ">": OpGt, ">=": OpGe, "+": OpAdd, "-": OpSub}

func (c *converter) pred(p *specPred) Expr {
	x := c.add(p.X)
	switch {
	case p.Cmp != nil:
		return &Binary{Pos: x.Start(), Op: specOps[p.Cmp.Op], OpPos: toPos(p.Cmp.Pos), X: x, Y: c.add(p.Cmp.Y)}
	case p.Between != nil:
		return &Between{Pos: x.Start(), X: x, Lo: c.add(p.Between.Lo), Hi: c.add(p.Between.Hi)}
	case p.In != nil:
		l := p.In.List
		in := &In{Pos: x.Start(), X: x, Open: toPos(l.Pos), Bracket: l.Bracket != nil}
		for _, v := range append(l.Paren, l.Bracket...) {
			in.Values = append(in.Values, c.add(v))
		}
		return in
	case p.Is != nil:
		is := &Is{Pos: x.Start(), X: x, Not: p.Is.Not, What: LitNull}
		if strings.EqualFold(p.Is.What, "MISSING") {
			is.What = LitMissing
		}
		return is
	}
	return x
}

func (c *converter) add(a *specAdd) Expr {
	x := c.operand(a.X)
	for _, y := range a.Rest {
		x = &Binary{Pos: x.Start(), Op: specOps[y.Op], OpPos: toPos(y.Pos), X: x, Y: c.operand(y.Y)}
	}
	return x
}

func (c *converter) operand(o *specOperand) Expr {
	pos := toPos(o.Pos)
	switch {
	case o.String != nil:
		return &Literal{Pos: pos, Kind: LitString, Text: unquote(*o.String)}
	case o.Number != nil:
		return &Literal{Pos: pos, Kind: LitNumber, Text: *o.Number}
	case o.Literal != nil:
		return &Literal{Pos: pos, Kind: literalKinds[strings.ToUpper(*o.Literal)]}
	case o.Param:
		p := &Param{Pos: pos, Index: len(c.params)}
		c.params = append(c.params, p)
		return p
	case o.Call != nil:
		call := &Call{Pos: toPos(o.Call.Pos), Func: strings.ToLower(o.Call.Func)}
		for _, a := range o.Call.Args {
			call.Args = append(call.Args, c.add(a))
		}
		return call
	case o.Path != nil:
		return c.path(o.Path)
	case o.Group != nil:
		return c.expr(o.Group)
	case o.List != nil:
		return &List{Pos: pos, Elems: c.elems(o.List)}
	case o.Set != nil:
		return &Set{Pos: pos, Elems: c.elems(o.Set)}
	default:
		t := &Tuple{Pos: pos}
		for _, e := range o.Tuple.Entries {
			t.Entries = append(t.Entries, &TupleEntry{Pos: toPos(e.Pos), Key: unquote(e.Key), Value: c.add(e.Value)})
		}
		return t
	}
}

func (c *converter) elems(e *specElems) []Expr {
	var out []Expr
	for _, v := range e.Elems {
		out = append(out, c.add(v))
	}
	return out
}
