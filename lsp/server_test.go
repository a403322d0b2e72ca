package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func docParams(uri string) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}}
}

func posParams(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": char}}
}

func change(c *client, uri string, version int, text string) {
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []map[string]any{{"text": text}},
	})
}

func codes(ds []diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Code)
	}
	return out
}

func TestDiagnosticsOnOpenAndChange(t *testing.T) {
	c, _, uri := session(t)
	c.open(uri, "dynexpr", "query Tickets index open-ticket-index key openBucket = \"OPEN\"\n")
	ds := c.diagnostics(uri)
	if len(ds) != 1 || ds[0].Code != "unknown-index" || ds[0].Severity != severityError {
		t.Fatalf("diagnostics: %+v", ds)
	}
	d := ds[0]
	if d.CodeDescription == nil || d.CodeDescription.Href != "https://github.com/dynexpr/dynexpr/blob/main/docs/rules/unknown-index.md" {
		t.Errorf("code description: %+v", d.CodeDescription)
	}
	// The range is the index's name: "open-ticket-index" at 0:20.
	if want := (lspRange{position{0, 20}, position{0, 37}}); d.Range != want {
		t.Errorf("range %+v, want %+v", d.Range, want)
	}
	change(c, uri, 2, "query Tickets index open-tickets-index key openBucket = \"OPEN\"\n")
	if ds := c.diagnostics(uri); len(ds) != 0 {
		t.Errorf("after the fix: %+v", ds)
	}
	c.stop()
}

func TestIncrementalChange(t *testing.T) {
	c, _, uri := session(t)
	c.open(uri, "dynexpr", "get Tickets key id = \"é🙂\"\nget Tickets key id = \"a\"\n")
	c.diagnostics(uri)
	// Replace "id" of line 1 with "nope": a key the table does not have.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{
			"range": lspRange{position{1, 16}, position{1, 18}}, "text": "nope",
		}},
	})
	ds := c.diagnostics(uri)
	if len(ds) == 0 || ds[0].Range.Start.Line != 1 {
		t.Fatalf("diagnostics: %+v", ds)
	}
	var edits []textEdit
	c.result("textDocument/formatting", docParams(uri), &edits)
	c.stop()
}

func TestDebounce(t *testing.T) {
	dir := project(t)
	c := startServer(t, Options{Debounce: 100 * time.Millisecond})
	c.initialize(dir)
	uri := uriOf(filepath.Join(dir, "q.dx"))
	c.open(uri, "dynexpr", "scan Tickets\n")
	c.diagnostics(uri)
	change(c, uri, 2, "scan Tickets limit 0\n")
	change(c, uri, 3, "scan Ticket\n")
	m := c.notification("textDocument/publishDiagnostics")
	var p publishDiagnosticsParams
	json.Unmarshal(m.Params, &p)
	if p.Version == nil || *p.Version != 3 || !slices.Equal(codes(p.Diagnostics), []string{"unknown-table"}) {
		t.Errorf("one lint of the last version: version %v, %v", p.Version, codes(p.Diagnostics))
	}
	c.stop()
}

func TestFormatting(t *testing.T) {
	c, _, uri := session(t)
	text := "# keep me\nSCAN   Tickets   LIMIT 5\n"
	c.open(uri, "dynexpr", text)
	c.diagnostics(uri)
	var edits []textEdit
	c.result("textDocument/formatting", docParams(uri), &edits)
	if len(edits) != 1 {
		t.Fatalf("edits: %+v", edits)
	}
	d := &document{text: text}
	e := edits[0]
	got := text[:d.offset(e.Range.Start)] + e.NewText + text[d.offset(e.Range.End):]
	if want := "# keep me\nscan Tickets limit 5\n"; got != want {
		t.Errorf("formatted %q, want %q", got, want)
	}
	// A file that does not parse is left as it is.
	change(c, uri, 2, "scan Tickets limit\n")
	c.diagnostics(uri)
	c.result("textDocument/formatting", docParams(uri), &edits)
	if len(edits) != 0 {
		t.Errorf("edits of a file with a syntax error: %+v", edits)
	}
	c.stop()
}

func hoverText(t *testing.T, c *client, uri string, line, char int) string {
	t.Helper()
	var h *hover
	c.result("textDocument/hover", posParams(uri, line, char), &h)
	if h == nil {
		return ""
	}
	return h.Contents.Value
}

func TestHover(t *testing.T) {
	c, _, uri := session(t)
	text := "# dynexpr:ignore limit-with-filter -- the dashboard pages on\n" +
		"scan Tickets filter priority = 1 limit 10;\n" +
		"query Tickets index open-tickets-index key openBucket = \"OPEN\";\n" +
		"scan Tickets limit\n" // a syntax error: the other statements still hover
	c.open(uri, "dynexpr", text)
	c.diagnostics(uri)

	if h := hoverText(t, c, uri, 0, 20); !strings.Contains(h, "**limit-with-filter**") || !strings.Contains(h, "docs/rules/limit-with-filter.md") {
		t.Errorf("hover on the rule: %q", h)
	}
	if h := hoverText(t, c, uri, 1, 21); !strings.Contains(h, "**priority** in table Tickets: N (a number)") || !strings.Contains(h, "held by open-tickets-index") {
		t.Errorf("hover on an attribute: %q", h)
	}
	if h := hoverText(t, c, uri, 2, 45); !strings.Contains(h, "**openBucket** in table Tickets: S") || !strings.Contains(h, "open-tickets-index (its partition key") {
		t.Errorf("hover on a key attribute: %q", h)
	}
	if h := hoverText(t, c, uri, 2, 25); !strings.Contains(h, "global index open-tickets-index: key `openBucket` (partition), `openedAt` (sort), projects INCLUDE subject, priority") {
		t.Errorf("hover on an index: %q", h)
	}
	if h := hoverText(t, c, uri, 1, 7); !strings.Contains(h, "**table Tickets**: key `id` (partition)") {
		t.Errorf("hover on a table: %q", h)
	}
	// On the statement elsewhere: explain.
	h := hoverText(t, c, uri, 1, 1)
	if !strings.HasPrefix(h, "```dynexpr\nscan Tickets filter priority = 1 limit 10\n```\n- ") || !strings.Contains(h, "Scan") && !strings.Contains(h, "scan") {
		t.Errorf("hover on a statement: %q", h)
	}
	if h := hoverText(t, c, uri, 3, 2); h != "" {
		t.Errorf("hover on a statement that does not parse: %q", h)
	}
	c.stop()
}

func labels(items []completionItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

func complete(t *testing.T, c *client, uri string, line, char int) []string {
	t.Helper()
	var l completionList
	c.result("textDocument/completion", posParams(uri, line, char), &l)
	return labels(l.Items)
}

func TestCompletion(t *testing.T) {
	c, _, uri := session(t)
	lines := []string{
		"",                     // 0: a statement's verb
		"query ",               // 1: a table
		"query Tickets index ", // 2: an index
		"query Tickets index open-tickets-index key ",   // 3: clauses, the index's attributes, functions
		"update Tickets key id = $id set a = ",          // 4: update functions
		"# dynexpr:ignore ",                             // 5: rules
		"scan Tickets limit 5 filter x = $",             // 6: parameters
		"transact write { put Tickets item {id: $id}; ", // 7: a member's verb
	}
	text := strings.Join(lines, ";\n")
	c.open(uri, "dynexpr", text)
	c.diagnostics(uri)
	end := func(i int) int { return len(lines[i]) }
	has := func(got []string, want ...string) bool {
		for _, w := range want {
			if !slices.Contains(got, w) {
				return false
			}
		}
		return true
	}
	if got := complete(t, c, uri, 0, 0); !has(got, "query", "scan", "transact write", "batch get") {
		t.Errorf("at the start: %v", got)
	}
	if got := complete(t, c, uri, 1, end(1)); !slices.Equal(got, []string{"Tickets"}) {
		t.Errorf("after query: %v", got)
	}
	if got := complete(t, c, uri, 2, end(2)); !slices.Equal(got, []string{"open-tickets-index"}) {
		t.Errorf("after index: %v", got)
	}
	got := complete(t, c, uri, 3, end(3))
	if !has(got, "filter", "select", "limit", "openBucket", "openedAt", "priority", "subject", "id", "begins_with") || slices.Contains(got, "index") || slices.Contains(got, "key") || slices.Contains(got, "set") {
		t.Errorf("in a query on an index: %v", got)
	}
	if got := complete(t, c, uri, 4, end(4)); !has(got, "if_not_exists", "list_append", "set", "remove") || slices.Contains(got, "begins_with") {
		t.Errorf("in a set: %v", got)
	}
	if got := complete(t, c, uri, 5, end(5)); !has(got, "limit-with-filter", "unknown-index") {
		t.Errorf("after dynexpr:ignore: %v", got)
	}
	if got := complete(t, c, uri, 6, end(6)); !slices.Equal(got, []string{"$id"}) {
		t.Errorf("after $: %v", got)
	}
	if got := complete(t, c, uri, 7, end(7)); !slices.Equal(got, memberVerbs) {
		t.Errorf("in a group: %v", got)
	}
	c.stop()
}

func TestDefinition(t *testing.T) {
	c, dir, uri := session(t)
	c.open(uri, "dynexpr", "query Tickets index open-tickets-index key openBucket = \"OPEN\"\n")
	c.diagnostics(uri)
	var locs []location
	c.result("textDocument/definition", posParams(uri, 0, 8), &locs)
	schemaURI := uriOf(filepath.Join(dir, "schema.yaml"))
	if len(locs) != 1 || locs[0].URI != schemaURI || locs[0].Range.Start.Line != 1 {
		t.Errorf("definition of the table: %+v", locs)
	}
	c.result("textDocument/definition", posParams(uri, 0, 22), &locs)
	if len(locs) != 1 || locs[0].URI != schemaURI || locs[0].Range.Start.Line != 5 {
		t.Errorf("definition of the index: %+v", locs)
	}
	c.stop()
}

// applyEdits applies one action's edits to text (edits do not overlap).
func applyEdits(text string, edits []textEdit) string {
	d := &document{text: text}
	slices.SortFunc(edits, func(a, b textEdit) int { return d.offset(b.Range.Start) - d.offset(a.Range.Start) })
	for _, e := range edits {
		text = text[:d.offset(e.Range.Start)] + e.NewText + text[d.offset(e.Range.End):]
	}
	return text
}

func actions(t *testing.T, c *client, uri string, line int) []codeAction {
	t.Helper()
	var as []codeAction
	c.result("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        lspRange{position{line, 0}, position{line, 200}},
		"context":      map[string]any{"diagnostics": []any{}},
	}, &as)
	return as
}

func TestCodeActions(t *testing.T) {
	c, _, uri := session(t)
	text := "query Tickets index open-ticket-index key openBucket = \"OPEN\";\n" +
		"  update Tickets key id = \"77de\" set priority = 2, openBucket = \"\";\n" +
		"update Tickets key id = \"77de\" set openBucket = \"\"\n"
	c.open(uri, "dynexpr", text)
	c.diagnostics(uri)
	cases := []struct {
		line  int
		title string
		want  string // the line after the fix
	}{
		{0, "Fix: open-tickets-index", "query Tickets index open-tickets-index key openBucket = \"OPEN\";"},
		{0, "Ignore unknown-index", "# dynexpr:ignore unknown-index -- REASON"},
		{1, "Fix: remove openBucket", "  update Tickets key id = \"77de\" set priority = 2 remove openBucket;"},
		{1, "Ignore sparse-key-blanked", "  # dynexpr:ignore sparse-key-blanked -- REASON"},
		{2, "Fix: remove openBucket", "update Tickets key id = \"77de\" remove openBucket"},
	}
	for _, tc := range cases {
		var found *codeAction
		as := actions(t, c, uri, tc.line)
		for i := range as {
			if strings.HasPrefix(as[i].Title, tc.title) {
				found = &as[i]
			}
		}
		if found == nil {
			t.Errorf("line %d: no action %q in %+v", tc.line, tc.title, as)
			continue
		}
		got := strings.Split(applyEdits(text, found.Edit.Changes[uri]), "\n")[tc.line]
		if got != tc.want {
			t.Errorf("line %d, %s: %q, want %q", tc.line, tc.title, got, tc.want)
		}
	}
	c.stop()
}
