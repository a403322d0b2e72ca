//go:build e2e

package e2e

// TestPartiQLRuleArchives: every statement and request of every PartiQL
// rule archive (validate/testdata/partiql/*.txtar), built with dynexpr and
// sent with the AWS CLI to dynoxide, the one server here with PartiQL.

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// partiqlRow is the agreement row of a PartiQL rule archive's case: its
// own, apart from the DSL rows of the same rule (sparse-key-blanked,
// unknown-table, ... run on both languages).
func partiqlRow(rule string) string { return "partiql:" + rule }

// TestPartiQLRuleArchives sends every case of every PartiQL rule archive to
// dynoxide with AWS CLI v2, and the first case of each file with v1 too
// (v1 is slower; one case a file shows it sends the same requests): one
// with an error finding must be refused with the message the finding
// quotes, one without must be accepted. A difference that no gap of
// partiqlGaps covers fails the test. An archive's seed.partiql (a near
// miss of its own: INSERTs DynamoDB accepts) is run before each other case,
// on the emptied tables: the items an UPDATE of the archive changes, which
// PartiQL's UPDATE needs to exist (on a missing item it fails its implied
// condition before it looks at the values it would write).
func TestPartiQLRuleArchives(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repoRoot, "validate", "testdata", "partiql", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no PartiQL rule archives under validate/testdata/partiql")
	}
	srv := Dynoxide(t)
	clis := CLIs(t)
	var archives []archiveFile
	for _, f := range files {
		archives = append(archives, archiveFile{f, "partiql/" + strings.TrimSuffix(filepath.Base(f), ".txtar")})
	}
	jobs, n := buildArchives(t, archives, func(t *testing.T, _ archiveFile, a *ruleArchive) []*ruleCase {
		return preparePartiQLCases(t, a)
	})
	if t.Failed() {
		return
	}
	t.Logf("%d PartiQL statements and requests in %d archives, sent to %s", n, len(jobs), srv.Kind)
	t.Run("send", func(t *testing.T) {
		for _, j := range jobs {
			for _, cli := range clis {
				j, cli := j, cli
				seeds := seedCases(j.cases)
				cases := j.cases
				if cli != clis[0] {
					cases = firstOfEachFile(cases)
				}
				t.Run(j.a.ID+"/"+cli.Name, func(t *testing.T) {
					t.Parallel()
					sendPartiQLArchive(t, cli, srv, cases, seeds, j.docs)
				})
			}
		}
	})
}

// firstOfEachFile is v1's share: the first case of each file of an archive
// (a file fires its rule, or is a near miss, throughout).
func firstOfEachFile(cases []*ruleCase) []*ruleCase {
	var out []*ruleCase
	seen := map[string]bool{}
	for _, c := range cases {
		file, _, _ := strings.Cut(c.Name, ":")
		if !seen[file] {
			seen[file] = true
			out = append(out, c)
		}
	}
	return out
}

// preparePartiQLCases lints every file of a PartiQL archive and splits it
// into requests: a .partiql script as `dynexpr build --no-lint` cuts it
// (each statement an execute-statement; the whole file one batch or
// transaction under its -- dynexpr:batch / -- dynexpr:transaction marker),
// a .json file as it is.
func preparePartiQLCases(t *testing.T, a *ruleArchive) []*ruleCase {
	t.Helper()
	var cases []*ruleCase
	for _, f := range a.Files {
		findings := lintFile(t, a, f.Name)
		var fileCases []*ruleCase
		if strings.HasSuffix(f.Name, ".partiql") {
			fileCases = buildPartiQLFile(t, a, f, findings)
		} else {
			fileCases = requestCases(a, f, findings)
		}
		for _, c := range fileCases {
			c.Want = ExpectFromFindings(c.Findings)
			c.Row = partiqlRow(rowOf(a.Rule, c.Findings))
		}
		cases = append(cases, fileCases...)
	}
	return cases
}

// buildPartiQLFile builds a .partiql file with `dynexpr build --no-lint
// --output jsonl`: one line a request, named FILE:LINE of its first
// statement (of its marker, for a group). A finding belongs to the request
// from whose line it is on up to the next request's.
func buildPartiQLFile(t *testing.T, a *ruleArchive, f ruleFile, findings []LintFinding) []*ruleCase {
	t.Helper()
	args := append([]string{"build", "--no-lint"}, schemaArgs(a.Schemas)...)
	args = append(args, "--output", "jsonl", "-f", f.Name)
	r := Dynexpr(t, a.Dir, args...)
	switch r.Exit {
	case 0:
	case 2:
		return []*ruleCase{{Name: fmt.Sprintf("%s/%s:1", a.ID, f.Name), Text: strings.TrimSpace(f.Src), Findings: findings,
			BuildErr: "dynexpr build exit 2: " + strings.TrimSpace(r.Stderr)}}
	default:
		t.Fatalf("%s/%s: dynexpr %s: exit %d\n%s", a.ID, f.Name, strings.Join(args, " "), r.Exit, r.Stderr)
	}
	var built []BuiltStatement
	var lines []int
	for _, l := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
		var b BuiltStatement
		if err := json.Unmarshal([]byte(l), &b); err != nil {
			t.Fatalf("%s/%s: dynexpr build --output jsonl: %v\n%s", a.ID, f.Name, err, l)
		}
		file, line, ok := strings.Cut(b.Name, ":")
		n, err := strconv.Atoi(line)
		if !ok || file != f.Name || err != nil {
			t.Fatalf("%s/%s: dynexpr build names a request %q, want %s:LINE", a.ID, f.Name, b.Name, f.Name)
		}
		built = append(built, b)
		lines = append(lines, n)
	}
	var cases []*ruleCase
	for i, b := range built {
		first, last := lines[i], 0
		if i == 0 {
			first = 1
		}
		if i+1 < len(built) {
			last = lines[i+1] - 1
		}
		cases = append(cases, &ruleCase{
			Name:     a.ID + "/" + b.Name,
			Text:     statementsOf(b.Input),
			Findings: findingsIn(findings, first, last),
			Command:  b.Command,
			Input:    b.Input,
		})
	}
	return cases
}

// statementsOf is a PartiQL request's statements, one a line, for messages.
func statementsOf(in json.RawMessage) string {
	var req struct {
		Statement                      string
		Statements, TransactStatements []struct{ Statement string }
	}
	_ = json.Unmarshal(in, &req)
	out := []string{}
	if req.Statement != "" {
		out = append(out, req.Statement)
	}
	for _, s := range append(req.Statements, req.TransactStatements...) {
		out = append(out, s.Statement)
	}
	return strings.Join(out, "\n")
}

// seedFile is the archive file whose statements run before each other case.
const seedFile = "seed.partiql"

// seedCases are the requests of an archive's seed.partiql.
func seedCases(cases []*ruleCase) []*ruleCase {
	var out []*ruleCase
	for _, c := range cases {
		if isSeed(c) {
			out = append(out, c)
		}
	}
	return out
}

func isSeed(c *ruleCase) bool { return strings.Contains(c.Name, "/"+seedFile+":") }

// sendPartiQLArchive creates the archive's tables, renamed, and sends each
// case on emptied tables, seeded first (but for the seeds themselves).
func sendPartiQLArchive(t *testing.T, cli *CLI, srv *Server, cases, seeds []*ruleCase, docs []json.RawMessage) {
	suffix := uniqueSuffix()
	names, refused := createTablesTolerant(t, cli, srv, docs, suffix)
	for tbl, why := range refused {
		t.Logf("%s: create-table %s refused: %s", srv.Kind, tbl, why)
	}
	keys := tableKeys(docs)
	for i, c := range cases {
		if c.Command == "" {
			Agreement.NotSendable(t, c.Row, c.Name, srv.Kind, c.Want, c.BuildErr)
			continue
		}
		in := freshToken(srv, renamePartiQL(t, c.Input, names), fmt.Sprintf("%s-%d", suffix, i))
		if i > 0 {
			clearTables(t, srv, names, keys, refused)
		}
		if !isSeed(c) {
			for _, s := range seeds {
				if r := cli.Run(t, srv, s.Command, renamePartiQL(t, s.Input, names)); r.Code != "" {
					t.Fatalf("%s: seeding %s: %s", c.Name, s.Name, r.Outcome())
				}
			}
		}
		r := cli.Run(t, srv, c.Command, json.RawMessage(in))
		readReasons(srv, &r)
		if r.ClientSide() && !c.Want.Accept {
			Agreement.NotSendable(t, c.Row, c.Name, srv.Kind, c.Want, "the AWS CLI refuses it before sending: "+firstLine(r.Message))
			continue
		}
		v := Agreement.Check(t, c.Row, c.Name, r, c.Want)
		t.Logf("%s aws %s: %s: %s", c.Name, cli.Name, v, r.Outcome())
		if v == Disagreement {
			t.Errorf("%s: statements:\n%s\nfindings:\n%s\nrequest: aws dynamodb %s --cli-input-json '%s'\n%s answered: %s\nexpected: DynamoDB %s",
				c.Name, c.Text, findingsText(c.Findings), c.Command, in, srv.Kind, r.Outcome(), c.Want)
		}
	}
}
