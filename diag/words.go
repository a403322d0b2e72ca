package diag

import (
	"strconv"
	"strings"
)

// Plural writes a count and its noun as messages say it: "1 file",
// "3 files". Every layer's messages count things, so the one spelling lives
// here, beside the one shape of a message.
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// Wrap breaks s into lines of at most width columns at spaces, its words
// kept whole: the help and the rules' pages are filled the same way.
func Wrap(s string, width int) string {
	var b strings.Builder
	col := 0
	for i, w := range strings.Fields(s) {
		if i > 0 {
			if col+1+len(w) > width {
				b.WriteByte('\n')
				col = 0
			} else {
				b.WriteByte(' ')
				col++
			}
		}
		b.WriteString(w)
		col += len(w)
	}
	return b.String()
}
