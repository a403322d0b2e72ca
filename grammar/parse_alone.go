package grammar

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// ParseEachAlone reads a file of statements as ParseEach does, but each
// statement stands alone: one that does not parse or resolve is reported
// to bad, with where it stands (from its first token to where the next
// statement is read from), and the parse goes on at the next statement:
// after the ";" that ends the bad one, or before that at a line that
// starts a statement (nextStart: "open: query ...", "get Tickets ...", the
// statement after one whose ";" is not written yet). fn sees every statement that parses and
// resolves, in order. This is how lint reads a file, so that a statement
// half written in the editor hides none of the findings of the others.
//
// The error is the first fn returns, which stops the parse. A file
// without an error parses as ParseEach parses it, in one pass; after the
// first error each statement is parsed alone, and its error is its own (a
// lexical error further on is the error of its own statement).
func ParseEachAlone(file, src string, fn func(*Statement) error, bad func(from, to diag.Pos, err error)) (err error) {
	var fnErr error
	last := -1 // where the last statement the parser gave ends
	each := func(st *Statement) bool {
		last = st.EndPos.Offset
		if e := resolveStatement(st, src); len(e) > 0 {
			bad(st.Pos, st.EndPos, e)
			return true
		}
		fnErr = fn(st)
		return fnErr == nil
	}
	defer func() {
		// No input may reach the user as a stack trace.
		if r := recover(); r != nil {
			err = nil
			whole := diag.Pos{File: file, Line: 1, Col: 1}
			bad(whole, whole, diag.Errorf(diag.Pos{File: file}, "cannot parse this input (%v)", r))
		}
	}()
	_, perr := parseFastEach(file, src, each)
	if fnErr != nil || perr == nil {
		return fnErr
	}
	// The statement after the last one given failed: from it on, each
	// statement is parsed alone.
	start := 0
	if last >= 0 {
		start = min(statementEnd(src, last)+1, len(src))
	}
	at := newCursor(file, src)
	for {
		first := SkipTrivia(src, start)
		if first >= len(src) {
			return nil
		}
		end := statementEnd(src, start)
		seg := src[:min(end+1, len(src))] // with its ";"
		from := at.pos(start)
		// Where the statement ends at the latest: no lexical error after
		// that is its own.
		resume := nextStart(src, first, end)
		until := end
		if resume >= 0 {
			until = resume
		}
		_, perr := parseFastEachAt(seg, from, until, each)
		if fnErr != nil {
			return fnErr
		}
		next := min(end+1, len(src))
		if perr != nil {
			var e *diag.Error
			switch pe := perr.(type) {
			case *diag.Error:
				e = pe
				if end >= len(src) {
					atLastTokenFrom(e, src, from)
				}
			case *LexError:
				e = &diag.Error{Pos: pe.Pos, Msg: pe.Msg}
			default:
				e = &diag.Error{Pos: at.pos(first), Msg: perr.Error()}
			}
			e = hinted(e, seg, from)
			stop := end // where the next statement's first token or ";" is, as a statement's EndPos
			if resume >= 0 {
				next, stop = resume, resume
			}
			bad(at.pos(first), at.pos(stop), e)
		}
		start = next
	}
}

// nextStart is the offset of the first line after first and before end
// that starts a statement, outside strings and comments, or -1: one that
// starts with a label and a verb ("open_tickets: query"), which never
// starts a line inside a statement, nor inside a group's braces (so a group
// whose "}" is not written yet ends there too); or, outside braces, with
// the verb of a statement and a name ("get Tickets"), as a statement being
// typed above another is read. delete is left out, which is also an
// update's clause, and check, a member's.
func nextStart(src string, first, end int) int {
	depth := 0
	lineStart := false
	for i := first; i < end; i++ {
		c := src[i]
		if c == '\n' || c == '\r' {
			lineStart = true
			continue
		}
		if lineStart && (c == ' ' || c == '\t') {
			continue
		}
		if lineStart && isIdentStart(c) && (isLabel(src[i:end]) || depth == 0 && isVerbLine(src[i:end])) {
			return i
		}
		lineStart = false
		switch c {
		case '"', '\'', '`':
			i = SkipQuoted(src, i)
			if i < len(src) && (src[i] == '\n' || src[i] == '\r') {
				i-- // an unclosed string ends at its line, which starts another
			}
		case '#':
			for i+1 < end && src[i+1] != '\n' && src[i+1] != '\r' {
				i++
			}
		case '{':
			depth++
		case '}':
			depth = max(0, depth-1)
		}
	}
	return -1
}

// isLabel reports whether s starts with a label and the verb of a
// statement after it ("name: query", "name: transact"): no map entry is
// that, as a value is never a bare word but true, false and null.
func isLabel(s string) bool {
	n := wordLen(s)
	rest := strings.TrimLeft(s[n:], " \t")
	if !strings.HasPrefix(rest, ":") {
		return false
	}
	rest = strings.TrimLeft(rest[1:], " \t")
	word := strings.ToLower(rest[:wordLen(rest)])
	return verbs[word] || word == "transact" || word == "batch"
}

// isVerbLine reports whether s starts with the verb of a statement and a
// name after it: "get Tickets", "transact write".
func isVerbLine(s string) bool {
	n := wordLen(s)
	switch strings.ToLower(s[:n]) {
	case "query", "scan", "get", "put", "update", "transact", "batch":
	default:
		return false
	}
	rest := strings.TrimLeft(s[n:], " \t")
	return len(rest) < len(s[n:]) && rest != "" && (isNameChar(rest[0]) || rest[0] == '`' || rest[0] == '$')
}

func wordLen(s string) int {
	n := 0
	for n < len(s) && isIdentChar(s[n]) {
		n++
	}
	return n
}

// cursor gives the positions of offsets of src that only grow, counting
// line ends once: positions for every statement of a file cost one pass.
type cursor struct {
	file           string
	src            string
	off, line, col int // col counts bytes, as the lexer does
	bom            bool
}

func newCursor(file, src string) *cursor {
	return &cursor{file: file, src: src, line: 1, col: 1, bom: strings.HasPrefix(src, ByteOrderMark)}
}

// pos is the position of offset off, which is at or after the last asked.
func (c *cursor) pos(off int) diag.Pos {
	if off < c.off {
		return posAt(c.file, c.src, off)
	}
	for ; c.off < off; c.off++ {
		// Lines counted as the lexer counts them (advance).
		if ch := c.src[c.off]; (ch == '\n' || ch == '\r') && diag.EndsLine(c.src, c.off) {
			c.line, c.col = c.line+1, 1
		} else {
			c.col++
		}
	}
	p := diag.Pos{File: c.file, Offset: off, Line: c.line, Col: c.col}
	if c.bom && c.line == 1 && off >= len(ByteOrderMark) {
		p.Col -= len(ByteOrderMark)
	}
	return p
}
