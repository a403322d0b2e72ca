package importer_test

import (
	"encoding/json"
	"testing"

	"github.com/dynexpr/dynexpr/bench/corpus"
	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/importer"
	"github.com/dynexpr/dynexpr/request"
)

// BenchmarkImport imports 1,000 requests of what build --output jsonl
// writes for the benchmark corpus, as `dynexpr import` does: each request
// read, checked by lint's rules (no schema) and converted, one at a time.
// It reports ns/request, so that the gate's cost shows against
// validate's BenchmarkCheckRequest.
func BenchmarkImport(b *testing.B) {
	const n = 1000
	src := builtJSONL(b, n)
	b.ReportAllocs()
	for b.Loop() {
		// Parsed each time: a request keeps what is made from it.
		if _, err := request.ParseEach("bench.jsonl", src, func(r *request.Request) error {
			_, err := importer.Import(r, nil, nil)
			return err
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/request")
}

// builtJSONL is the JSON Lines of the first n statements of the corpus
// that build, each as build --output jsonl writes it.
func builtJSONL(tb testing.TB, n int) []byte {
	text, _ := corpus.File(0, n, true)
	f, err := grammar.Parse("corpus.dx", text)
	if err != nil {
		tb.Fatal(err)
	}
	var out []byte
	for _, st := range f.Statements {
		req, err := builder.Build(st)
		if err != nil {
			tb.Fatal(err)
		}
		line, err := json.Marshal(map[string]any{"command": req.Command, "input": json.RawMessage(req.JSON(false))})
		if err != nil {
			tb.Fatal(err)
		}
		out = append(append(out, line...), '\n')
	}
	if len(f.Statements) != n {
		tb.Fatalf("%d statements, want %d", len(f.Statements), n)
	}
	return out
}
