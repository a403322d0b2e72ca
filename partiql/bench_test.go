package partiql

import "testing"

// BenchmarkParsePartiQL is one PartiQL statement, to set beside grammar's
// BenchmarkParseFastOnly (the DSL's update of the same item).
func BenchmarkParsePartiQL(b *testing.B) {
	src := `UPDATE "Tickets" SET status = 'RESOLVED', resolvedAt = '2026-11-04T10:00:00Z' REMOVE openBucket WHERE id = '77de' AND openBucket IS NOT MISSING RETURNING MODIFIED NEW *`
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Parse("<arg>", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParsePartiQLSpec is the same statement through the participle
// specification, for the ratio.
func BenchmarkParsePartiQLSpec(b *testing.B) {
	src := `UPDATE "Tickets" SET status = 'RESOLVED', resolvedAt = '2026-11-04T10:00:00Z' REMOVE openBucket WHERE id = '77de' AND openBucket IS NOT MISSING RETURNING MODIFIED NEW *`
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := parseSpec("<arg>", src); err != nil {
			b.Fatal(err)
		}
	}
}
