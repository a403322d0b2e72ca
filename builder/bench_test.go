package builder

import (
	"fmt"
	"strings"
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

// transaction100 is a transact write of 100 members, the most DynamoDB
// takes: puts, updates, deletes and checks with conditions, and a token
// given as a parameter.
func transaction100() string {
	var sb strings.Builder
	sb.WriteString("register: transact write token $token capacity total {\n")
	for i := range 100 {
		if i > 0 {
			sb.WriteString(";\n")
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sb, `  put Users item {pk: "USER#%d", email: "u%d@example.com", createdAt: "2026-11-03T10:00:00Z"} if attribute_not_exists(pk) return_on_failure old`, i, i)
		case 1:
			fmt.Fprintf(&sb, `  update Accounts key id = "acc-%d" set balance = balance - 10, updatedAt = "2026-11-03T10:00:00Z" add version 1 if balance >= 10`, i)
		case 2:
			fmt.Fprintf(&sb, `  delete Sessions key id = "s-%d" if attribute_exists(id)`, i)
		default:
			fmt.Fprintf(&sb, `  check Accounts key id = "acc-%d" if attribute_exists(id) and frozen <> true`, i)
		}
	}
	sb.WriteString("\n}")
	return sb.String()
}

// BenchmarkBuildTransaction100 is what `dynexpr build` does for a
// 100-member transaction: parse, bind, build, write the JSON.
func BenchmarkBuildTransaction100(b *testing.B) {
	src := transaction100()
	params := grammar.Params{"token": {Text: "req-7f3a"}}
	b.ReportAllocs()
	for b.Loop() {
		f, err := grammar.Parse("<arg>", src)
		if err != nil {
			b.Fatal(err)
		}
		st := f.Statements[0]
		if err := grammar.Bind(st, params, nil, nil); err != nil {
			b.Fatal(err)
		}
		r, err := Build(st)
		if err != nil {
			b.Fatal(err)
		}
		if len(r.TransactItems) != 100 {
			b.Fatalf("%d members", len(r.TransactItems))
		}
		_ = r.JSON(true)
	}
}
