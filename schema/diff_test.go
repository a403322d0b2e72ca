package schema

import (
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	a, err := Parse("a.yaml", []byte(`tables:
  Tickets:
    key: {partition: id}
    attributes: {id: S, openBucket: S, openedAt: S, priority: N}
    ttl: expiresAt
    indexes:
      open-tickets-index: {type: global, key: {partition: openBucket, sort: openedAt}, projection: all}
      by-x: {type: global, key: {partition: openBucket}, projection: include, include: [b, a]}
  OnlyA:
    key: {partition: id}
    attributes: {id: S}
`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse("b.yaml", []byte(`tables:
  Tickets:
    key: {partition: id, sort: openedAt}
    attributes: {id: N, openBucket: S, openedAt: S}
    indexes:
      open-tickets-index: {type: local, key: {partition: id, sort: openedAt}, projection: keys_only}
      by-x: {type: global, key: {partition: openBucket}, projection: include, include: [a, b]}
      by-y: {type: global, key: {partition: openBucket}}
  OnlyB:
    key: {partition: id}
    attributes: {id: S}
`))
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, d := range Diff(a, b) {
		got.WriteString(d.String() + "\n")
	}
	const want = `table Tickets: sort key (none) vs openedAt
table Tickets: ttl expiresAt vs (none)
table Tickets: type of id S vs N
table Tickets: index open-tickets-index: kind global vs local
table Tickets: index open-tickets-index: partition key openBucket vs id
table Tickets: index open-tickets-index: projection ALL vs KEYS_ONLY
table Tickets: index by-y: only in B
table OnlyA: only in A
table OnlyB: only in B
`
	if got.String() != want {
		t.Errorf("got\n%swant\n%s", got.String(), want)
	}
	if d := Diff(a, a); len(d) != 0 {
		t.Errorf("a schema differs from itself: %v", d)
	}
}
