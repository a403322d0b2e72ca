package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/validate"
)

// TestRun lints files of every kind and checks that the results come back
// in the order of the files, each read as its kind says.
func TestRun(t *testing.T) {
	write := tempWriter(t)
	files := []Input{
		{Path: write("a.dx", "scan Tickets filter priority = 1 limit 10\n"), Kind: DSL},
		{Path: write("package.json", `{"name": "x"}`), Kind: MaybeRequest},
		{Path: write("r.json", `{"TableName": "Tickets", "Limit": 5}`), Kind: Request},
		{Path: write("bad.dx", "scan\n"), Kind: DSL},
		{Path: "-", Kind: ByContent},
		{Path: filepath.Join(t.TempDir(), "missing.dx"), Kind: DSL},
		// describe-table output mentions TableName, but not as a request's
		// own member: skipped when walked.
		{Path: write("table.json", `{"Table": {"TableName": "Tickets", "KeySchema": []}}`), Kind: MaybeRequest},
		{Path: write("walked.json", `{"TableName": "Tickets"}`), Kind: MaybeRequest},
		// A create-table input has TableName of its own, but is a schema.
		{Path: write("create.json", `{"TableName": "Tickets", "KeySchema": [], "AttributeDefinitions": []}`), Kind: MaybeRequest},
		{Path: write("fifo.dx", ""), Kind: DSL, Skip: "not a regular file (a named pipe)"},
	}
	stdinReads := 0
	l := &Linter{Rules: &validate.Config{}, ReadStdin: func() ([]byte, error) {
		stdinReads++
		return []byte(`{"TableName": "Tickets"}`), nil
	}}
	var got []Result
	if err := l.Run(files, func(r Result) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(files) {
		t.Fatalf("%d results for %d files", len(got), len(files))
	}
	want := []struct {
		name                            string
		statements, requests            int
		unreadable, skipped, anyFinding bool
	}{
		{files[0].Path, 1, 0, false, false, true},
		{files[1].Path, 0, 0, false, true, false},
		{files[2].Path, 0, 1, false, false, false},
		{files[3].Path, 1, 0, false, false, true}, // a statement read, with a syntax error
		{StdinName, 0, 1, false, false, false},
		{files[5].Path, 0, 0, true, false, true},
		{files[6].Path, 0, 0, false, true, false},
		{files[7].Path, 0, 1, false, false, false},
		{files[8].Path, 0, 0, false, true, false},
		{files[9].Path, 0, 0, false, true, false},
	}
	for i, w := range want {
		r := got[i]
		if r.Name != w.name || r.Statements != w.statements || r.Requests != w.requests || r.Unreadable != w.unreadable || r.Skipped != w.skipped || (len(r.Findings) > 0) != w.anyFinding {
			t.Errorf("result %d: %+v, want %+v", i, r, w)
		}
	}
	if stdinReads != 1 {
		t.Errorf("standard input read %d times, want once", stdinReads)
	}
	if f := got[5].Findings; len(f) != 1 || f[0].Rule != "unreadable-input" || !strings.HasPrefix(f[0].Message, "cannot read the file: ") {
		t.Errorf("missing file: %v", f)
	}
}

// TestGroupRequestFiles: request files of the four groups are linted when
// a folder is walked, with or without "command", and when named; a
// member's finding points inside the member (at the end of its
// expression, the closing quote).
func TestGroupRequestFiles(t *testing.T) {
	write := tempWriter(t)
	files := []Input{
		{Path: write("tw.json", `{"TransactItems": [{"Put": {"TableName": "Tickets", "Item": {"id": {"S": "a"}}, "ConditionExpression": "attribute_not_exists(id"}}]}`), Kind: MaybeRequest},
		{Path: write("tg.json", `{"command": "transact-get-items", "TransactItems": [{"Get": {"TableName": "Tickets", "Key": {"id": {"S": "a"}}}}]}`), Kind: MaybeRequest},
		{Path: write("bg.json", `{"RequestItems": {"Tickets": {"Keys": [{"id": {"S": "a"}}]}}}`), Kind: MaybeRequest},
		{Path: write("bw.json", `[{"RequestItems": {"Tickets": [{"PutRequest": {"Item": {"id": {"S": "a"}}}}]}}]`), Kind: Request},
	}
	l := &Linter{Rules: &validate.Config{}}
	var got []Result
	if err := l.Run(files, func(r Result) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	for i, r := range got {
		if r.Skipped || r.Requests != 1 {
			t.Errorf("%s: skipped %v (%s), %d requests", files[i].Path, r.Skipped, r.Why, r.Requests)
		}
		if (len(r.Findings) > 0) != (i == 0) {
			t.Errorf("%s: findings %v", files[i].Path, r.Findings)
		}
	}
	if f := got[0].Findings; len(f) != 1 || f[0].Rule != "syntax-error" || f[0].Pos.Line != 1 || f[0].Pos.Col != 128 {
		t.Errorf("the member's syntax error: %v", f)
	}
}

// tempWriter returns a function that writes a file of a test's own
// temporary folder and returns its path.
func tempWriter(t *testing.T) func(name, text string) string {
	dir := t.TempDir()
	return func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
}
