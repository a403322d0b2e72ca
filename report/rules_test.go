package report_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/clitest"
	"github.com/dynexpr/dynexpr/validate"
)

// The report's rules are the catalog's ReportOnly rules, documented there
// with a Bad and a Good example each: the Bad fires the rule on table
// Tickets of the examples' schema and the Good does not, through dynexpr
// report as a user runs it, so docs/rules cannot teach what the report
// contradicts.
func TestReportRuleExamples(t *testing.T) {
	rules := validate.ReportRules()
	if len(rules) != 6 {
		t.Fatalf("%d report rules in the catalog, want 6", len(rules))
	}
	for _, r := range rules {
		t.Run(r.Name, func(t *testing.T) {
			if got := exampleFindings(t, r.Bad, r.Name); got == 0 {
				t.Errorf("its Bad example does not fire it:\n%s", r.Bad)
			}
			if got := exampleFindings(t, r.Good, r.Name); got != 0 {
				t.Errorf("its Good example fires it:\n%s", r.Good)
			}
		})
	}
}

// exampleFindings runs dynexpr report on src (JavaScript when it starts
// with a // comment, else the DSL) with the examples' schema, and counts
// the findings of rule on table Tickets.
func exampleFindings(t *testing.T, src, rule string) int {
	t.Helper()
	dir := t.TempDir()
	name := "example.dx"
	if strings.HasPrefix(src, "//") {
		name = "example.js"
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(src+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sch, err := filepath.Abs(filepath.Join("..", "examples", "tickets.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	res := clitest.Run(t, dir, "", "report", "--format", "json", "--schema", sch, name)
	if res.Code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", res.Code, res.Stderr)
	}
	var out struct {
		Findings []struct{ Rule, Table string }
	}
	if err := json.Unmarshal([]byte(res.Stdout), &out); err != nil {
		t.Fatalf("%v:\n%s", err, res.Stdout)
	}
	n := 0
	for _, f := range out.Findings {
		if f.Rule == rule && f.Table == "Tickets" {
			n++
		}
	}
	return n
}
