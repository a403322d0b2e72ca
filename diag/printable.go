package diag

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable returns s with every character that would act on a terminal
// rather than show written as an escape: C0 controls but tab (ESC is
// `\x1b`), DEL, C1 controls (`\u009b`, a one-character CSI), the
// bidirectional overrides and isolates that reorder what follows (U+202A-E,
// U+2066-9), and bytes that are not UTF-8 (`\xff`). An ANSI escape in a .dx
// file then cannot recolour, clear or move the user's terminal when a
// message or an excerpt quotes it.
func Printable(s string) string {
	i := 0
	for i < len(s) {
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

// escape is how character r (w bytes, the first of them first) is shown,
// or "" when it shows as itself.
func escape(r rune, w int, first byte) string {
	switch {
	case r == utf8.RuneError && w == 1:
		return fmt.Sprintf(`\x%02x`, first)
	case r == '\t':
		return ""
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf(`\x%02x`, r)
	case r >= 0x80 && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return fmt.Sprintf(`\u%04x`, r)
	}
	return ""
}
