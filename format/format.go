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
	"bytes"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// File returns src, a DSL file named name, in the canonical layout. A
// syntax error is returned as a *diag.Error or diag.List.
func File(name, src string) (string, error) {
	f, err := grammar.Parse(name, src)
	if err != nil {
		return "", err
	}
	comments, ends, err := grammar.Trivia(name, src)
	if err != nil {
		return "", err
	}
	out := layout(src, f.Statements, comments, ends)
	if err := sameStatements(name, f.Statements, out); err != nil {
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
	text     string
	trailing string // a comment after a statement, on its last line
	stmt     bool
	line     int // first source line
	lastLine int // last source line
}

func layout(src string, sts []*grammar.Statement, comments []grammar.Comment, ends []int) string {
	lines := newLineIndex(src)
	var items []item
	ci := 0 // next comment not yet placed
	for i, st := range sts {
		start := st.Pos.Offset
		end := lastTokenEnd(ends, start, st.EndPos.Offset)
		next := len(src) + 1 // where the next statement starts
		if i+1 < len(sts) {
			next = sts[i+1].Pos.Offset
		}
		// Comments before the statement, each on its own line.
		for ci < len(comments) && comments[ci].Pos.Offset < start {
			c := comments[ci]
			items = append(items, item{text: c.Text, line: c.Pos.Line, lastLine: c.Pos.Line})
			ci++
		}
		first := ci
		for ci < len(comments) && comments[ci].Pos.Offset < end {
			ci++
		}
		inside := ci > first
		var text string
		switch {
		case st.Kind.IsGroup():
			// Comments between members stay with them.
			if t, ok := layoutGroup(st, comments[first:ci], ends, end, lines); ok {
				text, inside = t, false
			}
		case !inside:
			text = grammar.Format(st)
		}
		if inside {
			// Left as written, but with the output's line endings (a
			// CR there can only end a line: the lexer ends strings,
			// names and comments at one).
			text = strings.ReplaceAll(strings.ReplaceAll(src[start:end], "\r\n", "\n"), "\r", "\n")
		}
		endLine := lines.of(end)
		it := item{text: text, stmt: true, line: st.Pos.Line, lastLine: endLine}
		// A comment after the statement on its last line (after the ";",
		// if any, and before the next statement) stays there.
		if ci < len(comments) && comments[ci].Pos.Line == endLine && comments[ci].Pos.Offset < next {
			it.trailing = comments[ci].Text
			ci++
		}
		items = append(items, it)
	}
	for ; ci < len(comments); ci++ {
		c := comments[ci]
		items = append(items, item{text: c.Text, line: c.Pos.Line, lastLine: c.Pos.Line})
	}
	lastStmt := -1
	for i, it := range items {
		if it.stmt {
			lastStmt = i
		}
	}
	var b strings.Builder
	for i, it := range items {
		if i > 0 && lines.blankBetween(items[i-1].lastLine, it.line) {
			b.WriteByte('\n')
		}
		b.WriteString(it.text)
		if it.stmt && i != lastStmt {
			b.WriteByte(';')
		}
		if it.trailing != "" {
			b.WriteString("  " + it.trailing)
		}
		b.WriteByte('\n')
	}
	return b.String()
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

// sameStatements checks that out parses into statements with the same
// meaning as sts: the same canonical text, and the same request for each
// statement that builds.
func sameStatements(name string, sts []*grammar.Statement, out string) error {
	g, err := grammar.Parse(name, out)
	if err != nil {
		return diag.Errorf(diag.Pos{File: name}, "dynexpr fmt would write a file that does not parse (%v); the file is left as it is", err)
	}
	if len(g.Statements) != len(sts) {
		return diag.Errorf(diag.Pos{File: name}, "dynexpr fmt would write %d statements instead of %d; the file is left as it is", len(g.Statements), len(sts))
	}
	for i, st := range sts {
		if a, b := grammar.Format(st), grammar.Format(g.Statements[i]); a != b {
			return diag.Errorf(st.Pos, "dynexpr fmt would change this statement (to %q); the file is left as it is", b)
		}
		ra, errA := request(st)
		rb, errB := request(g.Statements[i])
		if errA == nil && errB == nil && !bytes.Equal(ra, rb) {
			return diag.Errorf(st.Pos, "dynexpr fmt would change the request this statement builds; the file is left as it is")
		}
	}
	return nil
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
