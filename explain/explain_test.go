package explain

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/dxtest"
	"github.com/dynexpr/dynexpr/schema"
)

func TestStatement(t *testing.T) {
	sch := examplesSchema(t)
	tests := []struct {
		src       string
		want, not []string // lines (or parts of lines) that must, must not appear
	}{
		{`query Tickets index open-tickets-index key openBucket = "OPEN" filter priority <= 2 select subject, body limit 10`,
			[]string{
				"Query: reads global secondary index open-tickets-index of table Tickets",
				"holds only the items that have openBucket and openedAt",
				"It projects subject and priority, and the keys (openBucket, openedAt and id).",
				"It reads one partition (openBucket), all of its items.",
				"Items come in ascending order of openedAt.",
				"every item the key condition picks is read and paid for",
				"It reads priority.",
				"Limit 10: DynamoDB stops after reading 10 items, before the filter",
				"Returns subject and body (ProjectionExpression)",
				"Eventually consistent, as a global secondary index always is",
			},
			[]string{"refuses", "fetches"}},
		{`query TicketsByCustomer index by-opened key customerId = "c1" and openedAt > "2026" filter body = "x" select subject, body desc consistent`,
			[]string{
				"local secondary index by-opened of table TicketsByCustomer",
				"only the items whose openedAt matches",
				"Items come in descending order of openedAt.",
				"Strongly consistent: it sees every write",
			}, []string{"refuses", "fetches"}},
		{`scan Tickets index open-tickets-index filter body = "x" segment 1 of 4`,
			[]string{
				"Scan: reads every item of global secondary index open-tickets-index of table Tickets; what it costs grows with the index",
				"Segment 1 of 4 of a parallel scan",
				"every item the scan meets is read and paid for",
				"Returns the attributes the index projects",
			}, []string{"refuses"}},
		{`query Tickets index open-tickets-index key openBucket = "OPEN" consistent select count`,
			[]string{"Returns only the count", "Eventually consistent, as a global secondary index always is"}, []string{"Strongly", "refuses"}},
		{`get Tickets key id = "a91f" select subject consistent`,
			[]string{"GetItem: reads the one item of table Tickets whose key is id = \"a91f\"", "Returns subject", "Strongly consistent"}, nil},
		{`put Tickets item {id: "a91f", openBucket: "OPEN", openedAt: "2026", subject: "x"} if attribute_not_exists(id) return old`,
			[]string{
				"PutItem: writes a whole item to table Tickets, replacing any item with the same key",
				"The item is in index open-tickets-index (it has openBucket and openedAt).",
				"Only if attribute_not_exists(id): otherwise DynamoDB answers ConditionalCheckFailedException",
				"ReturnValues ALL_OLD",
			}, nil},
		{`put Tickets item {id: "b02c", openedAt: "2026", subject: "x"}`,
			[]string{"The item is not in index open-tickets-index: it has no openBucket."}, nil},
		{`update Tickets key id = "77de" set status = "RESOLVED" remove openBucket if attribute_exists(openBucket) return updated_new`,
			[]string{
				"creating it when there is none (unless the condition forbids it)",
				"Sets status.", "Removes openBucket.",
				"Removing openBucket takes the item out of index open-tickets-index.",
				"ReturnValues UPDATED_NEW",
			}, nil},
		{`update Tickets key id = "77de" set openBucket = "OPEN" add views 1`,
			[]string{"Setting openBucket puts the item into index open-tickets-index, or moves it there, once it has openBucket and openedAt.", "Adds 1 to views"}, nil},
		{`update Tickets key id = "77de" set openBucket = ""`,
			[]string{"Setting openBucket to an empty value does not take the item out of index open-tickets-index; remove openBucket does."},
			[]string{"puts the item into", "refuses"}},
		{`delete Tickets key id = "77de"`,
			[]string{"DeleteItem: removes the item of table Tickets whose key is id = \"77de\", and with it its entries in every index"}, nil},
		{`query Nowhere key a = 1`,
			[]string{"(No table of the schema is called Nowhere (read from ", "; it holds Tickets, TicketsByCustomer and WorkspaceEvents.)", "Key condition: a = 1."}, []string{"partition", "pass --schema"}},
		{`query Tickets index nope key a = 1`,
			[]string{"(Table Tickets has no index nope.)"}, nil},
	}
	for _, tt := range tests {
		checkExplained(t, sch, tt.src, tt.want, tt.not)
	}
}

func TestWithoutSchema(t *testing.T) {
	got := Statement(dxtest.Statement(t, "t.dx", `scan Tickets filter a = 1 limit 5`), nil)
	for _, w := range []string{"Scan: reads every item of table Tickets", "No schema describes table Tickets", "Limit 5"} {
		if !strings.Contains(got, w) {
			t.Errorf("explained:\n%s\nmissing: %s", got, w)
		}
	}
}

func TestGroups(t *testing.T) {
	sch := examplesSchema(t)
	tests := []struct {
		src       string
		want, not []string
	}{
		{`transact write token "req-1" {
  put Tickets item {id: "a1", openBucket: "OPEN", openedAt: "2026"} if attribute_not_exists(id);
  update Tickets key id = "b2" remove openBucket return_on_failure old;
  check TicketsByCustomer key customerId = "c1" and openedAt = "2026" if attribute_exists(customerId)
    return_on_failure old;
  delete Nowhere key id = "x"
}`,
			[]string{
				"TransactWriteItems (aws dynamodb transact-write-items): 4 members of tables Tickets, TicketsByCustomer and Nowhere, all or nothing",
				"CancellationReasons holds one entry a member in the order numbered here ([0] first)",
				`Token "req-1" (ClientRequestToken)`,
				"(No table of the schema is called Nowhere (read from ",
				"[0] put Tickets (t.dx:2)\n  Put: writes a whole item to table Tickets",
				"  The item is in index open-tickets-index (it has openBucket and openedAt).",
				"  Only if attribute_not_exists(id): otherwise DynamoDB cancels the whole transaction, TransactionCanceledException with CancellationReasons[0] ConditionalCheckFailed",
				"[1] update Tickets (t.dx:3)\n  Update: changes the item",
				"  Removing openBucket takes the item out of index open-tickets-index.",
				"  return_on_failure old: there is no condition to fail, so it never applies.",
				"[2] check TicketsByCustomer (t.dx:4)\n  ConditionCheck: writes nothing",
				"  If the condition fails, CancellationReasons[2] carries, as Item, the item as it was (ReturnValuesOnConditionCheckFailure ALL_OLD)",
				"[3] delete Nowhere (t.dx:6)\n  Delete: removes the item of table Nowhere",
			},
			[]string{"PutItem", "UpdateItem", "ConditionalCheckFailedException", "pass --schema", "No token"}},
		{`transact write { delete Tickets key id = "x" }`,
			[]string{"1 member of table Tickets", "No token: the AWS CLI makes a ClientRequestToken for each call",
				"  It takes the item out of index open-tickets-index too, if it was there."}, nil},
		{`transact get { get Tickets key id = "a" select subject; get Tickets key id = "b" }`,
			[]string{"TransactGetItems (aws dynamodb transact-get-items): reads 2 items of table Tickets as one snapshot",
				"Responses holds one entry a member in the order numbered here",
				"[0] get Tickets (t.dx:1)\n  Get: reads the one item of table Tickets whose key is id = \"a\"",
				"  Returns subject (ProjectionExpression)", "[1] get Tickets (t.dx:1)"},
			[]string{"Eventually consistent", "Strongly consistent"}},
		{`batch get { get Tickets key id = "a" consistent; get Tickets key id = "b" consistent }`,
			[]string{"BatchGetItem (aws dynamodb batch-get-item): reads 2 items of table Tickets in one call, each on its own",
				"in no particular order (not the order numbered here)",
				"UnprocessedKeys, in the shape of RequestItems: the call still succeeds, so send those keys again",
				"  Keys of RequestItems.Tickets: reads the one item", "  Strongly consistent"}, nil},
		{`batch write capacity indexes metrics { put Tickets item {id: "a"}; delete Tickets key id = "b" }`,
			[]string{"BatchWriteItem (aws dynamodb batch-write-item): 2 requests of table Tickets in one call, each applied on its own: not all or nothing",
				"UnprocessedItems, in the shape of RequestItems: the call still succeeds, so send those again",
				"(ReturnConsumedCapacity INDEXES) in ConsumedCapacity, one entry for each table",
				"ReturnItemCollectionMetrics SIZE",
				"Table Tickets has no local secondary index: no metrics come back for it.",
				"[0] put Tickets (t.dx:1)\n  PutRequest: writes a whole item",
				"  The item is not in index open-tickets-index: it has no openBucket or openedAt.",
				"[1] delete Tickets (t.dx:1)\n  DeleteRequest: removes the item"},
			[]string{"Only if", "Token", "token"}},
	}
	for _, tt := range tests {
		checkExplained(t, sch, tt.src, tt.want, tt.not)
	}
}

func TestOptions(t *testing.T) {
	sch := examplesSchema(t)
	tests := []struct {
		src       string
		want, not []string
	}{
		{`put TicketsByCustomer item {customerId: "c", openedAt: "1"} if attribute_not_exists(customerId) return_on_failure old capacity total metrics`,
			[]string{"If the condition fails, ConditionalCheckFailedException carries the item as it was (ReturnValuesOnConditionCheckFailure ALL_OLD)",
				"Returns the capacity it consumed (ReturnConsumedCapacity TOTAL) in ConsumedCapacity.",
				"(ReturnItemCollectionMetrics SIZE)"},
			[]string{"no local secondary index", "one entry for each table"}},
		{`delete Tickets key id = "x" if attribute_exists(id) return_on_failure none capacity none`,
			[]string{"the error carries no item (ReturnValuesOnConditionCheckFailure NONE, the default)",
				"Returns no consumed capacity (ReturnConsumedCapacity NONE, the default)."}, nil},
		{`query Tickets key id = "x" capacity indexes`,
			[]string{"the table's and each index's share (ReturnConsumedCapacity INDEXES)"}, nil},
	}
	for _, tt := range tests {
		checkExplained(t, sch, tt.src, tt.want, tt.not)
	}
}

// members writes n members made by member(i), separated by ";".
func members(n int, member func(i int) string) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(";\n")
		}
		b.WriteString(member(i))
	}
	return b.String()
}

func TestOverLimit(t *testing.T) {
	put := func(i int) string { return fmt.Sprintf(`put Tickets item {id: "t%d"}`, i) }
	get := func(i int) string { return fmt.Sprintf(`get Tickets key id = "t%d"`, i) }
	tests := []struct{ src, want string }{
		{"batch write {" + members(51, put) + "}", "More than 25 requests: DynamoDB refuses this one as it is; dynexpr build --split prints it as 3 requests"},
		{"batch get {" + members(101, get) + "}", "More than 100 keys: DynamoDB refuses this one as it is; dynexpr build --split prints it as 2 requests"},
		{"transact get {" + members(101, get) + "}", "More than 100 members: DynamoDB refuses the transaction as it is"},
		{"batch write {" + members(25, put) + "}", ""},
		{"transact write {" + members(100, put) + "}", ""},
	}
	for _, tt := range tests {
		got := Statement(dxtest.Statement(t, "t.dx", tt.src), nil)
		if tt.want == "" {
			if strings.Contains(got, "More than") {
				t.Errorf("%.40s...: within the limit, but explained:\n%s", tt.src, got)
			}
		} else if !strings.Contains(got, tt.want) {
			t.Errorf("%.40s...: missing %q in\n%s", tt.src, tt.want, got)
		}
	}
}

// BenchmarkTransaction100 explains a transaction of 100 members, the most
// DynamoDB takes.
func BenchmarkTransaction100(b *testing.B) {
	sch, err := schema.Load("../examples/tickets.yaml")
	if err != nil {
		b.Fatal(err)
	}
	src := "transact write token \"t\" {" + members(100, func(i int) string {
		return fmt.Sprintf(`update Tickets key id = "t%d" set status = "RESOLVED" remove openBucket if attribute_exists(openBucket)`, i)
	}) + "}"
	st := dxtest.Statement(b, "t.dx", src)
	b.ReportAllocs()
	for b.Loop() {
		Statement(st, sch)
	}
}

// checkExplained explains the first statement of src and checks that the
// text says every line (or part of one) of want and none of not.
func checkExplained(t *testing.T, sch *schema.Schema, src string, want, not []string) {
	t.Helper()
	got := Statement(dxtest.Statement(t, "t.dx", src), sch)
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("%s\nexplained:\n%s\nmissing: %s", src, got, w)
		}
	}
	for _, n := range not {
		if strings.Contains(got, n) {
			t.Errorf("%s\nexplained:\n%s\nshould not say: %s", src, got, n)
		}
	}
}

// examplesSchema is the schema of the examples' tickets and events tables.
func examplesSchema(t *testing.T) *schema.Schema {
	t.Helper()
	sch, err := schema.Load("../examples/tickets.yaml", "../examples/events.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}
