package request

import (
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
)

// TestGroupCommands: the four shapes are told from their members, with or
// without "command", and the command's spellings are read.
func TestGroupCommands(t *testing.T) {
	cases := []struct{ src, want string }{
		{`{"TransactItems": [{"Put": {"TableName": "T", "Item": {"id": {"S": "a"}}}}]}`, "transact-write-items"},
		{`{"TransactItems": [{"Get": {"TableName": "T", "Key": {"id": {"S": "a"}}}}]}`, "transact-get-items"},
		{`{"TransactItems": [{"Get": {"TableName": "T", "Key": {"id": {"S": "a"}}}}], "ClientRequestToken": "x"}`, "transact-write-items"},
		{`{"TransactItems": []}`, "transact-write-items"},
		{`{"RequestItems": {"T": {"Keys": [{"id": {"S": "a"}}]}}}`, "batch-get-item"},
		{`{"RequestItems": {"T": [{"PutRequest": {"Item": {"id": {"S": "a"}}}}]}}`, "batch-write-item"},
		{`{"RequestItems": {}, "ReturnItemCollectionMetrics": "SIZE"}`, "batch-write-item"},
		{`{"command": "TransactGetItems", "TransactItems": []}`, "transact-get-items"},
		{`{"command": "batch-write", "RequestItems": {}}`, "batch-write-item"},
		{`{"name": "n", "command": "BatchGetItem", "input": {"RequestItems": {}}}`, "batch-get-item"},
	}
	for _, c := range cases {
		f, err := Parse("r.json", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Requests[0].Command; got != c.want {
			t.Errorf("%s: command %q, want %q", c.src, got, c.want)
		}
	}
}

const transactSrc = `{
  "TransactItems": [
    {"Put": {"TableName": "Users", "Item": {"pk": {"S": "USER#1"}}, "ConditionExpression": "attribute_not_exists(pk)"}},
    {"Update": {"TableName": "Accounts", "Key": {"id": {"S": "a"}},
                "UpdateExpression": "SET #b = #b - :d", "ExpressionAttributeNames": {"#b": "balance"},
                "ExpressionAttributeValues": {":d": {"N": "10"}}, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    {"ConditionCheck": {"TableName": "Accounts", "Key": {"id": {"S": "b"}}, "ConditionExpression": "attribute_exists(id)"}}
  ],
  "ClientRequestToken": "req-1",
  "ReturnConsumedCapacity": "INDEXES"
}`

// TestConvertTransaction: each member is converted as a request alone, its
// nodes standing inside the member's JSON.
func TestConvertTransaction(t *testing.T) {
	conv, err := convertOne(t, transactSrc)
	if err != nil {
		t.Fatal(err)
	}
	st := conv.Statement
	sameAsParsed(t, st)
	if st.Kind != grammar.KindTransactWrite || st.Table != nil || len(st.Members) != 3 {
		t.Fatalf("kind %v, table %v, %d members", st.Kind, st.Table, len(st.Members))
	}
	for i, k := range []grammar.Kind{grammar.KindPut, grammar.KindUpdate, grammar.KindCheck} {
		if st.Members[i].Kind != k {
			t.Errorf("member %d is a %v, want %v", i, st.Members[i].Kind, k)
		}
	}
	if st.Token == nil || st.Token.Text != "req-1" || st.Capacity == nil || st.Capacity.Name != "indexes" {
		t.Errorf("token %v, capacity %v", st.Token, st.Capacity)
	}
	upd := st.Members[1]
	// "SET #b = #b - :d" starts at line 5, column 38: #b at 42.
	if p := upd.Sets[0].Path.Pos; p.Line != 5 || p.Col != 42 {
		t.Errorf("the update's path stands at %d:%d, want 5:42", p.Line, p.Col)
	}
	if p := upd.Table.Pos; p.Line != 4 || p.Col != 30 {
		t.Errorf("the update's table stands at %d:%d, want 4:30", p.Line, p.Col)
	}
	if upd.ReturnOnFailure == nil || upd.ReturnOnFailure.Name != "old" {
		t.Errorf("return_on_failure %v", upd.ReturnOnFailure)
	}
	want := "transact write token \"req-1\" capacity indexes {\n" +
		"  put Users item {pk: \"USER#1\"} if attribute_not_exists(pk);\n" +
		"  update Accounts key id = \"a\" set balance = balance - 10 return_on_failure old;\n" +
		"  check Accounts key id = \"b\" if attribute_exists(id)\n}"
	if got := grammar.Format(st); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestConvertBatchGet: each key of a table is a get member, with the
// table's projection and consistency.
func TestConvertBatchGet(t *testing.T) {
	src := `{"RequestItems": {"Users": {"Keys": [{"pk": {"S": "1"}}, {"pk": {"S": "2"}}], "ProjectionExpression": "#e", "ExpressionAttributeNames": {"#e": "email"}, "ConsistentRead": false}}}`
	conv, err := convertOne(t, src)
	if err != nil {
		t.Fatal(err)
	}
	sameAsParsed(t, conv.Statement)
	want := "batch get {\n  get Users key pk = \"1\" select email;\n  get Users key pk = \"2\" select email\n}"
	if got := grammar.Format(conv.Statement); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if len(conv.Dropped) != 1 || conv.Dropped[0].Member != "ConsistentRead" || !conv.Dropped[0].Same {
		t.Errorf("dropped %+v, want ConsistentRead once", conv.Dropped)
	}
	if p := conv.Statement.Members[1].Key.Pos; p.Col != strings.Index(src, `"pk": {"S": "2"}`)+1 {
		t.Errorf("the second key stands at column %d", p.Col)
	}
	// Each member stands at its key, so that a finding about one names it.
	if p, m := conv.Statement.Members[1].Pos, conv.Statement.Members[1]; p.Col != strings.Index(src, `{"pk": {"S": "2"}}`)+1 || m.Source != `{"pk": {"S": "2"}}` {
		t.Errorf("the second member stands at column %d, its source %q", p.Col, m.Source)
	}
}

// TestNormalizeGroups: a batch's tables may come in any order, a
// transaction's members may not.
func TestNormalizeGroups(t *testing.T) {
	norm := func(src string) string {
		f, err := Parse("r.json", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return normalize(t, f.Requests[0])
	}
	a := norm(`{"RequestItems": {"A": [{"PutRequest": {"Item": {"id": {"S": "1"}}}}], "B": [{"DeleteRequest": {"Key": {"id": {"S": "2"}}}}]}}`)
	b := norm(`{"RequestItems": {"B": [{"DeleteRequest": {"Key": {"id": {"S": "2"}}}}], "A": [{"PutRequest": {"Item": {"id": {"S": "1"}}}}]}}`)
	if a != b {
		t.Errorf("the order of tables counts:\n%s\n%s", a, b)
	}
	x := norm(`{"TransactItems": [{"Put": {"TableName": "A", "Item": {"id": {"S": "1"}}}}, {"Delete": {"TableName": "A", "Key": {"id": {"S": "2"}}}}]}`)
	y := norm(`{"TransactItems": [{"Delete": {"TableName": "A", "Key": {"id": {"S": "2"}}}}, {"Put": {"TableName": "A", "Item": {"id": {"S": "1"}}}}]}`)
	if x == y {
		t.Errorf("the order of a transaction's members does not count:\n%s", x)
	}
	p := norm(`{"TransactItems": [{"Put": {"TableName": "A", "Item": {"id": {"S": "1"}}, "ConditionExpression": "attribute_not_exists(#k)", "ExpressionAttributeNames": {"#k": "id"}}}]}`)
	q := norm(`{"TransactItems": [{"Put": {"TableName": "A", "Item": {"id": {"S": "1"}}, "ConditionExpression": "attribute_not_exists(id)"}}]}`)
	if p != q {
		t.Errorf("a member's placeholders count:\n%s\n%s", p, q)
	}
}
