package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"testing"
)

func frames(msgs ...string) string {
	var b strings.Builder
	for _, m := range msgs {
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	return b.String()
}

// readFrames reads stdout as framed JSON-RPC messages, failing on any
// other byte.
func readFrames(t *testing.T, out []byte) []map[string]any {
	t.Helper()
	r := textproto.NewReader(bufio.NewReader(bytes.NewReader(out)))
	var msgs []map[string]any
	for {
		h, err := r.ReadMIMEHeader()
		if err == io.EOF && len(h) == 0 {
			return msgs
		}
		if err != nil {
			t.Fatalf("stdout is not protocol messages: %v\n%q", err, out)
		}
		n, err := strconv.Atoi(h.Get("Content-Length"))
		if err != nil {
			t.Fatalf("stdout: a header without Content-Length: %v", h)
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r.R, body); err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("stdout: %q is not JSON", body)
		}
		msgs = append(msgs, m)
	}
}

// dynexpr lsp, as an editor starts it: a session on standard input and
// output, with exit statuses as the protocol has them.
func TestLSPCommand(t *testing.T) {
	dir := t.TempDir()
	uri := "file://" + dir + "/q.dx"
	session := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://` + dir + `","capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + uri + `","languageId":"dynexpr","version":1,"text":"scan T limit 0\n"}}}`,
		`not json`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
	}
	for _, tc := range []struct {
		name string
		exit string
		code int
	}{
		{"shutdown then exit", `{"jsonrpc":"2.0","method":"exit"}`, 0},
		{"exit alone", "", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msgs := session
			if tc.exit == "" {
				msgs = []string{session[0], `{"jsonrpc":"2.0","method":"exit"}`}
			} else {
				msgs = append(msgs[:len(msgs):len(msgs)], tc.exit)
			}
			var stdout, stderr bytes.Buffer
			code := Run([]string{"lsp", "--stdio"}, strings.NewReader(frames(msgs...)), &stdout, &stderr)
			if code != tc.code {
				t.Errorf("exit status %d, want %d; stderr: %s", code, tc.code, stderr.String())
			}
			got := readFrames(t, stdout.Bytes())
			if len(got) == 0 || got[0]["id"] != float64(1) {
				t.Fatalf("messages: %v", got)
			}
			if tc.exit == "" {
				return
			}
			var methods []string
			for _, m := range got[1:] {
				methods = append(methods, fmt.Sprintf("%v|%v", m["method"], m["id"]))
			}
			if want := []string{"textDocument/publishDiagnostics|<nil>", "<nil>|<nil>", "<nil>|2"}; strings.Join(methods, " ") != strings.Join(want, " ") {
				t.Errorf("messages after initialize: %v, want %v", methods, want)
			}
		})
	}
}
