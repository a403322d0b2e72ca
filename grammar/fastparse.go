package grammar

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/dynexpr/dynexpr/diag"
)

// The fast parser is a hand-written recursive-descent parser for the grammar
// that the struct tags in ast.go spell out. It drives the same lexer, token by
// token, and builds exactly the tree participle builds for the same input:
// the participle grammar stays the specification, and FuzzParsersAgree checks
// the two against each other.
//
// It follows participle's way of parsing, which is a PEG: alternatives are
// tried in the order written and the first that matches wins; ?, * and
// alternatives backtrack when they fail, but only when the failed attempt read
// at most `lookahead` tokens past where it began (participle.UseLookahead(3)).
// Further than that, the failure is final and the whole parse fails. Every
// function below mirrors one production; where the production has a group or
// an alternative, the function saves p.pos and calls p.rewind on failure.

// lookahead is participle's UseLookahead: how many tokens a failed branch may
// have consumed and still let the parser try the next one.
const lookahead = 3

// maxDepth bounds the nesting of conditions, calls and values, so that no
// input can exhaust the stack (participle has no such bound).
const maxDepth = 1000

// want says what the parser expected where it failed, for the message.
type want uint8

const (
	wantNone want = iota // nothing recorded
	wantStatement
	wantTable
	wantIndexName
	wantClauseOrEnd
	wantCondition
	wantOperand
	wantValue
	wantPath
	wantProjection
	wantLimit
	wantAfter
	wantSegment
	wantOf
	wantSegmentTotal
	wantItem
	wantReturn
	wantSetAction
	wantSetEquals
	wantAddAction
	wantAddValue
	wantDeleteAction
	wantDeleteValue
	wantMapEntry
	wantMapEntryOrClose
	wantColon
	wantCommaOrCloseMap
	wantValueOrCloseList
	wantCommaOrCloseList
	wantValueOrCloseSet
	wantCommaOrCloseSet
	wantArgOrCloseCall
	wantCommaOrCloseCall
	wantCloseGroup
	wantInParen
	wantCommaOrCloseIn
	wantBetweenAnd
	wantListIndex
	wantCloseIndex
	wantTooDeep
)

// slab hands out zeroed values of T from chunks, so that a parse makes a few
// allocations per node type rather than one per node. A chunk lives as long
// as any node in it; slabs belong to one parse and are never shared.
type slab[T any] []T

func (s *slab[T]) alloc() *T { return s.get(4) }

// get is alloc with the size of the first chunk: small for the big nodes
// that a statement has few of.
func (s *slab[T]) get(first int) *T {
	if len(*s) == cap(*s) {
		n := 2 * cap(*s)
		if n < first {
			n = first
		} else if n > 256 {
			n = 256
		}
		*s = make([]T, 0, n)
	}
	*s = (*s)[:len(*s)+1]
	return &(*s)[len(*s)-1]
}

// many returns a copy of vals carved from a chunk, with capacity its
// length: appending to it copies, so slices never share elements. The lists
// are built in small arrays on the stack and copied here once.
func (s *slab[T]) many(vals []T) []T {
	n := len(vals)
	if cap(*s)-len(*s) < n {
		c := 2 * cap(*s)
		if c < 8 {
			c = 8
		} else if c > 256 {
			c = 256
		}
		if c < n {
			c = n
		}
		*s = make([]T, 0, c)
	}
	i := len(*s)
	*s = append(*s, vals...)
	return (*s)[i : i+n : i+n]
}

// firstChunk holds the nodes of a typical statement, so that parsing one
// makes a single allocation for its tree; the slabs start in it and go on in
// chunks of their own.
type firstChunk struct {
	file       [1]File
	statement  [1]Statement
	table      [1]TableRef
	ident      [1]Ident
	clause     [6]Clause
	cond       [2]Condition
	and        [2]AndCondition
	not        [2]NotCondition
	compare    [2]Comparison
	operand    [6]Operand
	call       [1]Call
	path       [6]Path
	name       [6]PathName
	step       [2]PathStep
	value      [4]Value
	str        [4]string
	setAction  [2]SetAction
	stmtList   [1]*Statement
	clauseList [6]*Clause
	orList     [2]*AndCondition
	andList    [2]*NotCondition
	opList     [2]*Operand
	pathList   [2]*Path
	stepList   [2]*PathStep
	setList    [2]*SetAction
}

func (p *fastParser) initSlabs() {
	c := new(firstChunk)
	p.files, p.statements, p.tables, p.idents = c.file[:0], c.statement[:0], c.table[:0], c.ident[:0]
	p.clauses, p.conds, p.ands, p.nots, p.compares = c.clause[:0], c.cond[:0], c.and[:0], c.not[:0], c.compare[:0]
	p.operands, p.calls, p.paths, p.names, p.steps = c.operand[:0], c.call[:0], c.path[:0], c.name[:0], c.step[:0]
	p.values, p.strs, p.setActions = c.value[:0], c.str[:0], c.setAction[:0]
	p.stmtList, p.clauseList, p.orList, p.andList = c.stmtList[:0], c.clauseList[:0], c.orList[:0], c.andList[:0]
	p.opList, p.pathList, p.stepList, p.setList = c.opList[:0], c.pathList[:0], c.stepList[:0], c.setList[:0]
}

type fastParser struct {
	lex dxLexer
	// The tokens lexed and not yet dropped, n of them: the first in buf, the
	// rest in more (buf is not sliced, so that the parser can live on the
	// stack). Token i here is token number base+i of the input.
	n      int
	inBuf  int // min(n, len(buf))
	more   []lexer.Token
	base   int
	pos    int // the next token
	eof    lexer.Token
	lexErr error
	fatal  bool // the parse has failed for good (a lexical error, or a branch that read too far)
	depth  int

	verb       string // of the statement being parsed, for messages
	lastClause string // the last clause parsed in it

	// The failure that got furthest into the input, reported if the parse fails.
	errAt   int // token number, -1 for none
	errTok  lexer.Token
	errWant want
	errVerb string
	errLast string
	errHint bool // at a statement's first word: mention labels

	buf [16]lexer.Token

	files       slab[File]
	statements  slab[Statement]
	tables      slab[TableRef]
	idents      slab[Ident]
	clauses     slab[Clause]
	conds       slab[Condition]
	ands        slab[AndCondition]
	nots        slab[NotCondition]
	compares    slab[Comparison]
	operands    slab[Operand]
	calls       slab[Call]
	paths       slab[Path]
	names       slab[PathName]
	steps       slab[PathStep]
	values      slab[Value]
	strs        slab[string]
	lists       slab[List]
	maps        slab[Map]
	entries     slab[MapEntry]
	sets        slab[SetValue]
	projections slab[Projection]
	numbers     slab[Number]
	afters      slab[After]
	segments    slab[Segment]
	setActions  slab[SetAction]
	addActions  slab[AddAction]
	delActions  slab[DeleteAction]

	stmtList   slab[*Statement]
	clauseList slab[*Clause]
	orList     slab[*AndCondition]
	andList    slab[*NotCondition]
	opList     slab[*Operand]
	pathList   slab[*Path]
	stepList   slab[*PathStep]
	valueList  slab[*Value]
	entryList  slab[*MapEntry]
	setList    slab[*SetAction]
	addList    slab[*AddAction]
	delList    slab[*DeleteAction]
}

// parseFast parses src into the tree participle would build (before
// resolveStatement). A lexical error is returned as the lexer's *LexError,
// as participle returns it; a syntax error as a *diag.Error.
func parseFast(file, src string) (*File, error) {
	var p fastParser
	p.lex = *newLexer(file, src)
	p.errAt = -1
	p.initSlabs()
	f := p.file()
	if p.lexErr != nil {
		return nil, p.lexErr
	}
	if f == nil || p.fatal {
		return nil, p.syntaxError()
	}
	return f, nil
}

// ---- tokens

// tok returns token i of those kept.
func (p *fastParser) tok(i int) *lexer.Token {
	if i < len(p.buf) {
		return &p.buf[i]
	}
	return &p.more[i-len(p.buf)]
}

// peek returns the next token, lexing it if needed. After a lexical error it
// returns an EOF token, and the parse is over. The pointer is valid until the
// next call that may lex.
func (p *fastParser) peek() *lexer.Token {
	if i := p.pos; i < p.inBuf {
		return &p.buf[i]
	}
	return p.lexTo(p.pos)
}

// peekAt returns the token k places after the next.
func (p *fastParser) peekAt(k int) *lexer.Token {
	if i := p.pos + k; i < p.inBuf {
		return &p.buf[i]
	}
	return p.lexTo(p.pos + k)
}

// lexTo returns token i, lexing up to it if needed.
func (p *fastParser) lexTo(i int) *lexer.Token {
	for p.n <= i {
		if p.lexErr != nil {
			return &p.eof
		}
		if p.n > 0 && p.tok(p.n-1).Type == tokEOF {
			return p.tok(p.n - 1)
		}
		// The lexer writes the token into its slot, which is counted only
		// if it is one.
		var slot *lexer.Token
		if p.n < len(p.buf) {
			slot = &p.buf[p.n]
		} else {
			if len(p.more) == cap(p.more) {
				grown := make([]lexer.Token, len(p.more), max(2*cap(p.more), 2*len(p.buf)))
				copy(grown, p.more)
				p.more = grown
			}
			slot = &p.more[:len(p.more)+1][len(p.more)]
		}
		var err error
		*slot, err = p.lex.Next()
		if err != nil {
			p.lexErr = err
			p.fatal = true
			p.eof = lexer.Token{Type: tokEOF, Pos: p.lex.pos()}
			return &p.eof
		}
		if p.n < len(p.buf) {
			p.inBuf = p.n + 1
		} else {
			p.more = p.more[:len(p.more)+1]
		}
		p.n++
	}
	return p.tok(i)
}

// lexedAll reports whether the lexer has reached the end.
func (p *fastParser) lexedAll() bool {
	return p.lexErr != nil || p.n > 0 && p.tok(p.n-1).Type == tokEOF
}

// compact drops the tokens before the next one. Nothing backtracks past a
// statement's start; nor, once a statement has a clause, past the start of
// its next clause: from there the statement either ends where the clauses
// end, or fails for good.
func (p *fastParser) compact() {
	if p.pos == 0 {
		return
	}
	keep := p.n - p.pos
	for i := 0; i < keep; i++ {
		*p.tok(i) = *p.tok(i + p.pos)
	}
	p.n = keep
	if keep > len(p.buf) {
		p.more = p.more[:keep-len(p.buf)]
		p.inBuf = len(p.buf)
	} else {
		p.more = p.more[:0]
		p.inBuf = keep
	}
	p.base += p.pos
	p.pos = 0
}

// rewind ends a failed branch that began at start: it reports whether the
// parser may go on with the next alternative (from start), or must fail,
// because participle does not backtrack over more than lookahead tokens.
func (p *fastParser) rewind(start int) bool {
	if p.fatal {
		return false
	}
	if p.pos > start+lookahead {
		p.fatal = true
		return false
	}
	p.pos = start
	return true
}

// enter counts one more level of nesting (the caller decrements p.depth on
// the way out); past maxDepth the parse fails.
func (p *fastParser) enter() bool {
	if p.fatal {
		return false
	}
	p.depth++
	if p.depth > maxDepth {
		p.errAt, p.errTok, p.errWant = 1<<62, *p.peek(), wantTooDeep // nothing overrides it
		p.fatal = true
		return false
	}
	return true
}

// isKw reports whether t is the keyword kw: participle's literal "kw", which
// matches an Ident case-insensitively (participle.CaseInsensitive("Ident"))
// and any other token exactly.
func isKw(t *lexer.Token, kw string) bool {
	if t.Type == tokIdent {
		return foldEq(t.Value, kw)
	}
	return t.Value == kw
}

// foldEq reports whether word equals the lower-case keyword kw, ignoring
// case. Ident tokens are ASCII, and every keyword is lower-case letters, so
// setting bit 0x20 folds exactly the letters (what strings.EqualFold does
// for them).
func foldEq(word, kw string) bool {
	if len(word) != len(kw) {
		return false
	}
	for i := 0; i < len(kw); i++ {
		if word[i]|0x20 != kw[i] {
			return false
		}
	}
	return true
}

func isVerb(t *lexer.Token) bool {
	switch len(t.Value) {
	case 3:
		return isKw(t, "get") || isKw(t, "put")
	case 4:
		return isKw(t, "scan")
	case 5:
		return isKw(t, "query")
	case 6:
		return isKw(t, "update") || isKw(t, "delete")
	}
	return false
}

// clauseWord returns the clause keyword t is (lower case), or "".
func clauseWord(t *lexer.Token) string {
	if t.Type != tokIdent && t.Type != tokName || len(t.Value) < 2 {
		return ""
	}
	var words []string
	switch t.Value[0] | 0x20 {
	case 'a':
		words = []string{"asc", "after", "add"}
	case 'c':
		words = []string{"consistent"}
	case 'd':
		words = []string{"desc", "delete"}
	case 'f':
		words = []string{"filter"}
	case 'i':
		words = []string{"index", "item", "if"}
	case 'k':
		words = []string{"key"}
	case 'l':
		words = []string{"limit"}
	case 'r':
		words = []string{"return", "remove"}
	case 's':
		words = []string{"select", "segment", "set"}
	default:
		return ""
	}
	for _, w := range words {
		if isKw(t, w) {
			return w
		}
	}
	return ""
}

func isCompareOp(v string) bool {
	switch v {
	case "=", "<>", "<=", ">=", "<", ">":
		return true
	}
	return false
}

// ---- errors

// want records that the parser expected w at the next token, if no failure
// got as far; it reports whether it did.
func (p *fastParser) want(w want) bool {
	at := p.base + p.pos
	if at <= p.errAt {
		return false
	}
	p.errAt = at
	p.errTok = *p.peek()
	p.errWant = w
	p.errVerb = p.verb
	p.errLast = p.lastClause
	p.errHint = false
	return true
}

// trailing records the failure at a token the parse could not go past: a
// deeper failure explains it better, if there is one (participle's
// DeepestError).
func (p *fastParser) trailing(afterStatement bool) {
	at := p.base + p.pos
	if p.errAt > at {
		return
	}
	p.errAt = -1
	if afterStatement {
		p.want(wantClauseOrEnd)
		return
	}
	p.want(wantStatement)
	p.errHint = p.errTok.Type == tokIdent // at a statement's first word
}

func (p *fastParser) syntaxError() error {
	// participle lexes the whole input before it parses: a lexical error
	// anywhere is the error.
	if !p.lexedAll() {
		for {
			tok, err := p.lex.Next()
			if err != nil {
				return err
			}
			if tok.Type == tokEOF {
				break
			}
		}
	}
	if p.lexErr != nil {
		return p.lexErr
	}
	if p.errWant == wantNone { // every failure records what it wanted; this is a safety net
		p.errTok = *p.peek()
	}
	t := p.errTok
	if p.errWant == wantTooDeep {
		return &diag.Error{Pos: ToPos(t.Pos), Msg: fmt.Sprintf("too deeply nested: more than %d levels of parentheses, brackets or calls", maxDepth)}
	}
	what := p.describeWant()
	if t.Type == tokEOF {
		return &diag.Error{Pos: ToPos(t.Pos), Msg: "unexpected end of input; expected " + what}
	}
	return &diag.Error{Pos: ToPos(t.Pos), Msg: fmt.Sprintf("unexpected %q; expected %s", t.Value, what)}
}

const (
	msgValue   = `a value ("text", 42, true, null, [..], {..}, <<..>>, $param)`
	msgOperand = msgValue + ` or an attribute name`
	msgPath    = "an attribute name (bare, or in backticks: `my-name`)"
)

func (p *fastParser) describeWant() string {
	switch p.errWant {
	case wantStatement:
		s := "a statement: query, scan, get, put, update or delete"
		if p.errHint {
			s += fmt.Sprintf(" (a label is written %s: query ...)", p.errTok.Value)
		}
		return s
	case wantTable:
		return "a table name (bare, like my-table.v2, or in backticks)"
	case wantIndexName:
		return "an index name, like index open-tickets-index"
	case wantClauseOrEnd:
		kind := kindOf(p.errVerb)
		s := fmt.Sprintf(`a clause of %s (%s) or ";"`, strings.ToLower(p.errVerb), clauseWordsOf(kind))
		switch p.errLast {
		case "set", "remove", "add", "delete":
			s = `"," and another ` + p.errLast + " action, " + s
		case "key", "filter", "if":
			s = "and, or, " + s
		}
		return s
	case wantCondition:
		return `a condition, like attr = "value" or attribute_exists(attr)`
	case wantOperand:
		return msgOperand
	case wantValue:
		return msgValue
	case wantPath:
		return msgPath
	case wantProjection:
		return "attribute names, or count, all or projected"
	case wantLimit:
		return "a whole number, like limit 25"
	case wantAfter:
		return `the key to start after: a map like {id: "a91f"}, or id = "a91f"`
	case wantSegment:
		return "the segment to read, like segment 0 of 4"
	case wantOf:
		return `"of" and the number of segments, like segment 0 of 4`
	case wantSegmentTotal:
		return "the number of segments, like segment 0 of 4"
	case wantItem:
		return `the item as a map, like item {id: "a91f", subject: "printer"}`
	case wantReturn:
		if kindOf(p.errVerb) == KindUpdate {
			return "what to return: none, old, new, updated_old or updated_new"
		}
		return "what to return: none or old"
	case wantSetAction:
		return `an assignment, like set status = "done"`
	case wantSetEquals:
		return `"=" and the new value, like set status = "done"`
	case wantAddAction:
		return `an attribute and the value to add, like add views 1`
	case wantAddValue:
		return `the value to add: a number, or a set like <<"x">>`
	case wantDeleteAction:
		return `an attribute and the elements to delete, like delete tags <<"x">>`
	case wantDeleteValue:
		return `the elements to delete, as a set like <<"x">>`
	case wantMapEntry:
		return `a map entry, like name: value`
	case wantMapEntryOrClose:
		return `a map entry, like name: value, or "}"`
	case wantColon:
		return `":" and a value, like name: value`
	case wantCommaOrCloseMap:
		return `"," or "}"`
	case wantValueOrCloseList:
		return msgValue + ` or "]"`
	case wantCommaOrCloseList:
		return `"," or "]"`
	case wantValueOrCloseSet:
		return msgValue + ` or ">>"`
	case wantCommaOrCloseSet:
		return `"," or ">>"`
	case wantArgOrCloseCall:
		return `an argument or ")"`
	case wantCommaOrCloseCall:
		return `"," or ")"`
	case wantCloseGroup:
		return `")"`
	case wantInParen:
		return `"(" and a list, like in ("a", "b")`
	case wantCommaOrCloseIn:
		return `"," or ")"`
	case wantBetweenAnd:
		return `"and" and the upper bound, like between 1 and 9`
	case wantListIndex:
		return "a list index, like [2]"
	case wantCloseIndex:
		return `"]" after the list index, like [2]`
	}
	return "something else" // not reached: every want has its words
}

// clauseWordsOf lists the clauses a statement of kind k takes.
func clauseWordsOf(k Kind) string {
	var b strings.Builder
	for i, kw := range clauseKinds[k] {
		if i > 0 {
			b.WriteString(", ")
		}
		if kw == "order" {
			kw = "asc, desc"
		}
		b.WriteString(kw)
	}
	return b.String()
}

// ---- productions, in the order of ast.go

// File: @@? ( ";" @@? )*
func (p *fastParser) file() *File {
	f := p.files.get(1)
	f.Pos = p.peek().Pos
	var buf [8]*Statement
	stmts := buf[:0]
	start := p.pos
	st := p.statement()
	if st != nil {
		stmts = append(stmts, st)
	} else if !p.rewind(start) {
		return nil
	}
	ok := st != nil
	for {
		p.compact()
		if p.peek().Value != ";" {
			break
		}
		p.pos++
		start := p.pos
		st := p.statement()
		if st != nil {
			stmts = append(stmts, st)
		} else if !p.rewind(start) {
			return nil
		}
		ok = st != nil
	}
	if p.peek().Type != tokEOF {
		p.trailing(ok)
		return nil
	}
	if len(stmts) > 0 {
		f.Statements = p.stmtList.many(stmts)
	}
	return f
}

// Statement: ( @@ ":" )? @( "query" | ... ) @@ @@*
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
	if !isVerb(t) {
		if p.want(wantStatement) && label == nil {
			p.errHint = p.errTok.Type == tokIdent
		}
		return nil
	}
	verb := t.Value
	p.verb, p.lastClause = verb, ""
	p.pos++
	t = p.peek()
	if t.Type != tokName && t.Type != tokQuoted && t.Type != tokIdent {
		p.want(wantTable)
		return nil
	}
	table := p.tables.get(1)
	table.Pos, table.Raw = t.Pos, t.Value
	p.pos++
	var buf [8]*Clause
	clauses := buf[:0]
	for {
		if len(clauses) > 0 {
			p.compact()
		}
		start := p.pos
		c := p.clause()
		if c == nil {
			if !p.rewind(start) {
				return nil
			}
			break
		}
		clauses = append(clauses, c)
	}
	st := p.statements.get(1)
	st.Pos, st.Label, st.Verb, st.Table = pos, label, verb, table
	if len(clauses) > 0 {
		st.Clauses = p.clauseList.many(clauses)
	}
	st.EndPos = p.peek().Pos
	return st
}

// tableRef: @( Name | Quoted | Ident )
func (p *fastParser) tableRef() *TableRef {
	t := p.peek()
	if t.Type != tokName && t.Type != tokQuoted && t.Type != tokIdent {
		return nil
	}
	r := p.tables.get(1)
	r.Pos, r.Raw = t.Pos, t.Value
	p.pos++
	return r
}

// Clause: one alternative per keyword; only the one whose keyword stands
// here can match.
func (p *fastParser) clause() *Clause {
	t := p.peek()
	kw := clauseWord(t)
	if kw == "" {
		return nil
	}
	pos := t.Pos
	p.pos++
	c := p.clauses.alloc()
	c.Pos = pos
	switch kw {
	case "index":
		if c.Index = p.tableRef(); c.Index == nil {
			p.want(wantIndexName)
			return nil
		}
	case "key", "filter", "if":
		cond := p.condition()
		if cond == nil {
			p.want(wantCondition)
			return nil
		}
		switch kw {
		case "key":
			c.Key = cond
		case "filter":
			c.Filter = cond
		default:
			c.If = cond
		}
	case "select":
		if c.Select = p.projection(); c.Select == nil {
			p.want(wantProjection)
			return nil
		}
	case "asc":
		c.Asc = true
	case "desc":
		c.Desc = true
	case "consistent":
		c.Consistent = true
	case "limit":
		if c.Limit = p.number(); c.Limit == nil {
			p.want(wantLimit)
			return nil
		}
	case "after":
		if c.After = p.after(); c.After == nil {
			p.want(wantAfter)
			return nil
		}
	case "segment":
		if c.Segment = p.segment(); c.Segment == nil {
			p.want(wantSegment)
			return nil
		}
	case "item":
		if c.Item = p.value(); c.Item == nil {
			p.want(wantItem)
			return nil
		}
	case "return":
		t := p.peek()
		if t.Type != tokIdent {
			p.want(wantReturn)
			return nil
		}
		id := p.idents.get(1)
		id.Pos, id.Name = t.Pos, t.Value
		p.pos++
		c.Return = id
	case "set":
		list, ok := commaList(p, &p.setList, p.setAction, wantSetAction)
		if !ok {
			return nil
		}
		c.Set = list
	case "remove":
		list, ok := commaList(p, &p.pathList, p.path, wantPath)
		if !ok {
			return nil
		}
		c.Remove = list
	case "add":
		list, ok := commaList(p, &p.addList, p.addAction, wantAddAction)
		if !ok {
			return nil
		}
		c.Add = list
	case "delete":
		list, ok := commaList(p, &p.delList, p.deleteAction, wantDeleteAction)
		if !ok {
			return nil
		}
		c.Delete = list
	}
	p.lastClause = kw
	return c
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
	first := item()
	if first == nil {
		p.want(w)
		return nil, false
	}
	return sepList(p, s, first, ",", item, w)
}

// Condition: @@ ( "or" @@ )*
func (p *fastParser) condition() *Condition {
	pos := p.peek().Pos
	a := p.andCondition()
	if a == nil {
		return nil
	}
	or, ok := sepList(p, &p.orList, a, "or", p.andCondition, wantCondition)
	if !ok {
		return nil
	}
	c := p.conds.get(2)
	c.Pos, c.Or = pos, or
	return c
}

// AndCondition: @@ ( "and" @@ )*
func (p *fastParser) andCondition() *AndCondition {
	pos := p.peek().Pos
	n := p.notCondition()
	if n == nil {
		return nil
	}
	and, ok := sepList(p, &p.andList, n, "and", p.notCondition, wantCondition)
	if !ok {
		return nil
	}
	a := p.ands.get(2)
	a.Pos, a.And = pos, and
	return a
}

// NotCondition: "not" @@ | "(" @@ ")" | @@
func (p *fastParser) notCondition() *NotCondition {
	if !p.enter() {
		return nil
	}
	n := p.notCondition1()
	p.depth--
	return n
}

func (p *fastParser) notCondition1() *NotCondition {
	t := p.peek()
	pos := t.Pos
	start := p.pos
	if isKw(t, "not") {
		p.pos++
		if inner := p.notCondition(); inner != nil {
			n := p.nots.alloc()
			n.Pos, n.Not = pos, inner
			return n
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
			n := p.nots.alloc()
			n.Pos, n.Group = pos, g
			return n
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
	n := p.nots.alloc()
	n.Pos, n.Compare = pos, c
	return n
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
			p.want(wantOperand)
			if !p.rewind(start) {
				return nil
			}
			return c
		}
		c.Op, c.Right = op, r
	case isKw(t, "between"):
		p.pos++
		low := p.operand()
		if low == nil {
			p.want(wantOperand)
			if !p.rewind(start) {
				return nil
			}
			return c
		}
		if !isKw(p.peek(), "and") {
			p.want(wantBetweenAnd)
			if !p.rewind(start) {
				return nil
			}
			return c
		}
		p.pos++
		high := p.operand()
		if high == nil {
			p.want(wantOperand)
			if !p.rewind(start) {
				return nil
			}
			return c
		}
		c.Low, c.High = low, high
	case isKw(t, "in"):
		p.pos++
		if p.peek().Value != "(" {
			p.want(wantInParen)
			if !p.rewind(start) {
				return nil
			}
			return c
		}
		p.pos++
		first := p.operand()
		if first == nil {
			p.want(wantOperand)
			if !p.rewind(start) {
				return nil
			}
			return c
		}
		list, ok := sepList(p, &p.opList, first, ",", p.operand, wantOperand)
		if !ok {
			return nil
		}
		if p.peek().Value != ")" {
			p.want(wantCommaOrCloseIn)
			if !p.rewind(start) {
				return nil
			}
			return c
		}
		p.pos++
		c.In = list
	}
	return c
}

// Operand: @@ (Call) | @@ (Value) | @@ (Path)
func (p *fastParser) operand() *Operand {
	if !p.enter() {
		return nil
	}
	o := p.operand1()
	p.depth--
	return o
}

func (p *fastParser) operand1() *Operand {
	t := p.peek()
	pos := t.Pos
	start := p.pos
	// A call is an Ident and "("; without the "(" it fails one token in,
	// which participle backtracks over.
	if t.Type == tokIdent && p.peekAt(1).Value == "(" {
		if c := p.call(); c != nil {
			o := p.operands.alloc()
			o.Pos, o.Call = pos, c
			return o
		}
		if !p.rewind(start) {
			return nil
		}
	}
	if v := p.value(); v != nil {
		o := p.operands.alloc()
		o.Pos, o.Value = pos, v
		return o
	}
	if !p.rewind(start) {
		return nil
	}
	if path := p.path(); path != nil {
		o := p.operands.alloc()
		o.Pos, o.Path = pos, path
		return o
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
	if len(steps) > 0 {
		path.Steps = p.stepList.many(steps)
	}
	return path
}

// step: "." @@ | "[" @Number "]", at a "." or "["
func (p *fastParser) step() *PathStep {
	t := p.peek()
	pos := t.Pos
	if t.Value == "." {
		p.pos++
		n := p.pathName()
		if n == nil {
			p.want(wantPath)
			return nil
		}
		s := p.steps.alloc()
		s.Pos, s.Field = pos, n
		return s
	}
	p.pos++
	t = p.peek()
	if t.Type != tokNumber {
		p.want(wantListIndex)
		return nil
	}
	idx := t.Value
	p.pos++
	if p.peek().Value != "]" {
		p.want(wantCloseIndex)
		return nil
	}
	p.pos++
	s := p.steps.alloc()
	s.Pos, s.Index = pos, idx
	return s
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

// Value: @String | @Binary | @Number | @("true" | "false") | @"null" |
// @Param | "[" @@ | "{" @@ | "<<" @@
func (p *fastParser) value() *Value {
	if !p.enter() {
		return nil
	}
	v := p.value1()
	p.depth--
	return v
}

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

// items parses ( @@ ( "," @@ )* )? of values, then the closing token.
func (p *fastParser) items(close string, wantFirst, wantNext want) ([]*Value, bool) {
	var buf [8]*Value
	items := buf[:0]
	start := p.pos
	if v := p.value(); v != nil {
		items = append(items, v)
		for {
			s := p.pos
			if p.peek().Value != "," {
				break
			}
			p.pos++
			v := p.value()
			if v == nil {
				p.want(wantValue)
				if !p.rewind(s) {
					return nil, false
				}
				break
			}
			items = append(items, v)
		}
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
	return p.valueList.many(items), true
}

// List: ( @@ ( "," @@ )* )? "]", after the "["
func (p *fastParser) list() *List {
	pos := p.peek().Pos
	items, ok := p.items("]", wantValueOrCloseList, wantCommaOrCloseList)
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
	items, ok := p.items(">>", wantValueOrCloseSet, wantCommaOrCloseSet)
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
	var buf [8]*MapEntry
	entries := buf[:0]
	start := p.pos
	if e := p.mapEntry(); e != nil {
		entries = append(entries, e)
		for {
			s := p.pos
			if p.peek().Value != "," {
				break
			}
			p.pos++
			e := p.mapEntry()
			if e == nil {
				p.want(wantMapEntry)
				if !p.rewind(s) {
					return nil
				}
				break
			}
			entries = append(entries, e)
		}
	} else if !p.rewind(start) {
		return nil
	}
	if p.peek().Value != "}" {
		if len(entries) == 0 {
			p.want(wantMapEntryOrClose)
		} else {
			p.want(wantCommaOrCloseMap)
		}
		return nil
	}
	p.pos++
	m := p.maps.alloc()
	m.Pos = pos
	if len(entries) > 0 {
		m.Entries = p.entryList.many(entries)
	}
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
		if !p.enter() {
			return nil
		}
		m := p.mapBody()
		p.depth--
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

// AddAction: @@ @@
func (p *fastParser) addAction() *AddAction {
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
		p.want(wantAddValue)
		return nil
	}
	a := p.addActions.get(2)
	a.Pos, a.Path, a.Minus, a.Value = pos, path, minus, v
	return a
}

// DeleteAction: @@ @@
func (p *fastParser) deleteAction() *DeleteAction {
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
		p.want(wantDeleteValue)
		return nil
	}
	a := p.delActions.get(2)
	a.Pos, a.Path, a.Minus, a.Value = pos, path, minus, v
	return a
}
