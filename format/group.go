package format

import (
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

// A group (transact write, batch get, ...) is laid out as grammar.Format
// writes it, its head and "{" on the first line, each member on its own
// indented lines, "}" last, and the comments that stand between members
// stay with them: a comment on its own line before a member stays before
// it, one at the end of a member's last line stays there, one after the
// "{" stays on the head's line, one on its own line before the "}" stays
// there. Blank lines between members and comments are kept, at most one in
// a row, as between statements. A comment inside the head or inside a
// member leaves the group as written, as a single statement with a comment
// inside is: moving it between clauses could make it say something else.

// groupPart is one line or more of a group's body: a member, with the
// comment at the end of its last line, or a comment on its own line.
type groupPart struct {
	text     string
	trailing string
	line     int // first source line
	lastLine int // last source line
}

// layoutGroup returns the text of group st, whose last token ends at end,
// with cs, the comments between its start and end; ok is false when a
// comment stands inside the head or a member.
func layoutGroup(st *grammar.Statement, cs []grammar.Comment, ends []int, end int, lines lineIndex) (text string, ok bool) {
	open := st.Open.Offset
	closeAt := end - 1 // the "}"
	// The head alone: the group without its members.
	bare := *st
	bare.Members = nil
	head, _, _ := strings.Cut(grammar.Format(&bare), "\n")
	headLine := lines.of(open)
	var parts []groupPart
	ci := 0
	// own places the comments on their own lines before offset limit.
	own := func(limit int) {
		for ; ci < len(cs) && cs[ci].Pos.Offset < limit; ci++ {
			parts = append(parts, groupPart{text: "  " + cs[ci].Text, line: cs[ci].Pos.Line, lastLine: cs[ci].Pos.Line})
		}
	}
	if len(cs) > 0 && cs[0].Pos.Offset < open {
		return "", false // inside the head
	}
	if ci < len(cs) && cs[ci].Pos.Line == headLine && (len(st.Members) == 0 || cs[ci].Pos.Offset < st.Members[0].Pos.Offset) {
		head += "  " + cs[ci].Text
		ci++
	}
	for i, m := range st.Members {
		own(m.Pos.Offset)
		mEnd := lastTokenEnd(ends, m.Pos.Offset, m.EndPos.Offset)
		if ci < len(cs) && cs[ci].Pos.Offset < mEnd {
			return "", false // inside the member
		}
		p := groupPart{text: memberText(st, m), line: m.Pos.Line, lastLine: lines.of(mEnd)}
		if i < len(st.Members)-1 {
			p.text += ";"
		}
		next := closeAt
		if i+1 < len(st.Members) {
			next = st.Members[i+1].Pos.Offset
		}
		if ci < len(cs) && cs[ci].Pos.Line == p.lastLine && cs[ci].Pos.Offset < next {
			p.trailing = cs[ci].Text
			ci++
		}
		parts = append(parts, p)
	}
	own(closeAt)
	if ci != len(cs) {
		return "", false // cannot happen: every comment before end is placed
	}
	var b strings.Builder
	b.WriteString(head + "\n")
	for i, p := range parts {
		if i > 0 && lines.blankBetween(parts[i-1].lastLine, p.line) {
			b.WriteByte('\n')
		}
		b.WriteString(p.text)
		if p.trailing != "" {
			b.WriteString("  " + p.trailing)
		}
		b.WriteByte('\n')
	}
	b.WriteString("}")
	return b.String(), true
}

// memberText is member m of group st as grammar.Format writes it there,
// indented: the group formatted with m alone, less its first and last
// lines, so that a member is laid out in one place.
func memberText(st *grammar.Statement, m *grammar.Statement) string {
	one := *st
	one.Members = []*grammar.Statement{m}
	text := grammar.Format(&one)
	text = text[strings.IndexByte(text, '\n')+1:]
	return text[:strings.LastIndexByte(text, '\n')]
}
