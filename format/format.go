// Package format writes DSL files in one canonical layout, as dynexpr fmt
// does: each statement as grammar.Format prints it (keywords in lower case,
// clauses in the order of the clause table, one line when it fits in 80 columns, else
// one clause per indented line), statements separated by ";", comments kept.
//
// A comment before a statement, or after it on its last line, stays where
// it was. A statement with a comment inside it is left as written: moving a
// comment between clauses could make it say something else. A group's
// comments between its members stay with them (group.go). Blank lines
// between statements and comments are kept, at most one in a row.
//
// The result is checked before it is returned: it must parse into the same
// statements (same canonical text and, where they build, the same request)
// and hold the same comments in the same order; otherwise File refuses to
// format rather than change a request or lose a comment.
package format

import (
	"crypto/sha256"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// File returns src, a DSL file named name, in the canonical layout. A
// syntax error is returned as a *diag.Error or diag.List.
//
// The statements are parsed, laid out and checked one at a time (each is
// written once the next is parsed, when it is known whether a ";" and a
// comment follow it): what is kept of the file is its text, its comments,
// its output and a fingerprint of each statement, not its trees.
func File(name, src string) (string, error) {
	comments, ends, err := grammar.Trivia(name, src)
	if err != nil {
		if _, perr := grammar.Parse(name, src); perr != nil {
			return "", perr // the parser's words for what the lexer refused
		}
		return "", err
	}
	l := layout{src: src, comments: comments, ends: ends, lines: newLineIndex(src)}
	var prints []fingerprint
	var last *grammar.Statement
	err = grammar.ParseEach(name, src, func(st *grammar.Statement) error {
		if last != nil {
			l.statement(last, st.Pos.Offset, true)
			prints = append(prints, fingerprintOf(last))
		}
		last = st
		return nil
	})
	if err != nil {
		return "", err
	}
	if last != nil {
		l.statement(last, len(src)+1, false)
		prints = append(prints, fingerprintOf(last))
	}
	l.rest()
	out := l.out.String()
	if err := sameStatements(name, prints, out); err != nil {
		return "", err
	}
	if err := sameComments(name, comments, out); err != nil {
		return "", err
	}
	if strings.HasPrefix(src, grammar.ByteOrderMark) {
		// Kept, like the line endings: the editor that wrote it would again.
		out = grammar.ByteOrderMark + out
	}
	return withLineEndings(out, src), nil
}

// withLineEndings gives out, laid out with LF, the line endings of src,
// those its first line ends with: a file of CRLF lines (a Windows checkout,
// say) stays CRLF throughout, so `fmt --check` does not flag every file of
// such a checkout, and one of lone-CR lines stays CR.
func withLineEndings(out, src string) string {
	i := strings.IndexAny(src, "\r\n")
	switch {
	case i < 0 || src[i] == '\n':
		return out
	case i+1 < len(src) && src[i+1] == '\n':
		return strings.ReplaceAll(out, "\n", "\r\n")
	}
	return strings.ReplaceAll(out, "\n", "\r")
}

// item is one thing the output is made of, in source order: a statement
// (with its trailing comment) or a comment on its own line.
type item struct {
	text      string
	trailing  string // a comment after a statement, on its last line
	semicolon bool   // a statement that another follows
	line      int    // first source line
	lastLine  int    // last source line
}

// layout writes the output as the statements come, in order.
type layout struct {
	src      string
	comments []grammar.Comment
	ends     []int
	lines    lineIndex
	ci       int // next comment not yet placed
	out      strings.Builder
	lastLine int // of the item written last; 0 before the first
}

// statement writes st, the comments before it, and the comment after it on
// its last line; next is where the next statement starts (past the end of
// the input for none), more whether one follows.
func (l *layout) statement(st *grammar.Statement, next int, more bool) {
	start := st.Pos.Offset
	end := lastTokenEnd(l.ends, start, st.EndPos.Offset)
	// Comments before the statement, each on its own line.
	for l.ci < len(l.comments) && l.comments[l.ci].Pos.Offset < start {
		l.comment(l.comments[l.ci])
		l.ci++
	}
	first := l.ci
	for l.ci < len(l.comments) && l.comments[l.ci].Pos.Offset < end {
		l.ci++
	}
	inside := l.ci > first
	var text string
	switch {
	case st.Kind.IsGroup():
		// Comments between members stay with them.
		if t, ok := layoutGroup(st, l.comments[first:l.ci], l.ends, end, l.lines); ok {
			text, inside = t, false
		}
	case !inside:
		text = grammar.Format(st)
	}
	if inside {
		// Left as written, but with the output's line endings (a
		// CR there can only end a line: the lexer ends strings,
		// names and comments at one).
		text = strings.ReplaceAll(strings.ReplaceAll(l.src[start:end], "\r\n", "\n"), "\r", "\n")
	}
	endLine := l.lines.of(end)
	it := item{text: text, semicolon: more, line: st.Pos.Line, lastLine: endLine}
	// A comment after the statement on its last line (after the ";",
	// if any, and before the next statement) stays there.
	if l.ci < len(l.comments) && l.comments[l.ci].Pos.Line == endLine && l.comments[l.ci].Pos.Offset < next {
		it.trailing = l.comments[l.ci].Text
		l.ci++
	}
	l.write(it)
}

// rest writes the comments after the last statement.
func (l *layout) rest() {
	for ; l.ci < len(l.comments); l.ci++ {
		l.comment(l.comments[l.ci])
	}
}

func (l *layout) comment(c grammar.Comment) {
	l.write(item{text: c.Text, line: c.Pos.Line, lastLine: c.Pos.Line})
}

// write adds it to the output, after a blank line where the source has one
// (at most one in a row).
func (l *layout) write(it item) {
	b := &l.out
	if l.lastLine > 0 && l.lines.blankBetween(l.lastLine, it.line) {
		b.WriteByte('\n')
	}
	b.WriteString(it.text)
	if it.semicolon {
		b.WriteByte(';')
	}
	if it.trailing != "" {
		b.WriteString("  " + it.trailing)
	}
	b.WriteByte('\n')
	l.lastLine = it.lastLine
}

// lastTokenEnd is the end of the last token of a statement that starts at
// start; limit is where the token after it starts (its ";", the next
// statement or the end of input).
func lastTokenEnd(ends []int, start, limit int) int {
	i := sort.SearchInts(ends, limit+1) // ends are increasing; ends[i-1] <= limit
	if i == 0 || ends[i-1] <= start {
		return limit
	}
	return ends[i-1]
}

// lineIndex finds lines in a source: starts[n] is the offset of line n+1.
type lineIndex struct {
	src    string
	starts []int
}

func newLineIndex(src string) lineIndex {
	return lineIndex{src, diag.LineStarts(src)}
}

// of is the 1-based line of byte offset off.
func (x lineIndex) of(off int) int {
	return sort.SearchInts(x.starts, off+1)
}

// blankBetween reports whether a line with nothing but white space stands
// between lines a and b (a < b).
func (x lineIndex) blankBetween(a, b int) bool {
	for n := a + 1; n < b && n <= len(x.starts); n++ {
		end := len(x.src)
		if n < len(x.starts) {
			end = x.starts[n]
		}
		if strings.TrimSpace(x.src[x.starts[n-1]:end]) == "" {
			return true
		}
	}
	return false
}

// fingerprint is what sameStatements compares of a statement: its
// canonical text and the request it builds, hashed, so that checking the
// output keeps no tree of the input.
type fingerprint struct {
	pos     diag.Pos
	text    [sha256.Size]byte
	request [sha256.Size]byte
	builds  bool
}

func fingerprintOf(st *grammar.Statement) fingerprint {
	fp := fingerprint{pos: st.Pos, text: sha256.Sum256([]byte(grammar.Format(st)))}
	if r, err := request(st); err == nil {
		fp.request, fp.builds = sha256.Sum256(r), true
	}
	return fp
}

// sameStatements checks that out parses into statements with the same
// meaning as those of prints: the same canonical text, and the same
// request for each statement that builds.
func sameStatements(name string, prints []fingerprint, out string) error {
	n := 0
	var changed error // the first statement that changed
	err := grammar.ParseEach(name, out, func(g *grammar.Statement) error {
		n++
		if n > len(prints) || changed != nil {
			return nil
		}
		fp := prints[n-1]
		b := grammar.Format(g)
		if sha256.Sum256([]byte(b)) != fp.text {
			changed = diag.Errorf(fp.pos, "dynexpr fmt would change this statement (to %q); the file is left as it is", b)
			return nil
		}
		if r, err := request(g); err == nil && fp.builds && sha256.Sum256(r) != fp.request {
			changed = diag.Errorf(fp.pos, "dynexpr fmt would change the request this statement builds; the file is left as it is")
		}
		return nil
	})
	if err != nil {
		return diag.Errorf(diag.Pos{File: name}, "dynexpr fmt would write a file that does not parse (%v); the file is left as it is", err)
	}
	if n != len(prints) {
		return diag.Errorf(diag.Pos{File: name}, "dynexpr fmt would write %d statements instead of %d; the file is left as it is", n, len(prints))
	}
	return changed
}

// sameComments checks that out holds the comments of the source, in the
// same order: fmt moves a comment, it never drops one.
func sameComments(name string, comments []grammar.Comment, out string) error {
	got, _, err := grammar.Trivia(name, out)
	if err != nil {
		return diag.Errorf(diag.Pos{File: name}, "dynexpr fmt would write a file that does not lex (%v); the file is left as it is", err)
	}
	for i, c := range comments {
		if i >= len(got) || got[i].Text != c.Text {
			return diag.Errorf(c.Pos, "dynexpr fmt would lose or move this comment out of order; the file is left as it is")
		}
	}
	if len(got) != len(comments) {
		return diag.Errorf(diag.Pos{File: name}, "dynexpr fmt would write %d comments instead of %d; the file is left as it is", len(got), len(comments))
	}
	return nil
}

func request(st *grammar.Statement) ([]byte, error) {
	r, err := builder.Build(st)
	if err != nil {
		return nil, err
	}
	return r.JSON(false), nil
}
