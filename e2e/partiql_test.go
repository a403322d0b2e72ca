//go:build e2e

package e2e

// PartiQL on dynoxide (dynalite has no ExecuteStatement), through both AWS
// CLIs: `dynexpr build --output partiql` of a DSL statement and the DSL's
// own request return the same items; the requests the PartiQL rules flag
// at error level are refused with the message the rule quotes, or their
// emulator gap is recorded.

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// partiqlSeed are the items both forms read, put with the DSL.
var partiqlSeed = []string{
	`put Tickets item {id: "p1", subject: "printer", priority: 1, openBucket: "OPEN", openedAt: "2026-01-01"}`,
	`put Tickets item {id: "p2", subject: "vpn", priority: 2, openBucket: "OPEN", openedAt: "2026-01-02", tags: <<"net">>}`,
	`put Tickets item {id: "p3", subject: "mail", priority: 3, meta: {seen: [true, null]}}`,
}

// partiqlReads are DSL reads whose PartiQL form must return the same items.
var partiqlReads = []string{
	`get Tickets key id = "p1"`,
	`get Tickets key id = "p3" select subject, meta consistent`,
	`query Tickets key id = "p2" filter priority >= 2 and attribute_exists(tags)`,
	`query Tickets index open-tickets-index key openBucket = "OPEN" select subject, priority`,
	`query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt between "2026-01-01" and "2026-01-01"`,
	`scan Tickets filter priority in (1, 3) or contains(subject, "vpn")`,
	`scan Tickets filter not (attribute_not_exists(openBucket)) and begins_with(subject, "p")`,
}

func TestPartiQLAgreement(t *testing.T) {
	srv := Dynoxide(t)
	for _, cli := range CLIs(t) {
		t.Run(cli.Name, func(t *testing.T) {
			s := newScenario(t, srv, cli, "partiql", filepath.Join(repoRoot, "examples", "tickets.yaml"))
			schema := filepath.Join(repoRoot, "examples", "tickets.yaml")
			for i, st := range partiqlSeed {
				s.mustAccept(fmt.Sprintf("seed %d", i), buildStatement(t, "--schema", schema, st))
			}
			for _, st := range partiqlReads {
				dsl := s.mustAccept("dsl", buildStatement(t, "--schema", schema, st))
				pq := sendPartiQL(t, s, buildPartiQLOf(t, schema, st, s.names))
				want, got := itemsOf(t, dsl.Stdout), itemsOf(t, pq.Stdout)
				if want != got {
					t.Errorf("%s: the DSL request returns %s, its PartiQL %s", st, want, got)
				}
			}
			// A write in both forms, each on an item of its own, leaves
			// the same item (but for its key).
			for _, w := range []struct{ dsl, check, gap string }{
				{`put Tickets item {id: "KEY", subject: "new", priority: 5, notes: []} if attribute_not_exists(id)`, `get Tickets key id = "KEY"`, ""},
				{`update Tickets key id = "KEY" set priority = priority + 1, notes = list_append(notes, ["x"]) remove subject if attribute_exists(id)`, `get Tickets key id = "KEY"`, "quoted-identifier-operand"},
				{`update Tickets key id = "KEY" set priority = 6, notes = ["x"] remove subject if attribute_exists(id) and priority = 5`, `get Tickets key id = "KEY"`, ""},
				{`delete Tickets key id = "KEY" if priority = 6`, `get Tickets key id = "KEY"`, ""},
			} {
				for _, key := range []string{"wd", "wp"} {
					st := strings.ReplaceAll(w.dsl, "KEY", key)
					if key == "wd" {
						if w.gap == "" {
							s.mustAccept("dsl write", buildStatement(t, "--schema", schema, st))
						}
						continue
					}
					b := buildPartiQLOf(t, schema, st, s.names)
					if w.gap != "" {
						r := s.cli.Run(t, s.srv, b.Command, b.Input)
						if r.OK() {
							t.Errorf("%s: the recorded gap %s (%s) no longer reproduces", b.From, w.gap, partiqlGaps[w.gap].Note)
						}
						t.Logf("%s: gap %s: %s (%s)", b.From, w.gap, r.Outcome(), partiqlGaps[w.gap].Ref)
						continue
					}
					sendPartiQL(t, s, b)
				}
				if w.gap != "" {
					continue
				}
				a := itemsOf(t, s.mustAccept("read", buildStatement(t, "--schema", schema, strings.ReplaceAll(w.check, "KEY", "wd"))).Stdout)
				b := itemsOf(t, s.mustAccept("read", buildStatement(t, "--schema", schema, strings.ReplaceAll(w.check, "KEY", "wp"))).Stdout)
				if strings.ReplaceAll(a, `"wd"`, `"K"`) != strings.ReplaceAll(b, `"wp"`, `"K"`) {
					t.Errorf("%s: the DSL leaves %s, its PartiQL %s", w.dsl, a, b)
				}
			}
		})
	}
}

// sendPartiQL sends a PartiQL request, its tables already renamed, which
// DynamoDB accepts.
func sendPartiQL(t *testing.T, s *scenario, b BuiltStatement) Result {
	t.Helper()
	r := s.cli.Run(t, s.srv, b.Command, b.Input)
	t.Logf("%-13s %s | aws dynamodb %s on %s: %s", "partiql", b.From, b.Command, s.srv.Kind, short(r))
	if !r.OK() {
		t.Fatalf("%s: refused, DynamoDB accepts it\n%s", b.From, r)
	}
	return r
}

// buildPartiQLOf builds a DSL statement with --output partiql, its table
// renamed to the run's in the statement's text.
func buildPartiQLOf(t *testing.T, schema, st string, names map[string]string) BuiltStatement {
	t.Helper()
	r := Dynexpr(t, "", "build", "--schema", schema, "--output", "partiql", "--compact", st)
	if r.Exit != 0 {
		t.Fatalf("dynexpr build --output partiql %s: exit %d\n%s", st, r.Exit, r.Stderr)
	}
	in := renamePartiQL(t, []byte(r.Stdout), names)
	return BuiltStatement{Name: st, Command: "execute-statement", Input: in, From: "dynexpr build --output partiql '" + st + "'"}
}

// renamePartiQL renames the tables a PartiQL request's statements name:
// "Tickets", double-quoted as dynexpr writes them, and Tickets bare after
// FROM, INTO or UPDATE (the rule archives write both).
func renamePartiQL(t *testing.T, in []byte, names map[string]string) json.RawMessage {
	t.Helper()
	var req map[string]any
	if err := json.Unmarshal(in, &req); err != nil {
		t.Fatal(err)
	}
	rename := func(s string) string {
		for from, to := range names {
			s = strings.ReplaceAll(s, `"`+from+`"`, `"`+to+`"`)
			bare := regexp.MustCompile(`(?i)\b(FROM|INTO|UPDATE)(\s+)` + regexp.QuoteMeta(from) + `\b`)
			s = bare.ReplaceAllString(s, "${1}${2}"+to)
		}
		return s
	}
	if st, ok := req["Statement"].(string); ok {
		req["Statement"] = rename(st)
	}
	for _, k := range []string{"Statements", "TransactStatements"} {
		list, _ := req[k].([]any)
		for _, m := range list {
			m := m.(map[string]any)
			m["Statement"] = rename(m["Statement"].(string))
		}
	}
	out, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// itemsOf is the items of a response (Item or Items), each canonical JSON,
// sorted: the same items in any order compare equal.
func itemsOf(t *testing.T, stdout string) string {
	t.Helper()
	var r struct {
		Item  map[string]any
		Items []map[string]any
	}
	if strings.TrimSpace(stdout) == "" {
		return "[]" // get-item of no item prints nothing
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	items := r.Items
	if r.Item != nil {
		items = append(items, r.Item)
	}
	var out []string
	for _, it := range items {
		b, _ := json.Marshal(it) // maps marshal sorted
		out = append(out, string(b))
	}
	sort.Strings(out)
	return "[" + strings.Join(out, ",") + "]"
}

// partiqlRefusals are requests the PartiQL rules flag at error level, each
// with the message the rule quotes; gap names an emulator gap instead.
var partiqlRefusals = []struct {
	rule, command, input, message, gap string
}{
	{"partiql-key-incomplete", "execute-statement", `{"Statement": "DELETE FROM \"Tickets\" WHERE subject = 'x'"}`, "Where clause does not contain a mandatory equality on all key attributes", ""},
	{"partiql-key-incomplete", "execute-statement", `{"Statement": "INSERT INTO \"Tickets\" VALUE {'subject': 'x'}"}`, "One or more parameter values were invalid: Missing the key id in the item", ""},
	{"partiql-group-mixed", "execute-transaction", `{"TransactStatements": [{"Statement": "SELECT * FROM \"Tickets\" WHERE id = 'p1'"}, {"Statement": "DELETE FROM \"Tickets\" WHERE id = 'p9'"}]}`, "ExecuteTransaction API does not support both read and write operations in the same request.", ""},
	{"partiql-group-mixed", "batch-execute-statement", `{"Statements": [{"Statement": "SELECT * FROM \"Tickets\" WHERE id = 'p1'"}, {"Statement": "DELETE FROM \"Tickets\" WHERE id = 'p9'"}]}`, "Read and write requests together in the same batch is not supported.", ""},
	{"partiql-transaction-returning", "execute-transaction", `{"TransactStatements": [{"Statement": "DELETE FROM \"Tickets\" WHERE id = 'p9' RETURNING ALL OLD *"}]}`, "RETURNING clause is not supported in ExecuteTransaction.", ""},
	{"partiql-transaction-item-repeated", "execute-transaction", `{"TransactStatements": [{"Statement": "DELETE FROM \"Tickets\" WHERE id = 'p9'"}, {"Statement": "UPDATE \"Tickets\" SET a = 1 WHERE id = 'p9'"}]}`, "Transaction request cannot include multiple operations on one item", ""},
	{"partiql-parameter-count", "execute-statement", `{"Statement": "SELECT * FROM \"Tickets\" WHERE id = ?", "Parameters": [{"S": "p1"}, {"S": "p2"}]}`, "Number of parameters in request and statement don't match.", "parameter-count"},
}

func TestPartiQLRefusals(t *testing.T) {
	srv := Dynoxide(t)
	cli := AWSv2(t)
	s := newScenario(t, srv, cli, "partiql", filepath.Join(repoRoot, "examples", "tickets.yaml"))
	for _, c := range partiqlRefusals {
		r := cli.Run(t, srv, c.command, renamePartiQL(t, []byte(c.input), s.names))
		switch {
		case c.gap != "" && r.OK():
			t.Logf("%s: gap: %s (%s)", c.rule, partiqlGaps[c.gap].Note, partiqlGaps[c.gap].Ref)
		case c.gap != "":
			t.Errorf("%s: the recorded gap (%s) no longer reproduces: %s", c.rule, partiqlGaps[c.gap].Note, r.Outcome())
		case r.OK() && !strings.Contains(r.Stdout, c.message):
			t.Errorf("%s: accepted, DynamoDB refuses it with %q\n%s", c.rule, c.message, r)
		case !r.OK() && !strings.Contains(r.Message, c.message):
			t.Errorf("%s: refused with %q, want %q", c.rule, r.Outcome(), c.message)
		default:
			t.Logf("%s: refused as DynamoDB does: %s", c.rule, firstLine(r.Outcome()+r.Stdout))
		}
	}
}
