package appcode

import (
	"unicode/utf8"
)

// This file decodes the string literals the scanner meets: a litBuilder
// collects a string's text and, for each byte of it, the offset of the byte
// in the file it came from, and the escape readers turn each language's
// backslash escapes into text.

type litBuilder struct {
	text []byte
	offs []int
}

func (b *litBuilder) add(c byte, off int) {
	if b.text == nil {
		b.text, b.offs = make([]byte, 0, 32), make([]int, 0, 33)
	}
	b.text = append(b.text, c)
	b.offs = append(b.offs, off)
}

// addRune appends r as UTF-8, its bytes at off, off+1, ...: an escape is
// never shorter than what it decodes to, so offsets stay strictly
// increasing and inside the escape.
func (b *litBuilder) addRune(r rune, off int) {
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	for i := 0; i < n; i++ {
		b.add(buf[i], off+i)
	}
}

// done is the literal, its offsets ending with end (the closing quote).
func (b *litBuilder) done(end int, why string) strLit {
	return strLit{text: b.text, offs: append(b.offs, end), why: why}
}

// escapeStyle is which backslash escapes a language's strings have.
type escapeStyle uint8

const (
	escPython escapeStyle = iota
	escJavaScript
	escJava
	escKotlin
)

// escape decodes the escape at src[i] (a backslash) into b, returning the
// offset after it; why is set for an escape whose text cannot be known
// here (Python's \N{name}).
func escape(b *litBuilder, src []byte, i int, style escapeStyle) (next int, why string) {
	if i+1 >= len(src) {
		b.add('\\', i)
		return i + 1, ""
	}
	c := src[i+1]
	simple := func(out byte) (int, string) { b.add(out, i); return i + 2, "" }
	switch c {
	case '\\', '\'', '"':
		return simple(c)
	case 'n':
		return simple('\n')
	case 't':
		return simple('\t')
	case 'r':
		return simple('\r')
	case 'b':
		return simple('\b')
	case 'f':
		if style == escKotlin {
			break
		}
		return simple('\f')
	case '\n', '\r':
		if style == escKotlin {
			break
		}
		// A line continuation: the backslash and the line break are nothing.
		n := i + 2
		if c == '\r' && n < len(src) && src[n] == '\n' {
			n++
		}
		return n, ""
	case 'v':
		if style == escPython || style == escJavaScript {
			return simple('\v')
		}
	case 'a':
		if style == escPython {
			return simple('\a')
		}
	case 's':
		if style == escJava {
			return simple(' ')
		}
	case '$':
		if style == escKotlin {
			return simple('$')
		}
	case '`':
		if style == escJavaScript {
			return simple('`')
		}
	case 'x':
		if style == escPython || style == escJavaScript {
			if v, ok := hexValue(src, i+2, 2); ok {
				b.addRune(rune(v), i)
				return i + 4, ""
			}
		}
	case 'u':
		return unicodeEscape(b, src, i, style)
	case 'U':
		if style == escPython {
			if v, ok := hexValue(src, i+2, 8); ok && v <= utf8.MaxRune {
				b.addRune(validRune(rune(v)), i)
				return i + 10, ""
			}
		}
	case 'N':
		if style == escPython && i+2 < len(src) && src[i+2] == '{' {
			return i + 2, `a \N{...} escape`
		}
	}
	if c >= '0' && c <= '7' && style != escKotlin {
		// Octal: up to three digits (Java: at most \377).
		v, n := 0, i+1
		for n < len(src) && n < i+4 && src[n] >= '0' && src[n] <= '7' {
			if style == escJava && v*8+int(src[n]-'0') > 0377 {
				break
			}
			v = v*8 + int(src[n]-'0')
			n++
		}
		b.addRune(rune(v), i)
		return n, ""
	}
	// An escape the language does not define: Python keeps the backslash;
	// JavaScript drops it; in Java and Kotlin it does not compile, and the
	// backslash is kept so that nothing is made up.
	if style == escJavaScript {
		r, n := utf8.DecodeRune(src[i+1:])
		b.addRune(r, i)
		return i + 1 + n, ""
	}
	b.add('\\', i)
	return i + 1, ""
}

// unicodeEscape decodes \uXXXX (and JavaScript's \u{X...}, Java's \uuuXXXX),
// joining a UTF-16 surrogate pair written as two escapes.
func unicodeEscape(b *litBuilder, src []byte, i int, style escapeStyle) (int, string) {
	n := i + 2
	if style == escJava {
		for n < len(src) && src[n] == 'u' {
			n++
		}
	}
	if style == escJavaScript && n < len(src) && src[n] == '{' {
		end := n + 1
		v := 0
		for end < len(src) && end < n+8 && isHex(src[end]) {
			v = v*16 + hexDigit(src[end])
			end++
		}
		if end < len(src) && src[end] == '}' && end > n+1 && v <= utf8.MaxRune {
			b.addRune(validRune(rune(v)), i)
			return end + 1, ""
		}
	} else if v, ok := hexValue(src, n, 4); ok {
		r := rune(v)
		end := n + 4
		if r >= 0xD800 && r < 0xDC00 && style != escPython && end+5 < len(src) && src[end] == '\\' && src[end+1] == 'u' {
			if lo, ok := hexValue(src, end+2, 4); ok && lo >= 0xDC00 && lo < 0xE000 {
				b.addRune(0x10000+(r-0xD800)<<10+(rune(lo)-0xDC00), i)
				return end + 6, ""
			}
		}
		b.addRune(validRune(r), i)
		return end, ""
	}
	b.add('\\', i)
	return i + 1, ""
}

// validRune is r, or U+FFFD for a lone surrogate (which UTF-8 cannot hold).
func validRune(r rune) rune {
	if !utf8.ValidRune(r) {
		return utf8.RuneError
	}
	return r
}

func hexValue(src []byte, i, n int) (int, bool) {
	if i+n > len(src) {
		return 0, false
	}
	v := 0
	for _, c := range src[i : i+n] {
		if !isHex(c) {
			return 0, false
		}
		v = v*16 + hexDigit(c)
	}
	return v, true
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func hexDigit(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

// addSource appends src[i] to b, a CRLF or CR as one LF (what Python's,
// JavaScript template literals', Java text blocks' and Kotlin raw strings'
// line breaks are), and returns the offset after it.
func addSource(b *litBuilder, src []byte, i int) int {
	if src[i] == '\r' {
		b.add('\n', i)
		if i+1 < len(src) && src[i+1] == '\n' {
			return i + 2
		}
		return i + 1
	}
	b.add(src[i], i)
	return i + 1
}
