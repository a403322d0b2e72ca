package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestRequestRules runs validate/testdata/requests/<rule>.txtar, as
// TestRules runs testdata/rules: request files that must fire the rule
// (NAME.json or NAME.jsonl with the exact findings in NAME.findings) and
// near misses (a request file without a .findings file). Only the findings
// of the archive's rule are compared. Every request-only rule has an
// archive; so does every rule of the catalog, showing that it fires on a
// request file at the right place.
func TestRequestRules(t *testing.T) {
	files, err := filepath.Glob("testdata/requests/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	tested := map[string]bool{}
	for _, file := range files {
		rule := strings.TrimSuffix(filepath.Base(file), ".txtar")
		tested[rule] = true
		t.Run(rule, func(t *testing.T) {
			r := Lookup(rule)
			if r == nil {
				t.Fatalf("%s: no rule named %q in the catalog", file, rule)
			}
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sch := loadTestSchema(t, ar)
			contents := map[string]string{}
			for _, f := range ar.Files {
				contents[f.Name] = string(f.Data)
			}
			fired, clean := 0, 0
			for _, f := range ar.Files {
				ext := filepath.Ext(f.Name)
				if ext != ".json" && ext != ".jsonl" {
					continue
				}
				want, fires := contents[strings.TrimSuffix(f.Name, ext)+".findings"]
				got := requestFindingsOf(t, rule, f.Name, f.Data, sch)
				if fires {
					fired++
				} else {
					clean++
				}
				if diff := cmp.Diff(strings.TrimSpace(want), strings.TrimSpace(got)); diff != "" {
					t.Errorf("%s: %s findings (-want +got):\n%s\ngot:\n%s", file, f.Name, diff, got)
				}
			}
			if fired == 0 || clean == 0 {
				t.Errorf("%s: needs at least one case that fires (x.json + x.findings) and one near miss (y.json alone); has %d and %d", file, fired, clean)
			}
		})
	}
	for _, r := range All() {
		switch {
		case r.RequestOnly && !tested[r.Name]:
			t.Errorf("request rule %s has no testdata/requests/%s.txtar", r.Name, r.Name)
		case r.check != nil && !tested[r.Name]:
			t.Errorf("rule %s has no testdata/requests/%s.txtar showing it on a request file", r.Name, r.Name)
		}
	}
}

// requestFindingsOf parses a request file, checks every request in it and
// renders the findings of rule, one per line.
func requestFindingsOf(t *testing.T, rule, name string, src []byte, sch *schema.Schema) string {
	t.Helper()
	f, err := request.Parse(name, src)
	if err != nil {
		t.Fatalf("%s does not parse: %v", name, err)
	}
	var lines []string
	for _, r := range f.Requests {
		for _, fd := range CheckRequest(r, sch, nil) {
			if fd.Rule == rule {
				lines = append(lines, fd.String())
			}
		}
	}
	return strings.Join(lines, "\n")
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
		if got := requestFindingsOf(t, r.Name, "bad.json", []byte(r.Bad), sch); got == "" {
			t.Errorf("%s: its Bad example does not fire it: %s", r.Name, r.Bad)
		}
		if got := requestFindingsOf(t, r.Name, "good.json", []byte(r.Good), sch); got != "" {
			t.Errorf("%s: its Good example fires it:\n%s", r.Name, got)
		}
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
			continue // a case whose output is shell commands
		}
		files++
		f, err := request.Parse(p, src)
		if err == nil && builtForCLIv1(filepath.Dir(p)) {
			err = f.FromCLIv1()
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
	files, _ := filepath.Glob("testdata/requests/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, x := range ar.Files {
			if ext := filepath.Ext(x.Name); ext == ".json" || ext == ".jsonl" {
				f.Add(x.Data)
			}
		}
	}
	sch, err := schema.Load(filepath.Join("..", "examples", "tickets.yaml"))
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
