package diag

// Caret is the two lines shown under a message: the excerpt of the source
// line (see Excerpt) and mark (a "^", perhaps coloured) under column col,
// both indented four spaces.
func Caret(line string, col int, mark string) string {
	shown, pad := Excerpt(line, col)
	return "    " + shown + "\n    " + pad + mark + "\n"
}
