package builder

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
)

// TestRequestOptions: the options every request has, on statements of
// their own.
func TestRequestOptions(t *testing.T) {
	runBuildCases(t, []buildCase{
		{"get", `get Users key pk = "a" capacity total`,
			`{"Key":{"pk":{"S":"a"}},"ReturnConsumedCapacity":"TOTAL","TableName":"Users"}`},
		{"query", `query Users key pk = "a" capacity indexes`,
			`{"ExpressionAttributeNames":{"#pk":"pk"},"ExpressionAttributeValues":{":pk":{"S":"a"}},"KeyConditionExpression":"#pk = :pk","ReturnConsumedCapacity":"INDEXES","TableName":"Users"}`},
		{"scan", `scan Users capacity none`,
			`{"ReturnConsumedCapacity":"NONE","TableName":"Users"}`},
		{"put", `put Users item {pk: "a"} if attribute_not_exists(pk) return_on_failure old metrics capacity total`,
			`{"ConditionExpression":"attribute_not_exists (#pk)","ExpressionAttributeNames":{"#pk":"pk"},"Item":{"pk":{"S":"a"}},"ReturnConsumedCapacity":"TOTAL","ReturnItemCollectionMetrics":"SIZE","ReturnValuesOnConditionCheckFailure":"ALL_OLD","TableName":"Users"}`},
		{"update", `update Users key pk = "a" set n = 1 if n = 0 return_on_failure none return new`,
			`{"ConditionExpression":"#n = :n","ExpressionAttributeNames":{"#n":"n"},"ExpressionAttributeValues":{":n":{"N":"0"},":n_2":{"N":"1"}},"Key":{"pk":{"S":"a"}},"ReturnValues":"ALL_NEW","ReturnValuesOnConditionCheckFailure":"NONE","TableName":"Users","UpdateExpression":"SET #n = :n_2"}`},
		{"delete", `delete Users key pk = "a" metrics`,
			`{"Key":{"pk":{"S":"a"}},"ReturnItemCollectionMetrics":"SIZE","TableName":"Users"}`},
	})
}

// TestGroups: the four groups, their members in the order written, the
// tables of a batch sorted by their JSON object keys.
func TestGroups(t *testing.T) {
	runBuildCases(t, []buildCase{
		{"transact write", `transact write token "req-7f3a" capacity total metrics {
			put Users item {pk: "USER#kp"} if attribute_not_exists(pk) return_on_failure old;
			update Accounts key id = "acc-1" set balance = balance - 10 if balance >= 10;
			delete Sessions key id = "s-1";
			check Accounts key id = "acc-2" if attribute_exists(id)
		}`,
			`{"ClientRequestToken":"req-7f3a","ReturnConsumedCapacity":"TOTAL","ReturnItemCollectionMetrics":"SIZE","TransactItems":[` +
				`{"Put":{"ConditionExpression":"attribute_not_exists (#pk)","ExpressionAttributeNames":{"#pk":"pk"},"Item":{"pk":{"S":"USER#kp"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD","TableName":"Users"}},` +
				`{"Update":{"ConditionExpression":"#balance >= :balance","ExpressionAttributeNames":{"#balance":"balance"},"ExpressionAttributeValues":{":balance":{"N":"10"},":balance_2":{"N":"10"}},"Key":{"id":{"S":"acc-1"}},"TableName":"Accounts","UpdateExpression":"SET #balance = #balance - :balance_2"}},` +
				`{"Delete":{"Key":{"id":{"S":"s-1"}},"TableName":"Sessions"}},` +
				`{"ConditionCheck":{"ConditionExpression":"attribute_exists (#id)","ExpressionAttributeNames":{"#id":"id"},"Key":{"id":{"S":"acc-2"}},"TableName":"Accounts"}}]}`},
		{"transact get", `transact get capacity indexes { get Users key pk = "USER#kp" select email; get Accounts key id = "acc-1" }`,
			`{"ReturnConsumedCapacity":"INDEXES","TransactItems":[` +
				`{"Get":{"ExpressionAttributeNames":{"#email":"email"},"Key":{"pk":{"S":"USER#kp"}},"ProjectionExpression":"#email","TableName":"Users"}},` +
				`{"Get":{"Key":{"id":{"S":"acc-1"}},"TableName":"Accounts"}}]}`},
		{"batch get", `batch get { get Users key pk = "U#2" select email, name consistent; get Accounts key id = "a"; get Users key pk = "U#1" select email, name consistent }`,
			`{"RequestItems":{"Accounts":{"Keys":[{"id":{"S":"a"}}]},` +
				`"Users":{"ConsistentRead":true,"ExpressionAttributeNames":{"#email":"email","#name":"name"},"Keys":[{"pk":{"S":"U#2"}},{"pk":{"S":"U#1"}}],"ProjectionExpression":"#email, #name"}}}`},
		{"batch write", `batch write capacity total metrics { put Users item {pk: "U#3"}; delete Sessions key id = "s"; delete Users key pk = "U#9" }`,
			`{"RequestItems":{"Sessions":[{"DeleteRequest":{"Key":{"id":{"S":"s"}}}}],` +
				`"Users":[{"PutRequest":{"Item":{"pk":{"S":"U#3"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"U#9"}}}}]},` +
				`"ReturnConsumedCapacity":"TOTAL","ReturnItemCollectionMetrics":"SIZE"}`},
	})
	for src, want := range map[string]string{
		`transact write { delete T1x key id = 1 }`: "transact-write-items",
		`transact get { get T1x key id = 1 }`:      "transact-get-items",
		`batch get { get T1x key id = 1 }`:         "batch-get-item",
		`batch write { delete T1x key id = 1 }`:    "batch-write-item",
	} {
		r := build(t, src)
		if r.Command != want {
			t.Errorf("%s: Command %q, want %q", src, r.Command, want)
		}
		for _, m := range r.TransactItems {
			if m.Request.Command != "" {
				t.Errorf("%s: a member's Command is %q", src, m.Request.Command)
			}
		}
	}
}

// groupSources are groups whose members use names and values enough to
// clash if the members shared their placeholders.
var groupSources = []string{
	`transact write token $tok { put Users item {pk: "a", n: 1} if attribute_not_exists(pk) and n <> 2 return_on_failure old;
		update Users key pk = "b" set n = n + 1, m = if_not_exists(m, 0) remove x add s <<"a">> if n < 10 and n > 1;
		delete Users key pk = "c" if n = 3 return_on_failure none;
		check Accounts key id = "d" if attribute_exists(id) and size(n) between 1 and 3 }`,
	`transact get { get Users key pk = "a" select n, m.x[2]; get Users key pk = "b" select n; get Accounts key id = "c" }`,
	`batch get { get Users key pk = "a" select n, m; get Users key pk = "b" select n, m; get Accounts key id = "c" consistent }`,
	`batch write { put Users item {pk: "a", n: 1}; delete Users key pk = "b"; put Accounts item {id: "c", b: b"SGk="} }`,
}

// memberAlone is a member as a statement of its own: a check, which has
// none, becomes the delete of the same key and condition (the same
// ConditionExpression and placeholder maps).
func memberAlone(t *testing.T, m *grammar.Statement) *Request {
	t.Helper()
	src := m.Source
	if m.Kind == grammar.KindCheck {
		src = "delete" + strings.TrimPrefix(src, m.Verb)
	}
	return build(t, src)
}

// TestMembersAsAlone: a member's request is byte for byte the request of
// the same statement alone: the same TableName, Key or Item, expressions
// and placeholder maps.
func TestMembersAsAlone(t *testing.T) {
	for _, src := range groupSources {
		st := parseOne(t, src)
		if err := grammar.Bind(st, grammar.Params{"tok": {Text: "t-1"}}, nil, nil); err != nil {
			t.Fatal(err)
		}
		r, err := Build(st)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		checkRequest(t, src, r)
		for i, m := range st.Members {
			alone := memberAlone(t, m)
			var got []byte
			switch st.Kind {
			case grammar.KindTransactWrite, grammar.KindTransactGet:
				got = r.TransactItems[i].Request.JSON(false)
			case grammar.KindBatchGet:
				tr := r.RequestItems[alone.TableName]
				got = (&Request{TableName: alone.TableName, Key: tr.Keys[keyIndex(st, i)], ProjectionExpression: tr.ProjectionExpression,
					ExpressionAttributeNames: tr.ExpressionAttributeNames, ConsistentRead: tr.ConsistentRead}).JSON(false)
			case grammar.KindBatchWrite:
				w := r.RequestItems[alone.TableName].Writes[keyIndex(st, i)].Request
				got = (&Request{TableName: alone.TableName, Item: w.Item, Key: w.Key}).JSON(false)
			}
			if want := alone.JSON(false); string(got) != string(want) {
				t.Errorf("%s: member %d\n got %s\nwant %s (alone)", src, i, got, want)
			}
		}
	}
}

// keyIndex is where member i stands among the members of its table.
func keyIndex(st *grammar.Statement, i int) int {
	n := 0
	for _, m := range st.Members[:i] {
		if m.Table.Name == st.Members[i].Table.Name {
			n++
		}
	}
	return n
}

// TestGroupRefusals: what a group's request cannot say, each refused under
// its rule at the clause or member that says it.
func TestGroupRefusals(t *testing.T) {
	for _, c := range []struct {
		src, rule, at, msg string
	}{
		{`transact write { put Users item {pk: "a"} return old }`, RuleMemberClause, "return old", "return has no place in a member of transact write"},
		{`transact write { delete Users key pk = "a" capacity total }`, RuleMemberClause, "capacity", "write it after transact write, before the {"},
		{`transact write { update Users key pk = "a" set n = 1 metrics }`, RuleMemberClause, "metrics", "metrics has no place"},
		{`batch write { put Users item {pk: "a"} return_on_failure old }`, RuleMemberClause, "return_on_failure", "a batch write has no conditions to fail"},
		{`batch write { delete Users key pk = "a" return old }`, RuleMemberClause, "return", "BatchWriteItem returns no item values"},
		{`transact get { get Users key pk = "a" consistent }`, RuleMemberClause, "consistent", "TransactGetItems takes no ConsistentRead"},
		{`batch get { get Users key pk = "a" capacity total }`, RuleMemberClause, "capacity", "clause of the whole batch get"},
		{`batch write { put Users item {pk: "a"} if attribute_not_exists(pk) }`, RuleBatchWriteNotPlain, "if", "a batch write takes no conditions"},
		{`batch write { update Users key pk = "a" set n = 1 }`, RuleBatchWriteNotPlain, "update", "not update (BatchWriteItem has no UpdateItem)"},
		{`batch write { check Users key pk = "a" if attribute_exists(pk) }`, RuleBatchWriteNotPlain, "check", "not check"},
		{`transact write token "" { delete Users key pk = "a" }`, RuleTokenTooLong, `""`, "the token is empty"},
		{`batch get { get Users key pk = "a" select n; get Users key pk = "b" select m }`, RuleBatchGetDisagree, "select m", "member 1 (get Users) selects m, and member 0 (get Users) (at 1:13) selects n: a batch get reads table Users with one ProjectionExpression"},
		{`batch get { get Users key pk = "a"; get Users key pk = "b" select m }`, RuleBatchGetDisagree, "select m", "member 0 (get Users) (at 1:13) reads the whole item"},
		{`batch get { get Users key pk = "a" consistent; get Users key pk = "b" }`, RuleBatchGetDisagree, `get Users key pk = "b"`, "member 1 (get Users) reads eventually consistently, and member 0 (get Users) (at 1:13) consistently: a batch get reads table Users with one ConsistentRead"},
		{`batch get { get Users key pk = "a"; get Users key pk = "b" consistent }`, RuleBatchGetDisagree, "consistent", "member 1 (get Users) reads consistently, and member 0 (get Users) (at 1:13) eventually consistently"},
	} {
		st := parseOne(t, c.src)
		refused := Refusals(st)
		if len(refused) != 1 {
			t.Errorf("%s: %d refusals, want 1: %v", c.src, len(refused), refused)
			continue
		}
		r := refused[0]
		if r.Rule != c.rule {
			t.Errorf("%s: rule %q, want %q", c.src, r.Rule, c.rule)
		}
		if want := strings.LastIndex(c.src, c.at) + 1; r.Err.Pos.Col != want {
			t.Errorf("%s: at column %d, want %d (%s)", c.src, r.Err.Pos.Col, want, c.at)
		}
		if !strings.Contains(r.Err.Msg, c.msg) {
			t.Errorf("%s: %q does not say %q", c.src, r.Err.Msg, c.msg)
		}
		if _, err := Build(st); err == nil || err.Error() != r.Err.Error() {
			t.Errorf("%s: Build says %v, Refusals %v", c.src, err, r.Err)
		}
	}
	// Agreeing members of one table, and different tables, build.
	for _, src := range []string{
		`batch get { get Users key pk = "a" select n, m consistent; get Users key pk = "b" select n, m consistent }`,
		`batch get { get Users key pk = "a" select n; get Accounts key id = "b" select m consistent }`,
		`transact write { put Users item {pk: "a"} return_on_failure old }`,
		`batch write { put Users item {pk: "a"}; delete Users key pk = "b" }`,
	} {
		if refused := Refusals(parseOne(t, src)); len(refused) > 0 {
			t.Errorf("%s: refused %v", src, refused[0].Err)
		}
	}
}

// TestCheckAlone: a check taken out of its transaction builds its
// ConditionCheck object, with no command of its own.
func TestCheckAlone(t *testing.T) {
	// The parser refuses a check outside a transaction: take one out.
	group := parseOne(t, `transact write { check Users key pk = "a" if attribute_exists(pk) }`)
	r, err := Build(group.Members[0])
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(r.JSON(false)), string(build(t, group.Source).TransactItems[0].Request.JSON(false)); r.Command != "" || got != want {
		t.Errorf("a lone check: command %q\n got %s\nwant %s", r.Command, got, want)
	}
}

// TestGroupCLIv1: the members' binary values as AWS CLI v1 reads them.
func TestGroupCLIv1(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`transact write { put App item {PK: b"SGk="} if b = b"SGVsbG8=" }`,
			`{"TransactItems":[{"Put":{"ConditionExpression":"#b = :b","ExpressionAttributeNames":{"#b":"b"},"ExpressionAttributeValues":{":b":{"B":"Hello"}},"Item":{"PK":{"B":"Hi"}},"TableName":"App"}}]}`},
		{`batch get { get App key PK = b"SGk=" }`,
			`{"RequestItems":{"App":{"Keys":[{"PK":{"B":"Hi"}}]}}}`},
		{`batch write { put App item {PK: "a", s: <<b"SGk=">>}; delete App key PK = b"SGk=" }`,
			`{"RequestItems":{"App":[{"PutRequest":{"Item":{"PK":{"S":"a"},"s":{"BS":["Hi"]}}}},{"DeleteRequest":{"Key":{"PK":{"B":"Hi"}}}}]}}`},
	} {
		st := parseOne(t, c.src)
		r, err := BuildFor(st, CLIv1)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if got := string(r.JSON(false)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
		if !r.HasBinary() {
			t.Errorf("%s: HasBinary is false", c.src)
		}
	}
	if _, err := BuildFor(parseOne(t, `transact get { get App key PK = b"/w==" }`), CLIv1); err == nil || !strings.Contains(err.Error(), "AWS CLI v1 cannot send them") {
		t.Errorf("bytes that are not UTF-8 in a member, for v1: %v", err)
	}
	if build(t, `transact write { put App item {PK: "a"} }`).HasBinary() {
		t.Error("HasBinary of a group without binary values")
	}
}

// TestSplit: a batch over DynamoDB's limit in parts within it, the members
// in the order written; anything else alone and as it is.
func TestSplit(t *testing.T) {
	batch := func(kind string, n int) string {
		var members []string
		for i := range n {
			switch {
			case kind == "get":
				members = append(members, fmt.Sprintf(`get Users key pk = "%d"`, i))
			case i%2 == 0:
				members = append(members, fmt.Sprintf(`put Users item {pk: "%d"}`, i))
			default:
				members = append(members, fmt.Sprintf(`delete Accounts key id = "%d"`, i))
			}
		}
		return "batch " + map[string]string{"get": "get", "write": "write capacity total"}[kind] + " { " + strings.Join(members, "; ") + " }"
	}
	for _, c := range []struct {
		src   string
		sizes []int
	}{
		{batch("write", 25), []int{25}},
		{batch("write", 26), []int{25, 1}},
		{batch("write", 60), []int{25, 25, 10}},
		{batch("get", 100), []int{100}},
		{batch("get", 250), []int{100, 100, 50}},
		{`transact write { put Users item {pk: "a"} }`, []int{1}},
		{`get Users key pk = "a"`, []int{0}},
	} {
		st := parseOne(t, c.src)
		parts := Split(st, CLIv2)
		if len(parts) != len(c.sizes) {
			t.Errorf("%.40s...: %d parts, want %d", c.src, len(parts), len(c.sizes))
			continue
		}
		if len(parts) == 1 && parts[0] != st {
			t.Errorf("%.40s...: not cut, and not the statement itself", c.src)
		}
		next := 0 // the members in the order written, each once
		for i, p := range parts {
			if len(p.Members) != c.sizes[i] {
				t.Errorf("%.40s...: part %d has %d members, want %d", c.src, i, len(p.Members), c.sizes[i])
			}
			for _, m := range p.Members {
				if m != st.Members[next] {
					t.Errorf("%.40s...: part %d: member %d out of order", c.src, i, next)
				}
				next++
			}
			if len(p.Members) == 0 {
				continue
			}
			r, err := Build(p)
			if err != nil {
				t.Fatal(err)
			}
			checkRequest(t, c.src, r)
			if st.Kind == grammar.KindBatchWrite && r.ReturnConsumedCapacity != "TOTAL" {
				t.Errorf("part %d lost the group's capacity", i)
			}
		}
		if next != len(st.Members) {
			t.Errorf("%.40s...: %d of %d members in the parts", c.src, next, len(st.Members))
		}
	}
}

// TestHandMadeGroups: trees the parser does not make (request's converter
// makes trees too) are refused at the node, never built wrong or panicked
// on.
func TestHandMadeGroups(t *testing.T) {
	st := parseOne(t, `transact get { get Users key pk = "a" select n }`)
	m := st.Members[0]
	m.Index = &grammar.TableRef{Pos: m.Pos, Name: "by-x"}
	m.Limit = &grammar.Number{Pos: m.Pos, Text: "5"}
	m.Select = &grammar.Projection{Pos: m.Select.Pos, Count: true}
	var rules []string
	for _, r := range Refusals(st) {
		rules = append(rules, r.Rule+": "+r.Err.Msg)
	}
	want := []string{
		RuleMemberClause + ": member 0 (get Users): index has no place in a member of transact get",
		RuleMemberClause + ": member 0 (get Users): limit has no place in a member of transact get",
		RuleMemberClause + ": member 0 (get Users): select count, all or projected has no place in a member of transact get: a get's select takes attribute paths, like select email, name",
	}
	if strings.Join(rules, "\n") != strings.Join(want, "\n") {
		t.Errorf("refusals:\n%s\nwant\n%s", strings.Join(rules, "\n"), strings.Join(want, "\n"))
	}
	wrong := parseOne(t, `transact write { delete Users key pk = "a" }`)
	wrong.Members = append(wrong.Members, parseOne(t, `get Users key pk = "b"`))
	if _, err := Build(wrong); err == nil || !strings.Contains(err.Error(), "get is not a member of transact write") {
		t.Errorf("a get in a transact write: %v", err)
	}
	empty := parseOne(t, `batch get { get Users key pk = "a" }`)
	empty.Members = nil
	if _, err := Build(empty); err == nil || !strings.Contains(err.Error(), "batch get needs at least one member") {
		t.Errorf("a batch get without members: %v", err)
	}
}

// TestToken: the token is a string, or a parameter bound to one.
func TestToken(t *testing.T) {
	st := parseOne(t, `transact write token $tok { delete Users key pk = "a" }`)
	refused := Refusals(st)
	if len(refused) != 1 || refused[0].Rule != ruleNone || !strings.Contains(refused[0].Err.Msg, "parameter $tok is not bound") {
		t.Errorf("an unbound token: %v", refused)
	}
	if err := grammar.Bind(st, grammar.Params{"tok": {Text: "req-1"}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	r, err := Build(st)
	if err != nil {
		t.Fatal(err)
	}
	if r.ClientRequestToken != "req-1" {
		t.Errorf("ClientRequestToken %q", r.ClientRequestToken)
	}
}

// TestSplitBySize: Split keeps each part, as the compact JSON the CLI is
// given, within MaxArgBytes, and fills each one: a part and the member
// after it would be over the count or over MaxArgBytes. The batches mix
// tables (a batch get's header of projection and names counts once a
// table and part), and binary values, which v1 and v2 write differently.
func TestSplitBySize(t *testing.T) {
	pad := func(n int) string { return strings.Repeat("x", n) }
	b64 := base64.StdEncoding.EncodeToString([]byte(pad(5300)))
	var write, get, binary []string
	for i := range 60 {
		switch i % 3 {
		case 0:
			write = append(write, fmt.Sprintf(`put Users item {pk: "U#%d", bio: "%s"}`, i, pad(5000+97*i)))
		case 1:
			write = append(write, fmt.Sprintf(`delete Accounts key id = "%d"`, i))
		default:
			write = append(write, fmt.Sprintf(`put Accounts item {id: "%d", note: "%s"}`, i, pad(9000)))
		}
		binary = append(binary, fmt.Sprintf(`put Users item {pk: "B#%d", blob: b"%s"}`, i, b64))
	}
	for i := range 250 {
		table := []string{"Users", "Accounts"}[i%2]
		get = append(get, fmt.Sprintf(`get %s key pk = "%s%d" select email, name, %s`, table, pad(1500), i, pad(30)))
	}
	for _, c := range []struct {
		name, src string
		cli       AWSCLI
	}{
		{"write", "batch write capacity total metrics {" + strings.Join(write, ";\n") + "}", CLIv2},
		{"get", "batch get {" + strings.Join(get, ";\n") + "}", CLIv2},
		{"binary v2", "batch write {" + strings.Join(binary, ";\n") + "}", CLIv2},
		{"binary v1", "batch write {" + strings.Join(binary, ";\n") + "}", CLIv1},
	} {
		st := parseOne(t, c.src)
		parts := Split(st, c.cli)
		if len(parts) < 3 {
			t.Errorf("%s: %d parts: not cut by size", c.name, len(parts))
		}
		next := 0
		for i, p := range parts {
			r, err := BuildFor(p, c.cli)
			if err != nil {
				t.Fatalf("%s part %d: %v", c.name, i, err)
			}
			if n := len(r.JSON(false)); n > MaxArgBytes {
				t.Errorf("%s part %d: %d bytes, over %d", c.name, i, n, MaxArgBytes)
			}
			if p.Members[0] != st.Members[next] {
				t.Errorf("%s part %d does not start with member %d", c.name, i, next)
			}
			next += len(p.Members)
			if i == len(parts)-1 {
				continue
			}
			if len(p.Members) == splitSize(st) {
				continue // full by count
			}
			more := *p
			more.Members = st.Members[next-len(p.Members) : next+1]
			r, err = BuildFor(&more, c.cli)
			if err != nil {
				t.Fatalf("%s part %d and the next member: %v", c.name, i, err)
			}
			if n := len(r.JSON(false)); n <= MaxArgBytes {
				t.Errorf("%s part %d is not full: with member %d it is %d bytes", c.name, i, next, n)
			}
		}
		if next != len(st.Members) {
			t.Errorf("%s: %d of %d members in the parts", c.name, next, len(st.Members))
		}
	}

	// A member too long for one argument alone is a part of its own.
	st := parseOne(t, fmt.Sprintf(`batch write { put Users item {pk: "a"}; put Users item {pk: "b", bio: "%s"}; put Users item {pk: "c"} }`, pad(MaxArgBytes)))
	var sizes []int
	for _, p := range Split(st, CLIv2) {
		sizes = append(sizes, len(p.Members))
	}
	if fmt.Sprint(sizes) != "[1 1 1]" {
		t.Errorf("a member over MaxArgBytes between two: parts of %v members, want [1 1 1]", sizes)
	}
}

// TestSplitAtTheByte: a batch whose JSON is exactly MaxArgBytes long is one
// request, and one byte more makes it two: Split counts every byte, the
// comma between two tables and a batch get's header of one table too.
func TestSplitAtTheByte(t *testing.T) {
	for _, src := range []string{
		`batch write { put Users item {pk: "a", bio: "%s"}; delete Accounts key id = "b" }`,
		`batch write capacity total { put Users item {pk: "a"}; put Users item {pk: "b", bio: "%s"} }`,
		`batch get { get Users key pk = "a" select email; get Accounts key id = "%s" select name; get Users key pk = "c" select email }`,
	} {
		length := func(pad int) int {
			r, err := Build(parseOne(t, fmt.Sprintf(src, strings.Repeat("x", pad))))
			if err != nil {
				t.Fatal(err)
			}
			return len(r.JSON(false))
		}
		pad := MaxArgBytes - length(0)
		if n := length(pad); n != MaxArgBytes {
			t.Fatalf("%s: %d bytes, want %d", src, n, MaxArgBytes)
		}
		for _, c := range []struct{ pad, parts int }{{pad, 1}, {pad + 1, 2}} {
			if n := len(Split(parseOne(t, fmt.Sprintf(src, strings.Repeat("x", c.pad))), CLIv2)); n != c.parts {
				t.Errorf("%s at %d bytes: %d parts, want %d", src, length(c.pad), n, c.parts)
			}
		}
	}
}
