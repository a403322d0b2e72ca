package diag

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Positions count bytes (Pos.Col), since that is what lexers and decoders
// know; users count characters. The conversion happens here, when a
// position is shown, with the text of its line: an editor's "go to column"
// and tools without a language server count Unicode code points, so every
// output does but SARIF, whose runs say they count UTF-16 code units.

// Column is byte column col (1-based) of line as a character column: the
// code points before it, plus one. A column past the end of the line (an
// error at the end of the input) keeps its distance from the end; without
// the line (""), the byte column is all there is and is returned as it is.
func Column(line string, col int) int {
	if col < 1 {
		return col
	}
	if col-1 > len(line) {
		return utf8.RuneCountInString(line) + col - len(line)
	}
	return utf8.RuneCountInString(line[:col-1]) + 1
}

// UTF16Column is byte column col (1-based) of line in UTF-16 code units,
// SARIF's default columnKind: a character outside the Basic Multilingual
// Plane (an emoji) is two units.
func UTF16Column(line string, col int) int {
	if col < 1 || line == "" {
		return col
	}
	end := min(col-1, len(line))
	n := 1 + col - 1 - end
	for _, r := range line[:end] {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// Where is p as shown to the user, `file:line:col` with the column in
// characters of line, the text of line p.Line (see Column).
func (p Pos) Where(line string) string {
	if p.Line > 0 {
		p.Col = Column(line, p.Col)
	}
	return p.String()
}

// ByteColumn is the byte column of character column col (1-based) on line
// n (1-based, lines ending as EndsLine says) of src: for readers whose
// parser counts characters (yaml.v3), so that their positions count bytes
// like the rest.
func ByteColumn(src []byte, n, col int) int {
	starts := LineStarts(src)
	if n < 1 || n > len(starts) {
		return col
	}
	end := len(src)
	if n < len(starts) {
		end = starts[n]
	}
	src = []byte(TrimLineEnd(string(src[starts[n-1]:end])))
	off := 0
	for ; col > 1 && off < len(src); col-- {
		_, w := utf8.DecodeRune(src[off:])
		off += w
	}
	return off + col
}

// At is "line:col" of p for a message that names a second place ("first
// at 3:14"), the column in characters as Where counts it; line is the text
// of line p.Line, or as much of it as comes before p.
func (p Pos) At(line string) string {
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(Column(line, p.Col))
}

// AtIn is p.At for a place inside src, a part of the input (a statement's
// text) that starts at start: the line is read from src. What stands before
// src on its first line is not in it, and is counted a character a byte.
func AtIn(src string, start, p Pos) string {
	i := p.Offset - start.Offset
	if p.File != start.File || i < 0 || i > len(src) {
		return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
	}
	head := src[:i]
	if nl := LastLineStart(head); nl > 0 {
		head = head[nl:]
	} else {
		head = strings.Repeat(" ", max(start.Col-1, 0)) + head
	}
	p.Col = len(head) + 1
	return p.At(head)
}
