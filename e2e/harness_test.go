//go:build e2e

package e2e

// Tests of the harness itself, without servers.

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
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
		{Server: KindDynalite, Rule: "sparse-key-blanked", Kind: GapAccepts, Note: "stores it", Ref: "§0.1"},
		{Server: KindDynoxide, Rule: "syntax-error", Case: "b0*", Kind: GapMessage, Note: "own parser", Ref: "A:B01"},
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
	if n := a.Disagreements(); n != 4 {
		t.Errorf("Disagreements() = %d, want 4", n)
	}
	var b strings.Builder
	a.Print(&b)
	out := b.String()
	for _, want := range []string{
		"rule                server    cases  accepted  refused  known-gaps  disagreements\n",
		"golden/query        dynalite      1         1        0           0              0\n",
		"golden/query        dynoxide      2         0        0           0              2\n",
		"sparse-key-blanked  dynoxide      1         0        1           0              0\n",
		"total                             8         1        1           2              4\n",
		"DISAGREEMENT golden/query cli dynoxide",
		"gap          sparse-key-blanked put dynalite (aws v2): DynamoDB refuses",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if t.Failed() {
		t.Logf("table:\n%s", out)
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
	if !reflect.DeepEqual(ids, want) {
		t.Errorf("cases:\n%s\nwant:\n%s", strings.Join(ids, "\n"), strings.Join(want, "\n"))
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
