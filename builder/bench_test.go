package builder

import (
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
)

// Realistic statements: an update with several actions and a condition, and
// a query on an index with a filter.
var benchSources = []struct{ name, src string }{
	{"update", `update Tickets key id = "a91f" set openBucket = "OPEN#2026-11", priority = priority + 1, updatedAt = "2026-11-03T10:00:00Z", history = list_append(if_not_exists(history, []), [{at: "2026-11-03T10:00:00Z", by: "ops"}]) remove assignee add views 1 if attribute_exists(id) and version = 7 return updated_new`},
	{"query", `query Tickets index open-tickets-index key openBucket = "OPEN#2026-11" and openedAt between "2026-11-01" and "2026-11-30" filter priority >= 3 and not contains(tags, "spam") select subject, priority, openedAt desc limit 50`},
}

// benchEach runs one sub-benchmark per source: prepare does the work that
// is not measured and returns the operation that is.
func benchEach(b *testing.B, prepare func(b *testing.B, src string) func() error) {
	for _, s := range benchSources {
		op := prepare(b, s.src)
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := op(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkBuild(b *testing.B) {
	benchEach(b, func(b *testing.B, src string) func() error {
		st := parseOne(b, src)
		return func() error { _, err := Build(st); return err }
	})
}

func BenchmarkEncode(b *testing.B) {
	benchEach(b, func(b *testing.B, src string) func() error {
		r := build(b, src)
		return func() error { _ = r.JSON(true); return nil }
	})
}

// BenchmarkParseBuildEncode is what `dynexpr build` does for one statement.
func BenchmarkParseBuildEncode(b *testing.B) {
	benchEach(b, func(b *testing.B, src string) func() error {
		return func() error {
			f, err := grammar.Parse("<arg>", src)
			if err != nil {
				return err
			}
			r, err := Build(f.Statements[0])
			if err != nil {
				return err
			}
			_ = r.JSON(true)
			return nil
		}
	})
}

// BenchmarkParse is the parser alone, for comparison.
func BenchmarkParse(b *testing.B) {
	benchEach(b, func(b *testing.B, src string) func() error {
		return func() error { _, err := grammar.Parse("<arg>", src); return err }
	})
}
