package diag

import (
	"strings"
	"unicode/utf8"
)

// maxExcerpt is the most characters of a source line shown above a caret;
// a longer line (a 4000-byte filter on one line) is cut around the column.
const maxExcerpt = 120

// Excerpt returns what to show of a source line for a caret under byte
// column col (1-based), and the white space that puts the caret under that
// character on a terminal: tabs stay tabs, a wide character (日, 😀) is
// two spaces, a combining mark none, any other character one. Control
// characters are shown escaped (see Printable) and the pad covers the
// escape. A line longer than maxExcerpt characters is cut to a window
// around the column, with "…" where text was left out.
func Excerpt(line string, col int) (shown, pad string) {
	at := min(max(Column(line, col), 1), utf8.RuneCountInString(line)+1) - 1
	runes := []rune(line)
	start, end := 0, len(runes)
	if len(runes) > maxExcerpt {
		start = max(0, at-maxExcerpt/2)
		end = min(len(runes), start+maxExcerpt)
		start = max(0, end-maxExcerpt)
	}
	var s, p strings.Builder
	s.Grow(len(line) + 8)
	p.Grow(at + 2)
	if start > 0 {
		s.WriteString("…")
		p.WriteByte(' ')
	}
	for i, r := range runes[start:end] {
		// []rune made every byte that is not UTF-8 a U+FFFD: shown as such.
		e := escape(r, utf8.RuneLen(r), 0)
		if e != "" {
			s.WriteString(e)
		} else {
			s.WriteRune(r)
		}
		if start+i >= at {
			continue
		}
		n := cells(r)
		switch {
		case r == '\t':
			p.WriteByte('\t')
			continue
		case e != "":
			n = len(e)
		}
		for range n {
			p.WriteByte(' ')
		}
	}
	if end < len(runes) {
		s.WriteString("…")
	}
	return s.String(), p.String()
}
