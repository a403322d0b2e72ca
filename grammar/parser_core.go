package grammar

import "github.com/dynexpr/dynexpr/diag"

// The parser is a hand-written recursive-descent parser for the grammar
// that the participle struct tags in spec_test.go spell out. The spec runs
// participle over the same lexer, and its tree, converted to this package's
// AST, is exactly the tree this parser builds for the same input:
// TestFastMatchesParticiple and FuzzParsersAgree check the two against each
// other. Its files: parser_core.go (tokens, backtracking), parse_statement.go
// (statements and clauses, dispatched by the clause table in clauses.go),
// parse_condition.go (conditions, operands, paths), parse_value.go (values
// and clause bodies), parse_errors.go (what it expected, in words),
// parse_hints.go (better words for labels and PartiQL, after a failure).
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

type fastParser struct {
	lex dxLexer
	// The tokens lexed and not yet dropped, n of them: the first in buf, the
	// rest in more (buf is not sliced, so that the parser can live on the
	// stack). Token i here is token number base+i of the input.
	n      int
	inBuf  int // min(n, len(buf))
	more   []token
	base   int
	pos    int // the next token
	eof    token
	lexErr error
	fatal  bool // the parse has failed for good (a lexical error, or a branch that read too far)
	// lexUntil, when not 0, is where the input ends for a lexical error
	// (ParseEachAlone: the statement's end).
	lexUntil int
	depth    int

	kind       Kind     // of the statement being parsed, for messages
	inClause   ClauseID // the clause being parsed
	lastClause ClauseID // the last clause parsed in the statement
	inGroup    Kind     // the group whose members are being parsed, or 0

	// The failure that got furthest into the input, reported if the parse fails.
	errAt     int // token number, -1 for none
	errTok    token
	errWant   want
	errKind   Kind
	errClause ClauseID
	errLast   ClauseID
	errGroup  Kind
	errHint   bool // at a statement's first word: mention labels

	buf [16]token

	// each, when set, is given every statement as soon as it is parsed,
	// and the file keeps none (ParseEach); false stops the parse.
	each    func(*Statement) bool
	stopped bool

	slabs
}

// slabs are where a parse's nodes are made (slab.go).
type slabs struct {
	files       slab[File]
	statements  slab[Statement]
	tables      slab[TableRef]
	idents      slab[Ident]
	orders      slab[Order]
	consistents slab[Consistent]
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
	valActions  slab[ValueAction]

	stmtList        slab[*Statement]
	written         slab[ClauseAt]
	orList          slab[*AndCondition]
	andList         slab[*NotCondition]
	opList          slab[*Operand]
	pathList        slab[*Path]
	stepList        slab[*PathStep]
	valueList       slab[*Value]
	entryList       slab[*MapEntry]
	setList         slab[*SetAction]
	valueActionList slab[*ValueAction]
}

// parseFast parses src into the tree the grammar spec builds (before
// resolveStatement). A lexical error is returned as the lexer's *LexError;
// a syntax error as a *diag.Error.
func parseFast(file, src string) (*File, error) { return parseFastEach(file, src, nil) }

// parseFastEach is parseFast handing each statement to each as it is
// parsed (see fastParser.each); the file it returns then has none.
func parseFastEach(file, src string, each func(*Statement) bool) (*File, error) {
	return parseFastEachAt(src, diag.Pos{File: file, Line: 1, Col: 1}, 0, each)
}

// parseFastEachAt is parseFastEach reading src from at, a statement's
// start; a lexical error from until on (0: none) is not the parse's.
func parseFastEachAt(src string, at diag.Pos, until int, each func(*Statement) bool) (*File, error) {
	var p fastParser
	p.lex = *newLexerAt(src, at)
	p.lexUntil = until
	p.errAt = -1
	p.initSlabs()
	p.each = func(st *Statement) bool {
		if !each(st) {
			p.stopped = true
			return false
		}
		return true
	}
	if each == nil {
		p.each = nil
	}
	f := p.file()
	if p.stopped {
		return nil, nil
	}
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
func (p *fastParser) tok(i int) *token {
	if i < len(p.buf) {
		return &p.buf[i]
	}
	return &p.more[i-len(p.buf)]
}

// peek returns the next token, lexing it if needed. After a lexical error it
// returns an EOF token, and the parse is over. The pointer is valid until the
// next call that may lex.
func (p *fastParser) peek() *token {
	if i := p.pos; i < p.inBuf {
		return &p.buf[i]
	}
	return p.lexTo(p.pos)
}

// peekAt returns the token k places after the next.
func (p *fastParser) peekAt(k int) *token {
	if i := p.pos + k; i < p.inBuf {
		return &p.buf[i]
	}
	return p.lexTo(p.pos + k)
}

// lexTo returns token i, lexing up to it if needed.
func (p *fastParser) lexTo(i int) *token {
	for p.n <= i {
		if p.lexErr != nil {
			return &p.eof
		}
		if p.n > 0 && p.tok(p.n-1).Type == tokEOF {
			return p.tok(p.n - 1)
		}
		// The lexer writes the token into its slot, which is counted only
		// if it is one.
		var slot *token
		if p.n < len(p.buf) {
			slot = &p.buf[p.n]
		} else {
			if len(p.more) == cap(p.more) {
				grown := make([]token, len(p.more), max(2*cap(p.more), 2*len(p.buf)))
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
			p.eof = token{Type: tokEOF, Pos: p.lex.pos()}
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

// mark is where the parser stands, counted from the input's first token:
// a start that stays valid when compact drops tokens.
func (p *fastParser) mark() int { return p.base + p.pos }

// rewindMark is rewind for a start taken with mark, around a statement or
// a member, inside which compact may drop tokens. It drops them only after
// more than lookahead tokens of the statement or member, so a start that
// was dropped is one participle would not backtrack to either.
func (p *fastParser) rewindMark(mark int) bool {
	if mark < p.base {
		p.fatal = true
		return false
	}
	return p.rewind(mark - p.base)
}

// enter counts one more level of nesting (the caller calls leave on the
// way out); past maxDepth the parse fails.
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

// leave ends a level of nesting that enter began.
func (p *fastParser) leave() { p.depth-- }

// nested runs parse one level of nesting deeper (enter and leave around
// it): the rules that recurse go through it.
func nested[T any](p *fastParser, parse func() *T) (x *T) {
	if p.enter() {
		x = parse()
		p.leave()
	}
	return x
}

// required parses an item the grammar requires here, recording w where it
// is missing.
func required[T any](p *fastParser, item func() *T, w want) *T {
	x := item()
	if x == nil {
		p.want(w)
	}
	return x
}

// infix parses `@@ sep @@`: the first item, then sep and the second,
// which the grammar requires once the first is read (wSep or wSecond
// recorded where it is missing).
func infix[A, B any](p *fastParser, first func() *A, sep string, wSep want, second func() *B, wSecond want) (*A, *B, bool) {
	a := first()
	if a == nil || !p.expect(sep, wSep) {
		return nil, nil, false
	}
	b := required(p, second, wSecond)
	return a, b, b != nil
}

// expect reads tok (a keyword or punctuation, as isKw matches it) where
// the grammar requires it, recording w where it is not there.
func (p *fastParser) expect(tok string, w want) bool {
	if !isKw(p.peek(), tok) {
		p.want(w)
		return false
	}
	p.pos++
	return true
}

// isKw reports whether t is the keyword kw: participle's literal "kw", which
// matches an Ident case-insensitively (participle.CaseInsensitive("Ident"))
// and any other token exactly.
func isKw(t *token, kw string) bool {
	if t.Type == tokIdent {
		return foldEq(t.Value, kw)
	}
	return t.Value == kw
}

// foldEq reports whether word equals the lower-case keyword kw, ignoring
// case. Ident tokens are ASCII, and keywords are lower-case letters and
// "_" (return_on_failure): only upper-case letters fold (what
// strings.EqualFold does for these).
func foldEq(word, kw string) bool {
	if len(word) != len(kw) {
		return false
	}
	for i := 0; i < len(kw); i++ {
		c := word[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != kw[i] {
			return false
		}
	}
	return true
}

func isVerb(t *token) bool {
	switch len(t.Value) {
	case 3:
		return isKw(t, "get") || isKw(t, "put")
	case 4:
		return isKw(t, "scan")
	case 5:
		return isKw(t, "query") || isKw(t, "check")
	case 6:
		return isKw(t, "update") || isKw(t, "delete")
	}
	return false
}

// isGroup reports whether t begins a group: transact or batch.
func isGroup(t *token) bool { return isKw(t, "transact") || isKw(t, "batch") }

func isCompareOp(v string) bool {
	switch v {
	case "=", "<>", "<=", ">=", "<", ">":
		return true
	}
	return false
}
