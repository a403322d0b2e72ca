//go:build realcode

package report_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dynexpr/dynexpr/internal/clitest"
	"gopkg.in/yaml.v3"
)

// realKey is a real application's answer key (testdata/real/*/key.yaml),
// read by hand from its files: per table, the reads and writes at the
// call's file:line, and the indexes no request reads.
type realKey struct {
	Code   string
	Tables map[string]struct {
		Reads, Writes []keyedRequest
		Unused        []string `yaml:"unused_indexes"`
	}
}

// keyedRequest is one request of a key; Pending says why the report does
// not see it yet: env (its table comes from the environment: listed as
// unresolved), unread (no request dynexpr reads is there).
type keyedRequest struct {
	At, Op, Pending string
}

type realReport struct {
	Tables []struct {
		Table         string
		Reads, Writes []struct {
			File string
			Line int
			Op   string
		}
	}
	Unresolved []struct {
		File string
		Line int
		Op   string
	}
	Findings []struct{ Rule, Table, Index, File string }
}

// The applications' files are public repositories' code, not ours: only
// their keys are committed (testdata/real/SOURCES.md says where each file
// comes from); the build tag keeps the test out of `go test ./...`, and
// `go test -tags realcode ./report` runs it where the files are.
//
// TestRealApplications holds dynexpr report, run on each real application
// as a user runs it (its template as the schema, its handlers as code), to
// its answer key: every keyed request found at its place (or, when
// pending, where the report can put it today), nothing found that the key
// does not hold, and the unused indexes and only those. What the report
// cannot see yet is counted in the log.
func TestRealApplications(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "real", "*", "key.yaml"))
	if err != nil || len(dirs) < 5 {
		t.Fatalf("%d answer keys, want at least 5 (%v)", len(dirs), err)
	}
	counts := map[string]int{}
	for _, keyPath := range dirs {
		dir := filepath.Dir(keyPath)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			data, err := os.ReadFile(keyPath)
			if err != nil {
				t.Fatal(err)
			}
			var key realKey
			if err := yaml.Unmarshal(data, &key); err != nil {
				t.Fatal(err)
			}
			templates, _ := filepath.Glob(filepath.Join(dir, "template.y*ml"))
			if len(templates) != 1 {
				t.Fatalf("templates %v", templates)
			}
			res := clitest.Run(t, dir, "", "report", "--format", "json", "--schema", filepath.Base(templates[0]), "--code", key.Code, ".")
			if res.Code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", res.Code, res.Stderr)
			}
			var rep realReport
			if err := json.Unmarshal([]byte(res.Stdout), &rep); err != nil {
				t.Fatalf("%v:\n%s", err, res.Stdout)
			}
			found := map[string]string{} // file:line -> table/op, as the report has them
			for _, tb := range rep.Tables {
				for _, r := range append(slices.Clone(tb.Reads), tb.Writes...) {
					found[fmt.Sprintf("%s:%d", r.File, r.Line)] = tb.Table + "/" + r.Op
				}
			}
			unresolved := map[string]string{}
			for _, u := range rep.Unresolved {
				unresolved[fmt.Sprintf("%s:%d", u.File, u.Line)] = u.Op
			}
			keyed := map[string]bool{}
			unused := map[string]bool{}
			for table, tk := range key.Tables {
				for _, ix := range tk.Unused {
					unused[table+"/"+ix] = true
				}
				for _, q := range append(slices.Clone(tk.Reads), tk.Writes...) {
					keyed[q.At] = true
					got, ok := found[q.At]
					switch {
					case ok && got == table+"/"+q.Op:
						if q.Pending != "" {
							t.Logf("%s: %s on %s is read now: the key's pending %s can go", q.At, q.Op, table, q.Pending)
						}
						counts["found"]++
					case ok:
						t.Errorf("%s: the report has %s, the key %s/%s", q.At, got, table, q.Op)
					case q.Pending == "env" && unresolved[q.At] == q.Op:
						counts["unresolved (env)"]++
					case q.Pending == "unread" && unresolved[q.At] == "":
						counts["not read (unread)"]++
					case q.Pending == "":
						t.Errorf("%s: %s on %s is not in the report", q.At, q.Op, table)
					default:
						t.Errorf("%s: %s on %s, pending %s, is neither found nor where pending puts it (unresolved: %q)", q.At, q.Op, table, q.Pending, unresolved[q.At])
					}
				}
			}
			for at, what := range found {
				if !keyed[at] {
					t.Errorf("%s: the report has %s, which the key has not", at, what)
				}
			}
			for at, op := range unresolved {
				if !keyed[at] {
					t.Errorf("%s: the report lists an unresolved %s, which the key has not", at, op)
				}
			}
			flagged := map[string]bool{}
			for _, f := range rep.Findings {
				switch f.Rule {
				case "unused-index", "possibly-unused-index":
					flagged[f.Table+"/"+f.Index] = true
					if !unused[f.Table+"/"+f.Index] {
						t.Errorf("%s: %s of %s, which the key reads", f.Rule, f.Index, f.Table)
					}
				default:
					t.Errorf("%s: %s on %s, which the key has not", f.File, f.Rule, f.Table)
				}
			}
			for ix := range unused {
				if !flagged[ix] {
					t.Errorf("the key's unused index %s is not reported", ix)
				}
			}
		})
	}
	t.Logf("real applications: %d keyed requests found; %d unresolved for their environment variable; %d not read by dynexpr yet",
		counts["found"], counts["unresolved (env)"], counts["not read (unread)"])
}
