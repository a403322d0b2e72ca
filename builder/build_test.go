package builder

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The expected documents below are written out by hand from DynamoDB's request
// shapes (the members each command takes, AttributeValue
// as an object with exactly one of S, N, B, SS, NS, BS, M, L, NULL, BOOL;
// N and NS as strings, B and BS as base64 strings, NULL as true), keys
// sorted at every level.

type buildCase struct {
	name string
	src  string
	want string // compact JSON
}

func runBuildCases(t *testing.T, cases []buildCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := build(t, c.src)
			if got := string(r.JSON(false)); got != c.want {
				t.Errorf("%s\n got %s\nwant %s\ndiff (-want +got):\n%s", c.src, got, c.want, cmp.Diff(c.want, got))
			}
		})
	}
}

func TestQuery(t *testing.T) {
	runBuildCases(t, []buildCase{
		{
			name: "partition key only",
			src:  `query Tickets index open-tickets-index key openBucket = "OPEN"`,
			want: `{"ExpressionAttributeNames":{"#openBucket":"openBucket"},"ExpressionAttributeValues":{":openBucket":{"S":"OPEN"}},"IndexName":"open-tickets-index","KeyConditionExpression":"#openBucket = :openBucket","TableName":"Tickets"}`,
		},
		{
			name: "begins_with on the sort key",
			src:  `query Tickets index open-tickets-index key openBucket = "OPEN" and begins_with(openedAt, "2026-11")`,
			want: `{"ExpressionAttributeNames":{"#openBucket":"openBucket","#openedAt":"openedAt"},"ExpressionAttributeValues":{":openBucket":{"S":"OPEN"},":openedAt":{"S":"2026-11"}},"IndexName":"open-tickets-index","KeyConditionExpression":"(#openBucket = :openBucket) AND (begins_with (#openedAt, :openedAt))","TableName":"Tickets"}`,
		},
		{
			name: "every clause",
			src:  `query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt between "2026-01" and "2026-12" filter priority >= 3 select subject, priority desc limit 25 consistent after {id: "a91f", openBucket: "OPEN", openedAt: "2026-03"}`,
			want: `{"ConsistentRead":true,"ExclusiveStartKey":{"id":{"S":"a91f"},"openBucket":{"S":"OPEN"},"openedAt":{"S":"2026-03"}},"ExpressionAttributeNames":{"#openBucket":"openBucket","#openedAt":"openedAt","#priority":"priority","#subject":"subject"},"ExpressionAttributeValues":{":openBucket":{"S":"OPEN"},":openedAt":{"S":"2026-01"},":openedAt_2":{"S":"2026-12"},":priority":{"N":"3"}},"FilterExpression":"#priority >= :priority","IndexName":"open-tickets-index","KeyConditionExpression":"(#openBucket = :openBucket) AND (#openedAt BETWEEN :openedAt AND :openedAt_2)","Limit":25,"ProjectionExpression":"#subject, #priority","ScanIndexForward":false,"TableName":"Tickets"}`,
		},
		{
			name: "asc, count, after as a key",
			src:  `query Events key pk = "p" asc select count after pk = "p" and ts = 17`,
			want: `{"ExclusiveStartKey":{"pk":{"S":"p"},"ts":{"N":"17"}},"ExpressionAttributeNames":{"#pk":"pk"},"ExpressionAttributeValues":{":pk":{"S":"p"}},"KeyConditionExpression":"#pk = :pk","ScanIndexForward":true,"Select":"COUNT","TableName":"Events"}`,
		},
		{
			name: "select all",
			src:  `query Events key pk = "p" select all`,
			want: `{"ExpressionAttributeNames":{"#pk":"pk"},"ExpressionAttributeValues":{":pk":{"S":"p"}},"KeyConditionExpression":"#pk = :pk","Select":"ALL_ATTRIBUTES","TableName":"Events"}`,
		},
		{
			name: "select projected",
			src:  `query Events index by-ts key pk = "p" select projected`,
			want: `{"ExpressionAttributeNames":{"#pk":"pk"},"ExpressionAttributeValues":{":pk":{"S":"p"}},"IndexName":"by-ts","KeyConditionExpression":"#pk = :pk","Select":"ALL_PROJECTED_ATTRIBUTES","TableName":"Events"}`,
		},
		{
			name: "multi-attribute key",
			src:  `query Orders index by-tenant-region key tenantId = "t" and region = "eu" and createdAt = "x" and begins_with(orderId, "o")`,
			want: `{"ExpressionAttributeNames":{"#createdAt":"createdAt","#orderId":"orderId","#region":"region","#tenantId":"tenantId"},"ExpressionAttributeValues":{":createdAt":{"S":"x"},":orderId":{"S":"o"},":region":{"S":"eu"},":tenantId":{"S":"t"}},"IndexName":"by-tenant-region","KeyConditionExpression":"(#tenantId = :tenantId) AND (#region = :region) AND (#createdAt = :createdAt) AND (begins_with (#orderId, :orderId))","TableName":"Orders"}`,
		},
		{
			name: "binary begins_with",
			src:  `query Blobs key pk = 1 and begins_with(sk, b"AAE=")`,
			want: `{"ExpressionAttributeNames":{"#pk":"pk","#sk":"sk"},"ExpressionAttributeValues":{":pk":{"N":"1"},":sk":{"B":"AAE="}},"KeyConditionExpression":"(#pk = :pk) AND (begins_with (#sk, :sk))","TableName":"Blobs"}`,
		},
		{
			name: "key compared with another attribute",
			src:  `query Tbl key pk = sk`,
			want: `{"ExpressionAttributeNames":{"#pk":"pk","#sk":"sk"},"KeyConditionExpression":"#pk = #sk","TableName":"Tbl"}`,
		},
	})
}

// TestKeyCondition covers the shapes of a query's key condition: those the
// SDK's KeyConditionBuilder takes, and those only the condition builder
// writes (the linter reports them; the request is still built).
func TestKeyCondition(t *testing.T) {
	cases := []struct{ key, want string }{
		{`pk = 1`, `#pk = :pk`},
		{`1 = pk`, `#pk = :pk`},
		{`pk = 1 and sk = 2`, `(#pk = :pk) AND (#sk = :sk)`},
		{`pk = 1 and sk < 2`, `(#pk = :pk) AND (#sk < :sk)`},
		{`pk = 1 and sk <= 2`, `(#pk = :pk) AND (#sk <= :sk)`},
		{`pk = 1 and sk > 2`, `(#pk = :pk) AND (#sk > :sk)`},
		{`pk = 1 and sk >= 2`, `(#pk = :pk) AND (#sk >= :sk)`},
		{`pk = 1 and 2 < sk`, `(#pk = :pk) AND (#sk > :sk)`},
		{`pk = 1 and 2 >= sk`, `(#pk = :pk) AND (#sk <= :sk)`},
		{`pk = 1 and sk between 2 and 3`, `(#pk = :pk) AND (#sk BETWEEN :sk AND :sk_2)`},
		{`pk = 1 and begins_with(sk, "a")`, `(#pk = :pk) AND (begins_with (#sk, :sk))`},
		{`(pk = 1) and (sk = 2)`, `(#pk = :pk) AND (#sk = :sk)`},
		{`a = 1 and b = 2 and c = 3 and d = 4 and e = 5 and f = 6 and g = 7 and h between 8 and 9`,
			`(#a = :a) AND (#b = :b) AND (#c = :c) AND (#d = :d) AND (#e = :e) AND (#f = :f) AND (#g = :g) AND (#h BETWEEN :h AND :h_2)`},
		// Shapes the KeyConditionBuilder cannot take, written as conditions.
		{`pk > 1`, `#pk > :pk`},
		{`begins_with(pk, "x")`, `begins_with (#pk, :pk)`},
		{`pk between 1 and 2`, `#pk BETWEEN :pk AND :pk_2`},
		{`pk = 1 or pk = 2`, `(#pk = :pk) OR (#pk = :pk_2)`},
		{`not pk = 1`, `NOT (#pk = :pk)`},
		{`pk <> 1`, `#pk <> :pk`},
		{`pk = 1 and sk <> 2`, `(#pk = :pk) AND (#sk <> :sk)`},
		{`pk = 1 and 2 <> sk`, `(#pk = :pk) AND (:sk <> #sk)`},
		{`pk = 1 and sk in (2)`, `(#pk = :pk) AND (#sk IN (:sk))`},
		{`pk in (1, 2)`, `#pk IN (:pk, :pk_2)`},
		{`pk = 1 and attribute_exists(sk)`, `(#pk = :pk) AND (attribute_exists (#sk))`},
		{`pk = 1 and contains(sk, "x")`, `(#pk = :pk) AND (contains (#sk, :sk))`},
		{`pk = 1 and sk > 1 and sk < 5`, `(#pk = :pk) AND (#sk > :sk) AND (#sk < :sk_2)`},
		{`pk = 1 and pk = 2`, `(#pk = :pk) AND (#pk = :pk_2)`},
		{`sk > 1 and pk = 1`, `(#sk > :sk) AND (#pk = :pk)`},
		{`pk = 1 and size(sk) > 3`, `(#pk = :pk) AND (size (#sk) > :sk)`},
		{`pk.x = 1`, `#pk.#x = :x`},
		{`pk[0] = 1`, `#pk[0] = :pk`},
		{`pk = 1 and (sk = 2 or sk = 3)`, `(#pk = :pk) AND ((#sk = :sk) OR (#sk = :sk_2))`},
	}
	for _, c := range cases {
		src := "query Tbl key " + c.key
		r := build(t, src)
		if r.KeyConditionExpression != c.want {
			t.Errorf("%s\n got %s\nwant %s", src, r.KeyConditionExpression, c.want)
		}
		if r.FilterExpression != "" || r.ConditionExpression != "" {
			t.Errorf("%s: the key condition leaked into another expression: %+v", src, r)
		}
	}
}

func TestScan(t *testing.T) {
	runBuildCases(t, []buildCase{
		{
			name: "bare",
			src:  `scan Tickets`,
			want: `{"TableName":"Tickets"}`,
		},
		{
			name: "every clause",
			src:  `scan Tickets index open-tickets-index filter subject = "printer" select projected limit 100 consistent segment 2 of 8 after {id: "x"}`,
			want: `{"ConsistentRead":true,"ExclusiveStartKey":{"id":{"S":"x"}},"ExpressionAttributeNames":{"#subject":"subject"},"ExpressionAttributeValues":{":subject":{"S":"printer"}},"FilterExpression":"#subject = :subject","IndexName":"open-tickets-index","Limit":100,"Segment":2,"Select":"ALL_PROJECTED_ATTRIBUTES","TableName":"Tickets","TotalSegments":8}`,
		},
		{
			name: "segment 0 of 1",
			src:  `scan Tickets segment 0 of 1`,
			want: `{"Segment":0,"TableName":"Tickets","TotalSegments":1}`,
		},
		{
			name: "projection of nested paths",
			src:  `scan Tickets select id, meta.tags[0], hist[1][2].note`,
			want: `{"ExpressionAttributeNames":{"#hist":"hist","#id":"id","#meta":"meta","#note":"note","#tags":"tags"},"ProjectionExpression":"#id, #meta.#tags[0], #hist[1][2].#note","TableName":"Tickets"}`,
		},
		{
			name: "comparisons",
			src:  `scan Tbl filter a = 1 and b <> "x" and c < 2 and d <= 3 and e > 4 and f >= 5`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c","#d":"d","#e":"e","#f":"f"},"ExpressionAttributeValues":{":a":{"N":"1"},":b":{"S":"x"},":c":{"N":"2"},":d":{"N":"3"},":e":{"N":"4"},":f":{"N":"5"}},"FilterExpression":"(#a = :a) AND (#b <> :b) AND (#c < :c) AND (#d <= :d) AND (#e > :e) AND (#f >= :f)","TableName":"Tbl"}`,
		},
		{
			name: "value first",
			src:  `scan Tbl filter 1 = a or 2 < b`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b"},"ExpressionAttributeValues":{":a":{"N":"1"},":b":{"N":"2"}},"FilterExpression":"(:a = #a) OR (:b < #b)","TableName":"Tbl"}`,
		},
		{
			name: "between and in",
			src:  `scan Tbl filter a between 1 and 5 and b in ("x", "y", "z")`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b"},"ExpressionAttributeValues":{":a":{"N":"1"},":a_2":{"N":"5"},":b":{"S":"x"},":b_2":{"S":"y"},":b_3":{"S":"z"}},"FilterExpression":"(#a BETWEEN :a AND :a_2) AND (#b IN (:b, :b_2, :b_3))","TableName":"Tbl"}`,
		},
		{
			name: "not, or, parentheses",
			src:  `scan Tbl filter not (a = 1 or b = 2) and c = 3`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c"},"ExpressionAttributeValues":{":a":{"N":"1"},":b":{"N":"2"},":c":{"N":"3"}},"FilterExpression":"(NOT ((#a = :a) OR (#b = :b))) AND (#c = :c)","TableName":"Tbl"}`,
		},
		{
			name: "functions",
			src:  `scan Tbl filter attribute_exists(a) and attribute_not_exists(b.c) and attribute_type(d, N) and begins_with(e, "x") and contains(f, 3) and size(g) between 1 and 2`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c","#d":"d","#e":"e","#f":"f","#g":"g"},"ExpressionAttributeValues":{":d":{"S":"N"},":e":{"S":"x"},":f":{"N":"3"},":g":{"N":"1"},":g_2":{"N":"2"}},"FilterExpression":"(attribute_exists (#a)) AND (attribute_not_exists (#b.#c)) AND (attribute_type (#d, :d)) AND (begins_with (#e, :e)) AND (contains (#f, :f)) AND (size (#g) BETWEEN :g AND :g_2)","TableName":"Tbl"}`,
		},
		{
			name: "begins_with and contains with an attribute or size as operand",
			src:  "scan Tbl filter begins_with(a, b) and contains(c, d.e[1].`f-g`) and contains(c, size(h)) and contains(c, \"x\")",
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c","#d":"d","#e":"e","#f_g":"f-g","#h":"h"},"ExpressionAttributeValues":{":c":{"S":"x"}},"FilterExpression":"(begins_with (#a, #b)) AND (contains (#c, #d.#e[1].#f_g)) AND (contains (#c, size (#h))) AND (contains (#c, :c))","TableName":"Tbl"}`,
		},
		{
			name: "attribute_type spellings",
			src:  `scan Tbl filter attribute_type(a, null) or attribute_type(b, "SS") or attribute_type(c, bool) or attribute_type(d, m)`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c","#d":"d"},"ExpressionAttributeValues":{":a":{"S":"NULL"},":b":{"S":"SS"},":c":{"S":"BOOL"},":d":{"S":"M"}},"FilterExpression":"(attribute_type (#a, :a)) OR (attribute_type (#b, :b)) OR (attribute_type (#c, :c)) OR (attribute_type (#d, :d))","TableName":"Tbl"}`,
		},
		{
			name: "function names in any case",
			src:  `scan Tbl filter BEGINS_WITH(a, "x") and Attribute_Exists(b) and SIZE(c) > 1`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c"},"ExpressionAttributeValues":{":a":{"S":"x"},":c":{"N":"1"}},"FilterExpression":"(begins_with (#a, :a)) AND (attribute_exists (#b)) AND (size (#c) > :c)","TableName":"Tbl"}`,
		},
		{
			name: "two attributes",
			src:  `scan Tbl filter a = b and size(c) > size(d)`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c","#d":"d"},"FilterExpression":"(#a = #b) AND (size (#c) > size (#d))","TableName":"Tbl"}`,
		},
		{
			name: "two values",
			src:  `scan Tbl filter "x" = "y"`,
			want: `{"ExpressionAttributeValues":{":v":{"S":"x"},":v_2":{"S":"y"}},"FilterExpression":":v = :v_2","TableName":"Tbl"}`,
		},
		{
			name: "redundant parentheses dropped",
			src:  `scan Tbl filter ((a = 1))`,
			want: `{"ExpressionAttributeNames":{"#a":"a"},"ExpressionAttributeValues":{":a":{"N":"1"}},"FilterExpression":"#a = :a","TableName":"Tbl"}`,
		},
		{
			name: "nested and",
			src:  `scan Tbl filter a = 1 and (b = 2 and c = 3)`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c"},"ExpressionAttributeValues":{":a":{"N":"1"},":b":{"N":"2"},":c":{"N":"3"}},"FilterExpression":"(#a = :a) AND ((#b = :b) AND (#c = :c))","TableName":"Tbl"}`,
		},
		{
			name: "reserved words",
			src:  `scan Tbl filter status = "x" and name = "y" and date = 1 and size(size) > 0`,
			want: `{"ExpressionAttributeNames":{"#date":"date","#name":"name","#size":"size","#status":"status"},"ExpressionAttributeValues":{":date":{"N":"1"},":name":{"S":"y"},":size":{"N":"0"},":status":{"S":"x"}},"FilterExpression":"(#status = :status) AND (#name = :name) AND (#date = :date) AND (size (#size) > :size)","TableName":"Tbl"}`,
		},
	})
}

func TestGet(t *testing.T) {
	runBuildCases(t, []buildCase{
		{
			name: "key",
			src:  `get Tickets key id = "a91f"`,
			want: `{"Key":{"id":{"S":"a91f"}},"TableName":"Tickets"}`,
		},
		{
			name: "composite key, projection, consistent",
			src:  `get Events key pk = "p" and ts = 5 select a, b.c, d[3] consistent`,
			want: `{"ConsistentRead":true,"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c","#d":"d"},"Key":{"pk":{"S":"p"},"ts":{"N":"5"}},"ProjectionExpression":"#a, #b.#c, #d[3]","TableName":"Events"}`,
		},
		{
			name: "binary key",
			src:  `get Blobs key id = b"3q2+7w=="`,
			want: `{"Key":{"id":{"B":"3q2+7w=="}},"TableName":"Blobs"}`,
		},
	})
}

func TestPut(t *testing.T) {
	runBuildCases(t, []buildCase{
		{
			name: "item",
			src:  `put Tickets item {id: "a91f", subject: "printer"}`,
			want: `{"Item":{"id":{"S":"a91f"},"subject":{"S":"printer"}},"TableName":"Tickets"}`,
		},
		{
			name: "every value type, condition, return old",
			src:  `put Tbl item {s: "x", n: -1.5e3, b: b"SGVsbG8=", t: true, f: false, z: null, l: [1, "x", [], {}], m: {"any name": 1, nested: {deep: [null]}}, ss: <<"b", "a">>, ns: <<2, 1.5>>, bs: <<b"AQ==", b"AA==">>, e: "", eb: b""} if attribute_not_exists(id) return old`,
			want: `{"ConditionExpression":"attribute_not_exists (#id)","ExpressionAttributeNames":{"#id":"id"},"Item":{"b":{"B":"SGVsbG8="},"bs":{"BS":["AQ==","AA=="]},"e":{"S":""},"eb":{"B":""},"f":{"BOOL":false},"l":{"L":[{"N":"1"},{"S":"x"},{"L":[]},{"M":{}}]},"m":{"M":{"any name":{"N":"1"},"nested":{"M":{"deep":{"L":[{"NULL":true}]}}}}},"n":{"N":"-1.5e3"},"ns":{"NS":["2","1.5"]},"s":{"S":"x"},"ss":{"SS":["b","a"]},"t":{"BOOL":true},"z":{"NULL":true}},"ReturnValues":"ALL_OLD","TableName":"Tbl"}`,
		},
		{
			name: "return none",
			src:  `put Tbl item {id: "a"} return none`,
			want: `{"Item":{"id":{"S":"a"}},"ReturnValues":"NONE","TableName":"Tbl"}`,
		},
		{
			name: "empty sets (the linter reports them; the request is built)",
			src:  `put Tbl item {s: <<>>}`,
			want: `{"Item":{"s":{"SS":[]}},"TableName":"Tbl"}`,
		},
		{
			name: "map keys written every way",
			src:  "put Tbl item {bare: 1, \"double quoted\": 2, 'single quoted': 3, `back-ticked`: 4, \"esc\\u00e9\": 5}",
			want: `{"Item":{"back-ticked":{"N":"4"},"bare":{"N":"1"},"double quoted":{"N":"2"},"escé":{"N":"5"},"single quoted":{"N":"3"}},"TableName":"Tbl"}`,
		},
	})
}

func TestUpdate(t *testing.T) {
	runBuildCases(t, []buildCase{
		{
			name: "every action",
			src:  `update Tickets key id = "a91f" set openBucket = "OPEN", priority = priority + 1 remove assignee add views 1 delete tags <<"old">> if attribute_exists(id) return new`,
			want: `{"ConditionExpression":"attribute_exists (#id)","ExpressionAttributeNames":{"#assignee":"assignee","#id":"id","#openBucket":"openBucket","#priority":"priority","#tags":"tags","#views":"views"},"ExpressionAttributeValues":{":openBucket":{"S":"OPEN"},":priority":{"N":"1"},":tags":{"SS":["old"]},":views":{"N":"1"}},"Key":{"id":{"S":"a91f"}},"ReturnValues":"ALL_NEW","TableName":"Tickets","UpdateExpression":"ADD #views :views DELETE #tags :tags REMOVE #assignee SET #openBucket = :openBucket, #priority = #priority + :priority"}`,
		},
		{
			name: "set values",
			src:  `update Tbl key id = 1 set a = b - 1, c = if_not_exists(c, 0) + 1, d = list_append(if_not_exists(d, []), ["x"]), e = list_append(["y"], e), f.g[1] = "z", h = i`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c","#d":"d","#e":"e","#f":"f","#g":"g","#h":"h","#i":"i"},"ExpressionAttributeValues":{":a":{"N":"1"},":c":{"N":"0"},":c_2":{"N":"1"},":d":{"L":[]},":d_2":{"L":[{"S":"x"}]},":e":{"L":[{"S":"y"}]},":g":{"S":"z"}},"Key":{"id":{"N":"1"}},"TableName":"Tbl","UpdateExpression":"SET #a = #b - :a, #c = if_not_exists(#c, :c) + :c_2, #d = list_append(if_not_exists(#d, :d), :d_2), #e = list_append(:e, #e), #f.#g[1] = :g, #h = #i"}`,
		},
		{
			name: "clauses merged",
			src:  `update Tbl key id = 1 set a = 1 remove b set c = 2 add d 1 add e <<2>> remove f delete g <<b"AA==">> delete h <<"x">>`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c","#d":"d","#e":"e","#f":"f","#g":"g","#h":"h"},"ExpressionAttributeValues":{":a":{"N":"1"},":c":{"N":"2"},":d":{"N":"1"},":e":{"NS":["2"]},":g":{"BS":["AA=="]},":h":{"SS":["x"]}},"Key":{"id":{"N":"1"}},"TableName":"Tbl","UpdateExpression":"ADD #d :d, #e :e DELETE #g :g, #h :h REMOVE #b, #f SET #a = :a, #c = :c"}`,
		},
		{
			name: "remove only",
			src:  `update Tbl key pk = "p" and sk = "s" remove a.b[2], c`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c"},"Key":{"pk":{"S":"p"},"sk":{"S":"s"}},"TableName":"Tbl","UpdateExpression":"REMOVE #a.#b[2], #c"}`,
		},
		{
			name: "one name in condition and update",
			src:  `update Tbl key id = 1 set a = 1 if a = 2 return updated_old`,
			want: `{"ConditionExpression":"#a = :a","ExpressionAttributeNames":{"#a":"a"},"ExpressionAttributeValues":{":a":{"N":"2"},":a_2":{"N":"1"}},"Key":{"id":{"N":"1"}},"ReturnValues":"UPDATED_OLD","TableName":"Tbl","UpdateExpression":"SET #a = :a_2"}`,
		},
	})
	for word, want := range map[string]string{"none": "NONE", "old": "ALL_OLD", "new": "ALL_NEW", "updated_old": "UPDATED_OLD", "updated_new": "UPDATED_NEW", "UPDATED_NEW": "UPDATED_NEW"} {
		r := build(t, `update Tbl key id = 1 remove a return `+word)
		if r.ReturnValues != want {
			t.Errorf("return %s: ReturnValues %q, want %q", word, r.ReturnValues, want)
		}
	}
}

func TestDelete(t *testing.T) {
	runBuildCases(t, []buildCase{
		{
			name: "condition and return old",
			src:  `delete Tickets key id = "a91f" if status = "CLOSED" return old`,
			want: `{"ConditionExpression":"#status = :status","ExpressionAttributeNames":{"#status":"status"},"ExpressionAttributeValues":{":status":{"S":"CLOSED"}},"Key":{"id":{"S":"a91f"}},"ReturnValues":"ALL_OLD","TableName":"Tickets"}`,
		},
		{
			name: "key only",
			src:  `delete Tickets key id = "a91f"`,
			want: `{"Key":{"id":{"S":"a91f"}},"TableName":"Tickets"}`,
		},
		{
			name: "and/or condition",
			src:  `delete Tbl key id = "a" if attribute_exists(id) and (status = "x" or status = "y") return none`,
			want: `{"ConditionExpression":"(attribute_exists (#id)) AND ((#status = :status) OR (#status = :status_2))","ExpressionAttributeNames":{"#id":"id","#status":"status"},"ExpressionAttributeValues":{":status":{"S":"x"},":status_2":{"S":"y"}},"Key":{"id":{"S":"a"}},"ReturnValues":"NONE","TableName":"Tbl"}`,
		},
	})
}

func TestNames(t *testing.T) {
	runBuildCases(t, []buildCase{
		{
			name: "a dot in a backticked name is one name",
			src:  "scan Tbl filter `a.b` = 1 and a.b = 2",
			want: `{"ExpressionAttributeNames":{"#a":"a","#a_b":"a.b","#b":"b"},"ExpressionAttributeValues":{":a_b":{"N":"1"},":b":{"N":"2"}},"FilterExpression":"(#a_b = :a_b) AND (#a.#b = :b)","TableName":"Tbl"}`,
		},
		{
			name: "brackets in names",
			src:  "scan Tbl filter `x[1]` = 1 and `y]` = 2 and `[z` = 3 and `w[1]`[2] = 4 and `[0]`.`]`[5] = 5",
			want: `{"ExpressionAttributeNames":{"#_":"]","#_0_":"[0]","#_z":"[z","#w_1_":"w[1]","#x_1_":"x[1]","#y_":"y]"},"ExpressionAttributeValues":{":_":{"N":"5"},":_z":{"N":"3"},":w_1_":{"N":"4"},":x_1_":{"N":"1"},":y_":{"N":"2"}},"FilterExpression":"(#x_1_ = :x_1_) AND (#y_ = :y_) AND (#_z = :_z) AND (#w_1_[2] = :w_1_) AND (#_0_.#_[5] = :_)","TableName":"Tbl"}`,
		},
		{
			name: "dashes, spaces, non-ASCII, leading digit, punctuation",
			src:  "scan Tbl filter `open-bucket` = 1 and `my attr` = 2 and `café` = 3 and `1st` = 4 and `#:$` = 5",
			want: `{"ExpressionAttributeNames":{"#1st":"1st","#___":"#:$","#caf_":"café","#my_attr":"my attr","#open_bucket":"open-bucket"},"ExpressionAttributeValues":{":1st":{"N":"4"},":___":{"N":"5"},":caf_":{"N":"3"},":my_attr":{"N":"2"},":open_bucket":{"N":"1"}},"FilterExpression":"(#open_bucket = :open_bucket) AND (#my_attr = :my_attr) AND (#caf_ = :caf_) AND (#1st = :1st) AND (#___ = :___)","TableName":"Tbl"}`,
		},
		{
			name: "names that come out alike",
			src:  "update Tbl key id = 1 set `a-b` = 1, `a b` = 2, a_b = 3, `a_b_2` = 4",
			want: `{"ExpressionAttributeNames":{"#a_b":"a-b","#a_b_2":"a b","#a_b_2_2":"a_b_2","#a_b_3":"a_b"},"ExpressionAttributeValues":{":a_b":{"N":"1"},":a_b_2":{"N":"2"},":a_b_2_2":{"N":"4"},":a_b_3":{"N":"3"}},"Key":{"id":{"N":"1"}},"TableName":"Tbl","UpdateExpression":"SET #a_b = :a_b, #a_b_2 = :a_b_2, #a_b_3 = :a_b_3, #a_b_2_2 = :a_b_2_2"}`,
		},
		{
			name: "values of one path",
			src:  `scan Tbl filter a in (1, 2, 3) or a = 4 or a between 5 and 6`,
			want: `{"ExpressionAttributeNames":{"#a":"a"},"ExpressionAttributeValues":{":a":{"N":"1"},":a_2":{"N":"2"},":a_3":{"N":"3"},":a_4":{"N":"4"},":a_5":{"N":"5"},":a_6":{"N":"6"}},"FilterExpression":"(#a IN (:a, :a_2, :a_3)) OR (#a = :a_4) OR (#a BETWEEN :a_5 AND :a_6)","TableName":"Tbl"}`,
		},
		{
			name: "a name spelled like a placeholder suffix",
			src:  "scan Tbl filter a = 1 and a_2 = 2 and a = 3",
			want: `{"ExpressionAttributeNames":{"#a":"a","#a_2":"a_2"},"ExpressionAttributeValues":{":a":{"N":"1"},":a_2":{"N":"2"},":a_3":{"N":"3"}},"FilterExpression":"(#a = :a) AND (#a_2 = :a_2) AND (#a = :a_3)","TableName":"Tbl"}`,
		},
	})
}

// TestLongNames checks that placeholders stay within DynamoDB's 255 bytes
// and unique when long names share their first 255 bytes.
func TestLongNames(t *testing.T) {
	long1 := strings.Repeat("x", 300)
	long2 := strings.Repeat("x", 299) + "y"
	long3 := strings.Repeat("é", 200)
	src := "update Tbl key id = 1 set `" + long1 + "` = 1, `" + long2 + "` = 2, `" + long3 + "` = 3"
	r := build(t, src)
	want := map[string]string{
		"#" + strings.Repeat("x", 254):        long1,
		"#" + strings.Repeat("x", 252) + "_2": long2,
		"#" + strings.Repeat("_", 200):        long3,
	}
	if d := cmp.Diff(want, r.ExpressionAttributeNames); d != "" {
		t.Errorf("names (-want +got):\n%s", d)
	}
	for k := range r.ExpressionAttributeValues {
		if len(k) > 255 {
			t.Errorf("value placeholder of %d bytes", len(k))
		}
	}
	if len(r.ExpressionAttributeValues) != 3 {
		t.Errorf("values: %v", r.ExpressionAttributeValues)
	}
}

func TestValues(t *testing.T) {
	runBuildCases(t, []buildCase{
		{
			name: "numbers kept exactly",
			src:  `put Tbl item {n: 12345678901234567890123456789012345678, small: 0.00000000000000000000000000000000000001, big: 9.9999999999999999999999999999999999999E+125, neg: -0.0, frac: .5, z: 000}`,
			want: `{"Item":{"big":{"N":"9.9999999999999999999999999999999999999E+125"},"frac":{"N":".5"},"n":{"N":"12345678901234567890123456789012345678"},"neg":{"N":"-0.0"},"small":{"N":"0.00000000000000000000000000000000000001"},"z":{"N":"000"}},"TableName":"Tbl"}`,
		},
		{
			name: "38-digit number in an expression",
			src:  `update Tbl key id = 1 set total = total + 12345678901234567890123456789012345678`,
			want: `{"ExpressionAttributeNames":{"#total":"total"},"ExpressionAttributeValues":{":total":{"N":"12345678901234567890123456789012345678"}},"Key":{"id":{"N":"1"}},"TableName":"Tbl","UpdateExpression":"SET #total = #total + :total"}`,
		},
		{
			name: "nested values in an expression",
			src:  `scan Tbl filter a = [1, {x: b"AA==", y: <<"s">>, z: <<1>>}, null, true, 'q']`,
			want: `{"ExpressionAttributeNames":{"#a":"a"},"ExpressionAttributeValues":{":a":{"L":[{"N":"1"},{"M":{"x":{"B":"AA=="},"y":{"SS":["s"]},"z":{"NS":["1"]}}},{"NULL":true},{"BOOL":true},{"S":"q"}]}},"FilterExpression":"#a = :a","TableName":"Tbl"}`,
		},
		{
			name: "strings: escapes, HTML characters and UTF-8 as is",
			src:  `put Tbl item {s: "tab\there \"q\" <a&b> é 日本 \u2028 \u0001 \\ / \ud83d\ude00"}`,
			want: `{"Item":{"s":{"S":"tab\there \"q\" <a&b> é 日本 \u2028 \u0001 \\ / 😀"}},"TableName":"Tbl"}`,
		},
		{
			name: "a string that looks like a placeholder",
			src:  `scan Tbl filter a = "#a :a #0 :0"`,
			want: `{"ExpressionAttributeNames":{"#a":"a"},"ExpressionAttributeValues":{":a":{"S":"#a :a #0 :0"}},"FilterExpression":"#a = :a","TableName":"Tbl"}`,
		},
		{
			name: "a string that looks like the builder's stand-ins",
			src:  `scan Tbl filter begins_with(a, "\u0000dynexpr-value\u00000") and b = "\u0000dynexpr-value\u00000" and c = "0"`,
			want: `{"ExpressionAttributeNames":{"#a":"a","#b":"b","#c":"c"},"ExpressionAttributeValues":{":a":{"S":"\u0000dynexpr-value\u00000"},":b":{"S":"\u0000dynexpr-value\u00000"},":c":{"S":"0"}},"FilterExpression":"(begins_with (#a, :a)) AND (#b = :b) AND (#c = :c)","TableName":"Tbl"}`,
		},
	})
}

// TestIndented checks the indented form byte for byte.
func TestIndented(t *testing.T) {
	r := build(t, `query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt > "2026" select count limit 5`)
	want := `{
  "ExpressionAttributeNames": {
    "#openBucket": "openBucket",
    "#openedAt": "openedAt"
  },
  "ExpressionAttributeValues": {
    ":openBucket": {
      "S": "OPEN"
    },
    ":openedAt": {
      "S": "2026"
    }
  },
  "IndexName": "open-tickets-index",
  "KeyConditionExpression": "(#openBucket = :openBucket) AND (#openedAt > :openedAt)",
  "Limit": 5,
  "Select": "COUNT",
  "TableName": "Tickets"
}`
	if got := string(r.JSON(true)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	r = build(t, `put Tbl item {l: [], m: {}, s: <<"a">>}`)
	want = `{
  "Item": {
    "l": {
      "L": []
    },
    "m": {
      "M": {}
    },
    "s": {
      "SS": [
        "a"
      ]
    }
  },
  "TableName": "Tbl"
}`
	if got := string(r.JSON(true)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if r.Command != "put-item" {
		t.Errorf("Command %q", r.Command)
	}
}

func TestCommands(t *testing.T) {
	for src, want := range map[string]string{
		`query Tbl key a = 1`:                 "query",
		`scan Tbl`:                            "scan",
		`get Tbl key a = 1`:                   "get-item",
		`put Tbl item {a: 1}`:                 "put-item",
		`update Tbl key a = 1 remove b`:       "update-item",
		`delete Tbl key a = 1`:                "delete-item",
		`QUERY Tbl KEY a = 1 CONSISTENT`:      "query",
		"lbl: Update Tbl key a = 1 set b = 2": "update-item",
	} {
		if got := build(t, src).Command; got != want {
			t.Errorf("%s: Command %q, want %q", src, got, want)
		}
	}
}
