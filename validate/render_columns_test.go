package validate

import (
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
)

// Findings count byte columns; every format but SARIF shows characters
// (Unicode code points), SARIF UTF-16 code units. 日 is three bytes, one
// character, one unit; 😀 is four bytes, one character, two units.
func TestColumnsInCharacters(t *testing.T) {
	line := `get T key id = "日😀" filter bad`
	start := strings.Index(line, "bad") + 1 // byte column 33
	lines := func(string, int) string { return line }
	f := Finding{
		Pos: diag.Pos{File: "u.dx", Line: 1, Col: start}, End: diag.Pos{File: "u.dx", Line: 1, Col: start + 3},
		Rule: "syntax-error", Severity: Error, Message: "m",
	}
	// 27 characters before "bad"; 28 UTF-16 units.
	for _, c := range []struct{ format, want string }{
		{"text", "u.dx:1:28: error: m (syntax-error)\n"},
		{"json", `"line":1,"column":28,"endLine":1,"endColumn":31,`},
		{"github", "line=1,col=28,endLine=1,endColumn=31,"},
		{"sarif", `"region":{"startLine":1,"startColumn":29,"endLine":1,"endColumn":32}`},
	} {
		if got := render(t, c.format, PrintOptions{Line: lines}, f); !strings.Contains(got, c.want) {
			t.Errorf("%s: want %s in\n%s", c.format, c.want, got[max(0, len(got)-300):])
		}
	}
	// The caret under the b: 日 and 😀 take two cells of a terminal each.
	got := render(t, "text", PrintOptions{Caret: true, Line: lines}, f)
	want := "u.dx:1:28: error: m (syntax-error)\n" +
		"    " + line + "\n" +
		"    " + strings.Repeat(" ", 29) + "^\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A control character in a message, a file name or the line is shown
// escaped in text and github output: an ANSI escape in the input must not
// reach the terminal (or the Actions log) raw.
func TestControlCharactersEscaped(t *testing.T) {
	line := "scan T filter a = \"\x1b[2J\" bad"
	f := Finding{
		Pos:  diag.Pos{File: "x\x1b[31m.dx", Line: 1, Col: strings.Index(line, "bad") + 1},
		Rule: "syntax-error", Severity: Error, Message: "unknown name \"\x1b[31mred\u009b\"",
	}
	lines := func(string, int) string { return line }
	got := render(t, "text", PrintOptions{Caret: true, Line: lines}, f)
	want := `x\x1b[31m.dx:1:26: error: unknown name "\x1b[31mred\u009b" (syntax-error)` + "\n" +
		`    scan T filter a = "\x1b[2J" bad` + "\n" +
		"    " + strings.Repeat(" ", 28) + "^\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	coloured := render(t, "text", PrintOptions{Color: true, Caret: true, Line: lines}, f)
	if strings.Contains(coloured, "\x1b[2J") || strings.Contains(coloured, "x\x1b[31m") || strings.Contains(coloured, "\"\x1b[31m") || strings.Contains(coloured, "\u009b") {
		t.Errorf("a control character of the input in coloured output:\n%q", coloured)
	}
	gh := render(t, "github", PrintOptions{Line: lines}, f)
	if strings.ContainsAny(gh, "\x1b\u009b") {
		t.Errorf("a control character of the input in a workflow command:\n%q", gh)
	}
}
