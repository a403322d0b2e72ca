package lsp

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The server never dies on what the editor sends, and answers it.
func TestBadInput(t *testing.T) {
	dir := project(t)
	c := startServer(t, Options{})

	// Before initialize: refused, not dropped.
	if m := c.call("textDocument/hover", posParams("file:///x.dx", 0, 0)); m.Error == nil || m.Error.Code != codeServerNotInitialized {
		t.Errorf("before initialize: %+v", m)
	}
	c.initialize(dir)

	// A body that is not JSON: a parse error answered with id null.
	c.sendRaw("Content-Length: 9\r\n\r\n{\"id\": 1,")
	if m := c.response("null"); m.Error == nil || m.Error.Code != codeParseError {
		t.Errorf("malformed JSON: %+v", m)
	}
	// A frame without Content-Length, then one whose length is not a number.
	c.sendRaw("Content-Type: application/json\r\n\r\n")
	if m := c.response("null"); m.Error == nil || m.Error.Code != codeParseError || !strings.Contains(m.Error.Message, "Content-Length") {
		t.Errorf("no Content-Length: %+v", m)
	}
	c.sendRaw("Content-Length: many\r\n\r\n")
	if m := c.response("null"); m.Error == nil || m.Error.Code != codeParseError {
		t.Errorf("bad Content-Length: %+v", m)
	}
	// JSON that is not a message.
	c.sendRaw("Content-Length: 2\r\n\r\n[]")
	if m := c.response("null"); m.Error == nil || m.Error.Code != codeParseError {
		t.Errorf("an array: %+v", m)
	}
	c.send(map[string]any{"id": 7})
	if m := c.response("7"); m.Error == nil || m.Error.Code != codeInvalidRequest {
		t.Errorf("no method: %+v", m)
	}
	// Unknown methods: a request is answered, a notification ignored.
	if m := c.call("textDocument/semanticTokens/full", docParams("file:///x.dx")); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("unknown method: %+v", m)
	}
	c.notify("$/unknownNotification", map[string]any{})
	// Params of the wrong shape.
	if m := c.call("textDocument/hover", "not an object"); m.Error == nil || m.Error.Code != codeInvalidParams {
		t.Errorf("bad params: %+v", m)
	}
	// A document the server does not have open, and one it does not read.
	var h *hover
	c.result("textDocument/hover", posParams("file:///nowhere.dx", 3, 3), &h)
	c.open(uriOf(filepath.Join(dir, "notes.txt")), "plaintext", "hello")

	// A file with a syntax error: one diagnostic at its place.
	uri := uriOf(filepath.Join(dir, "q.dx"))
	c.open(uri, "dynexpr", "scan Tickets limit\n")
	ds := c.diagnostics(uri)
	if len(ds) != 1 || ds[0].Code != "syntax-error" || ds[0].Range.Start.Line != 0 {
		t.Errorf("syntax error: %+v", ds)
	}
	// Positions past the end of the document are clamped.
	var l completionList
	c.result("textDocument/completion", posParams(uri, 99, 99), &l)
	c.result("textDocument/hover", posParams(uri, -1, -5), &h)
	// After all of it, the server still answers.
	var edits []textEdit
	c.result("textDocument/formatting", docParams(uri), &edits)
	c.stop()
}

// A config naming a schema file that is not there: the documents are
// linted without a schema, and the config shows why at its line.
func TestMissingSchema(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".dynexpr.yaml"), "schemas: [schema.yml]\n")
	c := startServer(t, Options{})
	c.initialize(dir)
	uri := uriOf(filepath.Join(dir, "q.dx"))
	c.open(uri, "dynexpr", "scan Ticket\n")
	confURI := uriOf(filepath.Join(dir, ".dynexpr.yaml"))
	conf, doc := c.diagnostics2(confURI, uri)
	if len(conf) != 1 || !strings.Contains(conf[0].Message, `schema "schema.yml" matches no file`) || conf[0].Range.Start != (position{0, 10}) {
		t.Errorf("config diagnostics: %+v", conf)
	}
	if len(doc) != 0 {
		t.Errorf("without a schema, unknown-table cannot fire: %+v", doc)
	}
	// The schema appears: the config's diagnostics clear, and the
	// document is linted against it.
	write(t, filepath.Join(dir, "schema.yml"), ticketsSchema)
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{}})
	conf, doc = c.diagnostics2(confURI, uri)
	if len(conf) != 0 || !slices.Equal(codes(doc), []string{"unknown-table"}) {
		t.Errorf("after the schema appears: config %+v, document %v", conf, codes(doc))
	}
	c.stop()
}

// An edit of the schema file is read at the next lint, without a restart.
func TestSchemaReload(t *testing.T) {
	c, dir, uri := session(t)
	c.open(uri, "dynexpr", "scan Users\n")
	if ds := c.diagnostics(uri); !slices.Equal(codes(ds), []string{"unknown-table"}) {
		t.Fatalf("before: %v", codes(ds))
	}
	// Another size, so that the change shows on a file system whose times
	// are coarse.
	write(t, filepath.Join(dir, "schema.yaml"), ticketsSchema+"  Users:\n    key: {partition: userId}\n")
	change(c, uri, 2, "scan Users\n")
	if ds := c.diagnostics(uri); len(ds) != 0 {
		t.Errorf("after the schema gained Users: %v", codes(ds))
	}
	c.stop()
}

func TestRequestJSON(t *testing.T) {
	dir := project(t)
	c := startServer(t, Options{})
	c.initialize(dir)
	uri := uriOf(filepath.Join(dir, "q.json"))
	c.open(uri, "json", `{"TableName": "Tickets", "Key": {"id": {"S": "a"}}, "ConsistentRead": "yes"}`)
	if ds := c.diagnostics(uri); len(ds) == 0 || ds[0].Range.Start.Line != 0 || ds[0].Range.Start.Character == 0 {
		t.Errorf("request JSON: %+v", ds)
	}
	// A JSON file that is not a request is left alone.
	pkg := uriOf(filepath.Join(dir, "package.json"))
	c.open(pkg, "json", `{"name": "app", "version": "1.0.0"}`)
	if ds := c.diagnostics(pkg); len(ds) != 0 {
		t.Errorf("package.json: %+v", ds)
	}
	c.stop()
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize(t.TempDir())
	c.notify("exit", nil)
	select {
	case err := <-c.served:
		if !errors.Is(err, ErrNoShutdown) {
			t.Errorf("exit without shutdown: %v", err)
		}
		c.served <- err
	case <-time.After(testTimeout):
		t.Fatal("the server did not stop on exit")
	}
}

// A file of the workspace open without a root: the config is found from
// the document's folder.
func TestNoRoot(t *testing.T) {
	dir := project(t)
	c := startServer(t, Options{})
	var res map[string]any
	c.result("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &res)
	uri := uriOf(filepath.Join(dir, "q.dx"))
	c.open(uri, "dynexpr", "scan Ticket\n")
	if ds := c.diagnostics(uri); !slices.Equal(codes(ds), []string{"unknown-table"}) {
		t.Errorf("diagnostics: %v", codes(ds))
	}
	c.stop()
}

// diagnostics2 waits for the diagnostics of two files, in either order.
func (c *client) diagnostics2(a, b string) (da, db []diagnostic) {
	c.t.Helper()
	for da == nil || db == nil {
		m := c.notification("textDocument/publishDiagnostics")
		var p publishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		switch p.URI {
		case a:
			da = p.Diagnostics
		case b:
			db = p.Diagnostics
		}
	}
	return da, db
}
