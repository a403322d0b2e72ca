package appcode

import (
	"bytes"
	"unicode/utf8"
)

// This file is the tolerant token scanner the Python, JavaScript/TypeScript,
// Java and Kotlin readers share. It knows what it must to find request
// members without being fooled: each language's string literals (decoded,
// with the offset of every decoded byte), its comments (dropped, but read for
// dynexpr: directives) and its brackets (matched). Everything else is an
// identifier, a number or punctuation. It never fails: an unterminated
// string or comment ends at the end of its line or of the file, an unmatched
// bracket matches nothing, and every byte is looked at a bounded number of
// times.

type tokKind uint8

const (
	tIdent tokKind = iota + 1
	tNumber
	tString
	tPunct // one operator: "=", "==", ":", ",", ".", "+", "=>", ...
	tOpen  // ( [ {
	tClose // ) ] }
	tOther // a regular expression literal, a character literal, a stray byte
)

type token struct {
	start, end int
	// match is, for a bracket, the index of its partner; -1 for none.
	match int
	// str is, for tString, the index of its decoding in scanner.strs.
	str  int
	kind tokKind
	// nl says a line break separates the token from the one before it.
	nl bool
	// (The ints first: 40 bytes a token, not 48 with padding between.)
}

// strLit is a string literal's decoding: its text and the file offset of
// each byte of it (and one past the end), or why it has no fixed text.
type strLit struct {
	text []byte
	offs []int
	why  string // "" for a literal; else what makes it opaque ("an f-string")
	// raw says the literal is one whose text is its bytes (no escapes):
	// Kotlin's """...""", which trimIndent can then reshape.
	raw bool
}

// syntax is what differs between the languages at the level of tokens.
type syntax struct {
	hashComments  bool // # to the end of the line (Python)
	slashComments bool // // and /* */
	nestComments  bool // /* /* */ */ nests (Kotlin)
	regexps       bool // / may start a regular expression literal (JavaScript)
	// lexString reads a string (or character) literal starting at sc.pos,
	// appending its token; it reports false when none starts there.
	lexString   func(sc *scanner) bool
	dollarIdent bool // $ is an identifier byte (JavaScript, Java)
}

// maxNest bounds the recursion of interpolations inside strings (a
// template inside ${} inside a template ...): deeper ones are skipped as
// text, so no input can exhaust the stack.
const maxNest = 64

type scanner struct {
	src  []byte
	pos  int
	syn  *syntax
	toks []token
	strs []strLit
	dirs []Directive
	nl   bool // a line break since the last token
	nest int  // interpolations being read
	// oneLine says the interpolation being read is in a one-line string,
	// which a line break ends.
	oneLine bool

	line, lineAt int // the 1-based line at offset lineAt, advanced lazily
}

// scan reads all of src into tokens, with brackets matched.
func scan(src []byte, syn *syntax) *scanner {
	// A token is four to five bytes of code (4.6 over bench/gencode's
	// files), a string one in a dozen tokens: growing the slices from
	// nothing would copy them a dozen times, and from a fifth of the
	// length, which most files outgrew, once.
	sc := &scanner{src: src, syn: syn, line: 1,
		toks: make([]token, 0, len(src)/4+8), strs: make([]strLit, 0, len(src)/64+4)}
	sc.run(0)
	matchBrackets(src, sc.toks)
	return sc
}

// run reads tokens until the end of the input or, when close is a byte,
// until that byte at bracket depth 0 (the end of an interpolation), which
// it consumes.
func (sc *scanner) run(close byte) {
	depth := 0
	src := sc.src
	for sc.pos < len(src) {
		c := src[sc.pos]
		switch {
		case c == '\n' && close != 0 && sc.oneLine:
			return // the end of the line ends a one-line string's interpolation
		case c == '\n':
			sc.nl = true
			sc.pos++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			sc.pos++
			continue
		case c == '\\' && sc.pos+1 < len(src) && (src[sc.pos+1] == '\n' || src[sc.pos+1] == '\r'):
			sc.pos += 2 // a line continuation (Python)
			continue
		case sc.syn.hashComments && c == '#':
			sc.lineComment(sc.pos, sc.pos+1)
			continue
		case c == '#' && sc.pos == 0 && len(src) > 1 && src[1] == '!':
			sc.lineComment(0, 2) // a shebang line
			continue
		case sc.syn.slashComments && c == '/' && sc.pos+1 < len(src) && src[sc.pos+1] == '/':
			sc.lineComment(sc.pos, sc.pos+2)
			continue
		case sc.syn.slashComments && c == '/' && sc.pos+1 < len(src) && src[sc.pos+1] == '*':
			sc.blockComment()
			continue
		}
		if close != 0 {
			switch c {
			case '{', '(', '[':
				depth++
			case '}', ')', ']':
				if depth == 0 && c == close {
					sc.pos++
					return
				}
				depth--
			}
		}
		if sc.syn.lexString(sc) {
			continue
		}
		switch {
		case isIdentStart(c, sc.syn.dollarIdent):
			start := sc.pos
			for sc.pos < len(src) && isIdentByte(src[sc.pos], sc.syn.dollarIdent) {
				sc.pos++
			}
			sc.emit(tIdent, start, sc.pos)
		case c >= '0' && c <= '9' || c == '.' && sc.pos+1 < len(src) && src[sc.pos+1] >= '0' && src[sc.pos+1] <= '9':
			sc.number()
		case c == '(' || c == '[' || c == '{':
			sc.emit(tOpen, sc.pos, sc.pos+1)
			sc.pos++
		case c == ')' || c == ']' || c == '}':
			sc.emit(tClose, sc.pos, sc.pos+1)
			sc.pos++
		case sc.syn.regexps && c == '/' && sc.regexAllowed():
			sc.regexp()
		default:
			start := sc.pos
			sc.pos += operatorLen(src[sc.pos:])
			kind := tPunct
			if c >= utf8.RuneSelf || c < ' ' {
				kind = tOther
			}
			sc.emit(kind, start, sc.pos)
		}
	}
}

func (sc *scanner) emit(kind tokKind, start, end int) {
	sc.toks = append(sc.toks, token{kind: kind, start: start, end: end, nl: sc.nl, match: -1, str: -1})
	sc.nl = false
}

// emitString appends a string token and its decoding.
func (sc *scanner) emitString(start, end int, lit strLit) {
	sc.emit(tString, start, end)
	sc.toks[len(sc.toks)-1].str = len(sc.strs)
	sc.strs = append(sc.strs, lit)
}

// interpolation reads the code of an interpolation (${...}, {...} in an
// f-string) up to its closing brace, and forgets its tokens: what is
// computed inside a string is not a request member. Past maxNest it skips
// to the brace by counting braces alone.
func (sc *scanner) interpolation(oneLine bool) {
	if sc.nest >= maxNest {
		depth := 0
		for sc.pos < len(sc.src) {
			c := sc.src[sc.pos]
			if c == '\n' && oneLine {
				return
			}
			sc.pos++
			if c == '{' {
				depth++
			} else if c == '}' {
				if depth == 0 {
					return
				}
				depth--
			}
		}
		return
	}
	nt, ns, nl, outer := len(sc.toks), len(sc.strs), sc.nl, sc.oneLine
	sc.nest++
	sc.oneLine = oneLine
	sc.run('}')
	sc.nest--
	sc.toks, sc.strs, sc.nl, sc.oneLine = sc.toks[:nt], sc.strs[:ns], nl, outer
}

var operators = [...]string{
	"===", "!==", "...", "**=", "//=", ">>=", "<<=",
	"==", "!=", "<=", ">=", "=>", "->", "::", ":=", "+=", "-=", "*=", "/=", "%=",
	"&=", "|=", "^=", "&&", "||", "??", "?.", "?:", "**", "++", "--", "<<", ">>", "!!",
}

// operatorLen is the length of the operator at the start of b: the longest
// of operators, else one byte (a whole UTF-8 sequence for a non-ASCII byte).
func operatorLen(b []byte) int {
	// Most punctuation (a comma, a bracket's neighbour, a lone = or .) is
	// one byte followed by one no operator goes on with: told by a table
	// rather than by trying each operator.
	if len(b) < 2 || !opByte[b[0]] || !opByte[b[1]] {
		return charLen(b)
	}
	for _, op := range operators {
		if bytes.HasPrefix(b, []byte(op)) {
			return len(op)
		}
	}
	return charLen(b)
}

// opByte says which bytes occur in operators.
var opByte = func() (t [256]bool) {
	for _, op := range operators {
		for i := range len(op) {
			t[op[i]] = true
		}
	}
	return t
}()

// charLen is the length of the character at the start of b: one byte, or
// a whole UTF-8 sequence for a non-ASCII byte.
func charLen(b []byte) int {
	if b[0] >= utf8.RuneSelf {
		if _, n := utf8.DecodeRune(b); n > 1 {
			return n
		}
	}
	return 1
}

func isIdentStart(c byte, dollar bool) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || dollar && c == '$' || c >= utf8.RuneSelf && c >= 0xC2
}

func isIdentByte(c byte, dollar bool) bool {
	return isIdentStart(c, dollar) || c >= '0' && c <= '9' || c >= 0x80
}

// number reads a numeric literal as written: digits, letters (0x, 1e5,
// 10L, 1.5f), underscores, a point, and a sign right after an exponent.
func (sc *scanner) number() {
	src, start := sc.src, sc.pos
	hex := len(src) > start+1 && src[start] == '0' && (src[start+1] == 'x' || src[start+1] == 'X')
	for sc.pos < len(src) {
		c := src[sc.pos]
		switch {
		case c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_':
		case c == '.' && sc.pos+1 < len(src) && src[sc.pos+1] >= '0' && src[sc.pos+1] <= '9':
		case c == '.' && !hex && bytes.IndexByte(src[start:sc.pos], '.') < 0 && (sc.pos+1 >= len(src) || !isIdentStart(src[sc.pos+1], false) && src[sc.pos+1] != '.'):
			// 1. is a number in Python and JavaScript; 1.foo() and 1..2 are not.
		case (c == '+' || c == '-') && !hex && (src[sc.pos-1] == 'e' || src[sc.pos-1] == 'E'):
		default:
			sc.emit(tNumber, start, sc.pos)
			return
		}
		sc.pos++
	}
	sc.emit(tNumber, start, sc.pos)
}

// regexAllowed reports whether a / here starts a regular expression rather
// than a division: it does where a value cannot end before it.
func (sc *scanner) regexAllowed() bool {
	if len(sc.toks) == 0 {
		return true
	}
	t := sc.toks[len(sc.toks)-1]
	switch t.kind {
	case tNumber, tString, tClose, tOther:
		return false
	case tIdent:
		switch string(sc.src[t.start:t.end]) {
		case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await":
			return true
		}
		return false
	}
	return true
}

// regexp reads a regular expression literal: to the / that is not escaped
// nor inside a [class], then its flags; it ends at the end of the line if
// unterminated.
func (sc *scanner) regexp() {
	src, start := sc.src, sc.pos
	sc.pos++
	class := false
	for sc.pos < len(src) && src[sc.pos] != '\n' {
		c := src[sc.pos]
		sc.pos++
		if c == '\\' && sc.pos < len(src) && src[sc.pos] != '\n' {
			sc.pos++
		} else if c == '[' {
			class = true
		} else if c == ']' {
			class = false
		} else if c == '/' && !class {
			for sc.pos < len(src) && isIdentByte(src[sc.pos], false) {
				sc.pos++
			}
			break
		}
	}
	sc.emit(tOther, start, sc.pos)
}

// lineComment reads a comment from start to the end of its line, its text
// beginning at text.
func (sc *scanner) lineComment(start, text int) {
	end := bytes.IndexByte(sc.src[text:], '\n')
	if end < 0 {
		end = len(sc.src)
	} else {
		end += text
	}
	sc.directive(start, sc.src[text:end])
	sc.pos = end
}

// blockComment reads a /* */ comment (nested, in Kotlin); an unterminated
// one runs to the end of the file.
func (sc *scanner) blockComment() {
	src, start := sc.src, sc.pos
	sc.pos += 2
	depth := 1
	for sc.pos < len(src) {
		if src[sc.pos] == '*' && sc.pos+1 < len(src) && src[sc.pos+1] == '/' {
			sc.pos += 2
			if depth--; depth == 0 {
				break
			}
			continue
		}
		if sc.syn.nestComments && src[sc.pos] == '/' && sc.pos+1 < len(src) && src[sc.pos+1] == '*' {
			depth++
			sc.pos += 2
			continue
		}
		if src[sc.pos] == '\n' {
			sc.nl = true
		}
		sc.pos++
	}
	text := src[start+2 : sc.pos]
	if depth == 0 {
		text = text[:len(text)-2]
	}
	// A comment of several lines is a directive only when its first line is.
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	sc.directive(start, bytes.TrimLeft(text, "* \t"))
}

// directive records the comment at start if its text is a dynexpr:
// directive: "dynexpr:VERB ARGS".
func (sc *scanner) directive(start int, text []byte) {
	text = bytes.TrimSpace(text)
	rest, ok := bytes.CutPrefix(text, []byte("dynexpr:"))
	if !ok || sc.nest > 0 {
		return
	}
	verb, args, _ := bytes.Cut(rest, []byte(" "))
	if tab := bytes.IndexByte(verb, '\t'); tab >= 0 {
		verb, args = rest[:tab], rest[tab+1:]
	}
	if len(verb) == 0 {
		return
	}
	trailing := len(sc.toks) > 0 && !sc.nl && sc.nest == 0
	sc.dirs = append(sc.dirs, Directive{
		Pos: start, Line: sc.lineOf(start), Verb: string(verb),
		Args: string(bytes.TrimSpace(args)), Trailing: trailing,
	})
}

// lineOf is the 1-based line of off; offsets asked for only grow, so the
// lines are counted once.
func (sc *scanner) lineOf(off int) int {
	if off < sc.lineAt {
		sc.line, sc.lineAt = 1, 0
	}
	sc.line += bytes.Count(sc.src[sc.lineAt:off], []byte{'\n'})
	sc.lineAt = off
	return sc.line
}

// matchBrackets pairs each bracket with its partner. A closer that does
// not match the innermost open bracket closes the ones it skips if an
// opener of its kind is among the few innermost (a missing closer in broken
// code), else nothing (a stray closer).
func matchBrackets(src []byte, toks []token) {
	var stack []int
	for i := range toks {
		switch toks[i].kind {
		case tOpen:
			stack = append(stack, i)
		case tClose:
			want := openerOf(src[toks[i].start])
			k := len(stack) - 1
			for ; k >= 0 && k >= len(stack)-4; k-- {
				if src[toks[stack[k]].start] == want {
					break
				}
			}
			if k < 0 || k < len(stack)-4 {
				continue
			}
			toks[i].match = stack[k]
			toks[stack[k]].match = i
			stack = stack[:k]
		}
	}
}

func openerOf(close byte) byte {
	switch close {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}
