package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dynexpr/dynexpr/lint"
)

// thousand is a file of 1,000 statements of the kinds a project writes,
// some with findings, against ticketsSchema.
func thousand() string {
	var b strings.Builder
	for i := 0; i < 250; i++ {
		fmt.Fprintf(&b, "q%d: query Tickets index open-tickets-index key openBucket = \"OPEN\" and openedAt > \"2026-01-%02d\"\n  select id, subject, priority asc limit 25;\n", i, i%28+1)
		fmt.Fprintf(&b, "put Tickets item {id: \"t%d\", openBucket: \"OPEN\", openedAt: \"2026-11-02T09:14:00Z\", subject: \"Printer on fire\", priority: %d}\n  if attribute_not_exists(id);\n", i, i%5)
		fmt.Fprintf(&b, "update Tickets key id = \"t%d\" set priority = priority + 1, subject = $subject remove openBucket if attribute_exists(id) return new;\n", i)
		fmt.Fprintf(&b, "scan Tickets filter priority = %d limit 10;\n", i%5) // limit-with-filter
	}
	return b.String()
}

// BenchmarkDidChange1000: one edit of a 1,000-statement file, from the
// didChange the editor sends to the publishDiagnostics it gets, over the
// pipes, debounce off: a digit of the last statement's limit, typed back
// and forth. Run with -cpu 1 for the one-core figure.
func BenchmarkDidChange1000(b *testing.B) {
	benchDidChange(b, thousand(), 250, lastLimit(thousand(), "0", "1"))
}

// BenchmarkDidChange1000SyntaxError: the same, the edit making the last
// statement one that does not parse and back, as typing does.
func BenchmarkDidChange1000SyntaxError(b *testing.B) {
	benchDidChange(b, thousand(), 250, lastLimit(thousand(), "x", "0"))
}

// BenchmarkDidChange1000Ignores: the same with an ignore comment on every
// tenth scan, which ties each of those to the statements next to it.
func BenchmarkDidChange1000Ignores(b *testing.B) {
	text := strings.Replace(thousand(), "scan Tickets filter priority = 0", "# dynexpr:ignore limit-with-filter -- paged on\nscan Tickets filter priority = 0", 25)
	benchDidChange(b, text, 225, lastLimit(text, "0", "1"))
}

// BenchmarkDidChange1000NewLine: a line end typed at the top of the file
// and deleted, which moves every statement.
func BenchmarkDidChange1000NewLine(b *testing.B) {
	benchDidChange(b, thousand(), 250, func(version int) (lspRange, string) {
		if version%2 == 0 {
			return lspRange{}, "\n"
		}
		return lspRange{End: position{Line: 1}}, ""
	})
}

// lastLimit is the edit of the digit after "limit 1" in text's last limit
// 10: odd at odd versions, else even.
func lastLimit(text, odd, even string) func(version int) (lspRange, string) {
	d := &document{text: text}
	at := d.position(strings.LastIndex(text, "limit 10") + len("limit 1"))
	return func(version int) (lspRange, string) {
		if version%2 == 1 {
			return lspRange{at, position{at.Line, at.Character + 1}}, odd
		}
		return lspRange{at, position{at.Line, at.Character + 1}}, even
	}
}

// BenchmarkKeystroke1000: a key typed in a 1,000-statement file, from
// the didChange the editor sends to the diagnostics of that version, with
// the debounce `dynexpr lsp` lints with (auto); lint-ms/op is what
// lint.Cache takes for the same edit in the same run (timed apart, on the
// same text): the floor the debounce adds to.
func BenchmarkKeystroke1000(b *testing.B) {
	benchDidChangeWith(b, Options{Debounce: DebounceAuto}, thousand(), 250, lastLimit(thousand(), "0", "1"))
}

// BenchmarkKeystroke1000Fixed150ms: the same with the fixed 150 ms the
// server debounced with before.
func BenchmarkKeystroke1000Fixed150ms(b *testing.B) {
	benchDidChangeWith(b, Options{Debounce: 150 * time.Millisecond}, thousand(), 250, lastLimit(thousand(), "0", "1"))
}

// benchDidChange opens text, whose diagnostics are want, and times the
// edits edit gives for versions 2, 3, ...
func benchDidChange(b *testing.B, text string, want int, edit func(version int) (lspRange, string)) {
	benchDidChangeWith(b, Options{}, text, want, edit)
}

func benchDidChangeWith(b *testing.B, opt Options, text string, want int, edit func(version int) (lspRange, string)) {
	dir := project(b)
	c := startServer(b, opt)
	c.initialize(dir)
	uri := uriOf(filepath.Join(dir, "q.dx"))
	c.open(uri, "dynexpr", text)
	if ds := c.diagnostics(uri); len(ds) != want {
		b.Fatalf("%d diagnostics, want %d", len(ds), want)
	}
	// The reference: the same edits linted by a cache of their own.
	ref := &document{path: filepath.Join(dir, "q.dx"), text: text}
	linter := loadWorkspace(dir, 0).linter
	var cache lint.Cache
	cache.Lint(linter, ref.path, []byte(ref.text), lint.DSL)
	var lintTime time.Duration
	version := 1
	cpu0 := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		version++
		r, text := edit(version)
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": version},
			"contentChanges": []map[string]any{{"range": r, "text": text}},
		})
		m := c.notification("textDocument/publishDiagnostics")
		var p publishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil || *p.Version != version {
			b.Fatalf("diagnostics of version %v, want %d", p.Version, version)
		}
		b.StopTimer()
		ref.apply(&r, text)
		start := time.Now()
		cache.Lint(linter, ref.path, []byte(ref.text), lint.DSL)
		lintTime += time.Since(start)
		b.StartTimer()
	}
	b.ReportMetric(float64(lintTime.Microseconds())/1000/float64(b.N), "lint-ms/op")
	// On a shared machine the wall time counts the other processes' turns
	// too; the CPU time this process spent is the server's own cost (the
	// client's decoding included).
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
