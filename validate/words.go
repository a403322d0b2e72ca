package validate

import (
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// place is "line:col" of at in the statement, for a message that names a
// second place ("first at 3:14"): the column in characters, as the
// finding's own is shown (diag.AtIn).
func (p *Pass) place(at diag.Pos) string {
	if p.outside != nil {
		pos, line := p.outside(at.Offset)
		return pos.At(line)
	}
	return diag.AtIn(p.Stmt.Source, p.Stmt.Pos, at)
}

// place is "line:col" of file byte off, for a message that names a second
// place: the column in characters, counted on its line of the file.
func (c *requestPass) place(off int) string {
	pos := c.pos(off)
	if outside := c.r.File.Outside; outside != nil {
		at, line := outside(pos.Offset)
		return at.At(line)
	}
	return pos.At(string(c.r.File.Src[pos.Offset-pos.Col+1 : pos.Offset]))
}

// nameList writes names for messages: a, b, c (at most 10, then "...").
func nameList(names []string) string {
	if len(names) > 10 {
		return strings.Join(names[:10], ", ") + ", ..."
	}
	return strings.Join(names, ", ")
}

// operandText writes an operand for a suggestion: a function call as
// "...".
func operandText(o *grammar.Operand) string {
	if o != nil && o.Call != nil {
		return "..."
	}
	return exprOperandText(o)
}

// quotedList writes names quoted: "a", "b" and "c".
func quotedList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// tokenBefore returns where words stand just before at in the statement's
// text (the nearest first, blanks between), or at itself when they do not:
// the AST keeps no position for keywords such as or and in.
func tokenBefore(st *grammar.Statement, at diag.Pos, words ...string) diag.Pos {
	src := st.Source
	i := at.Offset - st.Pos.Offset
	if at.File != st.Pos.File || i < 0 || i > len(src) {
		return at
	}
	for _, w := range words {
		for i > 0 && strings.IndexByte(" \t\r\n", src[i-1]) >= 0 {
			i--
		}
		if i < len(w) || !strings.EqualFold(src[i-len(w):i], w) {
			return at
		}
		i -= len(w)
		if isWordByte(w[0]) && i > 0 && isWordByte(src[i-1]) {
			return at
		}
	}
	return posIn(st, i)
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
