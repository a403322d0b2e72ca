package grammar

import (
	"io"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/dynexpr/dynexpr/diag"
)

// The grammar's executable specification: the DSL written as participle
// struct tags, each struct's tags its production, and participle's parser
// over the package's lexer. The hand-written parser (parser_core.go and
// parse_*.go) must build, for every input, exactly the tree that this one
// builds and toProduction converts (TestFastMatchesParticiple,
// FuzzParsersAgree). Keeping it in a test file keeps participle out of the
// production binary.

type specFile struct {
	Pos        lexer.Position
	Statements []*specStatement `@@? ( ";" @@? )*`
}

type specStatement struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Label   *specIdent    `( @@ ":" )?`
	Group   *specGroup    `( @@`
	Verb    string        ` | @( "query" | "scan" | "get" | "put" | "update" | "delete" | "check" )`
	Table   *specTableRef `  @@`
	Clauses []*specClause `  @@* )`
}

// specGroup is transact write, transact get, batch get or batch write:
// its head's clauses, then its members in braces.
type specGroup struct {
	Verb    string        `@( "transact" | "batch" )`
	Mode    *specMode     `@@`
	Clauses []*specClause `@@*`
	Block   *specBlock    `@@`
}

type specMode struct {
	Pos  lexer.Position
	Name string `@( "write" | "get" )`
}

type specBlock struct {
	Pos     lexer.Position
	Members []*specMember `"{" @@? ( ";" @@? )* "}"`
}

// specMember is a group's member: a request without a label.
type specMember struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Verb    string        `@( "query" | "scan" | "get" | "put" | "update" | "delete" | "check" )`
	Table   *specTableRef `@@`
	Clauses []*specClause `@@*`
}

type specIdent struct {
	Pos  lexer.Position
	Name string `@Ident`
}

type specTableRef struct {
	Pos lexer.Position
	Raw string `@( Name | Quoted | Ident | Param )`
}

// specClause has one alternative per clause of the clause table.
type specClause struct {
	Pos        lexer.Position
	Index      *specTableRef      `(  "index" @@`
	Key        *specCondition     ` | "key" @@`
	Filter     *specCondition     ` | "filter" @@`
	Select     *specProjection    ` | "select" @@`
	Asc        bool               ` | @"asc"`
	Desc       bool               ` | @"desc"`
	Limit      *specNumber        ` | "limit" @@`
	Consistent bool               ` | @"consistent"`
	After      *specAfter         ` | "after" @@`
	Segment    *specSegment       ` | "segment" @@`
	Item       *specValue         ` | "item" @@`
	If         *specCondition     ` | "if" @@`
	Return     *specIdent         ` | "return" @@`
	OnFailure  *specIdent         ` | "return_on_failure" @@`
	Token      *specValue         ` | "token" @@`
	Capacity   *specIdent         ` | "capacity" @@`
	Metrics    bool               ` | @"metrics"`
	Set        []*specSetAction   ` | "set" @@ ( "," @@ )*`
	Remove     []*specPath        ` | "remove" @@ ( "," @@ )*`
	Add        []*specValueAction ` | "add" @@ ( "," @@ )*`
	Delete     []*specValueAction ` | "delete" @@ ( "," @@ )* )`
}

type specCondition struct {
	Pos lexer.Position
	Or  []*specAndCondition `@@ ( "or" @@ )*`
}

type specAndCondition struct {
	Pos lexer.Position
	And []*specNotCondition `@@ ( "and" @@ )*`
}

type specNotCondition struct {
	Pos     lexer.Position
	Not     *specNotCondition `(  "not" @@`
	Group   *specCondition    ` | "(" @@ ")"`
	Compare *specComparison   ` | @@ )`
}

type specComparison struct {
	Pos   lexer.Position
	Left  *specOperand   `@@`
	Op    string         `( @( "=" | "<>" | "<=" | ">=" | "<" | ">" )`
	Right *specOperand   `  @@`
	Low   *specOperand   `| "between" @@`
	High  *specOperand   `  "and" @@`
	In    []*specOperand `| "in" "(" @@ ( "," @@ )* ")" )?`
}

type specOperand struct {
	Pos   lexer.Position
	Call  *specCall  `(  @@`
	Value *specValue ` | @@`
	Path  *specPath  ` | @@ )`
}

type specCall struct {
	Pos  lexer.Position
	Func string         `@Ident "("`
	Args []*specOperand `( @@ ( "," @@ )* )? ")"`
}

type specPath struct {
	Pos   lexer.Position
	First *specPathName   `@@`
	Steps []*specPathStep `@@*`
}

type specPathName struct {
	Pos    lexer.Position
	Ident  string `(  @Ident`
	Quoted string ` | @Quoted )`
}

type specPathStep struct {
	Pos   lexer.Position
	Field *specPathName `(  "." @@`
	Index string        ` | "[" @Number "]" )`
}

type specValue struct {
	Pos    lexer.Position
	String *string       `(  @String`
	Binary *string       ` | @Binary`
	Number *string       ` | @Number`
	Bool   string        ` | @( "true" | "false" )`
	Null   bool          ` | @"null"`
	Param  *string       ` | @Param`
	List   *specList     ` | "[" @@`
	Map    *specMap      ` | "{" @@`
	Set    *specSetValue ` | "<<" @@ )`
}

type specList struct {
	Pos   lexer.Position
	Items []*specValue `( @@ ( "," @@ )* )? "]"`
}

type specMap struct {
	Pos     lexer.Position
	Entries []*specMapEntry `( @@ ( "," @@ )* )? "}"`
}

type specMapEntry struct {
	Pos    lexer.Position
	RawKey string     `@( Ident | String | Quoted ) ":"`
	Value  *specValue `@@`
}

type specSetValue struct {
	Pos   lexer.Position
	Items []*specValue `( @@ ( "," @@ )* )? ">>"`
}

type specProjection struct {
	Pos       lexer.Position
	Count     bool        `(  @"count"`
	All       bool        ` | @"all"`
	Projected bool        ` | @"projected"`
	Paths     []*specPath ` | @@ ( "," @@ )* )`
}

type specNumber struct {
	Pos  lexer.Position
	Text string `@Number`
}

type specAfter struct {
	Pos lexer.Position
	Map *specMap       `(  "{" @@`
	Key *specCondition ` | @@ )`
}

type specSegment struct {
	Pos   lexer.Position
	Index *specNumber `@@ "of"`
	Total *specNumber `@@`
}

type specSetAction struct {
	Pos   lexer.Position
	Path  *specPath    `@@ "="`
	Left  *specOperand `@@`
	Op    string       `( @( "+" | "-" )`
	Right *specOperand `  @@ )?`
}

type specValueAction struct {
	Pos   lexer.Position
	Path  *specPath  `@@`
	Minus bool       `@"-"?`
	Value *specValue `@@`
}

// buildParser builds participle's parser for the spec. It is built on
// first use: building walks the whole grammar by reflection.
var buildParser = sync.OnceValue(func() *participle.Parser[specFile] {
	return participle.MustBuild[specFile](
		participle.Lexer(specLexDef{}),
		participle.CaseInsensitive("Ident"),
		participle.UseLookahead(lookahead),
	)
})

// parseParticiple parses src with the spec: the tree participle builds,
// converted to the production AST (resolveStatement not run), or its error
// as a *diag.Error.
func parseParticiple(file, src string) (f *File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, diag.Errorf(diag.Pos{File: file}, "cannot parse this input (%v)", r)
		}
	}()
	sf, err := buildParser().ParseString(file, src)
	if err != nil {
		return nil, convertError(file, src, err)
	}
	return sf.toProduction(), nil
}

// ---- the lexer, as participle takes it

var specSymbols = map[string]lexer.TokenType{
	"EOF":    lexer.TokenType(tokEOF),
	"Ident":  lexer.TokenType(tokIdent),
	"Name":   lexer.TokenType(tokName),
	"Quoted": lexer.TokenType(tokQuoted),
	"String": lexer.TokenType(tokString),
	"Binary": lexer.TokenType(tokBinary),
	"Number": lexer.TokenType(tokNumber),
	"Param":  lexer.TokenType(tokParam),
	"Punct":  lexer.TokenType(tokPunct),
}

type specLexDef struct{}

func (specLexDef) Symbols() map[string]lexer.TokenType { return specSymbols }

func (specLexDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return specLexer{newLexer(filename, string(b))}, nil
}

func (specLexDef) LexString(filename string, src string) (lexer.Lexer, error) {
	return specLexer{newLexer(filename, src)}, nil
}

type specLexer struct{ l *dxLexer }

func (s specLexer) Next() (lexer.Token, error) {
	t, err := s.l.Next()
	if err != nil {
		return lexer.Token{}, &specLexError{err.(*LexError)}
	}
	return lexer.Token{Type: lexer.TokenType(t.Type), Value: t.Value, Pos: lexerPos(t.Pos)}, nil
}

// specLexError is a *LexError as participle.Error, so that participle
// reports it with its position.
type specLexError struct{ *LexError }

func (e *specLexError) Message() string          { return e.Msg }
func (e *specLexError) Position() lexer.Position { return lexerPos(e.Pos) }

func lexerPos(p diag.Pos) lexer.Position {
	return lexer.Position{Filename: p.File, Offset: p.Offset, Line: p.Line, Column: p.Col}
}

func toPos(p lexer.Position) diag.Pos {
	return diag.Pos{File: p.Filename, Offset: p.Offset, Line: p.Line, Col: p.Column}
}

// ---- participle's errors in the DSL's words

func convertError(file, src string, err error) error {
	var pos diag.Pos
	msg := err.Error()
	if pe, ok := err.(participle.Error); ok {
		pos = toPos(pe.Position())
		msg = pe.Message()
	}
	if pos.File == "" {
		pos.File = file
	}
	if le, ok := err.(*specLexError); ok {
		return &diag.Error{Pos: le.Pos, Msg: le.Msg}
	}
	// A word that is not a verb where a statement starts parses as a label
	// missing its colon; say what is really expected, at the word.
	if strings.HasSuffix(msg, `(expected ":")`) {
		if start := previousWord(src, pos.Offset); start >= 0 {
			wpos := diag.PosAt(file, []byte(src), start)
			word := src[start:]
			if i := strings.IndexFunc(word, func(r rune) bool { return !isIdentChar(byte(r)) || r > 127 }); i >= 0 {
				word = word[:i]
			}
			return diag.Errorf(wpos, "unexpected %q; expected a statement: query, scan, get, put, update, delete, transact or batch (a label is written %s: query ...)", word, word)
		}
	}
	return &diag.Error{Pos: pos, Msg: friendlyMessage(msg)}
}

// previousWord returns the offset of the identifier before off, or -1.
func previousWord(src string, off int) int {
	if off > len(src) {
		off = len(src)
	}
	i := off
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	end := i
	for i > 0 && isIdentChar(src[i-1]) {
		i--
	}
	if i == end {
		return -1
	}
	return i
}

// friendlyMessage rewrites participle's messages into the DSL's words.
func friendlyMessage(msg string) string {
	msg = strings.ReplaceAll(msg, `unexpected token "<EOF>"`, "unexpected end of input")
	msg = strings.ReplaceAll(msg, "unexpected token ", "unexpected ")
	if i := strings.Index(msg, " (expected "); i >= 0 {
		want := strings.TrimSuffix(msg[i+len(" (expected "):], ")")
		msg = msg[:i] + "; expected " + describeExpected(want)
	}
	return msg
}

// describeExpected turns participle's grammar fragment into words.
func describeExpected(want string) string {
	switch {
	case strings.Contains(want, `"query"`):
		return `a statement: query, scan, get, put, update or delete`
	case strings.HasPrefix(want, "<name>") || strings.HasPrefix(want, "(<name> | <quoted>"):
		return "a table or index name"
	case strings.Contains(want, `"index"`) && strings.Contains(want, `"key"`):
		return `a clause (key, index, filter, select, limit, set, remove, ...) or ";"`
	case strings.HasSuffix(want, "Condition") || want == "specComparison":
		return msgCondition
	case want == "specOperand" || want == "specValue":
		return msgOperand
	case want == "specPath" || want == "specPathName":
		return msgPath
	case want == "specProjection":
		return "attribute names, or count, all or projected"
	case want == "specTableRef":
		return "a table or index name"
	case strings.Contains(want, "<string>") && strings.Contains(want, "<number>"):
		return msgOperand
	}
	return want
}
