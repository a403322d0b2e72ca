package ddbexpr

import "testing"

// The expressions of typical requests: a Query with a key condition, a
// filter and a projection, and an UpdateItem with a condition.
var (
	benchKeyCondition = "#pk = :pk AND begins_with(#sk, :prefix)"
	benchFilter       = "attribute_exists(openBucket) AND #status IN (:open, :pending, :held) AND size(tags) > :n"
	benchProjection   = "id, subject, priority, meta.createdAt, hist[0], #status"
	benchUpdate       = "SET #status = :s, openedAt = if_not_exists(openedAt, :now), visits = visits + :one REMOVE openBucket ADD tags :t"
	benchCondition    = "attribute_exists(id) AND (#status <> :closed OR NOT contains(tags, :t))"
)

func benchParse(b *testing.B, kind Kind, expr string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(expr)))
	for i := 0; i < b.N; i++ {
		if _, err := Parse(kind, expr); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseKeyCondition(b *testing.B) {
	benchParse(b, KeyConditionExpression, benchKeyCondition)
}
func BenchmarkParseFilter(b *testing.B)     { benchParse(b, FilterExpression, benchFilter) }
func BenchmarkParseProjection(b *testing.B) { benchParse(b, ProjectionExpression, benchProjection) }
func BenchmarkParseUpdate(b *testing.B)     { benchParse(b, UpdateExpression, benchUpdate) }
func BenchmarkParseCondition(b *testing.B)  { benchParse(b, ConditionExpression, benchCondition) }

// BenchmarkParseRequest parses the five expressions above once per
// iteration and reports expressions per second.
func BenchmarkParseRequest(b *testing.B) {
	exprs := []struct {
		kind Kind
		text string
	}{
		{KeyConditionExpression, benchKeyCondition}, {FilterExpression, benchFilter},
		{ProjectionExpression, benchProjection}, {UpdateExpression, benchUpdate},
		{ConditionExpression, benchCondition},
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, e := range exprs {
			if _, err := Parse(e.kind, e.text); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(exprs))/b.Elapsed().Seconds(), "exprs/s")
}

// BenchmarkParseSyntaxError measures the error path (DynamoDB's message
// with its near excerpt).
func BenchmarkParseSyntaxError(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(UpdateExpression, "SET a = b + c + d"); err == nil {
			b.Fatal("no error")
		}
	}
}

// BenchmarkWalkers runs the linter's walkers over a parsed filter.
func BenchmarkWalkers(b *testing.B) {
	e := MustParse(FilterExpression, benchFilter)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = e.Placeholders()
		_ = e.BareNames()
		_ = e.Paths()
		_ = e.OperatorCount()
		_ = e.MaxPathDepth()
		_, _ = e.RedundantParens()
	}
}
