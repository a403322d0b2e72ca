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

func BenchmarkBuild(b *testing.B) {
	for _, s := range benchSources {
		st := parseOne(b, s.src)
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Build(st); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, s := range benchSources {
		r := build(b, s.src)
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = r.JSON(true)
			}
		})
	}
}

// BenchmarkParseBuildEncode is what `dynexpr build` does for one statement.
func BenchmarkParseBuildEncode(b *testing.B) {
	for _, s := range benchSources {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f, err := grammar.Parse("<arg>", s.src)
				if err != nil {
					b.Fatal(err)
				}
				r, err := Build(f.Statements[0])
				if err != nil {
					b.Fatal(err)
				}
				_ = r.JSON(true)
			}
		})
	}
}

// BenchmarkParse is the parser alone, for comparison.
func BenchmarkParse(b *testing.B) {
	for _, s := range benchSources {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := grammar.Parse("<arg>", s.src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
