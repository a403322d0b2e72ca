package ddbexpr

import (
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
)

// MapOffset maps a byte offset in a decoded JSON string back to the raw
// string literal it was decoded from, as it stands in the file: with its
// opening quote and with escapes such as \", \\, \n, \u0041 or a surrogate
// pair \ud83d\ude00. It returns the offset in jsonStringLiteral of the
// character that produced decoded byte off; an offset inside a character
// that an escape produced maps to the escape's backslash; len(decoded) (or
// more) maps to the closing quote, or to the end if there is none.
//
// Decoding follows encoding/json: an invalid UTF-8 byte or a lone surrogate
// escape decodes to U+FFFD (3 bytes). The opening quote is optional.
func MapOffset(jsonStringLiteral string, off int) int {
	lit := jsonStringLiteral
	i := 0
	if len(lit) > 0 && lit[0] == '"' {
		i = 1
	}
	d := 0 // decoded offset of lit[i]
	for i < len(lit) {
		c := lit[i]
		if c == '"' {
			return i
		}
		n, w := 1, 1 // decoded and raw widths
		switch {
		case c == '\\':
			n, w = escapeWidths(lit[i:])
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(lit[i:])
			w = size
			n = size
			if r == utf8.RuneError && size == 1 {
				n = 3
			}
		}
		if off < d+n {
			return i
		}
		d += n
		i += w
	}
	return i
}

// escapeWidths returns the decoded and raw widths of the escape at the start
// of s (s[0] == '\\').
func escapeWidths(s string) (decoded, raw int) {
	if len(s) < 2 {
		return 1, 1
	}
	if s[1] != 'u' {
		return 1, 2
	}
	r, ok := hex4(s[2:])
	if !ok {
		return 1, 2
	}
	if utf16.IsSurrogate(r) {
		if len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
			if r2, ok := hex4(s[8:]); ok {
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					return utf8.RuneLen(dec), 12
				}
			}
		}
		return 3, 6
	}
	return utf8.RuneLen(r), 6
}

func hex4(s string) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for i := 0; i < 4; i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// FilePos returns the position in a file of byte offset off of an
// expression, where the expression is the JSON string literal whose opening
// quote is at byte literalStart of src.
func FilePos(file string, src []byte, literalStart, off int) diag.Pos {
	if literalStart < 0 || literalStart > len(src) {
		return diag.PosAt(file, src, len(src))
	}
	end := len(src)
	for i := literalStart + 1; i < len(src); i++ {
		if src[i] == '\\' {
			i++
			continue
		}
		if src[i] == '"' {
			end = i + 1
			break
		}
	}
	return diag.PosAt(file, src, literalStart+MapOffset(string(src[literalStart:end]), off))
}
