package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/dynexpr/dynexpr/bench/corpus"
)

// BenchmarkBatch runs build --output jsonl, explain and lint over one file
// of 1,000 to 100,000 statements that build (some with ignore comments, some
// with warnings): a batch must cost the same per statement however long the
// file, as a shell loop's start-up is paid once.
func BenchmarkBatch(b *testing.B) {
	schemas := []string{"--schema", filepath.Join("..", "..", "examples", "tickets.yaml"),
		"--schema", filepath.Join("..", "..", "examples", "events.yaml")}
	for _, n := range []int{1_000, 10_000, 100_000} {
		text, _ := corpus.File(0, n, true)
		file := filepath.Join(b.TempDir(), "batch.dx")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
		for _, cmd := range [][]string{
			{"build", "--output", "jsonl", "-f", file},
			{"explain", "-f", file},
			{"lint", file},
		} {
			args := append(append([]string{}, cmd...), schemas...)
			b.Run(fmt.Sprintf("%s/%dk", cmd[0], n/1000), func(b *testing.B) {
				for b.Loop() {
					if code := Run(args, nil, io.Discard, io.Discard); code != 0 {
						b.Fatalf("dynexpr %v: exit status %d", args, code)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/stmt")
			})
		}
	}
}
