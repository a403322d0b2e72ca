package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/dynexpr/dynexpr/bench/corpus"
	"github.com/dynexpr/dynexpr/internal/heappeak"
)

// BenchmarkBatch runs build (--output jsonl, and --statement for one),
// explain, lint, fmt, and import and lint of what build wrote, over one file of 1,000 to 100,000
// statements that build (some with ignore comments, some with warnings): a
// batch must cost the same per statement however long the file, in time
// and in memory, as a shell loop's start-up is paid once. Besides -benchmem's
// figures it reports B/stmt, the bytes allocated a statement, and
// peak-B/stmt, the most heap a run held at once (sampled), a statement:
// flat from 1k to 100k when no command keeps every statement's tree.
func BenchmarkBatch(b *testing.B) {
	schemas := []string{"--schema", filepath.Join("..", "..", "examples", "tickets.yaml"),
		"--schema", filepath.Join("..", "..", "examples", "events.yaml")}
	for _, n := range []int{1_000, 10_000, 100_000} {
		text, _ := corpus.File(0, n, true)
		dir := b.TempDir()
		file := filepath.Join(dir, "batch.dx")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
		// import reads what build --output jsonl writes.
		var built bytes.Buffer
		if code := Run(append([]string{"build", "--output", "jsonl", "-f", file}, schemas...), nil, &built, io.Discard); code != 0 {
			b.Fatalf("build: exit status %d", code)
		}
		jsonl := filepath.Join(dir, "batch.jsonl")
		if err := os.WriteFile(jsonl, built.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
		for _, cmd := range [][]string{
			append([]string{"build", "--output", "jsonl", "-f", file}, schemas...),
			append([]string{"build", "--statement", "s7", "-f", file}, schemas...),
			append([]string{"explain", "-f", file}, schemas...),
			append([]string{"lint", file}, schemas...),
			append([]string{"lint", jsonl}, schemas...),
			{"fmt", file},
			{"import", jsonl},
		} {
			name := cmd[0]
			switch {
			case cmd[1] == "--statement":
				name = "build-statement"
			case name == "lint" && cmd[1] == jsonl:
				name = "lint-requests"
			}
			b.Run(fmt.Sprintf("%s/%dk", name, n/1000), func(b *testing.B) {
				peak := heappeak.Sample()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for b.Loop() {
					if code := Run(cmd, nil, io.Discard, io.Discard); code != 0 {
						b.Fatalf("dynexpr %v: exit status %d", cmd, code)
					}
				}
				runtime.ReadMemStats(&after)
				stmts := float64(b.N * n)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/stmts, "ns/stmt")
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/stmts, "B/stmt")
				b.ReportMetric(float64(peak())/float64(n), "peak-B/stmt")
			})
		}
	}
}
