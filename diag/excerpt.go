package diag

import "strings"

// maxExcerpt is the most characters of a source line shown above a caret;
// a longer line (a 4000-byte filter on one line) is cut around the column.
const maxExcerpt = 120

// Excerpt returns what to show of a source line for a caret under byte
// column col (1-based), and the white space that puts the caret there:
// tabs stay tabs, every other character is one column. A line longer than
// maxExcerpt characters is cut to a window around the column, with "…"
// where text was left out.
func Excerpt(line string, col int) (shown, pad string) {
	if col < 1 {
		col = 1
	}
	if col-1 > len(line) {
		col = len(line) + 1
	}
	runes := []rune(line)
	at := len([]rune(line[:col-1]))
	start, end := 0, len(runes)
	if len(runes) > maxExcerpt {
		start = max(0, at-maxExcerpt/2)
		end = min(len(runes), start+maxExcerpt)
		start = max(0, end-maxExcerpt)
	}
	var s, p strings.Builder
	if start > 0 {
		s.WriteString("…")
		p.WriteByte(' ')
	}
	s.WriteString(string(runes[start:end]))
	if end < len(runes) {
		s.WriteString("…")
	}
	for _, r := range runes[start:at] {
		if r == '\t' {
			p.WriteByte('\t')
		} else {
			p.WriteByte(' ')
		}
	}
	return s.String(), p.String()
}
