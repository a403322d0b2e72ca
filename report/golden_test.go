package report_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/clitest"
	"github.com/dynexpr/dynexpr/internal/goldenfile"
)

// The golden reports: the shop fixture (an unused index, an over-wide
// projection, a key-moving update, a scan behind a filter, and a request in
// code whose table is computed, which makes the unused index possibly
// unused) in every format, and the examples. go test ./report -update
// rewrites them; review with git diff.
func TestGoldenReports(t *testing.T) {
	for _, c := range []struct {
		name, dir string
		args      []string
		code      int
	}{
		// The whole repository: the code's computed table makes by-status
		// possibly unused.
		{"shop.txt", "testdata/shop", []string{"report"}, 0},
		{"shop.md", "testdata/shop", []string{"report", "--format", "markdown"}, 0},
		{"shop.json", "testdata/shop", []string{"report", "--format", "json"}, 0},
		{"shop.sarif", "testdata/shop", []string{"report", "--format", "sarif"}, 0},
		// Without the code, nothing may read by-status: unused.
		{"shop-queries.txt", "testdata/shop", []string{"report", "queries"}, 0},
		{"shop-fail-on-warning.txt", "testdata/shop", []string{"report", "--fail-on", "warning", "queries"}, 1},
		// The examples: the sparse-index exit of tickets.dx, the PartiQL
		// script, the local index no request reads.
		{"tickets.txt", "../examples", []string{"report", "--schema", "tickets.yaml", "tickets.dx", "tickets.partiql"}, 0},
		{"tickets.json", "../examples", []string{"report", "--format", "json", "--schema", "tickets.yaml", "tickets.dx"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := clitest.Run(t, c.dir, "", c.args...)
			if res.Code != c.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", res.Code, c.code, res.Stderr)
			}
			out := res.Stdout
			if strings.HasSuffix(c.name, ".sarif") {
				out = sarifResults(t, out)
			}
			goldenfile.Check(t, filepath.Join("testdata", "golden", c.name), out)
		})
	}
}

// sarifResults keeps of a SARIF log what the report says: its results,
// each with the rule its ruleIndex points at (the log lists the whole
// catalog too, whose pages change with every rule's documentation).
func sarifResults(t *testing.T, out string) string {
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string
						ShortDescription struct{ Text string }
					}
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Message   struct{ Text string }
				Locations []json.RawMessage
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("not a SARIF log of one run: %v\n%s", err, out)
	}
	run := log.Runs[0]
	var b strings.Builder
	for _, r := range run.Results {
		rules := run.Tool.Driver.Rules
		if r.RuleIndex < 0 || r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result of %s: ruleIndex %d is not its rule", r.RuleID, r.RuleIndex)
			continue
		}
		fmt.Fprintf(&b, "%s (%s: %s) %s\n  %s\n", r.RuleID, r.Level, rules[r.RuleIndex].ShortDescription.Text, r.Locations, r.Message.Text)
	}
	return b.String()
}
