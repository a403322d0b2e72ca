package diag

// Lines end at "\n", at "\r\n", and at a lone "\r": an editor shows a line
// break at each (old Mac files end lines with CR alone), so a position, a
// comment's end and an excerpt count them alike, or a comment would swallow
// what the user sees as the next line.

// EndsLine reports whether src[i] is the last byte of a line end: a '\n',
// or a '\r' that no '\n' follows.
func EndsLine[S ~string | ~[]byte](src S, i int) bool {
	switch src[i] {
	case '\n':
		return true
	case '\r':
		return i+1 == len(src) || src[i+1] != '\n'
	}
	return false
}

// IsLineBreak reports whether c is a byte of a line end ('\n' or '\r').
func IsLineBreak(c byte) bool { return c == '\n' || c == '\r' }

// LineStarts returns the offset where each line of src starts, 0 first.
func LineStarts[S ~string | ~[]byte](src S) []int {
	starts := []int{0}
	for i := 0; i < len(src); i++ {
		if (src[i] == '\n' || src[i] == '\r') && EndsLine(src, i) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// TrimLineEnd returns line without the line end it ends with, if any.
func TrimLineEnd(line string) string {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line
}

// LastLineStart is the offset where the last line of s starts: after its
// last line end, or 0. s must not end inside a "\r\n".
func LastLineStart(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '\n' || s[i] == '\r' {
			return i + 1
		}
	}
	return 0
}

// CountLineEnds is the number of line ends in s.
func CountLineEnds(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if (s[i] == '\n' || s[i] == '\r') && EndsLine(s, i) {
			n++
		}
	}
	return n
}
