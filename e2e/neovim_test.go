//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/project"
)

// TestNeovim drives `dynexpr lsp` from a real client: Neovim's built-in
// LSP client, headless (Debian's package, e2e/install.sh), running
// testdata/neovim/init.lua on a project with a .dynexpr.yaml. It opens a
// .dx, a .partiql, a request JSON and a Python file, asks for hover,
// completion, definition and formatting, applies every quick fix, and
// makes random edits of the .dx file; every time it waited for
// diagnostics it kept the buffer's text and what the server published for
// exactly that text. Each of those must be what `dynexpr lint --format
// json` finds in the same text at the same path; each fix must leave a
// file without a new syntax error, and the finding it fixed gone.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Fatalf("nvim is not installed (e2e/install.sh installs Debian's neovim): %v", err)
	}
	<-dynexprDone
	if dynexprErr != nil {
		t.Fatalf("dynexpr binary: %v", dynexprErr)
	}
	dir := t.TempDir()
	files := map[string]string{
		".dynexpr.yaml": "schemas: [schema.yaml]\n",
		"q.dx": "get Tickets key id = \"a\";\n" +
			"get   Tikets key id = \"b\";\n" +
			"query Tickets index open-ticket-index key openBucket = \"OPEN\";\n" +
			"# the dashboard\nscan Tickets filter priority = 1 limit 10;\n" +
			"update Tickets key id = \"a\" set openBucket = \"\";\n",
		"q.partiql": "SELECT * FROM \"Tickets\" WHERE subject = 'x';\nSELECT * FROM \"Tikets\" WHERE id = 'a';\n",
		"req.json":  `{"TableName": "Tikets", "Key": {"id": {"S": "a"}}}` + "\n",
		"app.py": "import boto3\nc = boto3.client(\"dynamodb\")\n" +
			"c.query(TableName=\"Tickets\", IndexName=\"open-ticket-index\", KeyConditionExpression=\"openBucket = :b\", ExpressionAttributeValues={\":b\": {\"S\": \"OPEN\"}})\n",
	}
	schema, err := os.ReadFile(filepath.Join(repoRoot, "examples", "tickets.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	files["schema.yaml"] = string(schema)
	var big strings.Builder // 1,000 statements, for the latency of a keystroke
	for i := 0; i < 250; i++ {
		fmt.Fprintf(&big, "q%d: query Tickets index open-tickets-index key openBucket = \"OPEN\" and openedAt > \"2026-01-%02d\"\n  select id, subject, priority asc limit 25;\n", i, i%28+1)
		fmt.Fprintf(&big, "put Tickets item {id: \"t%d\", openBucket: \"OPEN\", openedAt: \"2026-11-02T09:14:00Z\", subject: \"Printer on fire\", priority: %d}\n  if attribute_not_exists(id);\n", i, i%5)
		fmt.Fprintf(&big, "update Tickets key id = \"t%d\" set priority = priority + 1, subject = $subject remove openBucket if attribute_exists(id) return new;\n", i)
		fmt.Fprintf(&big, "scan Tickets filter priority = %d limit 10;\n", i%5)
	}
	files["big.dx"] = big.String()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	results := filepath.Join(t.TempDir(), "results.json")
	cmd := exec.Command(nvim, "--headless", "-n", "-i", "NONE", "-u", filepath.Join(e2eDir, "testdata", "neovim", "init.lua"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DYNEXPR="+dynexprPath, "PROJECT="+dir, "RESULTS="+results, "SEED=28", "KEYS=40", "NO_COLOR=1")
	start := time.Now()
	out, err := runWithTimeout(cmd, 2*time.Minute)
	took := time.Since(start)
	var r struct {
		Snapshots []struct {
			Name, What, Text string
			Diagnostics      []lspDiagnostic
		}
		Checks []struct {
			Name   string
			OK     bool
			Detail string
		}
		Errors  []string
		Latency struct {
			Row, Col int
			MS       []float64
		}
		Actions []struct {
			Name, Title, Code, Message string
			Before                     int
			After                      []lspDiagnostic
		}
	}
	data, rerr := os.ReadFile(results)
	if rerr != nil {
		t.Fatalf("nvim wrote no results (%v, %v):\n%s", err, rerr, out)
	}
	if jerr := json.Unmarshal(data, &r); jerr != nil {
		t.Fatalf("results: %v\n%s", jerr, data)
	}
	for _, e := range r.Errors {
		t.Errorf("neovim: %s", e)
	}
	if err != nil && len(r.Errors) == 0 {
		t.Errorf("nvim: %v\n%s", err, out)
	}
	for _, c := range r.Checks {
		if !c.OK {
			t.Errorf("%s: %s", c.Name, c.Detail)
		}
	}
	if len(r.Checks) < 6 {
		t.Errorf("only %d checks ran", len(r.Checks))
	}
	// Every snapshot against dynexpr lint of its text.
	compared := 0
	for i, s := range r.Snapshots {
		path := filepath.Join(dir, s.Name)
		if err := os.WriteFile(path, []byte(s.Text), 0o644); err != nil {
			t.Fatal(err)
		}
		res := Dynexpr(t, dir, "lint", "--format", "json", s.Name)
		var findings []struct {
			Line, Column  int
			Rule, Message string
		}
		if err := json.Unmarshal([]byte(res.Stdout), &findings); err != nil {
			t.Fatalf("lint --format json %s: %v\n%s%s", s.Name, err, res.Stdout, res.Stderr)
		}
		var want, got []string
		for _, f := range findings {
			want = append(want, fmt.Sprintf("%d:%d %s %s", f.Line, f.Column, f.Rule, f.Message))
		}
		for _, d := range s.Diagnostics {
			msg, _, _ := strings.Cut(d.Message, "\nsuggestion: ")
			got = append(got, fmt.Sprintf("%d:%d %s %s", d.Range.Start.Line+1, d.Range.Start.Character+1, d.Code, msg))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("snapshot %d (%s, %s): the editor shows\n  %s\nlint finds\n  %s\nin\n%s", i, s.Name, s.What,
				strings.Join(got, "\n  "), strings.Join(want, "\n  "), s.Text)
		}
		compared++
	}
	// Every fix: no new syntax error, and what it fixed is gone.
	fixes := 0
	for _, a := range r.Actions {
		syntax := 0
		for _, d := range a.After {
			if d.Code == "syntax-error" {
				syntax++
			}
			if d.Code == a.Code && d.Message == a.Message {
				t.Errorf("%s: %q left %s %q", a.Name, a.Title, a.Code, a.Message)
			}
		}
		if syntax > 0 && a.Code != "syntax-error" {
			t.Errorf("%s: %q made a syntax error", a.Name, a.Title)
		}
		if strings.HasPrefix(a.Title, "Fix: ") {
			fixes++
		}
	}
	if compared < 20 || fixes < 3 {
		t.Errorf("only %d snapshots compared and %d fixes applied", compared, fixes)
	}
	t.Logf("neovim: %d snapshots equal to lint, %d code actions applied (%d fixes), %d checks, in %v", compared, len(r.Actions), fixes, len(r.Checks), took.Round(time.Millisecond))
	keystrokeLatency(t, dir, files["big.dx"], r.Latency.Row, r.Latency.Col, r.Latency.MS)
}

// keystrokeLatency logs what Neovim measured from each keystroke to the
// diagnostics of its version, in the 1,000-statement file, beside the cost
// of the lint alone of the same edits (lint.Cache, as the server lints),
// measured here in the same run.
func keystrokeLatency(t *testing.T, dir, text string, row, col int, ms []float64) {
	if len(ms) < 10 {
		t.Errorf("%d keystrokes measured", len(ms))
		return
	}
	p, err := project.Load(project.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	l := p.Linter()
	path := filepath.Join(dir, "big.dx")
	var cache lint.Cache
	cache.Lint(l, path, []byte(text), lint.DSL)
	off := 0
	for i := 0; i < row; i++ {
		off += strings.IndexByte(text[off:], '\n') + 1
	}
	off += col
	b := []byte(text)
	var lintMS []float64
	for k := 1; k <= len(ms); k++ {
		b[off] = "01"[k%2]
		start := time.Now()
		cache.Lint(l, path, b, lint.DSL)
		lintMS = append(lintMS, float64(time.Since(start).Microseconds())/1000)
	}
	q := func(xs []float64, p float64) float64 {
		s := slices.Clone(xs)
		slices.Sort(s)
		return s[int(p*float64(len(s)-1))]
	}
	t.Logf("neovim: a keystroke in 1,000 statements to its diagnostics: median %.1f ms, p90 %.1f ms (%d keystrokes); the lint of the same edit alone: median %.1f ms, p90 %.1f ms",
		q(ms, 0.5), q(ms, 0.9), len(ms), q(lintMS, 0.5), q(lintMS, 0.9))
}

type lspDiagnostic struct {
	Range struct {
		Start struct{ Line, Character int }
	}
	Code, Message string
}

// runWithTimeout runs cmd, killing it after d.
func runWithTimeout(cmd *exec.Cmd, d time.Duration) (string, error) {
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return out.String(), err
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		return out.String(), fmt.Errorf("still running after %v", d)
	}
}

// TestNeovimDocSetup runs the Neovim set-ups of docs/editor.md as they are
// written, each as the whole init.lua of a headless Neovim of a version it
// is for (dynexpr on PATH), opening a .dx file of a project: the server
// must start and publish the file's diagnostics. The one for 0.10 and later
// is skipped on an older Neovim (Debian 12 ships 0.7).
func TestNeovimDocSetup(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Fatalf("nvim is not installed (e2e/install.sh installs Debian's neovim): %v", err)
	}
	<-dynexprDone
	if dynexprErr != nil {
		t.Fatalf("dynexpr binary: %v", dynexprErr)
	}
	v, err := exec.Command(nvim, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	var major, minor int
	fmt.Sscanf(strings.TrimPrefix(strings.SplitN(string(v), "\n", 2)[0], "NVIM v"), "%d.%d", &major, &minor)
	doc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "editor.md"))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, part := range strings.Split(string(doc), "```lua\n")[1:] {
		blocks = append(blocks, strings.SplitN(part, "```", 2)[0])
	}
	if len(blocks) != 2 {
		t.Fatalf("%d Neovim set-ups in docs/editor.md, want 2", len(blocks))
	}
	// After start-up (filetype detection is on then), the file is opened
	// and its diagnostics awaited.
	const harness = `
vim.api.nvim_create_autocmd("VimEnter", { nested = true, callback = function()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("FILE")))
  local buf = vim.api.nvim_get_current_buf()
  local ok = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  local codes = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(codes, d.code or "") end
  local f = assert(io.open(os.getenv("RESULTS"), "w"))
  f:write(vim.json.encode({ ok = ok, codes = codes }))
  f:close()
  vim.cmd(ok and "qall!" or "cquit! 1")
end })
`
	ran := 0
	for i, block := range blocks {
		needs := [2]int{0, 7}
		if strings.Contains(block, "vim.fs.root") {
			needs = [2]int{0, 10}
		}
		if major == needs[0] && minor < needs[1] {
			t.Logf("set-up %d needs Neovim %d.%d, this is %d.%d: not run", i+1, needs[0], needs[1], major, minor)
			continue
		}
		dir := t.TempDir()
		project := filepath.Join(dir, "project")
		os.MkdirAll(filepath.Join(project, "queries"), 0o755)
		schema, _ := os.ReadFile(filepath.Join(repoRoot, "examples", "tickets.yaml"))
		os.WriteFile(filepath.Join(project, ".dynexpr.yaml"), []byte("schemas: [schema.yaml]\n"), 0o644)
		os.WriteFile(filepath.Join(project, "schema.yaml"), schema, 0o644)
		file := filepath.Join(project, "queries", "q.dx")
		os.WriteFile(file, []byte("get Tikets key id = \"a\";\n"), 0o644)
		initLua := filepath.Join(dir, "init.lua")
		os.WriteFile(initLua, []byte(block+harness), 0o644)
		results := filepath.Join(dir, "results.json")
		cmd := exec.Command(nvim, "--headless", "-n", "-i", "NONE", "-u", initLua)
		cmd.Dir = filepath.Join(project, "queries")
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(dynexprPath)+string(os.PathListSeparator)+os.Getenv("PATH"),
			"FILE="+file, "RESULTS="+results, "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir)
		out, err := runWithTimeout(cmd, time.Minute)
		var r struct {
			OK    bool
			Codes []string
		}
		data, rerr := os.ReadFile(results)
		if rerr != nil || json.Unmarshal(data, &r) != nil || !r.OK || !slices.Contains(r.Codes, "unknown-table") {
			t.Errorf("set-up %d: diagnostics %s (%v, %v)\n%s", i+1, data, err, rerr, out)
			continue
		}
		ran++
	}
	if ran == 0 {
		t.Error("no set-up ran")
	}
}
