package cli

import "testing"

// lineIndex answers as a fresh scan would, for every line, after a change
// of source, and for lines that do not exist.
func TestLineIndex(t *testing.T) {
	var x lineIndex
	a := "one\r\ntwo\n\nfour"
	for n, want := range []string{"", "one", "two", "", "four", ""} {
		if got := x.line("a", a, n); got != want {
			t.Errorf("line %d of a = %q, want %q", n, got, want)
		}
	}
	b := "other\nlines\n"
	for n, want := range []string{"", "other", "lines", "", ""} {
		if got := x.line("b", b, n); got != want {
			t.Errorf("line %d of b = %q, want %q", n, got, want)
		}
	}
	// The same name with another text (standard input read twice) is
	// indexed again.
	if got := x.line("b", a, 2); got != "two" {
		t.Errorf("line 2 of a under b's name = %q, want two", got)
	}
}
