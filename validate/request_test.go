package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestRequestRules runs validate/testdata/requests/<rule>.txtar, as
// TestRules runs testdata/rules: request files that must fire the rule
// (NAME.json or NAME.jsonl with the exact findings in NAME.findings) and
// near misses (a request file without a .findings file). Only the findings
// of the archive's rule are compared.
func TestRequestRules(t *testing.T) { requestCases.run(t) }

// groupsOnly reports whether r is a rule of groups that no request file
// can fire, because request JSON cannot say what it finds, or another rule
// says it first: a ConditionCheck without ConditionExpression is missing a
// member the AWS CLI requires (missing-request-member); a condition in a
// PutRequest, or ConsistentRead in a transaction's Get, is a member the AWS
// CLI does not take (unknown-request-member); a batch get's table has one
// projection and one consistency. request-too-large would need 4 MB of JSON
// in an archive.
func groupsOnly(r *Rule) bool {
	switch r {
	case checkWithoutCondition, batchWriteNotPlain, memberClauseNotAllowed, batchGetTablesDisagree, requestTooLarge:
		return true
	}
	return false
}

// requestCases are the rule cases written as request JSON. Every
// request-only rule has an archive; so does every rule of the catalog that
// a request file can fire, showing that it fires on one at the right place.
var requestCases = caseLang{"testdata/requests", []string{".json", ".jsonl"}, requestFindingsOf,
	func(r *Rule) bool { return r.RequestOnly || r.check != nil && !groupsOnly(r) }}

// requestFindingsOf parses a request file, checks every request in it and
// renders the findings of rule, one per line.
func requestFindingsOf(t *testing.T, rule, name string, src []byte, sch *schema.Schema) string {
	t.Helper()
	f, err := request.Parse(name, src)
	if err != nil {
		t.Fatalf("%s does not parse: %v", name, err)
	}
	return ruleFindings(rule, f.Requests, func(r *request.Request) []Finding { return CheckRequest(r, sch, nil) })
}

// TestRequestRuleExamples checks the request rules' own documentation, as
// TestRuleExamples checks the DSL rules': each Bad example (request JSON)
// fires its rule, each Good example does not.
func TestRequestRuleExamples(t *testing.T) {
	sch := loadTestSchema(t, &txtar.Archive{})
	for _, r := range All() {
		if !r.RequestOnly {
			continue
		}
		requestCases.checkExamples(t, r, sch)
	}
}

// TestGoldenRequestsLintClean lints every request.json the golden cases
// hold: dynexpr's own output must not break a request-only rule.
func TestGoldenRequestsLintClean(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "golden", "*", "*", "request.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Skip("no golden request.json files")
	}
	files, requests := 0, 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !request.LooksLikeRequest(src) {
			continue // a case whose output is shell commands, or a group
		}
		files++
		f, err := request.Parse(p, src)
		if err == nil && builtForCLIv1(filepath.Dir(p)) {
			f.FromCLIv1()
		}
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		var sch *schema.Schema
		if s := filepath.Join(filepath.Dir(p), "schema.yaml"); fileExists(s) {
			if sch, err = schema.Load(s); err != nil {
				t.Fatal(err)
			}
		}
		for _, r := range f.Requests {
			requests++
			for _, fd := range CheckRequest(r, sch, nil) {
				if Lookup(fd.Rule).RequestOnly || fd.Rule == syntaxError.Name {
					t.Errorf("dynexpr's own request breaks a request rule: %s", fd)
				}
			}
		}
	}
	t.Logf("%d golden request files, %d requests: no request-only finding", files, requests)
}

// builtForCLIv1 reports whether a golden case is built with --aws-cli v1:
// its request holds binary values as text, as AWS CLI v1 reads them.
func builtForCLIv1(dir string) bool {
	args, err := os.ReadFile(filepath.Join(dir, "args"))
	return err == nil && strings.Contains(string(args), "--aws-cli\nv1\n")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// benchRequest is a realistic request file: a GSI query with a key
// condition, a filter, a projection and both placeholder maps.
const benchRequest = `{
  "TableName": "Tickets",
  "IndexName": "open-tickets-index",
  "KeyConditionExpression": "#b = :b AND begins_with(#o, :m)",
  "FilterExpression": "#p >= :p AND attribute_exists(#s) AND NOT contains(#s, :spam)",
  "ProjectionExpression": "#s, #p, #o, id",
  "ExpressionAttributeNames": {"#b": "openBucket", "#o": "openedAt", "#p": "priority", "#s": "subject"},
  "ExpressionAttributeValues": {":b": {"S": "OPEN"}, ":m": {"S": "2026-11"}, ":p": {"N": "2"}, ":spam": {"S": "[spam]"}},
  "ScanIndexForward": false
}
`

// BenchmarkCheckRequest measures linting one request file: reading it with
// positions and running every rule (the request rules, and the catalog when
// the request converts). It reports requests per second.
func BenchmarkCheckRequest(b *testing.B) {
	sch, err := schema.Load(filepath.Join("..", "examples", "tickets.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	src := []byte(benchRequest)
	b.Run("parse+check", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			f, err := request.Parse("bench.json", src)
			if err != nil {
				b.Fatal(err)
			}
			if fs := CheckRequest(f.Requests[0], sch, nil); len(fs) != 0 {
				b.Fatalf("findings: %v", fs)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
	})
	b.Run("check", func(b *testing.B) {
		f, err := request.Parse("bench.json", src)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			CheckRequest(f.Requests[0], sch, nil)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
	})
}

// FuzzCheckRequest checks that no request file makes CheckRequest panic,
// and that every finding points into the file.
func FuzzCheckRequest(f *testing.F) {
	f.Add([]byte(benchRequest))
	for _, a := range archives(f, "testdata/requests/*.txtar") {
		for _, x := range a.cases(requestCases.exts...) {
			f.Add(x.Data)
		}
	}
	// events.yaml: WorkspaceEvents has a TTL attribute (ttl-not-epoch-seconds).
	sch, err := schema.Load(filepath.Join("..", "examples", "tickets.yaml"), filepath.Join("..", "examples", "events.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := request.Parse("f.json", src)
		if err != nil {
			return
		}
		for _, r := range file.Requests {
			for _, fd := range CheckRequest(r, sch, nil) {
				if fd.Pos.File != "f.json" || fd.Pos.Offset < 0 || fd.Pos.Offset > len(src) || fd.Pos.Line < 1 {
					t.Fatalf("finding outside the file: %v (%s)", fd, fd.Pos)
				}
			}
		}
	})
}

// TestRequestsNotHeldToTheDSL: request JSON is sent as it is written, so
// what the DSL's builder cannot write of it (an update-item with only a
// Key, say) is never a lint finding there: dsl-cannot-write is for
// statements. (The end-to-end run found both emulators accepting such a
// request that lint had called an error.)
func TestRequestsNotHeldToTheDSL(t *testing.T) {
	sch, err := schema.Load(filepath.Join("..", "examples", "tickets.yaml"), filepath.Join("..", "examples", "events.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range archives(t, "testdata/requests/*.txtar") {
		for _, x := range a.cases(requestCases.exts...) {
			file, err := request.Parse(x.Name, x.Data)
			if err != nil {
				continue
			}
			for _, r := range file.Requests {
				for _, fd := range CheckRequest(r, sch, nil) {
					if fd.Rule == dslCannotWrite.Name {
						t.Errorf("%s: %s: %v", a.path, x.Name, fd)
					}
				}
			}
		}
	}
}

// BenchmarkCheckRequestTransaction100 lints a transact-write-items request
// of 100 members (the most DynamoDB takes), each an update with its own
// condition and placeholders: parse, every request rule on each member, the
// group statement and the catalog on it.
func BenchmarkCheckRequestTransaction100(b *testing.B) {
	sch, err := schema.Load(filepath.Join("..", "examples", "tickets.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	var sb strings.Builder
	sb.WriteString(`{"TransactItems": [`)
	for i := 0; i < 100; i++ {
		if i > 0 {
			sb.WriteString(",\n")
		}
		fmt.Fprintf(&sb, `{"Update": {"TableName": "Tickets", "Key": {"id": {"S": "t%d"}}, "UpdateExpression": "SET #s = :s REMOVE openBucket", `+
			`"ConditionExpression": "attribute_exists(id) AND #s <> :s", "ExpressionAttributeNames": {"#s": "status"}, `+
			`"ExpressionAttributeValues": {":s": {"S": "RESOLVED"}}}}`, i)
	}
	sb.WriteString(`], "ClientRequestToken": "bench-1"}`)
	src := []byte(sb.String())
	b.ReportAllocs()
	for b.Loop() {
		f, err := request.Parse("bench.json", src)
		if err != nil {
			b.Fatal(err)
		}
		if fs := CheckRequest(f.Requests[0], sch, nil); len(fs) > 0 {
			b.Fatalf("findings: %v", fs)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
}
