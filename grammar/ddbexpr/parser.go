package ddbexpr

import (
	"fmt"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth bounds the parser's recursion. Every level consumes at least one
// character, so only an expression far beyond DynamoDB's 4096-character
// limit can reach it; DynamoDB would reject such an expression for its size.
const maxDepth = 5000

// Parse parses expr as an expression of the given kind.
//
// If DynamoDB's grammar rejects expr, Parse returns a nil *Expr and a
// *SyntaxError (Reason ReasonEmpty, ReasonSyntax or ReasonTooLong).
//
// If the grammar accepts it, Parse returns the tree. If DynamoDB would still
// reject the expression while reading it (an unknown function, a function
// where it is not allowed or with the wrong number of operands, a section
// used twice, …), Parse also returns the first of Expr.Problems as the
// error: the tree is complete either way, so the caller can go on checking.
//
// Redundant parentheses, reserved words, undefined placeholders and limits
// are not errors here: see Expr.RedundantParens, Expr.BareNames and
// IsReserved, Expr.Placeholders, Expr.OperatorCount, Expr.MaxPathDepth and
// Expr.InConditions.
func Parse(kind Kind, expr string) (*Expr, error) {
	if !kind.valid() {
		return nil, &SyntaxError{Reason: ReasonSyntax, Msg: fmt.Sprintf("unknown expression kind %d", int(kind)),
			DynamoMsg: "Invalid Expression: Syntax error;"}
	}
	if expr == "" {
		return nil, &SyntaxError{Reason: ReasonEmpty,
			Msg:       fmt.Sprintf("the %s is empty: write an expression or leave the parameter out", kind),
			DynamoMsg: kind.Message("The expression can not be empty")}
	}
	p := parserPool.Get().(*parser)
	defer p.release()
	e, err := p.parse(kind, expr)
	if err != nil {
		return nil, err
	}
	e.Problems = check(e)
	if len(e.Problems) > 0 {
		return e, e.Problems[0]
	}
	return e, nil
}

// MustParse is Parse for expressions known to be good, as in tests and
// examples; it panics on any error.
func MustParse(kind Kind, expr string) *Expr {
	e, err := Parse(kind, expr)
	if err != nil {
		panic(fmt.Sprintf("ddbexpr.MustParse(%s, %q): %v", kind, expr, err))
	}
	return e
}

type parser struct {
	src   string
	kind  Kind
	toks  []token
	pos   int
	depth int
	err   *SyntaxError
	n     nodes
	h     hints

	// scratch stacks for lists, copied out at their final size
	opStack   []Operand
	segStack  []Segment
	actStack  []*UpdateAction
	pathStack []*Path
}

var parserPool = sync.Pool{New: func() any { return &parser{toks: make([]token, 0, 64)} }}

func (p *parser) release() {
	if cap(p.toks) > 4096 {
		p.toks = make([]token, 0, 64)
	}
	p.toks = p.toks[:0]
	p.src = ""
	p.err = nil
	p.n = nodes{}
	// Drop the scratch stacks' references to this parse's nodes.
	p.opStack = clearStack(p.opStack)
	p.segStack = clearStack(p.segStack)
	p.actStack = clearStack(p.actStack)
	p.pathStack = clearStack(p.pathStack)
	parserPool.Put(p)
}

func clearStack[T any](s []T) []T {
	if cap(s) > 1024 {
		return nil
	}
	clear(s[:cap(s)])
	return s[:0]
}

// bailout unwinds the parser after p.err is set.
type bailout struct{}

func (p *parser) parse(kind Kind, src string) (e *Expr, err *SyntaxError) {
	p.src, p.kind, p.pos, p.depth, p.err = src, kind, 0, 0, nil
	p.toks = lex(src, p.toks[:0])
	p.h = countHints(p.toks)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			e, err = nil, p.err
		}
	}()
	e = &Expr{Kind: kind, Text: src}
	switch {
	case kind.IsCondition():
		e.Condition = p.parseCondition()
	case kind == ProjectionExpression:
		e.Projection = p.parseProjection()
	default:
		e.Update = p.parseUpdate()
	}
	return e, nil
}

func (p *parser) tok() token { return p.toks[p.pos] }

func (p *parser) peek() token {
	if p.pos+1 < len(p.toks) {
		return p.toks[p.pos+1]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() {
	if p.toks[p.pos].kind != tEOF {
		p.pos++
	}
}

func (p *parser) text(t token) string { return p.src[t.start:t.end] }

func spanOf(t token) Span { return Span{t.start, t.end} }

// fail reports a syntax error at the current token: expected says what
// was expected; fail adds what was found and, where it helps, what to write.
func (p *parser) fail(expected string) { p.failWhy(expected, "") }

// failWhy is fail with an explanation that takes the place of the hint.
func (p *parser) failWhy(expected, why string) {
	t := p.tok()
	msg := "expected " + expected + ", found " + describe(p.src, t)
	if why == "" {
		why = p.hint()
	}
	if why != "" {
		msg += ": " + why
	}
	p.err = &SyntaxError{
		Offset: t.start, End: t.end, Reason: ReasonSyntax, Msg: msg,
		DynamoMsg: p.kind.Message("Syntax error",
			"token", `"`+tokenText(p.src, t)+`"`,
			"near", `"`+near(p.src, p.toks, p.pos)+`"`),
	}
	panic(bailout{})
}

// hint explains the usual reasons for the token at hand to be wrong.
func (p *parser) hint() string {
	t := p.tok()
	var prev token
	if p.pos > 0 {
		prev = p.toks[p.pos-1]
	}
	adjacent := p.pos > 0 && prev.end == t.start
	switch t.kind {
	case tIndex:
		switch {
		case prev.kind == tLBrack:
			return ""
		case adjacent && prev.kind == tIndex && p.text(prev) == "0":
			return "a list index is written without leading zeros"
		}
		return "DynamoDB expressions have no literal numbers; put the number in ExpressionAttributeValues and write its placeholder, such as :n"
	case tMinus:
		if adjacent && (prev.kind == tID || prev.kind == tName || prev.kind == tIndex) {
			return "an attribute name containing \"-\" must be written as a #name placeholder defined in ExpressionAttributeNames"
		}
	case tIN, tBETWEEN, tNOT, tAND, tOR, tSET, tADD, tDELETE, tREMOVE:
		if prev.kind == tDot || prev.kind == tComma || prev.kind == tSET || prev.kind == tREMOVE ||
			prev.kind == tADD || prev.kind == tDELETE || p.pos == 0 && p.kind != UpdateExpression {
			return fmt.Sprintf("%s is a keyword and cannot be an attribute name; write a #name placeholder for it", quote(p.text(t)))
		}
	case tEQ:
		if adjacent && prev.kind == tEQ {
			return "DynamoDB's equality operator is a single \"=\""
		}
	case tUnknown:
		switch p.src[t.start] {
		case '"', '\'', '`':
			return "DynamoDB expressions have no literal strings; put the string in ExpressionAttributeValues and write its placeholder, such as :s"
		case '_':
			return "an attribute name written as is must start with a letter; write a #name placeholder for it"
		case '#', ':':
			return "a placeholder is \"#\" or \":\" followed by letters, digits or \"_\""
		case '!':
			if p.peek().kind == tEQ && p.peek().start == t.end {
				return "DynamoDB's not-equal operator is \"<>\""
			}
		case '&':
			return "DynamoDB's logical operators are AND, OR and NOT"
		case '|':
			return "DynamoDB's logical operators are AND, OR and NOT"
		}
		if t.end-t.start > 1 || p.src[t.start] >= utf8.RuneSelf {
			return "an attribute name with characters other than letters, digits and \"_\" must be written as a #name placeholder"
		}
	}
	return ""
}

func (p *parser) expect(k tokKind, expected string) token {
	t := p.tok()
	if t.kind != k {
		p.fail(expected)
	}
	p.next()
	return t
}

// enter and leave bound the recursion; see maxDepth.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		t := p.tok()
		p.err = &SyntaxError{Offset: t.start, End: t.end, Reason: ReasonTooLong,
			Msg:       fmt.Sprintf("the %s nests more than %d levels deep; DynamoDB accepts at most %d characters", p.kind, maxDepth, MaxSize),
			DynamoMsg: p.kind.Message("Expression size has exceeded the maximum allowed size", "expression size", strconv.Itoa(Size(p.src)))}
		panic(bailout{})
	}
}

func (p *parser) leave() { p.depth-- }

// MaxSize is the longest expression DynamoDB accepts, as measured by Size.
const MaxSize = 4096

// Size is the length of an expression as DynamoDB measures it against
// MaxSize ("Expression size has exceeded the maximum allowed size;
// expression size: 4097"): in UTF-16 code units, which is the byte length
// for the ASCII that valid expressions are made of.
func Size(expr string) int {
	n := 0
	for i := 0; i < len(expr); i++ {
		if expr[i] >= utf8.RuneSelf {
			n = i
			for _, r := range expr[i:] {
				n += utf16.RuneLen(r)
			}
			return n
		}
	}
	return len(expr)
}

// ---- conditions -------------------------------------------------------

func (p *parser) parseCondition() Condition {
	c, _ := p.parseOr(false)
	if p.tok().kind != tEOF {
		p.fail("AND, OR or the end of the " + p.kind.String())
	}
	return c
}

// parseOr and the functions below parse a condition. With operandOK, the
// text being parsed is the inside of parentheses at the start of a
// condition, which may turn out to be an operand instead, as in (a) = :v;
// then they return that operand and a nil Condition.
func (p *parser) parseOr(operandOK bool) (Condition, Operand) { return p.parseLogical(tOR, operandOK) }

func (p *parser) parseAnd(operandOK bool) (Condition, Operand) {
	return p.parseLogical(tAND, operandOK)
}

// parseLogical parses a chain of ORs (kind tOR) of ANDs, or of ANDs (tAND)
// of NOTs, nesting to the right.
func (p *parser) parseLogical(kind tokKind, operandOK bool) (Condition, Operand) {
	var left Condition
	var op Operand
	if kind == tOR {
		left, op = p.parseAnd(operandOK)
	} else {
		left, op = p.parseNot(operandOK)
	}
	if op != nil {
		return nil, op
	}
	t := p.tok()
	if t.kind != kind {
		return left, nil
	}
	p.next()
	p.enter()
	right, _ := p.parseLogical(kind, false)
	p.leave()
	logical := And
	if kind == tOR {
		logical = Or
	}
	return put(&p.n.logicals, p.h.logicals, Logical{Span: Span{left.Bounds().Start, right.Bounds().End}, Op: logical, OpSpan: spanOf(t), Left: left, Right: right}), nil
}

func (p *parser) parseNot(operandOK bool) (Condition, Operand) {
	t := p.tok()
	if t.kind != tNOT {
		return p.parsePrimary(operandOK)
	}
	p.next()
	p.enter()
	x, _ := p.parseNot(false)
	p.leave()
	return put(&p.n.nots, p.h.nots, Not{Span: Span{t.start, x.Bounds().End}, X: x}), nil
}

func (p *parser) parsePrimary(operandOK bool) (Condition, Operand) {
	t := p.tok()
	var left Operand
	switch t.kind {
	case tLParen:
		p.next()
		p.enter()
		c, op := p.parseOr(true)
		p.leave()
		if op != nil {
			cl := p.tok() // parseComparisonRest returned op only before ")"
			p.next()
			left = put(&p.n.parenOps, p.h.parens, ParenOperand{Span: Span{t.start, cl.end}, X: op})
			break
		}
		cl := p.expect(tRParen, "AND, OR or \")\"")
		return put(&p.n.parenConds, p.h.parens, ParenCondition{Span: Span{t.start, cl.end}, X: c}), nil
	case tID, tName, tValue:
		left = p.parseOperand()
	default:
		p.fail("a condition: a comparison such as a = :v, BETWEEN, IN, a function such as attribute_exists(a), NOT or \"(\"")
	}
	return p.parseComparisonRest(left, operandOK)
}

// parseComparisonRest parses what follows the first operand of a condition.
func (p *parser) parseComparisonRest(left Operand, operandOK bool) (Condition, Operand) {
	t := p.tok()
	switch t.kind {
	case tEQ, tNE, tLT, tLE, tGT, tGE:
		p.next()
		right := p.parseOperand()
		return put(&p.n.cmps, p.h.cmps, Comparison{Span: Span{left.Bounds().Start, right.Bounds().End}, Op: comparators[t.kind], OpSpan: spanOf(t), Left: left, Right: right}), nil
	case tIN:
		p.next()
		p.expect(tLParen, "\"(\" after IN, as in a IN (:x, :y)")
		list := p.parseOperandList()
		cl := p.expect(tRParen, "\",\" or \")\" in the IN list")
		return put(&p.n.ins, p.h.ins, In{Span: Span{left.Bounds().Start, cl.end}, X: left, List: list}), nil
	case tBETWEEN:
		p.next()
		low := p.parseOperand()
		p.expect(tAND, "AND between the bounds of BETWEEN, as in a BETWEEN :lo AND :hi")
		high := p.parseOperand()
		return put(&p.n.betweens, p.h.betweens, Between{Span: Span{left.Bounds().Start, high.Bounds().End}, X: left, Low: low, High: high}), nil
	}
	if functionLike(left) {
		if operandOK && t.kind == tRParen {
			return nil, left // (f(a)): a condition or an operand; the caller decides
		}
		return p.asCondition(left), nil
	}
	if operandOK && t.kind == tRParen {
		return nil, left
	}
	expected := "a comparison (=, <>, <, <=, >, >=), BETWEEN or IN"
	if _, ok := left.(*Path); ok {
		expected += " after " + quote(left.Bounds().Text(p.src))
	}
	switch {
	case t.kind == tNOT:
		p.failWhy(expected, "DynamoDB has no NOT BETWEEN or NOT IN; put NOT before the condition, as in NOT (a IN (:x, :y))")
	case t.kind == tID && eqFold(p.text(t), "is"):
		p.failWhy(expected, "DynamoDB has no IS NULL; use attribute_not_exists(a), or attribute_type(a, :null) with :null = {\"S\": \"NULL\"}")
	case t.kind == tID && eqFold(p.text(t), "like"):
		p.failWhy(expected, "DynamoDB has no LIKE; use begins_with(a, :prefix) or contains(a, :part)")
	}
	p.fail(expected)
	return nil, nil
}

var comparators = [...]Operator{tEQ: Equal, tNE: NotEqual, tLT: Less, tLE: LessEqual, tGT: Greater, tGE: GreaterEqual}

// functionLike reports whether x is a function call, perhaps in
// parentheses: such an operand can also stand as a condition.
func functionLike(x Operand) bool {
	_, ok := Unparen(x).(*Function)
	return ok
}

// asCondition turns a function-like operand into the condition it also is.
func (p *parser) asCondition(x Operand) Condition {
	switch x := x.(type) {
	case *Function:
		return x
	case *ParenOperand:
		return put(&p.n.parenConds, p.h.parens, ParenCondition{Span: x.Span, X: p.asCondition(x.X)})
	}
	return nil
}

// ---- operands -----------------------------------------------------------

const operandWanted = "an attribute name, a #name or :value placeholder, or a function call"

func (p *parser) parseOperand() Operand {
	t := p.tok()
	switch t.kind {
	case tLParen:
		p.next()
		p.enter()
		x := p.parseOperand()
		p.leave()
		cl := p.expect(tRParen, "\")\"")
		return put(&p.n.parenOps, p.h.parens, ParenOperand{Span: Span{t.start, cl.end}, X: x})
	case tID:
		if p.peek().kind == tLParen {
			return p.parseFunction()
		}
		return p.parsePath()
	case tName:
		return p.parsePath()
	case tValue:
		p.next()
		return put(&p.n.values, p.h.values, ValuePlaceholder{Span: spanOf(t), Name: p.text(t)})
	}
	p.fail(operandWanted)
	return nil
}

func (p *parser) parseFunction() *Function {
	name := p.tok()
	p.next()
	p.next() // "("
	p.enter()
	args := p.parseOperandList()
	cl := p.expect(tRParen, "\",\" or \")\" in the call of "+p.text(name))
	p.leave()
	return put(&p.n.funcs, p.h.funcs, Function{Span: Span{name.start, cl.end}, Name: p.text(name), NameSpan: spanOf(name), Args: args})
}

// parseOperandList parses operand (, operand)*.
func (p *parser) parseOperandList() []Operand {
	base := len(p.opStack)
	p.opStack = append(p.opStack, p.parseOperand())
	for p.tok().kind == tComma {
		p.next()
		p.opStack = append(p.opStack, p.parseOperand())
	}
	list := take(&p.n.operands, p.h.operands, p.opStack[base:])
	p.opStack = p.opStack[:base]
	return list
}

// parsePath parses a document path; the current token is an ID or a #name.
// segmentKinds are the kinds of the path segments that follow a "." (0:
// none does).
var segmentKinds = [256]SegmentKind{tID: NameSegment, tName: NamePlaceholder, tValue: ValueSegment}

func (p *parser) parsePath() *Path {
	t := p.tok()
	first := Segment{Span: spanOf(t), Kind: NameSegment, Name: p.text(t)}
	if t.kind == tName {
		first.Kind = NamePlaceholder
	}
	segs := append(p.segStack[:0], first)
	p.next()
	for {
		switch p.tok().kind {
		case tDot:
			p.next()
			t := p.tok()
			k := segmentKinds[t.kind]
			if k == 0 {
				p.fail("an attribute name or #name placeholder after \".\"")
			}
			p.next()
			segs = append(segs, Segment{Span: spanOf(t), Kind: k, Name: p.text(t)})
		case tLBrack:
			open := p.tok()
			p.next()
			t := p.tok()
			if t.kind != tIndex {
				p.fail("a list index, a whole number such as 0 or 3, after \"[\"")
			}
			p.next()
			cl := p.expect(tRBrack, "\"]\" after the list index")
			segs = append(segs, Segment{Span: Span{open.start, cl.end}, Kind: IndexSegment, Name: p.text(t), Index: index(p.text(t))})
		default:
			p.segStack = segs
			return put(&p.n.paths, p.h.paths, Path{Span: Span{segs[0].Start, segs[len(segs)-1].End}, Segments: take(&p.n.segs, p.h.segs, segs)})
		}
	}
}

// index converts a list index as DynamoDB does (a Java int): -1 when it is
// out of range.
func index(digits string) int {
	n := 0
	for i := 0; i < len(digits); i++ {
		n = n*10 + int(digits[i]-'0')
		if n > 1<<31-1 {
			return -1
		}
	}
	return n
}

// ---- projection -----------------------------------------------------------

func (p *parser) parseProjection() *Projection {
	paths := p.pathStack[:0]
	for {
		switch p.tok().kind {
		case tID, tName:
		default:
			p.fail("a document path such as a.b[0] or #name")
		}
		paths = append(paths, p.parsePath())
		switch p.tok().kind {
		case tComma:
			p.next()
			continue
		case tEOF:
		default:
			p.fail("\",\" or the end of the ProjectionExpression (it lists document paths only)")
		}
		break
	}
	p.pathStack = paths
	return &Projection{Span: Span{paths[0].Start, paths[len(paths)-1].End}, Paths: append([]*Path(nil), paths...)}
}

// ---- update -----------------------------------------------------------------

// sectionKinds are the kinds of the update sections that the keywords
// begin (0: none does).
var sectionKinds = [256]SectionKind{tSET: Set, tREMOVE: Remove, tADD: Add, tDELETE: Delete}

func (p *parser) parseUpdate() *Update {
	u := &Update{Sections: make([]*Section, 0, p.h.sections)}
	for {
		t := p.tok()
		kind := sectionKinds[t.kind]
		if kind == 0 {
			if len(u.Sections) == 0 {
				p.fail("SET, REMOVE, ADD or DELETE to start the UpdateExpression")
			}
			if t.kind != tEOF {
				p.failAfterAction(u.Sections[len(u.Sections)-1])
			}
			u.Span = Span{u.Sections[0].Start, u.Sections[len(u.Sections)-1].End}
			return u
		}
		p.next()
		acts := p.actStack[:0]
		for {
			acts = append(acts, p.parseAction(kind))
			if p.tok().kind != tComma {
				break
			}
			p.next()
		}
		p.actStack = acts
		u.Sections = append(u.Sections, put(&p.n.sections, p.h.sections, Section{
			Span: Span{t.start, acts[len(acts)-1].End}, Kind: kind, KeywordSpan: spanOf(t),
			Actions: take(&p.n.actionPtrs, p.h.actions, acts),
		}))
	}
}

func (p *parser) failAfterAction(s *Section) {
	t := p.tok()
	a := s.Actions[len(s.Actions)-1]
	switch s.Kind {
	case Set:
		if (t.kind == tPlus || t.kind == tMinus) && isArithmetic(a.Value) {
			p.failWhy(afterAction, onePlusMinus)
		}
	case Remove:
		if t.kind == tValue || t.kind == tEQ {
			p.failWhy(afterAction, "REMOVE takes document paths only, as in REMOVE a, b.c")
		}
	}
	p.fail(afterAction)
}

const (
	afterAction  = "\",\", a new section (SET, REMOVE, ADD, DELETE) or the end of the UpdateExpression"
	onePlusMinus = "DynamoDB allows one + or - per SET value; split the computation over several updates"
)

func (p *parser) parseAction(kind SectionKind) *UpdateAction {
	switch t := p.tok(); t.kind {
	case tID, tName:
	case tSET, tREMOVE, tADD, tDELETE:
		if p.pos > 0 && p.toks[p.pos-1].kind == tComma {
			p.failWhy("another document path to "+actionVerb[kind]+" after \",\"",
				"a new section starts without a comma; remove the \",\" before "+p.text(t))
		}
		p.fail("the document path to " + actionVerb[kind] + " after " + kind.String())
	default:
		p.fail("the document path to " + actionVerb[kind] + " after " + kind.String())
	}
	path := p.parsePath()
	switch kind {
	case Set:
		p.expect(tEQ, "\"=\" after the path in a SET action, as in SET a = :v")
		v := p.parseSetValue()
		return put(&p.n.actions, p.h.actions, UpdateAction{Span: Span{path.Start, v.Bounds().End}, Kind: kind, Path: path, Value: v})
	case Add, Delete:
		t := p.tok()
		if t.kind != tValue {
			p.fail(fmt.Sprintf("a value placeholder like :v after the %s path, as in %s a :v", kind, kind))
		}
		p.next()
		v := put(&p.n.values, p.h.values, ValuePlaceholder{Span: spanOf(t), Name: p.text(t)})
		return put(&p.n.actions, p.h.actions, UpdateAction{Span: Span{path.Start, t.end}, Kind: kind, Path: path, Value: v})
	}
	return put(&p.n.actions, p.h.actions, UpdateAction{Span: path.Span, Kind: kind, Path: path})
}

var actionVerb = [...]string{Set: "set", Remove: "remove", Add: "add to", Delete: "delete from"}

// parseSetValue parses operand, operand + operand, operand - operand or any
// of them in parentheses.
func (p *parser) parseSetValue() Operand {
	x := p.parseSetOperand()
	t := p.tok()
	if t.kind != tPlus && t.kind != tMinus {
		return x
	}
	if isArithmetic(x) {
		p.failWhy(afterAction, onePlusMinus)
	}
	p.next()
	r := p.parseOperand()
	return put(&p.n.ariths, p.h.ariths, Arithmetic{Span: Span{x.Bounds().Start, r.Bounds().End}, Op: arithmeticOps[t.kind], OpSpan: spanOf(t), Left: x, Right: r})
}

var arithmeticOps = [...]Operator{tPlus: Plus, tMinus: Minus}

func (p *parser) parseSetOperand() Operand {
	open := p.tok()
	if open.kind != tLParen {
		return p.parseOperand()
	}
	p.next()
	p.enter()
	x := p.parseSetOperand()
	if t := p.tok(); t.kind == tPlus || t.kind == tMinus {
		if isArithmetic(x) {
			p.failWhy("\")\"", onePlusMinus)
		}
		p.next()
		r := p.parseOperand()
		x = put(&p.n.ariths, p.h.ariths, Arithmetic{Span: Span{x.Bounds().Start, r.Bounds().End}, Op: arithmeticOps[t.kind], OpSpan: spanOf(t), Left: x, Right: r})
	}
	p.leave()
	cl := p.expect(tRParen, "\")\"")
	return put(&p.n.parenOps, p.h.parens, ParenOperand{Span: Span{open.start, cl.end}, X: x})
}

func isArithmetic(x Operand) bool {
	_, ok := Unparen(x).(*Arithmetic)
	return ok
}
