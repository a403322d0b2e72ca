package ddbexpr

import (
	"sort"
	"strings"
	"testing"
)

func TestReservedWordList(t *testing.T) {
	words := ReservedWords()
	if len(words) != 573 {
		t.Fatalf("%d reserved words, want 573", len(words))
	}
	if !sort.StringsAreSorted(words) {
		t.Error("reserved words are not sorted")
	}
	for i, w := range words {
		if i > 0 && words[i-1] == w {
			t.Errorf("duplicate %q", w)
		}
		if strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
			t.Errorf("%q is not upper-case ASCII", w)
		}
		if !IsReserved(w) || !IsReserved(strings.ToLower(w)) {
			t.Errorf("IsReserved(%q) = false", w)
		}
	}
	words[0] = "changed"
	if ReservedWords()[0] != "ABORT" {
		t.Error("ReservedWords returns the package's own slice")
	}
}

func TestIsReserved(t *testing.T) {
	for _, w := range []string{
		"status", "name", "date", "data", "count", "size", "type", "user", "value", "values",
		"year", "timestamp", "ttl", "connection", "source", "state", "zone", "abort",
		"comment", "key", "level", "owner", "region", "hash", "range",
		"Size", "abOrT", "STATUS", "LocalTimestamp", "convert", "flattern", "innter", "loged",
		// grammar keywords are on the list too
		"and", "or", "not", "between", "in", "set", "add", "delete",
	} {
		if !IsReserved(w) {
			t.Errorf("IsReserved(%q) = false", w)
		}
	}
	for _, w := range []string{
		"", "a", "statuses", "status_", "_status", "subject", "priority", "openBucket", "id",
		"remove", // the documented list lacks REMOVE (DynamoDB Local's has it; it is a keyword anyway)
		"localtimestampx", strings.Repeat("a", 100), "stätus", "st\x00tus",
	} {
		if IsReserved(w) {
			t.Errorf("IsReserved(%q) = true", w)
		}
	}
}

func TestIsReservedAllocs(t *testing.T) {
	names := []string{"status", "Size", "openBucket", "LOCALTIMESTAMP", ""}
	if n := testing.AllocsPerRun(100, func() {
		for _, w := range names {
			IsReserved(w)
		}
	}); n != 0 {
		t.Errorf("IsReserved allocates %v times", n)
	}
}

func BenchmarkIsReserved(b *testing.B) {
	names := []string{"status", "Size", "openBucket", "LOCALTIMESTAMP", "a"}
	for i := 0; i < b.N; i++ {
		IsReserved(names[i%len(names)])
	}
}
