package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// folderProject writes a folder with a .dynexpr.yaml and a schema of one
// table, and returns the folder.
func folderProject(t *testing.T, table string) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".dynexpr.yaml"), "schemas: [schema.yaml]\n")
	write(t, filepath.Join(dir, "schema.yaml"), "tables:\n  "+table+":\n    key: {partition: id}\n    attributes: {id: S}\n")
	return dir
}

// initializeWith initializes with the workspace folders and the client
// capabilities given.
func (c *client) initializeWith(folders []string, caps map[string]any) {
	c.t.Helper()
	var fs []map[string]any
	for _, f := range folders {
		fs = append(fs, map[string]any{"uri": uriOf(f), "name": filepath.Base(f)})
	}
	var res map[string]any
	c.result("initialize", map[string]any{"processId": nil, "rootUri": uriOf(folders[0]), "workspaceFolders": fs, "capabilities": caps}, &res)
	c.notify("initialized", map[string]any{})
}

// Two workspace folders: each file is linted with its own folder's config
// and schema, as `dynexpr lint` run in that folder would.
func TestTwoWorkspaceFolders(t *testing.T) {
	tickets, orders := folderProject(t, "Tickets"), folderProject(t, "Orders")
	c := startServer(t, Options{})
	c.initializeWith([]string{tickets, orders}, map[string]any{})
	inOrders := uriOf(filepath.Join(orders, "q.dx"))
	c.open(inOrders, "dynexpr", "get Orders key id = \"a\"\n")
	if ds := c.diagnostics(inOrders); len(ds) != 0 {
		t.Errorf("a file of the second folder, with its own schema: %v", codes(ds))
	}
	inTickets := uriOf(filepath.Join(tickets, "q.dx"))
	c.open(inTickets, "dynexpr", "get Orders key id = \"a\"\n")
	if ds := c.diagnostics(inTickets); !slices.Equal(codes(ds), []string{"unknown-table"}) {
		t.Errorf("the first folder's schema has no Orders: %v", codes(ds))
	}
	// A folder added later is read as its own project too.
	third := folderProject(t, "Users")
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{
		"added": []any{map[string]any{"uri": uriOf(third), "name": "third"}}, "removed": []any{},
	}})
	inThird := uriOf(filepath.Join(third, "q.dx"))
	c.open(inThird, "dynexpr", "get Users key id = \"a\"\n")
	if ds := c.diagnostics(inThird); len(ds) != 0 {
		t.Errorf("a file of a folder added: %v", codes(ds))
	}
	c.stop()
}

// registration is a client/registerCapability request's watchers.
func registration(t *testing.T, m *message) []relativePattern {
	t.Helper()
	var p struct {
		Registrations []struct {
			ID, Method      string
			RegisterOptions struct {
				Watchers []struct {
					GlobPattern relativePattern `json:"globPattern"`
				} `json:"watchers"`
			} `json:"registerOptions"`
		} `json:"registrations"`
	}
	if err := json.Unmarshal(m.Params, &p); err != nil || len(p.Registrations) != 1 || p.Registrations[0].Method != "workspace/didChangeWatchedFiles" {
		t.Fatalf("registration %s: %v", m.Params, err)
	}
	var out []relativePattern
	for _, w := range p.Registrations[0].RegisterOptions.Watchers {
		out = append(out, w.GlobPattern)
	}
	return out
}

// The server registers file watchers for the config and every schema
// source, and a change the client reports is applied at once: the open
// documents are linted again, with no keystroke.
func TestWatchedFilesApplyAtOnce(t *testing.T) {
	dir := folderProject(t, "Tickets")
	c := startServer(t, Options{})
	caps := map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true, "relativePatternSupport": true}}}
	c.initializeWith([]string{dir}, caps)
	reg := c.notification("client/registerCapability")
	if len(reg.ID) == 0 {
		t.Fatal("client/registerCapability is a request: it has an id")
	}
	got := registration(t, reg)
	for _, want := range []relativePattern{
		{BaseURI: uriOf(dir), Pattern: "**/.dynexpr.yaml"},
		{BaseURI: uriOf(dir), Pattern: "schema.yaml"},
	} {
		if !slices.Contains(got, want) {
			t.Errorf("watchers %+v: no %+v", got, want)
		}
	}
	c.send(map[string]any{"id": json.RawMessage(reg.ID), "result": nil}) // the client's answer

	uri := uriOf(filepath.Join(dir, "q.dx"))
	c.open(uri, "dynexpr", "get Users key id = \"a\"\n")
	if ds := c.diagnostics(uri); !slices.Equal(codes(ds), []string{"unknown-table"}) {
		t.Fatalf("before: %v", codes(ds))
	}
	// The schema now names Users: same size, same time, so that only the
	// client's report can tell the server.
	schema := filepath.Join(dir, "schema.yaml")
	fi, err := os.Stat(schema)
	if err != nil {
		t.Fatal(err)
	}
	write(t, schema, "tables:\n  Users  :\n    key: {partition: id}\n    attributes: {id: S}\n")
	if err := os.Chtimes(schema, time.Time{}, fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": uriOf(schema), "type": 2}}})
	if ds := c.diagnostics(uri); len(ds) != 0 {
		t.Errorf("after the schema gained Users: %v", codes(ds))
	}

	// The config names another schema: the watchers follow it.
	write(t, filepath.Join(dir, "other.yaml"), "tables:\n  Orders:\n    key: {partition: id}\n    attributes: {id: S}\n")
	write(t, filepath.Join(dir, ".dynexpr.yaml"), "schemas: [other.yaml]\n")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": uriOf(filepath.Join(dir, ".dynexpr.yaml")), "type": 2}}})
	if ds := c.diagnostics(uri); !slices.Equal(codes(ds), []string{"unknown-table"}) {
		t.Errorf("after the config named other.yaml: %v", codes(ds))
	}
	c.notification("client/unregisterCapability")
	if got := registration(t, c.notification("client/registerCapability")); !slices.Contains(got, relativePattern{BaseURI: uriOf(dir), Pattern: "other.yaml"}) {
		t.Errorf("watchers after the config changed: %+v", got)
	}
	c.stop()
}

// A client that registers no watchers is asked nothing.
func TestNoWatchersWithoutDynamicRegistration(t *testing.T) {
	dir := folderProject(t, "Tickets")
	c := startServer(t, Options{})
	c.initializeWith([]string{dir}, map[string]any{})
	uri := uriOf(filepath.Join(dir, "q.dx"))
	c.open(uri, "dynexpr", "get Tickets key id = \"a\"\n")
	c.diagnostics(uri)
	for _, m := range c.queue {
		if m.Method == "client/registerCapability" {
			t.Errorf("registered watchers with a client that cannot take them: %s", m.Params)
		}
	}
	c.stop()
}

// A folder's problems show at initialized, before any document opens, and
// go when the folder is removed from the workspace.
func TestRemovedFolderClearsItsProblems(t *testing.T) {
	good, bad := folderProject(t, "Tickets"), t.TempDir()
	write(t, filepath.Join(bad, ".dynexpr.yaml"), "schemas: [missing.yaml]\n")
	c := startServer(t, Options{})
	c.initializeWith([]string{good, bad}, map[string]any{})
	conf := uriOf(filepath.Join(bad, ".dynexpr.yaml"))
	if ds := c.diagnostics(conf); len(ds) != 1 {
		t.Fatalf("the config's problem: %+v", ds)
	}
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{
		"added": []any{}, "removed": []any{map[string]any{"uri": uriOf(bad), "name": "bad"}},
	}})
	if ds := c.diagnostics(conf); len(ds) != 0 {
		t.Errorf("after the folder is removed: %+v", ds)
	}
	c.stop()
}
