package diag

import (
	"strings"
	"testing"
)

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("a", 200) + "X" + strings.Repeat("b", 200)
	tests := []struct {
		line       string
		col        int
		shown      string
		caretUnder string
	}{
		{"scan T filter a = 1", 15, "scan T filter a = 1", "a"},
		{"\tscan T", 2, "\tscan T", "s"},
		{"é = 1", 4, "é = 1", "="}, // é is two bytes, one column
		{"abc", 9, "abc", ""},      // past the end: caret after the line
		{long, 201, "…" + strings.Repeat("a", 60) + "X" + strings.Repeat("b", 59) + "…", "X"},
		{long, 1, strings.Repeat("a", 120) + "…", "a"},
		{long, 401, "…" + strings.Repeat("b", 120), "b"},
		{long, 402, "…" + strings.Repeat("b", 120), ""},
	}
	for _, tt := range tests {
		shown, pad := Excerpt(tt.line, tt.col)
		if shown != tt.shown {
			t.Errorf("Excerpt(%.20q, %d) shows %q, want %q", tt.line, tt.col, shown, tt.shown)
			continue
		}
		// The caret stands under the character at col.
		under := []rune(shown)
		if n := len([]rune(pad)); n < len(under) {
			if got := string(under[n]); got != tt.caretUnder {
				t.Errorf("Excerpt(%.20q, %d): caret under %q, want %q", tt.line, tt.col, got, tt.caretUnder)
			}
		} else if tt.caretUnder != "" {
			t.Errorf("Excerpt(%.20q, %d): caret past the excerpt, want under %q", tt.line, tt.col, tt.caretUnder)
		}
		if r := []rune(shown); len(r) > maxExcerpt+2 {
			t.Errorf("Excerpt(%.20q, %d) shows %d characters", tt.line, tt.col, len(r))
		}
	}
}

// The pad puts the caret under the character in a terminal's cells: a wide
// character is two, a combining mark none, an escaped control character its
// escape's width; the excerpt never holds a raw control character.
func TestExcerptCells(t *testing.T) {
	tests := []struct {
		line, before string // the caret goes under the character after before
		shown, pad   string
	}{
		{`id = "日本語" x`, `id = "日本語" `, `id = "日本語" x`, strings.Repeat(" ", 14)},
		{`a = "😀" x`, `a = "😀" `, `a = "😀" x`, strings.Repeat(" ", 9)},
		{"a = \"e\u0301\" x", "a = \"e\u0301\" ", "a = \"e\u0301\" x", strings.Repeat(" ", 8)},
		{"a = \"\x1b[2J\" x", "a = \"\x1b[2J\" ", `a = "\x1b[2J" x`, strings.Repeat(" ", 14)},
		{"\ta\x07\tx", "\ta\x07\t", `	a\x07	x`, "\t     \t"},
	}
	for _, tt := range tests {
		shown, pad := Excerpt(tt.line, len(tt.before)+1)
		if shown != tt.shown || pad != tt.pad {
			t.Errorf("Excerpt(%q) = %q, %q; want %q, %q", tt.line, shown, pad, tt.shown, tt.pad)
		}
	}
}

// Whatever the line and the column, the excerpt (and Printable) holds no
// hidden character but tab, and the pad only spaces and tabs.
func FuzzExcerpt(f *testing.F) {
	f.Add("scan T filter a = 1", 15)
	f.Add("\t日本語 \x1b[2J 😀 e\u0301", 9)
	f.Add("\xff\xfe", 2)
	f.Add(strings.Repeat("日", 300), 400)
	f.Fuzz(func(t *testing.T, line string, col int) {
		shown, pad := Excerpt(line, col)
		for _, s := range []string{shown, Printable(line)} {
			for _, r := range s {
				if r != '\t' && Hidden(r) {
					t.Fatalf("%q (of %q, column %d) holds hidden character %U", s, line, col, r)
				}
			}
		}
		if strings.Trim(pad, " \t") != "" {
			t.Fatalf("Excerpt(%q, %d): pad %q", line, col, pad)
		}
	})
}
