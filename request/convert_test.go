package request

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/internal/goldenfile"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// oneRequest parses src as a request file of one request.
func oneRequest(t *testing.T, src string) *Request {
	t.Helper()
	f, err := Parse("r.json", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if len(f.Requests) != 1 {
		t.Fatalf("%d requests, want 1", len(f.Requests))
	}
	return f.Requests[0]
}

// convertOne converts the one request of src.
func convertOne(t *testing.T, src string) (*Conversion, error) {
	t.Helper()
	return oneRequest(t, src).Convert()
}

// statementOf is Statement for a file of one request.
func statementOf(t *testing.T, src string) (*grammar.Statement, error) {
	t.Helper()
	return oneRequest(t, src).Statement()
}

// sameAsParsed checks that st is what grammar.Parse gives for its text,
// positions and source text aside (Source, and a name's Raw: the JSON
// string as written).
func sameAsParsed(t *testing.T, st *grammar.Statement) {
	t.Helper()
	text := grammar.Format(st)
	f, err := grammar.Parse("<formatted>", text)
	if err != nil {
		t.Fatalf("the formatted statement does not parse: %v\n%s", err, text)
	}
	if len(f.Statements) != 1 {
		t.Fatalf("the formatted statement parses as %d statements:\n%s", len(f.Statements), text)
	}
	if d := cmp.Diff(f.Statements[0], st, astOptions...); d != "" {
		t.Errorf("the statement differs from Parse(Format(statement)) (-parsed +converted):\n%s\n%s", text, d)
	}
}

var astOptions = []cmp.Option{
	cmpopts.IgnoreTypes(diag.Pos{}),
	cmpopts.IgnoreFields(grammar.Statement{}, "Source"),
	cmpopts.IgnoreFields(grammar.TableRef{}, "Raw"),
	cmpopts.EquateEmpty(),
}

func TestConvert(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		// Each command.
		{"query", `{"TableName": "Tickets", "KeyConditionExpression": "id = :id", "ExpressionAttributeValues": {":id": {"S": "a91f"}}}`,
			`query Tickets key id = "a91f"`},
		{"scan", `{"command": "scan", "TableName": "Tickets"}`, `scan Tickets`},
		{"get", `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}}`, `get Tickets key id = "a91f"`},
		{"put", `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "n": {"N": "1"}}}`, `put Tickets item {id: "a91f", n: 1}`},
		{"put empty item", `{"TableName": "Tickets", "Item": {}}`, `put Tickets item {}`},
		{"update", `{"TableName": "Tickets", "Key": {"id": {"S": "a"}}, "UpdateExpression": "REMOVE openBucket"}`,
			`update Tickets key id = "a" remove openBucket`},
		{"delete", `{"TableName": "Tickets", "Key": {"pk": {"S": "a"}, "sk": {"N": "2"}}, "ConditionExpression": "attribute_exists(pk)"}`,
			`delete Tickets key pk = "a" and sk = 2 if attribute_exists(pk)`},
		{"command from jsonl", `{"name": "open", "command": "delete-item", "input": {"TableName": "T", "Key": {"id": {"S": "a"}}}}`,
			`open: delete T key id = "a"`},
		{"name that is no label", `{"name": "<arg>:3", "command": "get-item", "input": {"TableName": "T", "Key": {"id": {"S": "a"}}}}`,
			`get T key id = "a"`},

		// Each clause.
		{"index", `{"TableName": "Tickets", "IndexName": "open-tickets-index", "KeyConditionExpression": "#b = :b", "ExpressionAttributeNames": {"#b": "openBucket"}, "ExpressionAttributeValues": {":b": {"S": "OPEN"}}}`,
			`query Tickets index open-tickets-index key openBucket = "OPEN"`},
		{"table and index names with dots", `{"TableName": "app.Tickets-v2", "IndexName": "by.date", "command": "scan"}`,
			`scan app.Tickets-v2 index by.date`},
		{"table name in backticks", `{"TableName": "my table", "command": "scan"}`, "scan `my table`"},
		{"filter", `{"TableName": "T", "FilterExpression": "a > :n", "ExpressionAttributeValues": {":n": {"N": "5"}}}`,
			`scan T filter a > 5`},
		{"select paths", `{"TableName": "T", "ProjectionExpression": "a, b.c, d[1]"}`, `scan T select a, b.c, d[1]`},
		{"select specific", `{"TableName": "T", "ProjectionExpression": "a", "Select": "SPECIFIC_ATTRIBUTES"}`, `scan T select a`},
		{"select count", `{"TableName": "T", "Select": "COUNT"}`, `scan T select count`},
		{"select all", `{"TableName": "T", "Select": "ALL_ATTRIBUTES"}`, `scan T select all`},
		{"select projected", `{"TableName": "T", "IndexName": "ix1", "Select": "ALL_PROJECTED_ATTRIBUTES"}`, `scan T index ix1 select projected`},
		{"asc", `{"TableName": "T", "KeyConditionExpression": "k = :k", "ExpressionAttributeValues": {":k": {"N": "1"}}, "ScanIndexForward": true}`,
			`query T key k = 1 asc`},
		{"desc", `{"TableName": "T", "KeyConditionExpression": "k = :k", "ExpressionAttributeValues": {":k": {"N": "1"}}, "ScanIndexForward": false}`,
			`query T key k = 1 desc`},
		{"limit", `{"TableName": "T", "Limit": 2147483647}`, `scan T limit 2147483647`},
		{"consistent", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "ConsistentRead": true}`, `get T key id = "a" consistent`},
		{"consistent false is the default", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "ConsistentRead": false}`, `get T key id = "a"`},
		{"segment", `{"TableName": "T", "Segment": 0, "TotalSegments": 1}`, `scan T segment 0 of 1`},
		{"segment, total first", `{"TableName": "T", "TotalSegments": 8, "Segment": 7}`, `scan T segment 7 of 8`},
		{"after", `{"TableName": "T", "ExclusiveStartKey": {"pk": {"S": "a"}, "sk": {"N": "3"}}}`, `scan T after pk = "a" and sk = 3`},
		{"after empty", `{"TableName": "T", "ExclusiveStartKey": {}}`, `scan T after {}`},
		{"after with a name no path can hold", "{\"TableName\": \"T\", \"ExclusiveStartKey\": {\"a`b\": {\"S\": \"x\"}}}", "scan T after {\"a`b\": \"x\"}"},
		{"return none", `{"TableName": "T", "Item": {}, "ReturnValues": "NONE"}`, `put T item {} return none`},
		{"return old", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "ReturnValues": "ALL_OLD"}`, `delete T key id = "a" return old`},
		{"return updated_old", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "UpdateExpression": "REMOVE x", "ReturnValues": "UPDATED_OLD"}`,
			`update T key id = "a" remove x return updated_old`},
		{"return new", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "UpdateExpression": "REMOVE x", "ReturnValues": "ALL_NEW"}`,
			`update T key id = "a" remove x return new`},
		{"if", `{"TableName": "T", "Item": {"id": {"S": "a"}}, "ConditionExpression": "attribute_not_exists(id)"}`,
			`put T item {id: "a"} if attribute_not_exists(id)`},
		{"every query clause", `{"TableName": "T", "IndexName": "ix1", "KeyConditionExpression": "k = :k", "FilterExpression": "f = :k", "ProjectionExpression": "a", "ScanIndexForward": false, "Limit": 5, "ConsistentRead": true, "ExclusiveStartKey": {"k": {"N": "1"}}, "ExpressionAttributeValues": {":k": {"N": "1"}}, "ReturnConsumedCapacity": "NONE"}`,
			"query T index ix1 key k = 1\n  filter f = 1\n  select a\n  desc\n  limit 5\n  consistent\n  after k = 1"},

		// Each value type.
		{"S with escapes", `{"TableName": "T", "Item": {"s": {"S": "a \"q\" \\ \n\t\u00e9 \ud83d\ude00"}}}`, `put T item {s: "a \"q\" \\ \n\t` + "é 😀" + `"}`},
		{"N exact", `{"TableName": "T", "Item": {"a": {"N": "12345678901234567890123456789012345678"}, "b": {"N": "-1.50E+10"}, "c": {"N": ".5"}, "d": {"N": "0.10"}}}`,
			"put T item {\n  a: 12345678901234567890123456789012345678, b: -1.50E+10, c: .5, d: 0.10\n}"},
		{"B", `{"TableName": "T", "Item": {"b": {"B": "SGVsbG8="}, "e": {"B": ""}}}`, `put T item {b: b"SGVsbG8=", e: b""}`},
		{"BOOL and NULL", `{"TableName": "T", "Item": {"t": {"BOOL": true}, "f": {"BOOL": false}, "n": {"NULL": true}}}`,
			`put T item {t: true, f: false, n: null}`},
		{"L and M", `{"TableName": "T", "Item": {"l": {"L": [{"S": "a"}, {"L": []}, {"M": {}}]}, "m": {"M": {"x-y": {"N": "1"}, "in": {"S": "k"}, "ok": {"M": {"z": {"NULL": true}}}}}}}`,
			`put T item {l: ["a", [], {}], m: {"x-y": 1, "in": "k", ok: {z: null}}}`},
		{"sets", `{"TableName": "T", "Item": {"ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "-2.5"]}, "bs": {"BS": ["AA==", "AQ=="]}, "empty": {"SS": []}}}`,
			"put T item {\n  ss: <<\"a\", \"b\">>, ns: <<1, -2.5>>, bs: <<b\"AA==\", b\"AQ==\">>, empty: <<>>\n}"},
		{"values from placeholders", `{"TableName": "T", "FilterExpression": "a IN (:s, :n, :b, :t, :z, :l, :m, :ss)", "ExpressionAttributeValues": {":s": {"S": "x"}, ":n": {"N": "1"}, ":b": {"B": "AA=="}, ":t": {"BOOL": true}, ":z": {"NULL": true}, ":l": {"L": [{"N": "1"}]}, ":m": {"M": {"k": {"S": "v"}}}, ":ss": {"SS": ["a"]}}}`,
			`scan T filter a in ("x", 1, b"AA==", true, null, [1], {k: "v"}, <<"a">>)`},

		// Names and paths.
		{"nested path", `{"TableName": "T", "FilterExpression": "#a.#b[2].c = :v", "ExpressionAttributeNames": {"#a": "meta", "#b": "list"}, "ExpressionAttributeValues": {":v": {"N": "1"}}}`,
			`scan T filter meta.list[2].c = 1`},
		{"names in backticks", `{"TableName": "T", "ProjectionExpression": "#a, #b, #c, #d, #e, #f.#g", "ExpressionAttributeNames": {"#a": "open-bucket", "#b": "a.b", "#c": "1st", "#d": "with space", "#e": "limit", "#f": "in", "#g": "#x"}}`,
			"scan T select `open-bucket`, `a.b`, `1st`, `with space`, `limit`, `in`.`#x`"},
		{"reserved words bare", `{"TableName": "T", "FilterExpression": "#s = :v AND #n.#d <> :v", "ExpressionAttributeNames": {"#s": "status", "#n": "name", "#d": "date"}, "ExpressionAttributeValues": {":v": {"S": "x"}}}`,
			`scan T filter status = "x" and name.date <> "x"`},
		{"unaliased name", `{"TableName": "T", "FilterExpression": "priority >= :p", "ExpressionAttributeValues": {":p": {"N": "2"}}}`,
			`scan T filter priority >= 2`},
		{"list indexes", `{"TableName": "T", "ProjectionExpression": "a[0][10].b[2147483647]"}`, `scan T select a[0][10].b[2147483647]`},

		// Conditions.
		{"value first", `{"TableName": "T", "FilterExpression": ":lo < a AND :v = b", "ExpressionAttributeValues": {":lo": {"N": "1"}, ":v": {"S": "x"}}}`,
			`scan T filter 1 < a and "x" = b`},
		{"value first key condition", `{"TableName": "T", "KeyConditionExpression": ":p = pk AND :s <= sk", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "3"}}}`,
			`query T key "a" = pk and 3 <= sk`},
		{"between", `{"TableName": "T", "KeyConditionExpression": "pk = :p AND sk BETWEEN :a AND :b", "ExpressionAttributeValues": {":p": {"S": "a"}, ":a": {"N": "1"}, ":b": {"N": "9"}}}`,
			`query T key pk = "a" and sk between 1 and 9`},
		{"in", `{"TableName": "T", "FilterExpression": "a IN (:x)", "ExpressionAttributeValues": {":x": {"S": "x"}}}`, `scan T filter a in ("x")`},
		{"not, and, or", `{"TableName": "T", "FilterExpression": "NOT a = :v AND b = :v OR c = :v AND NOT NOT d = :v", "ExpressionAttributeValues": {":v": {"N": "1"}}}`,
			`scan T filter not a = 1 and b = 1 or c = 1 and not not d = 1`},
		{"groups kept", `{"TableName": "T", "FilterExpression": "(a = :v OR b = :v) AND (c = :v) AND ((d = :v))", "ExpressionAttributeValues": {":v": {"N": "1"}}}`,
			`scan T filter (a = 1 or b = 1) and (c = 1) and ((d = 1))`},
		{"operand parentheses dropped", `{"TableName": "T", "FilterExpression": "(a) = (:v) AND size((b)) > :v", "ExpressionAttributeValues": {":v": {"N": "1"}}}`,
			`scan T filter a = 1 and size(b) > 1`},
		{"functions", `{"TableName": "T", "FilterExpression": "attribute_exists(a) AND attribute_not_exists(#s) AND attribute_type(b, :t) AND begins_with(c, :p) AND contains(d, :p) AND size(e) <= :n", "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":t": {"S": "N"}, ":p": {"S": "x"}, ":n": {"N": "3"}}}`,
			"scan T\n  filter attribute_exists(a) and attribute_not_exists(status) and attribute_type(b, \"N\") and begins_with(c, \"x\") and contains(d, \"x\") and size(e) <= 3"},
		{"begins_with in a key condition", `{"TableName": "T", "KeyConditionExpression": "pk = :p AND begins_with(sk, :s)", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"S": "2026-"}}}`,
			`query T key pk = "a" and begins_with(sk, "2026-")`},
		{"one placeholder used twice", `{"TableName": "T", "FilterExpression": "a = :v OR b = :v", "ExpressionAttributeValues": {":v": {"S": "x"}}}`,
			`scan T filter a = "x" or b = "x"`},

		// Updates.
		{"set forms", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "UpdateExpression": "SET a = :v, b = b + :n, c = :n - c, d = if_not_exists(d, :n), e = list_append(e, :l), f = list_append(:l, if_not_exists(f, :l)), g = h, i = (j - :n)", "ExpressionAttributeValues": {":v": {"S": "x"}, ":n": {"N": "1"}, ":l": {"L": [{"N": "1"}]}}}`,
			"update T key id = \"a\"\n  set a = \"x\", b = b + 1, c = 1 - c, d = if_not_exists(d, 1), e = list_append(e, [1]), f = list_append([1], if_not_exists(f, [1])), g = h, i = j - 1"},
		{"add a negative number", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "UpdateExpression": "ADD n :d", "ExpressionAttributeValues": {":d": {"N": "-1"}}}`,
			`update T key id = "a" add n -1`},
		{"remove add delete", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "UpdateExpression": "REMOVE a, b.c[1] ADD n :n, s :s DELETE t :s", "ExpressionAttributeValues": {":n": {"N": "2"}, ":s": {"SS": ["x"]}}}`,
			`update T key id = "a" remove a, b.c[1] add n 2, s <<"x">> delete t <<"x">>`},
		{"sections in any order and case", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "UpdateExpression": "delete t :s remove r add n :n set a = :n", "ExpressionAttributeValues": {":n": {"N": "2"}, ":s": {"NS": ["1"]}}}`,
			`update T key id = "a" set a = 2 remove r add n 2 delete t <<1>>`},
		{"update with condition and return", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "UpdateExpression": "SET #s = :s", "ConditionExpression": "#s <> :s", "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":s": {"S": "DONE"}}, "ReturnValues": "UPDATED_NEW"}`,
			`update T key id = "a" set status = "DONE" if status <> "DONE" return updated_new`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, err := statementOf(t, c.src)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if got := grammar.Format(st); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
			sameAsParsed(t, st)
		})
	}
}

func TestConvertErrors(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		// Legacy parameters.
		{"KeyConditions", `{"TableName": "T", "KeyConditions": {}}`,
			`r.json:1:20: error: KeyConditions is a legacy parameter, which the DSL has no form for: rewrite it as a KeyConditionExpression first`},
		{"QueryFilter", `{"TableName": "T", "KeyConditionExpression": "a = :a", "QueryFilter": {}}`,
			`r.json:1:56: error: QueryFilter is a legacy parameter, which the DSL has no form for: rewrite it as a FilterExpression first`},
		{"AttributeUpdates", `{"TableName": "T", "Key": {}, "AttributeUpdates": {}}`,
			`r.json:1:31: error: AttributeUpdates is a legacy parameter, which the DSL has no form for: rewrite it as an UpdateExpression first`},
		{"Expected", `{"TableName": "T", "Item": {}, "Expected": {}}`,
			`r.json:1:32: error: Expected is a legacy parameter, which the DSL has no form for: rewrite it as a ConditionExpression first`},
		{"AttributesToGet", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "AttributesToGet": ["a"]}`,
			`r.json:1:47: error: AttributesToGet is a legacy parameter, which the DSL has no form for: rewrite it as a ProjectionExpression first`},
		{"ConditionalOperator", `{"TableName": "T", "ConditionalOperator": "OR"}`,
			`r.json:1:20: error: ConditionalOperator is a legacy parameter, which the DSL has no form for: rewrite it as AND or OR inside the expression first`},

		// Members.
		{"not a parameter of the command", `{"command": "query", "TableName": "T", "KeyConditionExpression": "a = :a", "Segment": 1}`,
			`r.json:1:76: error: Segment is not a parameter of query`},
		{"guessed command", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "Limit": 1}`,
			`r.json:1:47: error: Limit is not a parameter of get-item (the command was told from the members present; if it is not get-item, add "command")`},
		{"unknown member", `{"command": "scan", "TableName": "T", "FilterExpresion": "a = :a"}`,
			`r.json:1:39: error: "FilterExpresion" is not a parameter of scan; it takes TableName, IndexName, FilterExpression, ProjectionExpression, Select, Limit, ConsistentRead, Segment, TotalSegments, ExclusiveStartKey, ExpressionAttributeNames, ExpressionAttributeValues, ReturnConsumedCapacity`},
		{"member twice", `{"TableName": "T", "Limit": 1, "Limit": 2}`, `r.json:1:32: error: "Limit" is given twice in this request; DynamoDB reads only one`},
		{"unknown command", `{"command": "list-tables", "TableName": "T"}`,
			`r.json:1:13: error: "command" names no command dynexpr knows: write query, scan, get-item, put-item, update-item, delete-item, transact-write-items, transact-get-items, batch-get-item or batch-write-item`},
		{"no command", `{"Limit": 1}`,
			`r.json:1:1: error: cannot tell which command this request is for: add "command": "query" (or scan, get-item, put-item, update-item, delete-item, transact-write-items, ...)`},
		{"no table", `{"command": "scan"}`, `r.json:1:1: error: the request has no TableName`},
		{"table not a string", `{"TableName": 7}`, `r.json:1:15: error: TableName is a string, not a number`},
		{"table name with a backtick", "{\"TableName\": \"a`b\"}",
			"r.json:1:15: error: TableName \"a`b\" cannot be written in the DSL: a table or index name there is bare or in backticks, so it cannot be empty or hold a backtick or a line break"},
		{"no key condition", `{"command": "query", "TableName": "T"}`, `r.json:1:1: error: a query needs a KeyConditionExpression (the DSL's key clause)`},
		{"no update expression", `{"command": "update-item", "TableName": "T", "Key": {"id": {"S": "a"}}}`,
			`r.json:1:1: error: an update-item request needs an UpdateExpression (the DSL's set, remove, add and delete clauses)`},
		{"empty key", `{"TableName": "T", "Key": {}}`, `r.json:1:27: error: Key is empty: give the item's key attributes, like {"id": {"S": "a91f"}}`},
		{"key name with a line break", `{"TableName": "T", "Key": {"a\nb": {"S": "x"}}}`,
			`r.json:1:28: error: the attribute name "a\nb" holds a backtick or a line break (Key), which a DSL name in backticks cannot hold`},
		{"item not a map", `{"TableName": "T", "Item": []}`, `r.json:1:28: error: Item is a map of the item's attributes, not an array`},
		{"limit zero", `{"TableName": "T", "Limit": 0}`, `r.json:1:29: error: Limit takes a whole number from 1 to 2147483647, not 0`},
		{"limit not whole", `{"TableName": "T", "Limit": 1.5}`, `r.json:1:29: error: Limit takes a whole number from 1 to 2147483647, not 1.5`},
		{"limit a string", `{"TableName": "T", "Limit": "5"}`, `r.json:1:29: error: Limit is a number, not a string`},
		{"consistent a string", `{"TableName": "T", "ConsistentRead": "true"}`, `r.json:1:38: error: ConsistentRead is true or false, not a string`},
		{"segment alone", `{"TableName": "T", "Segment": 0}`,
			`r.json:1:20: error: Segment needs TotalSegments: a parallel scan reads segment Segment of TotalSegments`},
		{"segment out of range", `{"TableName": "T", "Segment": 4, "TotalSegments": 4}`,
			`r.json:1:31: error: Segment takes a whole number from 0 to 3 (TotalSegments - 1), not 4`},
		{"put returns new", `{"TableName": "T", "Item": {}, "ReturnValues": "ALL_NEW"}`,
			`r.json:1:48: error: ReturnValues of put-item takes NONE or ALL_OLD (DynamoDB: "ReturnValues can only be ALL_OLD or NONE")`},
		{"unknown return value", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "UpdateExpression": "REMOVE a", "ReturnValues": "ALL"}`,
			`r.json:1:95: error: ReturnValues takes NONE, ALL_OLD, ALL_NEW, UPDATED_OLD or UPDATED_NEW`},
		{"select count and projection", `{"TableName": "T", "Select": "COUNT", "ProjectionExpression": "a"}`,
			`r.json:1:39: error: a ProjectionExpression goes with Select SPECIFIC_ATTRIBUTES, not COUNT (DynamoDB refuses both); remove one`},
		{"select specific alone", `{"TableName": "T", "Select": "SPECIFIC_ATTRIBUTES"}`,
			`r.json:1:30: error: Select SPECIFIC_ATTRIBUTES needs a ProjectionExpression naming the attributes (DynamoDB refuses it alone)`},
		{"unknown select", `{"TableName": "T", "Select": "ALL"}`,
			`r.json:1:30: error: Select takes ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, SPECIFIC_ATTRIBUTES or COUNT, not "ALL"`},
		{"return consumed capacity", `{"TableName": "T", "ReturnConsumedCapacity": "ALL"}`,
			`r.json:1:46: error: ReturnConsumedCapacity takes INDEXES, TOTAL or NONE`},
		{"return on failure of a get", `{"command": "get-item", "TableName": "T", "Key": {"id": {"S": "a"}}, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}`,
			`r.json:1:70: error: ReturnValuesOnConditionCheckFailure is not a parameter of get-item`},

		// Expressions.
		{"syntax error", `{"TableName": "T", "FilterExpression": "a = = :v"}`,
			`r.json:1:45: error: FilterExpression: expected an attribute name, a #name or :value placeholder, or a function call, found "="`},
		{"empty expression", `{"TableName": "T", "FilterExpression": ""}`,
			`r.json:1:41: error: FilterExpression: the FilterExpression is empty: write an expression or leave the parameter out`},
		{"expression not a string", `{"TableName": "T", "FilterExpression": 1}`, `r.json:1:40: error: FilterExpression is a string, not a number`},
		{"unknown function", `{"TableName": "T", "FilterExpression": "starts_with(a, :v)", "ExpressionAttributeValues": {":v": {"S": "x"}}}`,
			`r.json:1:41: error: FilterExpression: unknown function "starts_with"; the functions a FilterExpression can use are attribute_exists, attribute_not_exists, attribute_type, begins_with, contains, size`},
		{"section twice", `{"TableName": "T", "Key": {"id": {"S": "a"}}, "UpdateExpression": "REMOVE a REMOVE b"}`,
			`r.json:1:77: error: UpdateExpression: the REMOVE section is used twice; put all its actions in one REMOVE section, separated by commas`},
		{"value in a path", `{"TableName": "T", "FilterExpression": "a.:v = :v", "ExpressionAttributeValues": {":v": {"S": "x"}}}`,
			`r.json:1:43: error: FilterExpression: :v is a value placeholder and cannot name a document path element; use a #name placeholder`},
		{"undefined name", `{"TableName": "T", "FilterExpression": "#a = :v", "ExpressionAttributeValues": {":v": {"S": "x"}}}`,
			`r.json:1:41: error: FilterExpression: #a is not defined: add it to ExpressionAttributeNames, like "#a": "attributeName"`},
		{"undefined value", `{"TableName": "T", "FilterExpression": "a = :v"}`,
			`r.json:1:45: error: FilterExpression: :v is not defined: add it to ExpressionAttributeValues, like ":v": {"S": "text"}`},
		{"unused name", `{"TableName": "T", "ProjectionExpression": "a", "ExpressionAttributeNames": {"#a": "a"}}`,
			`r.json:1:78: error: "#a" in ExpressionAttributeNames is used by no expression, which DynamoDB refuses: remove it`},
		{"empty names", `{"TableName": "T", "ProjectionExpression": "a", "ExpressionAttributeNames": {}}`,
			`r.json:1:49: error: ExpressionAttributeNames is empty, which DynamoDB refuses: remove it`},
		{"name not a string", `{"TableName": "T", "ProjectionExpression": "#a", "ExpressionAttributeNames": {"#a": 1}}`,
			`r.json:1:85: error: "#a" in ExpressionAttributeNames stands for an attribute name, a JSON string, not a number`},
		{"name with a backtick", "{\"TableName\": \"T\", \"ProjectionExpression\": \"a.#b\", \"ExpressionAttributeNames\": {\"#b\": \"x`y\"}}",
			"r.json:1:47: error: the attribute name \"x`y\" holds a backtick or a line break (#b in ExpressionAttributeNames), which a DSL name in backticks cannot hold"},
		{"empty name", `{"TableName": "T", "ProjectionExpression": "#b", "ExpressionAttributeNames": {"#b": ""}}`,
			`r.json:1:45: error: the attribute name is empty (#b in ExpressionAttributeNames), which a DSL name in backticks cannot hold`},

		// Values.
		{"value not an object", `{"TableName": "T", "Item": {"a": "x"}}`,
			`r.json:1:34: error: Item."a" is not a DynamoDB value: write it as an object with one type, like {"S": "text"} or {"N": "42"}`},
		{"empty value", `{"TableName": "T", "Item": {"a": {}}}`,
			`r.json:1:34: error: Item."a" is an empty object: a DynamoDB value has exactly one type, like {"S": "text"}`},
		{"two types", `{"TableName": "T", "Item": {"a": {"S": "x", "N": "1"}}}`,
			`r.json:1:45: error: Item."a" has more than one type (S and N): a DynamoDB value has exactly one`},
		{"unknown type", `{"TableName": "T", "Item": {"a": {"STR": "x"}}}`,
			`r.json:1:35: error: Item."a": "STR" is not a DynamoDB type: use S, N, B, BOOL, NULL, L, M, SS, NS or BS`},
		{"S not a string", `{"TableName": "T", "Item": {"a": {"S": 1}}}`, `r.json:1:40: error: Item."a": S takes a string, like {"S": "text"}, not a number`},
		{"N as a JSON number", `{"TableName": "T", "Item": {"a": {"N": 1}}}`, `r.json:1:40: error: Item."a": N takes a string, like {"N": "42"}, not a number`},
		{"N with a plus", `{"TableName": "T", "Item": {"a": {"N": "+1"}}}`,
			`r.json:1:40: error: Item."a": the number "+1" cannot be written in the DSL, which takes decimal text like 42, -1.5 or 1e3`},
		{"N not a number", `{"TableName": "T", "Item": {"a": {"N": "ten"}}}`,
			`r.json:1:40: error: Item."a": the number "ten" cannot be written in the DSL, which takes decimal text like 42, -1.5 or 1e3`},
		{"B not base64", `{"TableName": "T", "Item": {"a": {"B": "not base64"}}}`,
			`r.json:1:40: error: Item."a": "not base64" is not canonical base64 (RFC 4648 with padding, like "SGVsbG8=")`},
		{"B with stray bits", `{"TableName": "T", "Item": {"a": {"B": "AB=="}}}`,
			`r.json:1:40: error: Item."a": "AB==" is not canonical base64 (RFC 4648 with padding, like "SGVsbG8=")`},
		{"B with a line break", `{"TableName": "T", "Item": {"a": {"BS": ["AA==", "SGVs\nbG8="]}}}`,
			`r.json:1:50: error: Item."a"[1]: "SGVs\nbG8=" is not canonical base64 (RFC 4648 with padding, like "SGVsbG8=")`},
		{"NULL false", `{"TableName": "T", "Item": {"a": {"NULL": false}}}`,
			`r.json:1:43: error: Item."a": NULL is written {"NULL": true} (DynamoDB refuses any other value)`},
		{"BOOL a string", `{"TableName": "T", "Item": {"a": {"BOOL": "true"}}}`,
			`r.json:1:43: error: Item."a": BOOL takes a boolean, like {"BOOL": true}, not a string`},
		{"empty NS", `{"TableName": "T", "Item": {"a": {"NS": []}}}`,
			`r.json:1:41: error: Item."a": an empty NS cannot be written in the DSL (<<>> is an empty string set); DynamoDB refuses empty sets anyway`},
		{"set of numbers", `{"TableName": "T", "Item": {"a": {"NS": [1]}}}`, `r.json:1:42: error: Item."a": the elements of NS are strings, not a number`},
		{"nested bad value", `{"TableName": "T", "Item": {"a": {"L": [{"S": "x"}, {"M": {"b": {"Q": 1}}}]}}}`,
			`r.json:1:66: error: Item."a"[1]."b": "Q" is not a DynamoDB type: use S, N, B, BOOL, NULL, L, M, SS, NS or BS`},
		{"map key twice", `{"TableName": "T", "Item": {"a": {"S": "x"}, "a": {"S": "y"}}}`, `r.json:1:46: error: Item: "a" is given twice`},
		{"empty map key", `{"TableName": "T", "Item": {"": {"S": "x"}}}`, `r.json:1:29: error: Item: an attribute name cannot be empty`},
		{"bad placeholder value", `{"TableName": "T", "FilterExpression": "a = :v", "ExpressionAttributeValues": {":v": {"S": 1}}}`,
			`r.json:1:92: error: :v: S takes a string, like {"S": "text"}, not a number`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := statementOf(t, c.src)
			if err == nil {
				t.Fatalf("no error, want %s", c.want)
			}
			var de *diag.Error
			if !errors.As(err, &de) {
				t.Fatalf("error %T %v, want a *diag.Error", err, err)
			}
			if got := err.Error(); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// TestConvertPositions checks where the statement's nodes stand in the file.
func TestConvertPositions(t *testing.T) {
	// "\u0023s" is #s written with an escape; the path #s stands at the
	// backslash, the value :v after the escape shifts by five bytes.
	src := "{\n" +
		"  \"TableName\": \"Tickets\",\n" +
		"  \"FilterExpression\": \"\\u0023s = :v AND size(#b) > :n\",\n" +
		"  \"ExpressionAttributeNames\": {\"#s\": \"status\", \"#b\": \"body\"},\n" +
		"  \"ExpressionAttributeValues\": {\":v\": {\"S\": \"OPEN\"}, \":n\": {\"L\": [{\"N\": \"1\"}]}},\n" +
		"  \"ExclusiveStartKey\": {\"id\": {\"S\": \"a91f\"}}\n" +
		"}"
	conv, err := convertOne(t, src)
	if err != nil {
		t.Fatal(err)
	}
	st := conv.Statement
	lineCol := func(p diag.Pos) string {
		return p.String()
	}
	// Line 3: `  "FilterExpression": "\u0023s = :v AND size(#b) > :n",`
	// column 23 is the opening quote, 24 the backslash.
	and := st.Filter.Or[0].And
	cmpS, cmpN := and[0].Compare, and[1].Compare
	checks := []struct {
		what string
		got  diag.Pos
		want string
	}{
		{"statement", st.Pos, "r.json:1:1"},
		{"end", st.EndPos, "r.json:7:2"},
		{"table", st.Table.Pos, "r.json:2:16"},
		{"filter clause", st.Written[0].Pos, "r.json:3:3"},
		{"filter", st.Filter.Pos, "r.json:3:24"},
		{"path #s (escaped)", cmpS.Left.Path.Pos, "r.json:3:24"},
		{"path element status", cmpS.Left.Path.Elems[0].Pos, "r.json:3:24"},
		{"value :v", cmpS.Right.Value.Pos, "r.json:3:34"},
		{"second and-ed condition", and[1].Pos, "r.json:3:41"},
		{"size call", cmpN.Left.Call.Pos, "r.json:3:41"},
		{"path #b", cmpN.Left.Call.Args[0].Path.Pos, "r.json:3:46"},
		{"value :n", cmpN.Right.Value.Pos, "r.json:3:52"},
		{"element of :n", cmpN.Right.Value.List.Items[0].Pos, "r.json:5:67"},
		{"after key name", st.After.Key.Or[0].And[0].Compare.Left.Path.Pos, "r.json:6:25"},
		{"after key value", st.After.Key.Or[0].And[0].Compare.Right.Value.Pos, "r.json:6:31"},
	}
	for _, c := range checks {
		if got := lineCol(c.got); got != c.want {
			t.Errorf("%s at %s, want %s", c.what, got, c.want)
		}
	}
	if got := st.Source; !strings.HasPrefix(got, "{\n  \"TableName\"") || !strings.HasSuffix(got, "}") {
		t.Errorf("Source = %q, want the request's text", got)
	}
	// Every placeholder use, with its definition.
	var uses []string
	for _, u := range conv.Placeholders {
		uses = append(uses, u.Name+" "+u.Pos.String()+" def "+diag.PosAt("r.json", []byte(src), u.Def.NamePos).String())
	}
	want := []string{
		"#s r.json:3:24 def r.json:4:32",
		":v r.json:3:34 def r.json:5:33",
		"#b r.json:3:46 def r.json:4:48",
		":n r.json:3:52 def r.json:5:54",
	}
	if d := cmp.Diff(want, uses); d != "" {
		t.Errorf("placeholder uses (-want +got):\n%s", d)
	}
	if conv.Placeholders[1].Value != cmpS.Right.Value {
		t.Errorf("the use of :v does not point at the statement's value")
	}
}

func TestConvertItemPositions(t *testing.T) {
	src := "{\"TableName\": \"T\",\n \"Item\": {\"id\": {\"S\": \"a\"},\n  \"tags\": {\"SS\": [\"x\", \"y\"]}}}"
	conv, err := convertOne(t, src)
	if err != nil {
		t.Fatal(err)
	}
	item := conv.Statement.Item
	if got := item.Pos.String(); got != "r.json:2:10" {
		t.Errorf("item at %s, want r.json:2:10", got)
	}
	tags := item.Map.Entries[1]
	if got := tags.Pos.String(); got != "r.json:3:3" {
		t.Errorf("entry tags at %s, want r.json:3:3", got)
	}
	if got := tags.Value.Pos.String(); got != "r.json:3:11" {
		t.Errorf("value of tags at %s, want r.json:3:11", got)
	}
	if got := tags.Value.Set.Items[1].Pos.String(); got != "r.json:3:24" {
		t.Errorf("second element at %s, want r.json:3:24", got)
	}
}

func TestConvertDropped(t *testing.T) {
	src := `{"TableName": "T", "ProjectionExpression": "a", "Select": "SPECIFIC_ATTRIBUTES", "ConsistentRead": false, "ReturnConsumedCapacity": "INDEXES", "ExpressionAttributeValues": {":x": {"S": "x"}}}`
	conv, err := convertOne(t, src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range conv.Dropped {
		got = append(got, d.Pos.String()+" "+d.Member+" "+map[bool]string{true: "same", false: "differs"}[d.Same])
	}
	want := []string{
		"r.json:1:49 Select same",
		"r.json:1:82 ConsistentRead same",
		"r.json:1:174 ExpressionAttributeValues differs",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("dropped (-want +got):\n%s", d)
	}
	if got := grammar.Format(conv.Statement); got != "scan T select a capacity indexes" {
		t.Errorf("statement %q, want %q", got, "scan T select a capacity indexes")
	}
}

// TestImportCases runs the request files of testdata/import through the
// conversion `dynexpr import` makes: want.dx is the text it prints for the
// requests that convert, want.err the errors it reports for the others
// (a case may have both). go test ./request -run TestImportCases -update
// rewrites them.
func TestImportCases(t *testing.T) {
	dirs, err := filepath.Glob("testdata/import/*")
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 10 {
		t.Fatalf("%d import cases, want at least 10", len(dirs))
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			text, errs := importCase(t, dir)
			goldenfile.Check(t, filepath.Join(dir, "want.dx"), text)
			goldenfile.Check(t, filepath.Join(dir, "want.err"), errs)
		})
	}
}

// importStatement converts a request as `dynexpr import` does: legacy
// parameters written as expressions first (Modernize), then Statement. It
// returns the request the statement stands for.
func importStatement(r *Request) (*grammar.Statement, *Request, error) {
	m, err := r.Modernize()
	if err != nil {
		return nil, nil, err
	}
	st, err := m.Statement()
	return st, m, err
}

// importCase converts the case's input.json as `dynexpr import` does,
// naming the file input.json: the DSL text of the requests that convert,
// and the errors of those that do not.
func importCase(t *testing.T, dir string) (text, errText string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(dir, "input.json"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse("input.json", src)
	if err != nil {
		return "", err.Error() + "\n"
	}
	var reqs []*Request
	var stmts []*grammar.Statement
	var errs []string
	for _, r := range f.Requests {
		st, _, err := importStatement(r)
		if err != nil {
			errs = append(errs, err.Error()+"\n")
			continue
		}
		sameAsParsed(t, st)
		reqs, stmts = append(reqs, r), append(stmts, st)
	}
	text = ImportText(reqs, stmts)
	if _, err := grammar.Parse("want.dx", text); err != nil {
		t.Errorf("the imported text does not parse: %v", err)
	}
	return text, strings.Join(errs, "")
}

// FuzzConvert: no request file makes Convert, Modernize or Normalize panic, and every
// statement Convert makes formats to DSL text that parses back to it.
func FuzzConvert(f *testing.F) {
	inputs, _ := filepath.Glob("testdata/import/*/input.json")
	for _, in := range inputs {
		if b, err := os.ReadFile(in); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		`{"TableName": "T", "FilterExpression": "#a.#b[2] = :v OR NOT (c < :v)", "ExpressionAttributeNames": {"#a": "x-y", "#b": "in"}, "ExpressionAttributeValues": {":v": {"M": {"k": {"SS": ["a"]}}}}}`,
		`{"TableName": "T", "Key": {"k": {"N": "1"}}, "UpdateExpression": "SET a = if_not_exists(a, :z) + :o ADD s :s", "ExpressionAttributeValues": {":z": {"N": "0"}, ":o": {"N": "1"}, ":s": {"NS": ["1"]}}}`,
		`{"TableName": "T", "KeyConditionExpression": ":v <= s AND p = :v", "ExpressionAttributeValues": {":v": {"B": "AA=="}}}`,
		`[{"TableName": "T", "Select": "COUNT"}, {"TableName": "T", "Segment": 0, "TotalSegments": 2}]`,
		`{"name": "n", "command": "put", "input": {"TableName": "T", "Item": {"a b": {"L": [{"NULL": true}, {"BOOL": false}]}}}}`,
		"{\"TableName\": \"T\", \"ProjectionExpression\": \"#a\", \"ExpressionAttributeNames\": {\"#a\": \"\\u0000\\r\\u2028\"}}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse("fuzz.json", data)
		if err != nil {
			return
		}
		for _, r := range file.Requests {
			_, _ = r.Normalize()
			if m, err := r.Modernize(); err == nil {
				_, _ = m.Convert() // the expression form of legacy parameters
			}
			conv, err := r.Convert()
			if err != nil {
				var de *diag.Error
				if !errors.As(err, &de) {
					t.Fatalf("error %T %v, want a *diag.Error", err, err)
				}
				continue
			}
			sameAsParsed(t, conv.Statement)
		}
	})
}

// FuzzConvertParts fuzzes the parts of a request rather than its JSON: an
// expression of one kind, the name #n stands for, and the text of :s (an S)
// and :n (an N), so that mutations reach DynamoDB's grammar, names the DSL
// must quote and numbers it must lex.
func FuzzConvertParts(f *testing.F) {
	f.Add(uint8(0), "#n = :s AND begins_with(b, :s)", "status", "x", "1")
	f.Add(uint8(1), "#n.a[1] BETWEEN :n AND :n OR NOT contains(#n, :s)", "update", "\"q\"", "-1.5e3")
	f.Add(uint8(2), "SET #n = if_not_exists(#n, :n) + :n REMOVE a ADD c :n", "count", "", "0")
	f.Add(uint8(3), "#n, a.b[0]", "a.b-c d", "", "")
	f.Add(uint8(4), ":s <> #n AND size(#n) > :n", "1st", "é", ".5")
	f.Fuzz(func(t *testing.T, which uint8, expr, name, s, n string) {
		member := [...]string{"KeyConditionExpression", "FilterExpression", "UpdateExpression", "ProjectionExpression", "ConditionExpression"}[which%5]
		req := map[string]any{
			"TableName":                "T",
			member:                     expr,
			"ExpressionAttributeNames": map[string]string{"#n": name},
			"ExpressionAttributeValues": map[string]any{
				":s": map[string]string{"S": s},
				":n": map[string]string{"N": n},
			},
		}
		switch member {
		case "UpdateExpression":
			req["Key"] = map[string]any{"id": map[string]string{"S": "a"}}
			req["command"] = "update-item"
		case "ConditionExpression":
			req["Key"] = map[string]any{"id": map[string]string{"S": "a"}}
			req["command"] = "delete-item"
		case "ProjectionExpression":
			req["command"] = "scan"
		}
		data, err := json.Marshal(req)
		if err != nil {
			return
		}
		file, err := Parse("fuzz.json", data)
		if err != nil {
			t.Fatalf("a request json.Marshal wrote does not parse: %v", err)
		}
		r := file.Requests[0]
		want, nerr := r.Normalize()
		conv, err := r.Convert()
		if err != nil {
			return
		}
		sameAsParsed(t, conv.Statement)
		st, err := r.Statement()
		if err != nil || nerr != nil {
			return
		}
		built, err := builder.Build(st)
		if err != nil {
			return // a statement the builder refuses: import reports it
		}
		bf, err := Parse("built.json", built.JSON(false))
		if err != nil {
			t.Fatalf("the built request does not read back: %v", err)
		}
		b := bf.Requests[0]
		b.Command = r.Command
		if got, err := b.Normalize(); err != nil || got != want {
			t.Errorf("the imported statement builds another request (%v)\nstatement: %s\nrequest:\n%s\nbuilt:\n%s", err, grammar.Format(st), want, got)
		}
	})
}

// TestConvertKeywordNames: attribute names that are words of the DSL come
// out so that they read back as the same names, in every place a name
// stands.
func TestConvertKeywordNames(t *testing.T) {
	words := []string{
		"query", "scan", "get", "put", "update", "delete", "index", "key", "filter", "select", "asc", "desc",
		"limit", "consistent", "after", "segment", "of", "item", "if", "return", "set", "remove", "add",
		"and", "or", "not", "between", "in", "true", "false", "null", "count", "all", "projected",
		"size", "contains", "begins_with", "if_not_exists", "list_append", "S", "N", "NULL", "b", "_", "x1",
		"AND", "Select", "none", "old", "new",
	}
	for _, w := range words {
		src := `{"TableName": "T", "Key": {"` + w + `": {"S": "k"}}, "UpdateExpression": "SET #w = :v, #w.#w[0] = if_not_exists(#w, :v) REMOVE x.#w ADD #w :n", "ConditionExpression": "#w = :v AND attribute_exists(#w) AND size(#w.#w) > :n", "ExpressionAttributeNames": {"#w": "` + w + `"}, "ExpressionAttributeValues": {":v": {"M": {"` + w + `": {"S": "v"}}}, ":n": {"N": "1"}}}`
		st, err := statementOf(t, src)
		if err != nil {
			t.Errorf("%s: %v", w, err)
			continue
		}
		sameAsParsed(t, st)
		if _, err := builder.Build(st); err != nil {
			t.Errorf("%s: build: %v\n%s", w, err, grammar.Format(st))
		}
	}
}
