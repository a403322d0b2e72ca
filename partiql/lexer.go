package partiql

import (
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
)

// tokType is a kind of token. The values are participle's (EOF is -1, the
// others below), so that the grammar spec in spec_test.go runs participle
// over this same lexer.
type tokType int

const (
	tokEOF tokType = -1
	// tokIdent is a bare word that is no keyword: a name or a function.
	tokIdent tokType = -(iota + 2)
	// tokKeyword is a keyword (keywords below), in any case.
	tokKeyword
	// tokQIdent is a "double-quoted" identifier, raw with its quotes.
	tokQIdent
	// tokString is a 'single-quoted' string, raw with its quotes.
	tokString
	// tokNumber is decimal text, kept exactly as written.
	tokNumber
	// tokPunct is an operator or punctuation mark.
	tokPunct
)

// token is one token: its type, its text as written, and where it starts.
type token struct {
	Type  tokType
	Value string
	Pos   diag.Pos
}

// lexer reads PartiQL tokens. Comments (-- to the end of the line, and
// /* ... */) are skipped; Comments collects them when it is not nil.
type lexer struct {
	src  string
	file string
	off  int
	line int
	col  int

	comments *[]Comment
	// prevEnds is whether the previous token ends an operand: then "-" is
	// minus (a -1 is a minus 1), otherwise the sign of a number (a = -1).
	prevEnds bool
}

// Comment is a comment as written, with its position: "-- text".
type Comment struct {
	Pos  diag.Pos
	Text string
}

// ByteOrderMark is the UTF-8 byte order mark some editors write at the
// start of a file.
const ByteOrderMark = "\ufeff"

func newLexer(file, src string) *lexer {
	l := &lexer{src: src, file: file, line: 1, col: 1}
	if strings.HasPrefix(src, ByteOrderMark) {
		l.off = len(ByteOrderMark)
	}
	return l
}

func (l *lexer) pos() diag.Pos {
	return diag.Pos{File: l.file, Offset: l.off, Line: l.line, Col: l.col}
}

// advance moves over n bytes that hold no line end.
func (l *lexer) advance(n int) {
	l.off += n
	l.col += n
}

func (l *lexer) errorf(pos diag.Pos, format string, args ...any) *diag.Error {
	return diag.Errorf(pos, format, args...)
}

// skip moves over white space and comments.
func (l *lexer) skip() *diag.Error {
	for l.off < len(l.src) {
		c := l.src[l.off]
		switch {
		case c == '\n' || c == '\r':
			l.moveOver(1)
		case c == ' ' || c == '\t' || c == '\f' || c == '\v':
			l.advance(1)
		case c == '-' && strings.HasPrefix(l.src[l.off:], "--"):
			start := l.pos()
			end := strings.IndexAny(l.src[l.off:], "\r\n")
			if end < 0 {
				end = len(l.src) - l.off
			}
			if l.comments != nil {
				*l.comments = append(*l.comments, Comment{Pos: start, Text: l.src[l.off : l.off+end]})
			}
			l.advance(end)
		case c == '/' && strings.HasPrefix(l.src[l.off:], "/*"):
			start := l.pos()
			end := strings.Index(l.src[l.off+2:], "*/")
			if end < 0 {
				return l.errorf(start, "this comment has no end: close it with */")
			}
			text := l.src[l.off : l.off+2+end+2]
			if l.comments != nil {
				*l.comments = append(*l.comments, Comment{Pos: start, Text: text})
			}
			l.moveOver(len(text))
		default:
			return nil
		}
	}
	return nil
}

// moveOver moves over n bytes that may hold line ends.
func (l *lexer) moveOver(n int) {
	end := l.off + n
	for l.off < end {
		c := l.src[l.off]
		if (c == '\n' || c == '\r') && diag.EndsLine(l.src, l.off) {
			l.off++
			l.line++
			l.col = 1
			continue
		}
		l.off++
		l.col++
	}
}

// next returns the next token.
func (l *lexer) next() (token, *diag.Error) {
	t, err := l.scan()
	if err == nil {
		l.prevEnds = endsOperand(t)
	}
	return t, err
}

// endsOperand reports whether an operand can end with t.
func endsOperand(t token) bool {
	switch t.Type {
	case tokIdent, tokQIdent, tokString, tokNumber:
		return true
	case tokKeyword:
		switch strings.ToUpper(t.Value) {
		case "TRUE", "FALSE", "NULL", "MISSING":
			return true
		}
	case tokPunct:
		switch t.Value {
		case ")", "]", "}", ">>", "?", "*":
			return true
		}
	}
	return false
}

func (l *lexer) scan() (token, *diag.Error) {
	if err := l.skip(); err != nil {
		return token{}, err
	}
	start := l.pos()
	if l.off >= len(l.src) {
		return token{Type: tokEOF, Pos: start}, nil
	}
	rest := l.src[l.off:]
	c := rest[0]
	switch {
	case isIdentStart(c):
		n := 1
		for n < len(rest) && isIdentChar(rest[n]) {
			n++
		}
		l.advance(n)
		typ := tokIdent
		if isKeyword(rest[:n]) {
			typ = tokKeyword
		}
		return token{Type: typ, Value: rest[:n], Pos: start}, nil
	case c >= '0' && c <= '9' || c == '-' && !l.prevEnds && len(rest) > 1 && rest[1] >= '0' && rest[1] <= '9':
		n := number(rest)
		l.advance(n)
		return token{Type: tokNumber, Value: rest[:n], Pos: start}, nil
	case c == '\'' || c == '"':
		n, ok := quoted(rest, c)
		if !ok {
			if c == '\'' {
				return token{}, l.errorf(start, "this string has no closing ': end it with ' (a ' inside is written '')")
			}
			return token{}, l.errorf(start, `this name has no closing ": end it with " (a " inside is written "")`)
		}
		typ := tokString
		if c == '"' {
			typ = tokQIdent
		}
		tok := token{Type: typ, Value: rest[:n], Pos: start}
		l.moveOver(n)
		return tok, nil
	}
	for _, p := range puncts {
		if strings.HasPrefix(rest, p) {
			l.advance(len(p))
			return token{Type: tokPunct, Value: p, Pos: start}, nil
		}
	}
	r, size := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError && size <= 1 {
		return token{}, l.errorf(start, "this byte is not UTF-8 text")
	}
	msg := "unexpected character " + diag.Printable(string(r))
	switch c {
	case '`':
		msg += `: a name is written in "double quotes", a string in 'single quotes'`
	case '$':
		msg += ": a parameter is written ? and bound in order (dynexpr build -p 1=VALUE)"
	case '#':
		msg += ": a comment is written -- comment"
	case '&', '|':
		msg += ": write AND or OR"
	}
	return token{}, l.errorf(start, "%s", msg)
}

// puncts are the operators and punctuation marks, longest first where one
// is the start of another.
var puncts = [...]string{"<<", ">>", "<>", "<=", ">=", "!=", "=", "<", ">", "+", "-",
	"(", ")", "[", "]", "{", "}", ",", ".", ":", ";", "*", "?"}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '$'
}

// number is the length of the decimal number at the start of s (which
// starts with a digit, or "-" and a digit): digits, an optional fraction,
// an optional exponent.
func number(s string) int {
	n := 0
	if s[0] == '-' {
		n = 1
	}
	n = digits(s, n)
	if n+1 < len(s) && s[n] == '.' && s[n+1] >= '0' && s[n+1] <= '9' {
		n = digits(s, n+1)
	}
	if n < len(s) && (s[n] == 'e' || s[n] == 'E') {
		m := n + 1
		if m < len(s) && (s[m] == '+' || s[m] == '-') {
			m++
		}
		if m < len(s) && s[m] >= '0' && s[m] <= '9' {
			n = digits(s, m)
		}
	}
	return n
}

func digits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// quoted is the length of the quoted text at the start of s (quote q, a
// doubled q inside stands for one), and whether it is closed.
func quoted(s string, q byte) (int, bool) {
	for i := 1; i < len(s); i++ {
		if s[i] != q {
			continue
		}
		if i+1 < len(s) && s[i+1] == q {
			i++
			continue
		}
		return i + 1, true
	}
	return 0, false
}

// unquote decodes a quoted token: its quotes off, each doubled quote one.
func unquote(raw string) string {
	q := raw[:1]
	inner := raw[1 : len(raw)-1]
	if !strings.Contains(inner, q) {
		return inner
	}
	return strings.ReplaceAll(inner, q+q, q)
}

// Lex returns the tokens of src, for tests and tools that look at the
// token stream; the parser reads them one at a time.
func lexAll(file, src string) ([]token, *diag.Error) {
	l := newLexer(file, src)
	var toks []token
	for {
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		if t.Type == tokEOF {
			return toks, nil
		}
	}
}
