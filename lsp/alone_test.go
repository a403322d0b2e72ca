package lsp

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/dynexpr/dynexpr/lint"
)

// TestHalfWrittenStatement: while a new statement is typed between two
// others, one key at a time, its syntax error is shown where it is and
// the findings of the statements around it stay; after every key they are
// what `dynexpr lint` finds in the text.
func TestHalfWrittenStatement(t *testing.T) {
	c, dir, uri := session(t)
	before := "scan Tikets;\n"
	after := "\nscan Tickets filter priority = 1 limit 10;\n"
	c.open(uri, "dynexpr", before+after)
	c.diagnostics(uri)
	typed := `get Tickets key id = "a";`
	path := filepath.Join(dir, "q.dx")
	linter := loadWorkspace(dir).linter
	for i := 1; i <= len(typed); i++ {
		// The key at line 1, column i-1.
		at := position{1, i - 1}
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": i + 1},
			"contentChanges": []map[string]any{{"range": lspRange{at, at}, "text": typed[i-1 : i]}},
		})
		got := c.diagnostics(uri)
		text := before + typed[:i] + after
		r := linter.Text(path, []byte(text), lint.DSL)
		want := diagnosticsOf((&document{path: path, text: text, result: &r}).findings())
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("after %q: %v, lint finds %v", typed[:i], codes(got), codes(want))
		}
		has := map[string]bool{}
		for _, d := range got {
			has[d.Code] = true
		}
		if !has["unknown-table"] || !has["limit-with-filter"] {
			t.Fatalf("after %q: the other statements' findings are gone: %v", typed[:i], codes(got))
		}
		if i == 1 && (!has["syntax-error"] || got[1].Range.Start.Line != 1) {
			t.Fatalf("after %q: no syntax error on line 1: %+v", typed[:i], got)
		}
	}
	c.stop()
}

// TestHoverRange: the range of a statement's hover is the statement, from
// its first token to its last, not up to the next statement or the end of
// the file.
func TestHoverRange(t *testing.T) {
	c, _, uri := session(t)
	text := "scan Tickets filter priority = 1 limit 10; # pages\n" +
		"get Tickets key id = \"a\"\n  consistent\n\n# the end\n"
	c.open(uri, "dynexpr", text)
	c.diagnostics(uri)
	for _, tc := range []struct {
		line, char int
		want       lspRange
	}{
		{0, 1, lspRange{position{0, 0}, position{0, len("scan Tickets filter priority = 1 limit 10")}}},
		{1, 1, lspRange{position{1, 0}, position{2, len("  consistent")}}},
	} {
		var h *hover
		c.result("textDocument/hover", posParams(uri, tc.line, tc.char), &h)
		if h == nil || h.Range == nil || *h.Range != tc.want {
			t.Errorf("hover at %d:%d: range %+v, want %+v", tc.line, tc.char, h, tc.want)
		}
	}
	c.stop()
}
