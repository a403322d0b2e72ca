package diag

import (
	"fmt"
	"strings"
	"testing"
)

func TestColumns(t *testing.T) {
	line := `a "é日😀" b`
	b := strings.Index(line, "b") + 1 // byte column 15
	tests := []struct {
		col, chars, utf16 int
	}{
		{1, 1, 1},
		{4, 4, 4},               // before the first multi-byte character: all agree
		{b, 9, 10},              // é, 日 and 😀 are one character each; 😀 two UTF-16 units
		{len(line) + 1, 10, 11}, // just past the end (an error at the end of input)
		{len(line) + 3, 12, 13}, // further past it: the distance is kept
		{0, 0, 0},               // no column
	}
	for _, tt := range tests {
		if got := Column(line, tt.col); got != tt.chars {
			t.Errorf("Column(%q, %d) = %d, want %d", line, tt.col, got, tt.chars)
		}
		if got := UTF16Column(line, tt.col); got != tt.utf16 {
			t.Errorf("UTF16Column(%q, %d) = %d, want %d", line, tt.col, got, tt.utf16)
		}
	}
	// Without the line, the byte column is all there is.
	if got := Column("", 7); got != 7 {
		t.Errorf(`Column("", 7) = %d, want 7`, got)
	}
	p := Pos{File: "q.dx", Line: 3, Col: b}
	if got := p.Where(line); got != "q.dx:3:9" {
		t.Errorf("Where = %q, want q.dx:3:9", got)
	}
	if got := (Pos{File: "q.dx"}).Where(line); got != "q.dx" {
		t.Errorf("Where without a line = %q, want q.dx", got)
	}
}

// ByteColumn undoes Column for readers that count characters (yaml.v3).
func TestByteColumn(t *testing.T) {
	src := []byte("first\nkey: {名前: STRING}\nlast")
	line := "key: {名前: STRING}"
	s := strings.Index(line, "STRING") + 1
	if got := ByteColumn(src, 2, Column(line, s)); got != s {
		t.Errorf("ByteColumn(line 2, %d) = %d, want %d", Column(line, s), got, s)
	}
	if got := ByteColumn(src, 3, 2); got != 2 {
		t.Errorf("ByteColumn(last line, 2) = %d, want 2", got)
	}
	if got := ByteColumn(src, 9, 4); got != 4 {
		t.Errorf("ByteColumn(no such line, 4) = %d, want 4", got)
	}
}

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain é 日 😀\tand a tab", "plain é 日 😀\tand a tab"},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"a\rb\nc\x00\x7f", `a\x0db\x0ac\x00\x7f`},
		{"csi \u009b2J", `csi \u009b2J`},
		{"abc\u202edcba", `abc\u202edcba`},
		{"bad \xff byte", `bad \xff byte`},
		// The invisible and the look-alike: bell, zero-width space, soft
		// hyphen, line separator, no-break space, BOM, a tag past U+FFFF.
		{"a\ab\u200bc\u00add\u2028e\u00a0f\ufeffg\U000e0041", `a\x07b\u200bc\u00add\u2028e\u00a0f\ufeffg\U000e0041`},
		// What shows stays: an emoji with its variation selector and a
		// combining accent.
		{"\u2764\ufe0f e\u0301", "\u2764\ufe0f e\u0301"},
	}
	for _, tt := range tests {
		if got := Printable(tt.in); got != tt.want {
			t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// PrintableLines escapes each line and keeps the line ends.
func TestPrintableLines(t *testing.T) {
	if got, want := PrintableLines("a\x1b\nb\u202e\n"), "a\\x1b\nb\\u202e\n"; got != want {
		t.Errorf("PrintableLines = %q, want %q", got, want)
	}
}

// AtIn reads the line from a statement's text; what stands before the
// statement on its first line counts a character a byte.
func TestAtIn(t *testing.T) {
	src := "update `日本` set a = 1\n  remove `é`, a"
	start := Pos{File: "q.dx", Offset: 10, Line: 2, Col: 5}
	at := func(sub string, line, col int) Pos {
		return Pos{File: "q.dx", Offset: start.Offset + strings.Index(src, sub), Line: line, Col: col}
	}
	if got := AtIn(src, start, at("a =", 2, 25)); got != "2:21" {
		t.Errorf("on the statement's first line: %s, want 2:21", got)
	}
	if got := AtIn(src, start, at(", a", 3, 14)); got != "3:13" {
		t.Errorf("on its second line: %s, want 3:13", got)
	}
	if got := AtIn(src, start, Pos{File: "other.dx", Line: 1, Col: 7}); got != "1:7" {
		t.Errorf("in another file: %s, want 1:7 as it is", got)
	}
}

// A lone CR ends a line as LF and CRLF do: positions, line starts and the
// byte column of a character column count it.
func TestLoneCarriageReturn(t *testing.T) {
	src := "ab\rcd\r\nef\ngh"
	if got := LineStarts(src); fmt.Sprint(got) != "[0 3 7 10]" {
		t.Errorf("LineStarts = %v, want [0 3 7 10]", got)
	}
	for off, want := range map[int]string{4: "f:2:2", 8: "f:3:2", 11: "f:4:2"} {
		if got := PosAt("f", []byte(src), off).String(); got != want {
			t.Errorf("PosAt(%d) = %s, want %s", off, got, want)
		}
	}
	if got := ByteColumn([]byte("é\rxé y"), 2, 3); got != 4 {
		t.Errorf("ByteColumn(line 2 after a CR, 3) = %d, want 4", got)
	}
	if got := TrimLineEnd("cd\r\n") + TrimLineEnd("ab\r") + TrimLineEnd("ef\n") + TrimLineEnd("gh"); got != "cdabefgh" {
		t.Errorf("TrimLineEnd: %q", got)
	}
	if got := AtIn("a\rbc", Pos{File: "f", Line: 1, Col: 1}, Pos{File: "f", Offset: 3, Line: 2, Col: 2}); got != "2:2" {
		t.Errorf("AtIn after a CR = %s, want 2:2", got)
	}
}
