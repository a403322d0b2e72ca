package diag

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hidden reports whether r is a character that does not show as itself,
// or shows as something it is not: the one list of them, which every
// human-facing output escapes (Printable), the DSL's printer writes as
// \uXXXX inside strings, and lint's invisible-character rule looks for raw.
// It is
//   - the controls (Unicode's Cc: C0, DEL and C1, ESC among them; tab too,
//     which Printable alone leaves as it is),
//   - the format characters (Cf): bidirectional embeddings, overrides,
//     isolates and marks (U+202A-E, U+2066-9, U+200E-F, U+061C), which
//     reorder what a reader sees (Trojan Source), zero-width spaces and
//     joiners (U+200B-D, U+2060), the soft hyphen U+00AD, the byte order
//     mark U+FEFF, tags,
//   - the line and paragraph separators U+2028 and U+2029 (Zl, Zp), which
//     some editors break lines at and others do not show,
//   - every space but U+0020 (Zs: the no-break space U+00A0, U+2000-A,
//     U+202F, U+205F, U+3000), which looks like a plain space,
//   - the other default-ignorable characters (Hangul fillers U+115F,
//     U+1160, U+3164, U+FFA0, U+034F, ...), which draw nothing.
//
// Variation selectors (U+FE00-F) are not in it: they change how the
// character before them is drawn (an emoji's colour), not what it is.
func Hidden(r rune) bool {
	switch {
	case r < 0x80:
		return r < 0x20 || r == 0x7f
	case r <= 0x9f:
		return true // C1 controls; U+009B is a one-character CSI
	}
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Zs, unicode.Other_Default_Ignorable_Code_Point)
}

// Printable returns s with every Hidden character but tab, and every byte
// that is not UTF-8, written as an escape: `\x1b` for a C0 control or DEL,
// `\u202e` for the others (`\U000e0001` past U+FFFF), `\xff` for a byte that
// is not UTF-8. An ANSI escape in a .dx file then cannot recolour, clear or
// move the user's terminal, nor a bidi override reorder a line, when a
// message, an excerpt or an explanation quotes it. A tab stays a tab, so
// that a caret can be put under the column after it.
func Printable(s string) string {
	i := 0
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' || c == 0x7f {
				break
			}
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if escape(r, w, s[i]) != "" {
			break
		}
		i += w
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if e := escape(r, w, s[i]); e != "" {
			b.WriteString(e)
		} else {
			b.WriteString(s[i : i+w])
		}
		i += w
	}
	return b.String()
}

// PrintableLines is Printable for text of several lines: each line is
// escaped, and the line ends ("\n") between them stay line ends.
func PrintableLines(s string) string {
	if Printable(s) == s {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Printable(l)
	}
	return strings.Join(lines, "\n")
}

// escape is how character r (w bytes, the first of them first) is shown,
// or "" when it shows as itself.
func escape(r rune, w int, first byte) string {
	switch {
	case r == utf8.RuneError && w == 1:
		return fmt.Sprintf(`\x%02x`, first)
	case r == '\t' || !Hidden(r):
		return ""
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf(`\x%02x`, r)
	case r > 0xffff:
		return fmt.Sprintf(`\U%08x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}
