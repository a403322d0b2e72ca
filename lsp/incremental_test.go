package lsp

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dynexpr/dynexpr/lint"
)

// TestAnswersWhileLintIsDue: while the lint of a change waits out the
// debounce, hover and completion are answered at once; the diagnostics
// that follow, of the changed statements alone, are those of a lint of
// the whole text.
func TestAnswersWhileLintIsDue(t *testing.T) {
	dir := project(t)
	c := startServer(t, Options{Debounce: 500 * time.Millisecond})
	c.initialize(dir)
	uri := uriOf(filepath.Join(dir, "q.dx"))
	text := thousand()
	c.open(uri, "dynexpr", text)
	c.diagnostics(uri)
	// Edits far apart, each at a place the ones before leave where it
	// was: a filter dropped at the end (no limit-with-filter there), a
	// line added in the middle, the table misspelt at the top.
	d := &document{text: text}
	last := strings.LastIndex(text, "filter")
	mid := d.position(len(text) / 2)
	mid.Character = 0
	changes := []struct {
		r    lspRange
		text string
	}{
		{lspRange{d.position(last), d.position(last + len("filter priority = 4 "))}, ""},
		{lspRange{mid, mid}, "\n"},
		{lspRange{position{0, len("q0: query ")}, position{0, len("q0: query Tickets")}}, "Tikets"},
	}
	var sent []map[string]any
	for _, ch := range changes {
		sent = append(sent, map[string]any{"range": ch.r, "text": ch.text})
		d.apply(&ch.r, ch.text)
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": sent,
	})
	start := time.Now()
	if h := hoverText(t, c, uri, 2, 1); h == "" {
		t.Error("no hover on the second statement")
	}
	if l := complete(t, c, uri, 2, len("put ")); !slices.Contains(l, "Tickets") {
		t.Errorf("completion after put: %v", l)
	}
	answered := time.Since(start)
	for _, m := range c.queue {
		if m.Method == "textDocument/publishDiagnostics" {
			t.Fatalf("diagnostics before the debounce was over (hover and completion took %v)", answered)
		}
	}
	m := c.notification("textDocument/publishDiagnostics")
	var p publishDiagnosticsParams
	if err := json.Unmarshal(m.Params, &p); err != nil || p.Version == nil || *p.Version != 2 {
		t.Fatalf("diagnostics %s", m.Params)
	}
	// What a lint of the whole text finds, as the server shows it.
	path := filepath.Join(dir, "q.dx")
	r := loadWorkspace(dir, 0).linter.Text(path, []byte(d.text), lint.DSL)
	fresh := &document{path: path, text: d.text, result: &r}
	want := diagnosticsOf(fresh.findings())
	if !slices.Contains(codes(p.Diagnostics), "unknown-table") || !reflect.DeepEqual(p.Diagnostics, want) {
		t.Errorf("after the edits: %d diagnostics %v...\nof the whole text: %d %v...", len(p.Diagnostics), codes(p.Diagnostics)[:3], len(want), codes(want)[:3])
	}
	c.stop()
}
