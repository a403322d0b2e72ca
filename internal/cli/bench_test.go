package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/dynexpr/dynexpr/bench/corpus"
)

// BenchmarkBatch runs build (--output jsonl, and --statement for one),
// explain, lint, fmt and import over one file of 1,000 to 100,000
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
			{"fmt", file},
			{"import", jsonl},
		} {
			name := cmd[0]
			if cmd[1] == "--statement" {
				name = "build-statement"
			}
			b.Run(fmt.Sprintf("%s/%dk", name, n/1000), func(b *testing.B) {
				peak := samplePeakHeap()
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

// samplePeakHeap samples the bytes of heap objects (live, and dead but not
// yet collected) every millisecond from now, after a collection; the
// function it returns stops sampling and gives the most seen above the
// heap it started from.
func samplePeakHeap() func() uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	var peak uint64
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Go(func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			if v := read(); v > peak {
				peak = v
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	})
	return func() uint64 {
		close(done)
		wg.Wait()
		if peak < base {
			return 0
		}
		return peak - base
	}
}
