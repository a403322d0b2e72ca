package appcode

// The string lexers of each language: each reads the literal at sc.pos, if
// one starts there, into a string token (an opaque one when the literal is
// interpolated or formatted), and reports whether it did.

// lexPython reads quoted strings, single or triple, with any of the prefixes
// r, u, b, f and their pairs (rb, br, fr, rf) in either case.
func lexPython(sc *scanner) bool {
	src, start := sc.src, sc.pos
	i := start
	var raw, bytesLit, fmtLit bool
	for n := 0; n < 2 && i < len(src); n++ {
		switch src[i] | 0x20 {
		case 'r':
			raw = true
		case 'b':
			bytesLit = true
		case 'f':
			fmtLit = true
		case 'u':
		default:
			n = 2
			continue
		}
		i++
	}
	if i >= len(src) || src[i] != '\'' && src[i] != '"' {
		return false
	}
	q := src[i]
	triple := i+2 < len(src) && src[i+1] == q && src[i+2] == q
	i++
	if triple {
		i += 2
	}
	var b litBuilder
	why := ""
	switch {
	case fmtLit:
		why = "an f-string"
	case bytesLit:
		why = "a bytes literal"
	}
	for {
		if sc.unterminated(start, i, &b, !triple) {
			return true
		}
		c := src[i]
		switch {
		case c == q && (!triple || i+2 < len(src) && src[i+1] == q && src[i+2] == q):
			end := i + 1
			if triple {
				end = i + 3
			}
			sc.pos = end
			sc.emitString(start, end, b.done(i, why))
			return true
		case c == '\\' && raw:
			// In a raw string a backslash keeps the byte after it, quote
			// or not.
			b.add(c, i)
			i++
			if i < len(src) {
				i = addSource(&b, src, i)
			}
		case c == '\\':
			var w string
			i, w = escape(&b, src, i, escPython)
			if why == "" {
				why = w
			}
		case fmtLit && (c == '{' || c == '}'):
			if i+1 < len(src) && src[i+1] == c {
				i += 2
				continue
			}
			i++
			if c == '{' {
				sc.pos = i
				sc.interpolation(!triple)
				i = sc.pos
			}
		default:
			i = addSource(&b, src, i)
		}
	}
}

// lexJavaScript reads '..', "..", and template literals `..` (opaque when
// they interpolate ${...}).
func lexJavaScript(sc *scanner) bool {
	src, start := sc.src, sc.pos
	q := src[start]
	if q != '\'' && q != '"' && q != '`' {
		return false
	}
	var b litBuilder
	why := ""
	i := start + 1
	for {
		if sc.unterminated(start, i, &b, q != '`') {
			return true
		}
		c := src[i]
		switch {
		case c == q:
			sc.pos = i + 1
			sc.emitString(start, i+1, b.done(i, why))
			return true
		case c == '\\':
			i, _ = escape(&b, src, i, escJavaScript)
		case q == '`' && c == '$' && i+1 < len(src) && src[i+1] == '{':
			why = "an interpolated template"
			sc.pos = i + 2
			sc.interpolation(false)
			i = sc.pos
		default:
			i = addSource(&b, src, i)
		}
	}
}

// lexJava reads "..", text blocks """...""", and character literals.
func lexJava(sc *scanner) bool {
	src, start := sc.src, sc.pos
	switch {
	case src[start] == '\'':
		return lexChar(sc)
	case src[start] != '"':
		return false
	case start+2 < len(src) && src[start+1] == '"' && src[start+2] == '"':
		lexTextBlock(sc)
		return true
	}
	var b litBuilder
	why := ""
	i := start + 1
	for {
		if sc.unterminated(start, i, &b, true) {
			return true
		}
		switch c := src[i]; c {
		case '"':
			sc.pos = i + 1
			sc.emitString(start, i+1, b.done(i, why))
			return true
		case '\\':
			i, _ = escape(&b, src, i, escJava)
		default:
			b.add(c, i)
			i++
		}
	}
}

// lexChar reads a character literal (x, or an escape, in single quotes) as one token, so that
// a quote inside it starts no string; an unterminated one is one byte.
func lexChar(sc *scanner) bool {
	src, start := sc.src, sc.pos
	i := start + 1
	for i < len(src) && i < start+12 && src[i] != '\'' && src[i] != '\n' {
		if src[i] == '\\' {
			i++
		}
		i++
	}
	if i < len(src) && src[i] == '\'' {
		sc.pos = i + 1
	} else {
		sc.pos = start + 1
	}
	sc.emit(tOther, start, sc.pos)
	return true
}

// lexTextBlock reads a Java text block: the content starts on the line
// after the opening """; the incidental indentation (the least of the
// non-blank lines' and the closing line's) is stripped, as is trailing
// white space on each line; then escapes are read (\<line break> joins two
// lines, \s is a space).
func lexTextBlock(sc *scanner) {
	src, start := sc.src, sc.pos
	i := start + 3
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\f') {
		i++
	}
	if i < len(src) && src[i] == '\r' {
		i++
	}
	if i >= len(src) || src[i] != '\n' && src[i-1] != '\r' {
		// """ with text after it on its line is not a text block: read
		// it as the empty string "" and go on.
		sc.pos = start + 2
		sc.emitString(start, start+2, strLit{offs: []int{start + 1}})
		return
	}
	if src[i] == '\n' {
		i++
	}
	body := i
	end := -1 // the closing """
	for j := body; j+2 < len(src); j++ {
		if src[j] == '\\' {
			j++
			continue
		}
		if src[j] == '"' && src[j+1] == '"' && src[j+2] == '"' {
			end = j
			break
		}
	}
	why := ""
	stop := end
	if end < 0 {
		stop, why = len(src), "an unterminated string"
	}
	// The lines of the body, the last one being the closing delimiter's.
	type line struct{ from, to int } // to excludes the line break
	var lines []line
	for j := body; ; {
		k := j
		for k < stop && src[k] != '\n' && src[k] != '\r' {
			k++
		}
		lines = append(lines, line{j, k})
		if k >= stop {
			break
		}
		if src[k] == '\r' && k+1 < stop && src[k+1] == '\n' {
			k++
		}
		j = k + 1
	}
	blank := func(l line) bool {
		for _, c := range src[l.from:l.to] {
			if c != ' ' && c != '\t' && c != '\f' {
				return false
			}
		}
		return true
	}
	indent := -1
	for n, l := range lines {
		if blank(l) && n != len(lines)-1 {
			continue
		}
		w := 0
		for l.from+w < l.to && (src[l.from+w] == ' ' || src[l.from+w] == '\t' || src[l.from+w] == '\f') {
			w++
		}
		if indent < 0 || w < indent {
			indent = w
		}
	}
	// The stripped text, byte by byte with its offsets, before escapes.
	var raw litBuilder
	for n, l := range lines {
		last := n == len(lines)-1
		if last && blank(l) {
			break // the closing delimiter's own line adds nothing
		}
		from, to := l.from, l.to
		if blank(l) {
			from = to
		} else {
			from += indent
			for to > from && (src[to-1] == ' ' || src[to-1] == '\t' || src[to-1] == '\f') {
				// Trailing white space is stripped; an escaped one
				// (\040, \s) is not white space yet.
				to--
			}
		}
		for j := from; j < to; j++ {
			raw.add(src[j], j)
		}
		if !last {
			raw.add('\n', l.to)
		}
	}
	// Escapes, read on the stripped text; their offsets come from it.
	var b litBuilder
	for j := 0; j < len(raw.text); {
		if raw.text[j] != '\\' {
			b.add(raw.text[j], raw.offs[j])
			j++
			continue
		}
		var sub litBuilder
		n, _ := escape(&sub, raw.text, j, escJava)
		for k, c := range sub.text {
			b.add(c, raw.offs[j]+(sub.offs[k]-j))
		}
		j = n
	}
	closeAt := stop
	sc.pos = stop
	if end >= 0 {
		sc.pos = end + 3
	}
	sc.emitString(start, sc.pos, b.done(closeAt, why))
}

// lexKotlin reads "..", raw strings """...""" and character literals; a
// $name or ${...} template makes the string opaque.
func lexKotlin(sc *scanner) bool {
	src, start := sc.src, sc.pos
	switch {
	case src[start] == '\'':
		return lexChar(sc)
	case src[start] != '"':
		return false
	}
	raw := start+2 < len(src) && src[start+1] == '"' && src[start+2] == '"'
	i := start + 1
	if raw {
		i = start + 3
	}
	var b litBuilder
	why := ""
	for {
		if sc.unterminated(start, i, &b, !raw) {
			return true
		}
		c := src[i]
		switch {
		case c == '"' && !raw:
			sc.pos = i + 1
			sc.emitString(start, i+1, b.done(i, why))
			return true
		case c == '"' && i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"':
			// A raw string ends at the last three of a run of quotes.
			for i+3 < len(src) && src[i+3] == '"' {
				b.add('"', i)
				i++
			}
			sc.pos = i + 3
			lit := b.done(i, why)
			lit.raw = true
			sc.emitString(start, i+3, lit)
			return true
		case c == '\\' && !raw:
			i, _ = escape(&b, src, i, escKotlin)
		case c == '$' && i+1 < len(src) && src[i+1] == '{':
			why = "a string template"
			sc.pos = i + 2
			sc.interpolation(!raw)
			i = sc.pos
		case c == '$' && i+1 < len(src) && isIdentStart(src[i+1], false):
			why = "a string template"
			b.add(c, i)
			i++
		case raw:
			i = addSource(&b, src, i)
		default:
			b.add(c, i)
			i++
		}
	}
}

// unterminated ends the string that starts at start when the file, or
// for a one-line string its line, ends at i before its closing quote.
func (sc *scanner) unterminated(start, i int, b *litBuilder, oneLine bool) bool {
	if i < len(sc.src) && !(oneLine && (sc.src[i] == '\n' || sc.src[i] == '\r')) {
		return false
	}
	sc.pos = i
	sc.emitString(start, i, b.done(i, "an unterminated string"))
	return true
}
