package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// client is an editor for tests: it talks to a server over a pair of
// pipes with framed JSON-RPC messages, as an editor does, and fails the
// test on any byte of the server's output that is not a framed message.
type client struct {
	t      testing.TB
	in     *io.PipeWriter
	msgs   chan *message
	queue  []*message // notifications read while waiting for a response
	served chan error
	nextID int
}

const testTimeout = 10 * time.Second

func startServer(t testing.TB, opt Options) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, msgs: make(chan *message, 100), served: make(chan error, 1)}
	var log strings.Builder
	if opt.Log == nil {
		opt.Log = &log
	}
	go func() {
		err := Serve(inR, outW, opt)
		outW.Close()
		c.served <- err
	}()
	go func() {
		r := newFrameReader(outR)
		for {
			body, err := r.read()
			if err != nil {
				if !errors.Is(err, io.EOF) {
					c.msgs <- &message{Method: "read error: " + err.Error()}
				}
				close(c.msgs)
				io.Copy(io.Discard, outR)
				return
			}
			var m message
			if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" {
				c.msgs <- &message{Method: fmt.Sprintf("not a JSON-RPC message: %q", body)}
				continue
			}
			c.msgs <- &m
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.served:
		case <-time.After(testTimeout):
			t.Error("the server did not stop when its input closed")
		}
	})
	return c
}

// send writes one frame of body.
func (c *client) sendRaw(frame string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, frame); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func (c *client) send(m map[string]any) {
	c.t.Helper()
	m["jsonrpc"] = "2.0"
	b, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(b), b))
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"method": method, "params": params})
}

// next is the next message from the server.
func (c *client) next() *message {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatal("the server's output ended")
		}
		if strings.HasPrefix(m.Method, "read error") || strings.HasPrefix(m.Method, "not a JSON-RPC") {
			c.t.Fatalf("the server wrote what is not a protocol message: %s", m.Method)
		}
		return m
	case <-time.After(testTimeout):
		c.t.Fatal("no message from the server")
	}
	return nil
}

// call sends a request and returns its response, keeping the
// notifications that come before it.
func (c *client) call(method string, params any) *message {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"id": id, "method": method, "params": params})
	return c.response(fmt.Sprint(id))
}

func (c *client) response(id string) *message {
	c.t.Helper()
	for {
		m := c.next()
		if m.Method != "" {
			c.queue = append(c.queue, m)
			continue
		}
		if string(m.ID) != id {
			c.t.Fatalf("response to %s, waiting for %s", m.ID, id)
		}
		return m
	}
}

// result is a successful call's result, decoded into v.
func (c *client) result(method string, params, v any) {
	c.t.Helper()
	m := c.call(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: error %d %s", method, m.Error.Code, m.Error.Message)
	}
	if err := json.Unmarshal(m.Result, v); err != nil {
		c.t.Fatalf("%s: result %s: %v", method, m.Result, err)
	}
}

// notification is the next notification of method (queued or new).
func (c *client) notification(method string) *message {
	c.t.Helper()
	for i, m := range c.queue {
		if m.Method == method {
			c.queue = append(c.queue[:i], c.queue[i+1:]...)
			return m
		}
	}
	for {
		m := c.next()
		if m.Method == method {
			return m
		}
		c.queue = append(c.queue, m)
	}
}

// diagnostics waits for the diagnostics of uri.
func (c *client) diagnostics(uri string) []diagnostic {
	c.t.Helper()
	for {
		m := c.notification("textDocument/publishDiagnostics")
		var p publishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == uri {
			return p.Diagnostics
		}
	}
}

func (c *client) initialize(root string) {
	c.t.Helper()
	var res struct {
		Capabilities map[string]any `json:"capabilities"`
	}
	c.result("initialize", map[string]any{"processId": nil, "rootUri": uriOf(root), "capabilities": map[string]any{}}, &res)
	if res.Capabilities["hoverProvider"] != true {
		c.t.Fatalf("capabilities: %v", res.Capabilities)
	}
	c.notify("initialized", map[string]any{})
}

func (c *client) open(uri, lang, text string) {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": lang, "version": 1, "text": text}})
}

// stop sends shutdown and exit and checks the server ends as asked.
func (c *client) stop() {
	c.t.Helper()
	if m := c.call("shutdown", nil); m.Error != nil {
		c.t.Fatalf("shutdown: %v", m.Error)
	}
	c.notify("exit", nil)
	select {
	case err := <-c.served:
		if err != nil {
			c.t.Fatalf("after shutdown and exit: %v", err)
		}
		c.served <- nil
	case <-time.After(testTimeout):
		c.t.Fatal("the server did not stop on exit")
	}
}

const ticketsSchema = `tables:
  Tickets:
    key: {partition: id}
    attributes: {id: S, openBucket: S, openedAt: S, priority: N}
    indexes:
      open-tickets-index:
        type: global
        key: {partition: openBucket, sort: openedAt}
        projection: include
        include: [subject, priority]
`

// project writes a folder with a .dynexpr.yaml naming schema.yaml.
func project(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".dynexpr.yaml"), "schemas: [schema.yaml]\n")
	write(t, filepath.Join(dir, "schema.yaml"), ticketsSchema)
	return dir
}

func write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// session is a server initialized on a project, and the URI of q.dx in it.
func session(t testing.TB) (c *client, dir, uri string) {
	t.Helper()
	dir = project(t)
	c = startServer(t, Options{})
	c.initialize(dir)
	return c, dir, uriOf(filepath.Join(dir, "q.dx"))
}
