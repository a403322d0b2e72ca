package lsp

import (
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/lint"
)

// document is a file the editor has open: its text as the editor holds
// it, which is what is linted, not the file on disk.
type document struct {
	uri     string
	path    string // the file's path for a file: URI, else the URI itself
	version int
	text    string
	lang    *language
	utf8    bool // positions count bytes (negotiated), not UTF-16 code units

	lines []int // offsets of line starts, nil until asked for

	// What the last lint found, for code actions.
	result *lint.Result
	// dirty: changed since it was last linted.
	dirty bool
	// unsynced, when not empty, says why the server does not hold the
	// text the editor shows (server.tooLarge): it is not linted until the
	// editor sends the whole text again.
	unsynced string
	// cache makes a lint after an edit cost the statements it changed.
	cache lint.Cache
}

// pathOf is the path a file: URI names, or "" for another scheme.
func pathOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}

// uriOf is the file: URI of path.
func uriOf(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

func (d *document) setText(text string) {
	d.text, d.lines, d.result, d.dirty = text, nil, nil, true
}

func (d *document) lineStarts() []int {
	if d.lines == nil {
		d.lines = diag.LineStarts(d.text)
	}
	return d.lines
}

// line is the text of line n (0-based), without its line end.
func (d *document) line(n int) string {
	ls := d.lineStarts()
	if n < 0 || n >= len(ls) {
		return ""
	}
	end := len(d.text)
	if n+1 < len(ls) {
		end = ls[n+1]
	}
	return diag.TrimLineEnd(d.text[ls[n]:end])
}

// offset is the byte offset of an LSP position, clamped to the text.
func (d *document) offset(p position) int {
	ls := d.lineStarts()
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(ls) {
		return len(d.text)
	}
	line := d.line(p.Line)
	return ls[p.Line] + byteIndex(line, p.Character, d.utf8)
}

// byteIndex is the byte index in line of character ch, counted in UTF-16
// code units (or bytes), clamped to the line.
func byteIndex(line string, ch int, bytes bool) int {
	if bytes {
		return max(0, min(ch, len(line)))
	}
	units := 0
	for i, r := range line {
		if units >= ch {
			return i
		}
		units += utf16Len(r)
	}
	return len(line)
}

func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// position is the LSP position of byte offset off of the text.
func (d *document) position(off int) position {
	off = max(0, min(off, len(d.text)))
	ls := d.lineStarts()
	// The last line start at or before off.
	lo, hi := 0, len(ls)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if ls[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	seg := d.text[ls[lo]:off]
	if d.utf8 {
		return position{lo, len(seg)}
	}
	n := 0
	for _, r := range seg {
		n += utf16Len(r)
	}
	return position{lo, n}
}

// posOf is the LSP position of a diag position of this document; one
// without a line (a whole-file finding) is the file's start.
func (d *document) posOf(p diag.Pos) position {
	if !p.IsValid() {
		return position{}
	}
	return d.position(p.Offset)
}

// rangeAt is the range of a finding from start up to end; where end is
// not known, the word (or quoted text) at start, so the editor underlines
// what the finding is about rather than a point.
func (d *document) rangeAt(start, end diag.Pos) lspRange {
	if !start.IsValid() {
		return lspRange{}
	}
	from := start.Offset
	to := from
	if end.IsValid() && end.Offset > from {
		to = end.Offset
	} else {
		to = from + tokenLen(d.text[min(from, len(d.text)):])
	}
	return lspRange{d.position(from), d.position(to)}
}

// tokenLen is the length of the token s starts with: a word, a quoted
// string, a backticked name, or one character.
func tokenLen(s string) int {
	if s == "" {
		return 0
	}
	switch c := s[0]; {
	case c == '"' || c == '`' || c == '\'':
		for i := 1; i < len(s); i++ {
			switch s[i] {
			case '\\':
				i++
			case c:
				return i + 1
			case '\n', '\r':
				return i
			}
		}
		return len(s)
	case isWordByte(c):
		i := 0
		for i < len(s) && isWordByte(s[i]) {
			i++
		}
		return i
	}
	_, n := utf8.DecodeRuneInString(s)
	return n
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// apply applies one change of didChange: the whole text, or a range of it.
func (d *document) apply(r *lspRange, text string) {
	if r == nil {
		d.setText(text)
		return
	}
	from, to := d.offset(r.Start), d.offset(r.End)
	if to < from {
		from, to = to, from
	}
	var b strings.Builder
	b.Grow(len(d.text) - (to - from) + len(text))
	b.WriteString(d.text[:from])
	b.WriteString(text)
	b.WriteString(d.text[to:])
	d.setText(b.String())
}
