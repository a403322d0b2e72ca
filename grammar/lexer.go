package grammar

import (
	"encoding/base64"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
)

// tokType is a kind of token. The lexer is hand-written: participle's
// regexp lexer costs tens of microseconds a line, this one a few hundred
// nanoseconds. The values are participle's (EOF is -1, the others below),
// so that the grammar spec in spec_test.go can run participle over this
// lexer.
type tokType int

const (
	tokEOF tokType = -1
	// tokIdent is a bare word: a keyword or an attribute name.
	tokIdent tokType = -(iota + 2)
	// tokName is a table or index name as DynamoDB spells them ([A-Za-z0-9_.-]),
	// lexed only right after a statement verb or the index keyword.
	tokName
	// tokQuoted is a backticked attribute name, raw with its backticks.
	tokQuoted
	// tokString is a "..." or '...' string, raw with its quotes.
	tokString
	// tokBinary is b"base64", raw.
	tokBinary
	// tokNumber is decimal text, kept exactly as written.
	tokNumber
	// tokParam is $name, raw.
	tokParam
	// tokPunct is an operator or punctuation mark.
	tokPunct
)

// token is one token: its type, its text as written, and where it starts.
type token struct {
	Type  tokType
	Value string
	Pos   diag.Pos
}

// LexError is a lexical problem.
type LexError struct {
	Pos diag.Pos
	Msg string
}

func (e *LexError) Error() string { return e.Msg }

type dxLexer struct {
	src  string
	file string
	off  int
	line int
	col  int

	// Context the DSL needs to lex table names and negative numbers:
	stmtStart  bool // the next word may be a label or a verb
	groupHead  bool // in a group's head: its "{" begins the first member
	expectName bool // the next token is a table or index name
	prevEnds   bool // the previous token ends an operand (so "-" is minus, "index" a clause)

	// comments, when not nil, collects the comments skipped (Trivia).
	comments *[]Comment
}

// ByteOrderMark is the UTF-8 byte order mark some editors write at the
// start of a file; a DSL file may start with one.
const ByteOrderMark = "\ufeff"

// newLexer starts after a byte order mark at the start of src, as the
// schema loader does: column 1 of line 1 is the character after it (the
// mark is invisible in an editor), while offsets stay the file's.
func newLexer(file, src string) *dxLexer {
	l := &dxLexer{src: src, file: file, line: 1, col: 1, stmtStart: true}
	if strings.HasPrefix(src, ByteOrderMark) {
		l.off = len(ByteOrderMark)
	}
	return l
}

// newLexerAt starts at the position at of src, which is a statement's
// start (or src's): what it lexes is what newLexer's would from there.
func newLexerAt(src string, at diag.Pos) *dxLexer {
	if at.Offset == 0 {
		return newLexer(at.File, src)
	}
	return &dxLexer{src: src, file: at.File, off: at.Offset, line: at.Line, col: at.Col, stmtStart: true}
}

// posAt is diag.PosAt counting columns of line 1 after a byte order mark,
// as the lexer does.
func posAt(file, src string, off int) diag.Pos {
	p := diag.PosAt(file, []byte(src), off)
	if p.Line == 1 && strings.HasPrefix(src, ByteOrderMark) && off >= len(ByteOrderMark) {
		p.Col -= len(ByteOrderMark)
	}
	return p
}

var verbs = map[string]bool{"query": true, "scan": true, "get": true, "put": true, "update": true, "delete": true, "check": true}

// keywordsBeforeOperand are the words after which an operand (a path) comes,
// so that a following "index" is an attribute name, not the index clause:
// these of conditions, and the clause keywords marked operandNext (added
// from the clause table).
var keywordsBeforeOperand = map[string]bool{
	"and": true, "or": true, "not": true, "between": true, "in": true,
}

// keywords are the words the grammar reads as keywords wherever a name
// could stand, so that a name spelled like one is printed in backticks:
// these, and every clause keyword (added from the clause table).
var keywords = map[string]bool{
	"and": true, "or": true, "not": true, "between": true, "in": true,
	"true": true, "false": true, "null": true, "count": true, "all": true, "projected": true,
	"of": true,
}

func (l *dxLexer) pos() diag.Pos {
	return diag.Pos{File: l.file, Offset: l.off, Line: l.line, Col: l.col}
}

// advance moves over n bytes, keeping line and column (columns count bytes).
// A line ends at "\n", "\r\n" or a lone "\r", as editors show it
// (diag.EndsLine).
func (l *dxLexer) advance(n int) {
	for i := 0; i < n; i++ {
		if c := l.src[l.off]; (c == '\n' || c == '\r') && diag.EndsLine(l.src, l.off) {
			l.line++
			l.col = 1
		} else {
			l.col++
		}
		l.off++
	}
}

func (l *dxLexer) errorf(pos diag.Pos, format string, args ...any) (token, error) {
	return token{}, &LexError{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentChar(c byte) bool  { return isIdentStart(c) || isDigit(c) }
func isNameChar(c byte) bool   { return isIdentChar(c) || c == '.' || c == '-' }

func (l *dxLexer) skipSpace() {
	for l.off < len(l.src) {
		c := l.src[l.off]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			l.advance(1)
		case c == '#':
			start := l.pos()
			// A comment ends at the line's end, a lone CR's too: what an
			// editor shows on the next line is not in it.
			for l.off < len(l.src) && !diag.IsLineBreak(l.src[l.off]) {
				l.advance(1)
			}
			if l.comments != nil {
				text := strings.TrimRight(l.src[start.Offset:l.off], " \t\r")
				*l.comments = append(*l.comments, Comment{Pos: start, Text: text})
			}
		default:
			return
		}
	}
}

func (l *dxLexer) Next() (token, error) {
	l.skipSpace()
	start := l.pos()
	if l.off >= len(l.src) {
		return token{Type: tokEOF, Pos: start}, nil
	}
	tok, err := l.scan(start)
	if err != nil {
		return tok, err
	}
	l.afterToken(tok)
	return tok, nil
}

// afterToken updates the context that decides how the next token is lexed.
func (l *dxLexer) afterToken(tok token) {
	wasStart := l.stmtStart
	l.stmtStart = false
	l.expectName = false
	switch tok.Type {
	case tokIdent:
		var buf [maxKeyword]byte
		word := lowerWord(buf[:0], tok.Value)
		switch {
		case wasStart && l.peekByte() == ':':
			l.stmtStart = true // a label; the verb follows the colon
		case wasStart && verbs[string(word)]:
			l.expectName = true
		case wasStart && (string(word) == "transact" || string(word) == "batch"):
			l.groupHead = true
		case string(word) == "index" && l.prevEnds:
			l.expectName = true
		}
		l.prevEnds = !keywordsBeforeOperand[string(word)]
	case tokPunct:
		switch tok.Value {
		case ";":
			l.stmtStart = true
		case ":":
			l.stmtStart = wasStart
		case "{":
			l.stmtStart, l.groupHead = l.groupHead, false
		}
		l.prevEnds = tok.Value == ")" || tok.Value == "]" || tok.Value == "}" || tok.Value == ">>"
	default:
		l.prevEnds = true
	}
}

// maxKeyword is longer than any keyword of the language.
const maxKeyword = 24

// lowerWord appends the identifier w in lower case to buf, or nothing when
// it is too long to be a keyword: the words the lexer looks up, without
// allocating (the maps are indexed by string(word), which does not copy).
func lowerWord(buf []byte, w string) []byte {
	if len(w) > cap(buf) {
		return buf
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf
}

func (l *dxLexer) peekByte() byte {
	i := l.off
	for i < len(l.src) && (l.src[i] == ' ' || l.src[i] == '\t') {
		i++
	}
	if i < len(l.src) {
		return l.src[i]
	}
	return 0
}

func (l *dxLexer) token(typ tokType, start diag.Pos, n int) token {
	v := l.src[l.off : l.off+n]
	l.advance(n)
	return token{Type: typ, Value: v, Pos: start}
}

func (l *dxLexer) scan(start diag.Pos) (token, error) {
	s := l.src[l.off:]
	c := s[0]
	if l.expectName && isNameChar(c) {
		n := 1
		for n < len(s) && isNameChar(s[n]) {
			n++
		}
		return l.token(tokName, start, n), nil
	}
	switch {
	case c == 'b' && len(s) > 1 && (s[1] == '"' || s[1] == '\''):
		n, err := l.quotedLen(s[1:], start)
		if err != nil {
			return token{}, err
		}
		raw := s[2:n]
		// Strict: DynamoDB takes canonical base64 only (no stray bits in
		// the padding, no line breaks).
		if _, err := base64.StdEncoding.Strict().DecodeString(raw); err != nil || strings.ContainsAny(raw, "\r\n") {
			return l.errorf(start, "b%c%s%c is not base64 (RFC 4648 with padding, like b\"SGVsbG8=\")", s[1], raw, s[1])
		}
		return l.token(tokBinary, start, n+1), nil
	case isIdentStart(c):
		n := 1
		for n < len(s) && isIdentChar(s[n]) {
			n++
		}
		return l.token(tokIdent, start, n), nil
	case isDigit(c) || c == '-' && !l.prevEnds && len(s) > 1 && (isDigit(s[1]) || s[1] == '.'):
		return l.number(start, s)
	case c == '.' && len(s) > 1 && isDigit(s[1]) && !l.prevEnds:
		return l.number(start, s)
	case c == '"' || c == '\'':
		n, err := l.quotedLen(s, start)
		if err != nil {
			return token{}, err
		}
		if !utf8.ValidString(s[:n]) {
			return l.errorf(start, "this string is not valid UTF-8, which DynamoDB requires: save the input as UTF-8, or write the character as \\uXXXX")
		}
		return l.token(tokString, start, n), nil
	case c == '`':
		end := strings.IndexByte(s[1:], '`')
		if nl := strings.IndexAny(s[1:], "\r\n"); end < 0 || nl >= 0 && nl < end {
			return l.errorf(start, "unterminated `name`: close it with a backtick on the same line")
		}
		if end == 0 {
			return l.errorf(start, "empty `` name: an attribute name has at least one character")
		}
		if !utf8.ValidString(s[1 : end+1]) {
			return l.errorf(start, "this attribute name is not valid UTF-8, which DynamoDB requires: save the input as UTF-8")
		}
		return l.token(tokQuoted, start, end+2), nil
	case c == '$':
		n := 1
		for n < len(s) && isIdentChar(s[n]) {
			n++
		}
		if n == 1 {
			return l.errorf(start, "\"$\" starts a parameter and needs a name: $id, bound with -p id=VALUE")
		}
		return l.token(tokParam, start, n), nil
	}
	if len(s) >= 2 {
		switch s[:2] {
		case "<=", ">=", "<>", "<<", ">>":
			return l.token(tokPunct, start, 2), nil
		case "==":
			return l.errorf(start, "\"==\" is not an operator here: write \"=\"")
		case "!=":
			return l.errorf(start, "\"!=\" is not an operator here: write \"<>\"")
		}
	}
	switch c {
	case '=', '<', '>', '(', ')', '[', ']', '{', '}', ',', ';', ':', '.', '+', '-':
		return l.token(tokPunct, start, 1), nil
	}
	r, _ := utf8.DecodeRuneInString(s)
	return l.errorf(start, "unexpected character %q: attribute names with such characters go in backticks, like `my-name`", r)
}

// number lexes decimal text: -?digits[.digits][e[+-]digits], or -?.digits.
func (l *dxLexer) number(start diag.Pos, s string) (token, error) {
	n := 0
	if s[n] == '-' {
		n++
	}
	digits := 0
	for n < len(s) && isDigit(s[n]) {
		n++
		digits++
	}
	if n < len(s) && s[n] == '.' {
		n++
		for n < len(s) && isDigit(s[n]) {
			n++
			digits++
		}
	}
	if digits == 0 {
		return l.errorf(start, "a number needs digits, like 1.5")
	}
	if n < len(s) && (s[n] == 'e' || s[n] == 'E') {
		n++
		if n < len(s) && (s[n] == '+' || s[n] == '-') {
			n++
		}
		e := n
		for n < len(s) && isDigit(s[n]) {
			n++
		}
		if n == e {
			return l.errorf(start, "%q has an exponent without digits: write it like 1.5e3", s[:n])
		}
	}
	if n < len(s) && (isIdentChar(s[n]) || s[n] == '.') {
		return l.errorf(start, "%q is neither a number nor a name: names start with a letter or _, or go in backticks", s[:n+1])
	}
	return l.token(tokNumber, start, n), nil
}

// quotedLen returns the length of the quoted string at the start of s
// (quote included), checking its escapes.
func (l *dxLexer) quotedLen(s string, start diag.Pos) (int, error) {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case q:
			return i + 1, nil
		case '\n', '\r': // a line end, a lone CR too
			return 0, &LexError{Pos: start, Msg: fmt.Sprintf("unterminated string: close it with %c on the same line (write a line break as \\n)", q)}
		case '\\':
			if i+1 >= len(s) {
				break
			}
			switch s[i+1] {
			case '"', '\'', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+5 >= len(s) || !isHex4(s[i+2:i+6]) {
					p := start
					p.Offset += i
					p.Col += i
					return 0, &LexError{Pos: p, Msg: "\\u takes four hex digits, like \\u00e9"}
				}
				if r := hexRune(s[i+2 : i+6]); r >= 0xD800 && r < 0xE000 {
					// A surrogate is half of a character: it must be a high
					// one followed by a low one (\ud83d\ude00).
					lo := rune(0)
					if r < 0xDC00 && i+11 < len(s) && s[i+6] == '\\' && s[i+7] == 'u' && isHex4(s[i+8:i+12]) {
						lo = hexRune(s[i+8 : i+12])
					}
					if lo < 0xDC00 || lo >= 0xE000 {
						p := start
						p.Offset += i
						p.Col += i
						return 0, &LexError{Pos: p, Msg: "\\u" + s[i+2:i+6] + " is half of a surrogate pair: write the character itself, or both halves (\\ud83d\\ude00)"}
					}
					i += 6
				}
				i += 5
			default:
				p := start
				p.Offset += i
				p.Col += i
				return 0, &LexError{Pos: p, Msg: fmt.Sprintf("unknown escape \\%c: strings take JSON escapes (\\\" \\\\ \\n \\t \\uXXXX)", s[i+1])}
			}
		}
	}
	return 0, &LexError{Pos: start, Msg: fmt.Sprintf("unterminated string: close it with %c", q)}
}

func isHex4(s string) bool {
	for i := 0; i < 4; i++ {
		c := s[i]
		if !(isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// unquote decodes a raw string token ("..." or '...') with JSON escapes.
// The lexer has already checked it, so it cannot fail on lexer output.
func unquote(raw string) string {
	body := raw[1 : len(raw)-1]
	if strings.IndexByte(body, '\\') < 0 {
		return body
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' || i+1 >= len(body) {
			b.WriteByte(c)
			continue
		}
		i++
		switch body[i] {
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r := hexRune(body[i+1 : i+5])
			i += 4
			if r >= 0xD800 && r < 0xDC00 && i+6 < len(body) && body[i+1] == '\\' && body[i+2] == 'u' {
				lo := hexRune(body[i+3 : i+7])
				if lo >= 0xDC00 && lo < 0xE000 {
					r = (r-0xD800)<<10 + (lo - 0xDC00) + 0x10000
					i += 6
				}
			}
			b.WriteRune(r)
		default:
			b.WriteByte(body[i])
		}
	}
	return b.String()
}

func hexRune(s string) rune {
	var r rune
	for i := 0; i < 4; i++ {
		c := s[i]
		r <<= 4
		switch {
		case isDigit(c):
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c-'a') + 10
		default:
			r |= rune(c-'A') + 10
		}
	}
	return r
}

// Comment is one # comment of a DSL source, without its line ending.
type Comment struct {
	Pos  diag.Pos
	Text string
}

// Trivia lexes src and returns its comments and, for each token, the
// offset where it ends: what a formatter needs beside the syntax tree,
// which keeps neither. src must lex (Parse it first).
func Trivia(name, src string) (comments []Comment, tokenEnds []int, err error) {
	l := newLexer(name, src)
	l.comments = &comments
	for {
		tok, err := l.Next()
		if err != nil {
			return nil, nil, err
		}
		if tok.Type == tokEOF {
			return comments, tokenEnds, nil
		}
		tokenEnds = append(tokenEnds, l.off)
	}
}

// TriviaAlone is Trivia of a file some statements of which may not lex
// (ParseEachAlone reads such a file): after a lexical error, lexing goes
// on at the ";" that ends the statement.
func TriviaAlone(name, src string) (comments []Comment, tokenEnds []int) {
	l := newLexer(name, src)
	l.comments = &comments
	for {
		tok, err := l.Next()
		if err != nil {
			tokenEnds = append(tokenEnds, l.off+1)
			l.advance(max(1, statementEnd(src, l.off)-l.off))
			l.stmtStart, l.groupHead, l.expectName, l.prevEnds = true, false, false, false
			continue
		}
		if tok.Type == tokEOF {
			return comments, tokenEnds
		}
		tokenEnds = append(tokenEnds, l.off)
	}
}
