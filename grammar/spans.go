package grammar

// A file being typed is mostly valid and partly not. What reads one
// statement at a time without parsing the file (the language server's
// hover and completion, the incremental lint of lint.Cache) cuts the
// statements out with Spans: a scanner that knows only strings,
// backticks, comments, braces and ";", so an error in one statement does
// not move the others' bounds.

// Span is a statement's bytes in its file, [From, To), without the ";".
type Span struct{ From, To int }

// Spans are the statements of src, as the ";" outside strings, comments
// and a group's braces separate them; the last one runs to the end of src.
func Spans(src string) []Span {
	var out []Span
	for start := 0; ; {
		end := statementEnd(src, start)
		out = append(out, Span{start, end})
		if end == len(src) {
			return out
		}
		start = end + 1
	}
}

// statementEnd is the offset of the ";" that ends the statement starting
// at or after start (outside strings, comments and braces, as Spans cuts),
// or len(src).
func statementEnd(src string, start int) int {
	depth := 0
	for i := start; i < len(src); i++ {
		switch c := src[i]; c {
		case '"', '\'', '`':
			i = SkipQuoted(src, i)
		case '#':
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		case '{':
			depth++
		case '}':
			depth = max(0, depth-1)
		case ';':
			if depth == 0 {
				return i
			}
		}
	}
	return len(src)
}

// SkipQuoted returns the index of the quote closing the one at i (or the
// last byte of its line or of src, for one not closed): strings end at
// their line, as the lexer ends them, and only they take escapes.
func SkipQuoted(src string, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			if q != '`' {
				j++
			}
		case q:
			return j
		case '\n', '\r':
			return j
		}
	}
	return len(src) - 1
}

// SkipTrivia is the offset of the first token at or after i: past
// blanks, line ends and comments.
func SkipTrivia(src string, i int) int {
	for i < len(src) {
		switch src[i] {
		case ' ', '\t', '\r', '\n':
			i++
		case '#':
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// SpanAt is the statement span holding offset off (at its end counts).
func SpanAt(src string, off int) Span {
	ss := Spans(src)
	for _, s := range ss {
		if off <= s.To {
			return s
		}
	}
	return ss[len(ss)-1]
}
