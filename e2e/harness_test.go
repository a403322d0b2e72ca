//go:build e2e

package e2e

// Tests of the harness itself, without servers.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseCLIError(t *testing.T) {
	for _, tc := range []struct {
		stderr, code, msg string
	}{
		{"\nAn error occurred (ValidationException) when calling the PutItem operation: " + msgEmptyGSIKeyPut + "\n",
			"ValidationException", msgEmptyGSIKeyPut},
		{"\nAn error occurred (ConditionalCheckFailedException) when calling the UpdateItem operation: The conditional request failed\n",
			"ConditionalCheckFailedException", "The conditional request failed"},
		{"\nAn error occurred (ThrottlingException) when calling the Query operation (reached max retries: 2): Rate exceeded\n",
			"ThrottlingException", "Rate exceeded"},
		{"\nParameter validation failed:\nInvalid value for parameter Limit, value: 0, valid min value: 1\n",
			"ParamValidation", "Invalid value for parameter Limit, value: 0, valid min value: 1"},
		{"\nError parsing parameter 'cli-input-json': Invalid JSON received.\n",
			"ParamParse", "Error parsing parameter 'cli-input-json': Invalid JSON received."},
		{"\nInvalid base64: \"not base64!\"\n", "ParamEncoding", `Invalid base64: "not base64!"`},
		{"\nCould not connect to the endpoint URL: \"http://127.0.0.1:1/\"\n",
			"", `Could not connect to the endpoint URL: "http://127.0.0.1:1/"`},
	} {
		code, msg := ParseCLIError(tc.stderr)
		if code != tc.code || msg != tc.msg {
			t.Errorf("ParseCLIError(%q) = %q, %q; want %q, %q", tc.stderr, code, msg, tc.code, tc.msg)
		}
	}
}

type fakeReporter struct{ errors, logs []string }

func (f *fakeReporter) Helper() {}
func (f *fakeReporter) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}
func (f *fakeReporter) Logf(format string, args ...any) {
	f.logs = append(f.logs, fmt.Sprintf(format, args...))
}

func TestAgreementTable(t *testing.T) {
	a := NewAgreementTable([]KnownGap{
		{Server: KindDynalite, Rule: "sparse-key-blanked", Kind: GapAccepts, Note: "stores it", Ref: "docs/rules/sparse-key-blanked.md"},
		{Server: KindDynoxide, Rule: "syntax-error", Case: "b0*", Kind: GapMessage, Note: "own parser", Ref: "docs/rules/syntax-error.md"},
	})
	ok := Result{Exit: 0}
	refused := func(server, msg string) Result {
		return Result{Server: server, CLI: "v2", Exit: 254, Code: "ValidationException", Message: msg}
	}
	ok.Server, ok.CLI = KindDynalite, "v2"
	for _, tc := range []struct {
		rule, name string
		r          Result
		want       Expect
		verdict    Verdict
	}{
		{"sparse-key-blanked", "put", refused(KindDynoxide, "1 validation error detected: "+msgEmptyGSIKeyPut), Refused(msgEmptyGSIKeyPut), RefusedAsExpected},
		{"sparse-key-blanked", "put", ok, Refused(msgEmptyGSIKeyPut), KnownEmulatorGap},
		{"sparse-key-blanked", "put", refused(KindDynalite, "something else"), Refused(msgEmptyGSIKeyPut), Disagreement},
		{"syntax-error", "b01", refused(KindDynoxide, "Expected operand"), Refused("Syntax error; "), KnownEmulatorGap},
		{"syntax-error", "c01", refused(KindDynoxide, "Expected operand"), Refused("Syntax error; "), Disagreement},
		{"golden/query", "gsi", ok, Accepted(), AcceptedAsExpected},
		{"golden/query", "gsi", refused(KindDynoxide, "x"), Accepted(), Disagreement},
		{"golden/query", "cli", Result{Server: KindDynoxide, Exit: 252, Code: "ParamValidation", Message: "Unknown parameter"}, Accepted(), Disagreement},
	} {
		var f fakeReporter
		if got := a.Check(&f, tc.rule, tc.name, tc.r, tc.want); got != tc.verdict {
			t.Errorf("%s %s on %s (%s): verdict %v, want %v", tc.rule, tc.name, tc.r.Server, tc.r.Outcome(), got, tc.verdict)
		}
		if (tc.verdict == Disagreement) != (len(f.errors) > 0) {
			t.Errorf("%s %s: errors reported %q for verdict %v", tc.rule, tc.name, f.errors, tc.verdict)
		}
	}
	// A failed condition proves the request valid: accepted.
	ccf := Result{Server: KindDynoxide, CLI: "v2", Exit: 254, Code: ConditionalCheckFailed, Message: "The conditional request failed"}
	var f fakeReporter
	if v := a.Check(&f, "golden/query", "ccf", ccf, Accepted()); v != AcceptedAsExpected {
		t.Errorf("ConditionalCheckFailedException for an accepted request: verdict %v", v)
	}
	if v := a.Check(&f, "golden/query", "ccf-refused", ccf, Refused("x")); v != Disagreement {
		t.Errorf("ConditionalCheckFailedException for a refused request: verdict %v", v)
	}
	a.NotSendable(&f, "function-misuse", "arity.dx:1", KindDynoxide, Refused("x"), "dynexpr build exit 2")
	// Several findings: any of their messages.
	anyOf := Expect{Code: "ValidationException", AnyOf: []string{"first", "second"}}
	if v := a.Check(&f, "function-misuse", "two", refused(KindDynalite, "it says second"), anyOf); v != RefusedAsExpected {
		t.Errorf("AnyOf: verdict %v", v)
	}
	if n := a.Disagreements(); n != 5 {
		t.Errorf("Disagreements() = %d, want 5", n)
	}
	var b strings.Builder
	a.Print(&b)
	out := b.String()
	for _, want := range []string{
		"rule                server    cases  refused  accepted  known-gaps  not-sendable  dynexpr-issues  disagreements\n",
		"golden/query        dynalite      1        0         1           0             0               0              0\n",
		"golden/query        dynoxide      4        0         1           0             0               0              3\n",
		"function-misuse     dynoxide      1        0         0           0             1               0              0\n",
		"sparse-key-blanked  dynoxide      1        1         0           0             0               0              0\n",
		"total               dynalite      4        1         1           1             0               0              1\n",
		"total                            12        2         2           2             1               0              5\n",
		"DISAGREEMENT golden/query cli dynoxide",
		"gap          sparse-key-blanked put dynalite (aws v2): DynamoDB refuses",
		"not sendable function-misuse arity.dx:1 dynoxide: DynamoDB refuses (ValidationException: …x…); dynexpr build exit 2",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if t.Failed() {
		t.Logf("table:\n%s", out)
	}
}

func TestKnownIssues(t *testing.T) {
	for _, is := range knownIssues {
		if is.Case == "" || is.Server == "" || is.Note == "" || is.Ref == "" {
			t.Errorf("known dynexpr issue without case, server, note or evidence: %+v", is)
		}
	}
	a := NewAgreementTable(nil, KnownGap{Server: KindDynoxide, Rule: "r", Case: "r/x.dx:*", Kind: GapRefuses, Answer: "too big", Note: "estimate", Ref: "evidence"})
	var f fakeReporter
	refused := Result{Server: KindDynoxide, CLI: "v2", Exit: 254, Code: "ValidationException", Message: "too big"}
	if v := a.Check(&f, "r", "r/x.dx:9", refused, Accepted()); v != KnownDynexprIssue || len(f.errors) != 0 {
		t.Errorf("recorded issue: %v %q", v, f.errors)
	}
	if v := a.Check(&f, "r", "r/y.dx:1", refused, Accepted()); v != Disagreement {
		t.Errorf("another case: %v", v)
	}
	f = fakeReporter{}
	ok := Result{Server: KindDynoxide, CLI: "v2"}
	if v := a.Check(&f, "r", "r/x.dx:9", ok, Accepted()); v != Disagreement || len(f.errors) != 1 || !strings.Contains(f.errors[0], "no longer reproduces") {
		t.Errorf("stale issue: %v %q", v, f.errors)
	}
	var b strings.Builder
	a.Print(&b)
	for _, want := range []string{
		"r      dynoxide      3        0         0           0             0               1              2\n",
		"ISSUE        r r/x.dx:9 dynoxide (aws v2): dynexpr expects DynamoDB accepts; dynoxide: ValidationException: too big [evidence: estimate]",
		"stale known dynexpr issue",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

func TestMessageMatches(t *testing.T) {
	for _, tc := range []struct {
		got, want string
		ok        bool
	}{
		{"1 validation error detected: Invalid UpdateExpression: x; y", "Invalid UpdateExpression: x", true},
		{"Invalid UpdateExpression: x", "1 validation error detected: Invalid UpdateExpression: x", true},
		{"Value provided in ExpressionAttributeNames unused in expressions: keys: {#b, #a}", "keys: {#a, #b}", true},
		{"does not project [body, assignee]", "does not project [assignee, body]", true},
		{"path one: [a, b, [2], c], path two: [a]", "path one: [a, b, [2], c], path two: [a]", true},
		{"path one: [meta, x], path two: [meta]", "path one: [meta], path two: [meta, x]", false},
		{"Syntax error; token: x", "Syntax error; near", false},
		{"Value 'Tttttttttt' at 'tableName' failed", "Value 'Ttt...' at 'tableName'", true},
		{"Value 'Tttttttttt' at 'indexName' failed", "Value 'Ttt...' at 'tableName'", false},
	} {
		if got := MessageMatches(tc.got, tc.want); got != tc.ok {
			t.Errorf("MessageMatches(%q, %q) = %v, want %v", tc.got, tc.want, got, tc.ok)
		}
	}
}

func TestDynamoDBMessages(t *testing.T) {
	for _, tc := range []struct {
		finding string
		msgs    []string
		code    string
	}{
		{`"openBucket" is the partition key of global secondary index open-tickets-index; DynamoDB rejects "" there ("One or more parameter values are not valid. X"). To take the item out of the index, write: remove openBucket`,
			[]string{"One or more parameter values are not valid. X"}, ""},
		{`no table "Ticket" in the schema; DynamoDB answers "Requested resource not found" (ResourceNotFoundException). Did you mean Tickets?`,
			[]string{"Requested resource not found"}, "ResourceNotFoundException"},
		{`"score" is a number: DynamoDB refuses a number prefix ("Invalid KeyConditionExpression: N") and a string one ("One or more parameter values were invalid: S"). Write score between LOW and HIGH`,
			[]string{"Invalid KeyConditionExpression: N", "One or more parameter values were invalid: S"}, ""},
		{`table name "my tickets" has ' '; (DynamoDB: "1 validation error detected: Value 'my tickets' at 'tableName'")`,
			[]string{"1 validation error detected: Value 'my tickets' at 'tableName'"}, ""},
		{`"region" is the second sort key attribute, so DynamoDB refuses the query. Add "region = VALUE"`,
			nil, ""},
		{`key attribute name "kkk" is 256 bytes; DynamoDB allows at most 255 bytes`, nil, ""},
	} {
		msgs, code := DynamoDBMessages(tc.finding)
		if !reflect.DeepEqual(msgs, tc.msgs) || code != tc.code {
			t.Errorf("DynamoDBMessages(%q) = %q, %q; want %q, %q", tc.finding, msgs, code, tc.msgs, tc.code)
		}
	}
	e := ExpectFromFindings([]LintFinding{{Severity: "warning", Message: `DynamoDB answers "a b"`}})
	if !e.Accept {
		t.Errorf("warnings only: %v, want accepts", e)
	}
	e = ExpectFromFindings([]LintFinding{{Severity: "error", Message: `DynamoDB answers "a b"`}, {Severity: "error", Message: "no quote"}})
	// The second error quotes nothing: DynamoDB may answer anything.
	if e.Accept || e.Code != "ValidationException" || len(e.AnyOf) != 0 {
		t.Errorf("two errors: %#v", e)
	}
	e = ExpectFromFindings([]LintFinding{{Severity: "error", Message: `DynamoDB answers "A b"`}, {Severity: "error", Message: `DynamoDB answers "C d"`}})
	if e.Accept || e.Code != "ValidationException" || !reflect.DeepEqual(e.AnyOf, []string{"A b", "C d"}) {
		t.Errorf("two errors: %#v", e)
	}
}

func TestSplitStatements(t *testing.T) {
	src := "# comment; not a split\nput T item {a: \"x;y\", b: 'it\\'s;'};\n\n  get T key `a;b` = \"1\"\n  select c; # trailing\nscan T\n# end\n"
	spans := SplitStatements(src)
	var got []string
	for _, s := range spans {
		got = append(got, fmt.Sprintf("%d:%d-%d %s", s.StartLine, s.StartCol, s.EndLine, src[s.Start:s.End]))
	}
	want := []string{
		"2:1-3 put T item {a: \"x;y\", b: 'it\\'s;'};",
		"4:3-5 get T key `a;b` = \"1\"\n  select c;",
		"6:1-0 scan T\n# end\n",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SplitStatements (-want +got):\n%s", diff)
	}
	group := "t: transact write {\n  put T item {a: \"x;\"};\n  delete T key a = \"y\"\n};\nget T key a = \"z\""
	if g := SplitStatements(group); len(g) != 2 || g[0].StartLine != 1 || g[1].StartLine != 5 || !strings.HasSuffix(group[g[0].Start:g[0].End], "\n};") {
		t.Errorf("a group's members split apart: %+v", g)
	}
	if txt := spans[1].Text(src); !strings.HasPrefix(txt, "\n\n\n  get T") {
		t.Errorf("Text keeps line and column: %q", txt)
	}
	if !spans[0].Contains(3) || spans[0].Contains(4) || !spans[2].Contains(99) {
		t.Error("Contains: wrong lines")
	}
}

func TestSplitRequests(t *testing.T) {
	one := "{\"TableName\": \"T\",\n \"Key\": {\"id\": {\"S\": \"a\"}}}\n"
	arr := "[\n  {\"TableName\": \"T\"},\n  {\"TableName\": \"U\",\n   \"Limit\": 1}\n]\n"
	lines := "{\"TableName\": \"T\"}\n{\"name\": \"x\", \"command\": \"get-item\", \"input\": {\"TableName\": \"T\", \"Key\": {}}}\n"
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{one, []string{"1-2"}},
		{arr, []string{"2-2", "3-4"}},
		{lines, []string{"1-1", "2-2"}},
	} {
		spans, err := SplitRequests([]byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range spans {
			got = append(got, fmt.Sprintf("%d-%d", s.StartLine, s.EndLine))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitRequests(%q) lines %v, want %v", tc.src, got, tc.want)
		}
	}
	oneLine := `[{"command": "getitem", "TableName": "T"}, {"command": "fetch"}, {"command": 1}]`
	spans, err := SplitRequests([]byte(oneLine))
	if err != nil || len(spans) != 3 || spans[1].StartCol != 44 || spans[2].StartCol != 66 || oneLine[spans[1].Start] != '{' {
		t.Errorf("one line, three requests: %+v, %v", spans, err)
	}
	a := &ruleArchive{ID: "r"}
	cases := requestCases(a, ruleFile{Name: "c.json", Src: oneLine}, []LintFinding{{Line: 1, Column: 56, Severity: "error", Message: "fetch"}})
	if len(cases) != 3 || cases[1].Name != "r/c.json:1:44" || len(cases[0].Findings) != 0 || len(cases[1].Findings) != 1 || len(cases[2].Findings) != 0 {
		t.Errorf("findings by position: %+v", cases)
	}
	// lint counts columns in characters: column 55 of this line is in the
	// second request (byte 67), not the first (which ends at byte 60).
	wide := `[{"command": "getitem", "TableName": "日本語日本語"}, {"command": "fetch"}]`
	cases = requestCases(a, ruleFile{Name: "w.json", Src: wide}, []LintFinding{{Line: 1, Column: 55, Severity: "error", Message: "fetch"}})
	if len(cases) != 2 || len(cases[0].Findings) != 0 || len(cases[1].Findings) != 1 {
		t.Errorf("a finding's character column after wide characters: %+v", cases)
	}
	if _, err := SplitRequests([]byte(`{"TableName": `)); err == nil {
		t.Error("truncated JSON: no error")
	}
	for _, tc := range []struct{ raw, in, command string }{
		{`{"TableName":"T","KeyConditionExpression":"a = :a"}`, `{"KeyConditionExpression":"a = :a","TableName":"T"}`, "query"},
		{`{"command":"GetItem","TableName":"T","Key":{}}`, `{"Key":{},"TableName":"T"}`, "get-item"},
		{`{"TableName":"T","Key":{},"ConditionExpression":"x"}`, `{"ConditionExpression":"x","Key":{},"TableName":"T"}`, "delete-item"},
		{`{"name":"n","command":"put","input":{"TableName":"T","Item":{}}}`, `{"Item":{},"TableName":"T"}`, "put-item"},
		{`{"TableName":"T"}`, `{"TableName":"T"}`, "scan"},
		{`{"command":"fetch","TableName":"T"}`, "", ""},
	} {
		in, command, err := RequestCommand(json.RawMessage(tc.raw))
		if string(in) != tc.in || command != tc.command || (err != nil) != (tc.command == "") {
			t.Errorf("RequestCommand(%s) = %s, %q, %v; want %s, %q", tc.raw, in, command, err, tc.in, tc.command)
		}
	}
}

func TestExpectFromFindingsCodes(t *testing.T) {
	e := ExpectFromFindings([]LintFinding{
		{Severity: "error", Message: `no table "Nowhere"; DynamoDB answers "Requested resource not found" (ResourceNotFoundException).`},
		{Severity: "error", Message: `a key condition cannot use or; DynamoDB answers "Invalid operator used in KeyConditionExpression: OR".`},
	})
	notFound := Result{Exit: 254, Code: "ResourceNotFoundException", Message: "Requested resource not found"}
	or := Result{Exit: 254, Code: "ValidationException", Message: "Invalid operator used in KeyConditionExpression: OR"}
	other := Result{Exit: 254, Code: "ValidationException", Message: "Requested resource not found"}
	if !e.refusedBy(notFound) || !e.refusedBy(or) || e.refusedBy(other) {
		t.Errorf("%v: refusedBy %v %v %v", e, e.refusedBy(notFound), e.refusedBy(or), e.refusedBy(other))
	}
	if got := e.String(); got != "refuses (ResourceNotFoundException: …Requested resource not found… or ValidationException: …Invalid operator used in KeyConditionExpression: OR…)" {
		t.Errorf("String() = %q", got)
	}
}

func TestRanAndGapScopes(t *testing.T) {
	runtime := Result{Server: KindDynoxide, Exit: 254, Code: "ValidationException",
		Message: "The provided expression refers to an attribute that does not exist in the item", Command: "update-item",
		Input: []byte(`{"UpdateExpression":"SET #a = #b"}`)}
	if !Ran(runtime) || RuntimeError(runtime) == "" {
		t.Error("a runtime error: not Ran")
	}
	a := NewAgreementTable([]KnownGap{
		{Server: KindDynoxide, Rule: "r", Kind: GapMessage, Command: "^update-item$", Answer: "does not exist"},
		{Server: KindDynoxide, Kind: GapRefuses, Input: `"IndexName":"multi"`},
	})
	var f fakeReporter
	if v := a.Check(&f, "near", "x", runtime, Accepted()); v != AcceptedAsExpected {
		t.Errorf("runtime error on a near miss: %v", v)
	}
	if v := a.Check(&f, "r", "y", runtime, Refused("Two document paths")); v != KnownEmulatorGap {
		t.Errorf("runtime error on a fire case with a gap: %v", v)
	}
	if v := a.Check(&f, "other", "y", runtime, Refused("Two document paths")); v != Disagreement {
		t.Errorf("runtime error on a fire case of another rule: %v", v)
	}
	refused := Result{Server: KindDynoxide, Exit: 254, Code: "ValidationException", Message: "Unexpected token", Input: []byte(`{"IndexName":"multi"}`)}
	if v := a.Check(&f, "any-rule", "z", refused, Accepted()); v != KnownEmulatorGap {
		t.Errorf("rule-less gap: %v", v)
	}
	refused.Input = []byte(`{"IndexName":"single"}`)
	if v := a.Check(&f, "any-rule", "z", refused, Accepted()); v != Disagreement {
		t.Errorf("gap narrowed by Input: %v", v)
	}
	// A gap that names no server is both emulators'.
	shared := NewAgreementTable([]KnownGap{{Rule: "shared", Kind: GapAccepts}})
	for _, server := range []string{KindDynoxide, KindDynalite} {
		if v := shared.Check(&f, "shared", "s", Result{Server: server, CLI: "v2"}, Refused("x")); v != KnownEmulatorGap {
			t.Errorf("a gap of both emulators, on %s: %v", server, v)
		}
	}
}

func TestParseCatalog(t *testing.T) {
	out := "consistent-read-on-gsi   error    schema  consistent read of a global secondary index\n" +
		"expression-limit         error            a request over one of DynamoDB's size limits\n" +
		"limit-with-filter        warning          limit together with filter\n"
	got := ParseCatalog(out)
	want := []CatalogRule{{"consistent-read-on-gsi", "error"}, {"expression-limit", "error"}, {"limit-with-filter", "warning"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseCatalog = %v, want %v", got, want)
	}
}

func TestLoadGoldenCases(t *testing.T) {
	root := t.TempDir()
	write := func(rel, s string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("query/gsi/input.dx", "query Tickets index open-tickets-index key openBucket = $b")
	write("query/gsi/args", "-p\nb=open#2026-11\r\n\n")
	write("query/gsi/schema.yaml", "tables: {}")
	write("query/gsi/request.json", "{}")
	write("query/gsi/command", "query\n")
	write("put/blank/input.dx", `put Tickets item {id: "a", openBucket: ""}`)
	write("put/blank/schema.json", "{}")
	write("put/blank/error.txt", "...")
	write("put/noschema/input.dx", `put Tickets item {id: "a"}`)
	write("put/noschema/request.json", "{}")
	write("notes/README.md", "not a case")

	cases, err := LoadGoldenCases(root)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range cases {
		ids = append(ids, fmt.Sprintf("%s schema=%s eligible=%v", c.ID(), c.Schema, c.Eligible()))
	}
	want := []string{
		"put/blank schema=schema.json eligible=false",
		"put/noschema schema= eligible=false",
		"query/gsi schema=schema.yaml eligible=true",
	}
	if diff := cmp.Diff(want, ids); diff != "" {
		t.Errorf("cases (-want +got):\n%s", diff)
	}
	q := cases[2]
	if !reflect.DeepEqual(q.Args, []string{"-p", "b=open#2026-11"}) || q.Command != "query" {
		t.Errorf("query/gsi: args %q command %q", q.Args, q.Command)
	}
	if cases, err := LoadGoldenCases(filepath.Join(root, "nope")); err != nil || len(cases) != 0 {
		t.Errorf("missing root: %v, %v", cases, err)
	}
}

func TestRenameTable(t *testing.T) {
	out, old, err := RenameTable([]byte(`{"TableName":"Tickets","Key":{"id":{"N":"12345678901234567890123456789012345678"}}}`),
		map[string]string{"Tickets": "Tickets_e2e001"})
	if err != nil || old != "Tickets" {
		t.Fatal(old, err)
	}
	if want := `{"Key":{"id":{"N":"12345678901234567890123456789012345678"}},"TableName":"Tickets_e2e001"}`; string(out) != want {
		t.Errorf("got %s, want %s", out, want)
	}
	if _, _, err := RenameTable([]byte(`{"TableName":"Other"}`), map[string]string{"Tickets": "x"}); err == nil {
		t.Error("unknown table: no error")
	}
}

func TestCompareResponse(t *testing.T) {
	resp := `{"Items":[{"id":{"S":"a"},"tags":{"SS":["y","x"]},"n":{"N":"1.50"}}],"Count":1,"ScannedCount":1}`
	if err := CompareResponse("query", []byte(resp), []byte(`[{"n":{"N":"1.50"},"tags":{"SS":["x","y"]},"id":{"S":"a"}}]`)); err != nil {
		t.Error(err)
	}
	if err := CompareResponse("query", []byte(resp), []byte(`[{"n":{"N":"1.5"},"tags":{"SS":["x","y"]},"id":{"S":"a"}}]`)); err == nil {
		t.Error("1.50 vs 1.5: no difference found")
	}
	if err := CompareResponse("scan", []byte(`{"Count":0}`), []byte(`[]`)); err != nil {
		t.Error(err)
	}
	if err := CompareResponse("get-item", []byte(`{}`), []byte(`null`)); err != nil {
		t.Error(err)
	}
	if err := CompareResponse("update-item", []byte(`{"Attributes":{"c":{"N":"2"}}}`), []byte(`{"c":{"N":"2"}}`)); err != nil {
		t.Error(err)
	}
}

func TestDecodeJSONStream(t *testing.T) {
	docs, err := DecodeJSONStream([]byte("{\"TableName\":\"A\"}\n{\n  \"TableName\": \"B\"\n}\n"))
	if err != nil || len(docs) != 2 {
		t.Fatalf("%d docs, %v", len(docs), err)
	}
	if _, err := DecodeJSONStream([]byte(`{"a":1} {`)); err == nil {
		t.Error("truncated stream: no error")
	}
}

func TestRenameGroupTables(t *testing.T) {
	names := map[string]string{"Users": "Users_e2e001", "Accounts": "Accounts_e2e001"}
	tw := `{"ClientRequestToken":"t","TransactItems":[{"Put":{"TableName":"Users","Item":{"n":{"N":"1.50"}}}},{"ConditionCheck":{"TableName":"Accounts","Key":{"id":{"S":"a"}},"ConditionExpression":"x"}}]}`
	out, old, err := RenameTable([]byte(tw), names)
	want := `{"ClientRequestToken":"t","TransactItems":[{"Put":{"Item":{"n":{"N":"1.50"}},"TableName":"Users_e2e001"}},{"ConditionCheck":{"ConditionExpression":"x","Key":{"id":{"S":"a"}},"TableName":"Accounts_e2e001"}}]}`
	if err != nil || old != "Users" || string(out) != want {
		t.Errorf("transact write: %s, %q, %v\nwant %s", out, old, err, want)
	}
	bw := `{"RequestItems":{"Users":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}],"Accounts":[{"DeleteRequest":{"Key":{"id":{"S":"b"}}}}]}}`
	out, _, err = RenameTable([]byte(bw), names)
	want = `{"RequestItems":{"Accounts_e2e001":[{"DeleteRequest":{"Key":{"id":{"S":"b"}}}}],"Users_e2e001":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}}`
	if err != nil || string(out) != want {
		t.Errorf("batch write: %s, %v\nwant %s", out, err, want)
	}
	if _, _, err := RenameTable([]byte(`{"RequestItems":{"Nowhere":{"Keys":[]}}}`), names); err == nil {
		t.Error("unknown table in RequestItems: no error")
	}
	if got := RequestTables([]byte(tw)); !reflect.DeepEqual(got, []string{"Users", "Accounts"}) {
		t.Errorf("RequestTables(transact write) = %q", got)
	}
	if got := RequestTables([]byte(bw)); !reflect.DeepEqual(got, []string{"Accounts", "Users"}) {
		t.Errorf("RequestTables(batch write) = %q", got)
	}
	// renameKnown leaves unknown tables, and a request it cannot read, byte for byte.
	mixed := `{"TransactItems":[{"Get":{"TableName":"Nowhere","Key":{}}},{"Get":{"TableName":"Users","Key":{}}}]}`
	if got := string(renameKnown(json.RawMessage(mixed), names)); !strings.Contains(got, `"Nowhere"`) || !strings.Contains(got, `"Users_e2e001"`) {
		t.Errorf("renameKnown(mixed) = %s", got)
	}
	for _, odd := range []string{`{"RequestItems":{"Other":{"Keys":[]}},  "x":1}`, `{"TableName":5}`} {
		if got := string(renameKnown(json.RawMessage(odd), names)); got != odd {
			t.Errorf("renameKnown(%s) = %s, want it unchanged", odd, got)
		}
	}
}

func TestGroupRequestCommand(t *testing.T) {
	for _, tc := range []struct{ raw, command string }{
		{`{"TransactItems":[{"Put":{"TableName":"T","Item":{}}}]}`, "transact-write-items"},
		{`{"TransactItems":[{"Get":{"TableName":"T","Key":{}}}]}`, "transact-get-items"},
		{`{"RequestItems":{"T":[{"PutRequest":{"Item":{}}}]}}`, "batch-write-item"},
		{`{"RequestItems":{"T":{"Keys":[]}}}`, "batch-get-item"},
		{`{"command":"TransactWriteItems","TransactItems":[]}`, "transact-write-items"},
		{`{"name":"n","command":"batch-get-item","input":{"RequestItems":{}}}`, "batch-get-item"},
	} {
		if _, command, err := RequestCommand(json.RawMessage(tc.raw)); command != tc.command || err != nil {
			t.Errorf("RequestCommand(%s) = %q, %v; want %q", tc.raw, command, err, tc.command)
		}
	}
}

func TestCancellationReasons(t *testing.T) {
	cancelled := func(msg string) Result {
		return Result{Exit: 254, Code: TransactionCanceled, Message: msg}
	}
	r := cancelled("Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]")
	if got := CancellationReasons(r); !reflect.DeepEqual(got, []string{"None", "ConditionalCheckFailed"}) {
		t.Errorf("CancellationReasons = %q", got)
	}
	if !ConditionFailed(r) || !Ran(r) {
		t.Error("a transaction cancelled for a failed condition: not ConditionFailed/Ran")
	}
	v := cancelled("Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError, None]")
	if ConditionFailed(v) || Ran(v) {
		t.Error("a transaction cancelled for a ValidationError counts as ran")
	}
	if CancellationReasons(Result{Exit: 254, Code: "ValidationException", Message: "x [a, b]"}) != nil {
		t.Error("reasons read from another error")
	}
	// A member refused alone: its ValidationError's message is DynamoDB's answer.
	v.Reasons = []CancellationReason{{Code: "ValidationError", Message: "The provided key element does not match the schema"}, {Code: "None"}}
	if !Refused("The provided key element does not match the schema").refusedBy(v) || Refused("Missing the key").refusedBy(v) {
		t.Error("refusedBy does not read the reasons' messages")
	}
	if got := v.Outcome(); !strings.HasSuffix(got, "[ValidationError, None] ([0] ValidationError The provided key element does not match the schema; [1] None)") {
		t.Errorf("Outcome() = %q", got)
	}
}

func TestUniqueToken(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"ClientRequestToken":"req-7f3a","TransactItems":[]}`, `{"ClientRequestToken":"r_e2e001","TransactItems":[]}`},
		{`{"ClientRequestToken":"t1"}`, `{"ClientRequestToken":"t1_e2e001"}`},
		{`{"ClientRequestToken":"` + strings.Repeat("😀", 36) + `"}`, `{"ClientRequestToken":"` + strings.Repeat("😀", 29) + `_e2e001"}`},
		{`{"ClientRequestToken":"` + strings.Repeat("a", 36) + `"}`, `{"ClientRequestToken":"` + strings.Repeat("a", 29) + `_e2e001"}`},
		{`{"ClientRequestToken":"` + strings.Repeat("a", 37) + `"}`, `{"ClientRequestToken":"` + strings.Repeat("a", 37) + `"}`},
		{`{"TransactItems": []}`, `{"TransactItems": []}`},
	} {
		if got := string(uniqueToken([]byte(tc.in), "_e2e001")); got != tc.want {
			t.Errorf("uniqueToken(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
	// The first send of a token is left as written; the next ones change.
	srv := &Server{Kind: "fake-" + t.Name()}
	in := []byte(`{"ClientRequestToken":"tok-1","TransactItems":[]}`)
	if got := string(freshToken(srv, in, "_x")); got != string(in) {
		t.Errorf("first send: %s", got)
	}
	if got := string(freshToken(srv, in, "_x")); got != `{"ClientRequestToken":"tok_x","TransactItems":[]}` {
		t.Errorf("second send: %s", got)
	}
}
