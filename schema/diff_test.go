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

// A table whose name a side cannot tell is compared with none, even where
// the other side has a table of its source's name: the two may not be the
// same table, and Diff must not say they agree.
func TestDiffUnresolved(t *testing.T) {
	yamlSide, err := Parse("a.yaml", []byte("tables:\n  Users: {key: {partition: pk}, attributes: {pk: S}}\n  OnlyA: {key: {partition: pk}, attributes: {pk: S}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfn, err := Parse("t.yaml", []byte(`Resources:
  Users:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Sub "${AWS::StackName}-users"
      AttributeDefinitions: [{AttributeName: pk, AttributeType: N}]
      KeySchema: [{AttributeName: pk, KeyType: HASH}]
`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range Diff(yamlSide, cfn) {
		got = append(got, d.What+" "+d.Table+" "+d.A+"|"+d.B)
	}
	want := []string{
		"table OnlyA OnlyA|",
		"unresolved Users |its TableName at t.yaml:5:18 cannot be evaluated: AWS::StackName is only known when the stack is deployed: pass --var AWS::StackName=VALUE",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d := Diff(cfn, cfn); len(d) != 2 || d[0].What != "unresolved" || d[1].What != "unresolved" {
		t.Errorf("Diff of a template with itself = %v, want its unresolved table on each side", d)
	}
}
