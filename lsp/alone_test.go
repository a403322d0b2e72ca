package lsp

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
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
	linter := loadWorkspace(dir, 0).linter
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

// TestChangeTooLarge: a change larger than the server reads in one
// message is said to the user (a message and the document's diagnostic);
// the server drops the changes after it, which are of a text it does not
// have, publishes nothing from its stale copy, and checks the document
// again when the editor sends its whole text (on save). A request too
// large is answered, with its id.
func TestChangeTooLarge(t *testing.T) {
	dir := project(t)
	c := startServer(t, Options{maxMessage: 4 << 10})
	c.initialize(dir)
	uri := uriOf(filepath.Join(dir, "q.dx"))
	c.open(uri, "dynexpr", "scan Tikets;\n")
	if ds := c.diagnostics(uri); !slices.Equal(codes(ds), []string{"unknown-table"}) {
		t.Fatalf("on open: %v", codes(ds))
	}
	paste := strings.Repeat("get Tickets key id = \"a\";\n", 400)
	end := position{1 + strings.Count(paste, "\n"), 0}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{"range": lspRange{position{1, 0}, position{1, 0}}, "text": paste}},
	})
	m := c.notification("window/showMessage")
	if !strings.Contains(string(m.Params), "stopped checking q.dx") {
		t.Errorf("message: %s", m.Params)
	}
	ds := c.diagnostics(uri)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "save the file") {
		t.Fatalf("after the paste: %+v", ds)
	}
	// The paste deleted, and the line before it changed: nothing is
	// linted from a copy that is not the editor's.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 3},
		"contentChanges": []map[string]any{{"range": lspRange{position{1, 0}, end}, "text": ""}},
	})
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 4},
		"contentChanges": []map[string]any{{"range": lspRange{position{0, 12}, position{0, 12}}, "text": "\nscan Tickets limit 0;"}},
	})
	// A request over the cap: its answer is an error.
	c.nextID++
	c.send(map[string]any{"id": 77, "method": "textDocument/hover", "params": map[string]any{"textDocument": map[string]any{"uri": uri}, "position": position{0, 0}, "pad": paste}})
	if r := c.response("77"); r.Error == nil {
		t.Errorf("a request too large: %s", r.Result)
	}
	for _, m := range c.queue {
		if m.Method == "textDocument/publishDiagnostics" {
			t.Fatalf("diagnostics from a copy that is not the editor's: %s", m.Params)
		}
	}
	// Saved: the editor's text again.
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}, "text": "scan Tikets;\nscan Tickets limit 0;\n"})
	if ds := c.diagnostics(uri); !slices.Equal(codes(ds), []string{"unknown-table", "syntax-error"}) {
		t.Fatalf("after the save: %v", codes(ds))
	}
	c.stop()
}

// TestMaxInput: a document larger than --max-input-size is not linted,
// and its diagnostic says so, as lint says it of a file; once it is
// smaller again it is linted.
func TestMaxInput(t *testing.T) {
	dir := project(t)
	c := startServer(t, Options{MaxInput: 1000}) // the schema's file is within it too
	c.initialize(dir)
	uri := uriOf(filepath.Join(dir, "q.dx"))
	c.open(uri, "dynexpr", strings.Repeat("scan Tikets;\n", 100))
	ds := c.diagnostics(uri)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "it is larger than 1000B") {
		t.Fatalf("over the cap: %+v", ds)
	}
	change(c, uri, 2, "scan Tikets;\n")
	if ds := c.diagnostics(uri); !slices.Equal(codes(ds), []string{"unknown-table"}) {
		t.Fatalf("under the cap: %v", codes(ds))
	}
	c.stop()
}

// TestSniffer: what is kept of a message too large to read is its method,
// id and document, in whatever order its members come, and never text of
// the document that looks like them.
func TestSniffer(t *testing.T) {
	for _, tc := range []struct{ msg, method, id, uri string }{
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a/q.dx","version":2},"contentChanges":[{"text":"x"}]}}`,
			"textDocument/didChange", "", "file:///a/q.dx"},
		{`{"params":{"contentChanges":[{"range":{"start":{"line":0,"character":0}},"text":"{\"uri\":\"file:///evil\",\"method\":\"x\", \"id\": 5}"}],"textDocument":{"version":2,"uri":"file:\/\/\/b\/q.dx"}},"method":"textDocument/didChange","jsonrpc":"2.0"}`,
			"textDocument/didChange", "", "file:///b/q.dx"},
		{`{"id": 42, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///c.dx"}, "position": {"line": 1, "character": 2}}}`,
			"textDocument/hover", "42", "file:///c.dx"},
		{`{"id":"a\"b","method":"x"}`, "x", `"a\"b"`, ""},
	} {
		var sn sniffer
		for i := 0; i < len(tc.msg); i += 7 { // in pieces, as it is read
			sn.Write([]byte(tc.msg[i:min(i+7, len(tc.msg))]))
		}
		if sn.method != tc.method || string(sn.id) != tc.id || sn.uri != tc.uri {
			t.Errorf("%s: method %q id %q uri %q", tc.msg, sn.method, sn.id, sn.uri)
		}
	}
}
