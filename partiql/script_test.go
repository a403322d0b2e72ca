package partiql

import (
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/schema"
)

// TestScriptResumes: a statement that does not parse is an error of its
// own; the script holds every other statement, each with its own name and
// ignore comments, and the broken statement's comments leave with it.
func TestScriptResumes(t *testing.T) {
	src := `-- name: first
SELECT * FROM "T" WHERE pk = 'a';
-- name: broken
-- dynexpr:ignore partiql-full-scan -- leaves with it
SELECT * FROM WHERE;
-- name: third
DELETE FROM "T" WHERE pk = 'b'; -- dynexpr:ignore partiql-key-incomplete -- why
UPDATE "T" SET a = 1 WHERE pk = 'c' LIMIT 2;
SELECT * FROM "T"`
	sc, err := ParseScript("s.partiql", src)
	if err == nil || sc == nil {
		t.Fatalf("got %v, %v; want the script and its errors", sc, err)
	}
	var got []string
	for _, e := range sc.Errors {
		got = append(got, e.Error())
	}
	want := []string{
		`s.partiql:5:15: error: "WHERE" is a keyword of PartiQL: a name spelled like it is written in double quotes, "WHERE"`,
		`s.partiql:8:37: error: DynamoDB's PartiQL has no LIMIT: the request's Limit member bounds the items read (aws dynamodb execute-statement --limit N), and NextToken pages on`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(sc.Statements) != 3 {
		t.Fatalf("%d statements, want 3", len(sc.Statements))
	}
	for i, w := range []struct {
		name, source string
		ignores      int
	}{
		{"first", `SELECT * FROM "T" WHERE pk = 'a'`, 0},
		{"third", `DELETE FROM "T" WHERE pk = 'b'`, 1},
		{"", `SELECT * FROM "T"`, 0},
	} {
		if sc.Names[i] != w.name || sc.Statements[i].Source != w.source || len(sc.Ignores[i]) != w.ignores {
			t.Errorf("statement %d: %q %q %d ignores; want %q %q %d", i, sc.Names[i], sc.Statements[i].Source, len(sc.Ignores[i]), w.name, w.source, w.ignores)
		}
	}
	if len(sc.Stray) != 0 {
		t.Errorf("stray ignores %v: the broken statement's ignore leaves with it", sc.Stray)
	}
}

// TestAccessOf: how DynamoDB runs a SELECT, by the Developer Guide's
// examples (PartiQL select statements for DynamoDB) and the key's shape.
func TestAccessOf(t *testing.T) {
	table := keyOf([]string{"OrderID"}, nil)
	composite := keyOf([]string{"pk"}, []string{"sk"})
	multi := keyOf([]string{"tenant", "region"}, []string{"at"})
	for _, c := range []struct {
		where string
		key   keyShape
		index bool
		want  Access
	}{
		{`OrderID = 100`, table, false, AccessGet},
		{`OrderID = 100 and Address='some address'`, table, false, AccessQuery},
		{`OrderID = 100 or OrderID = 200`, table, false, AccessQuery},
		{`OrderID IN [100, 300, 234]`, table, false, AccessQuery},
		{`OrderID > 1`, table, false, AccessScan},
		{`Address='some address'`, table, false, AccessScan},
		{`OrderID = 100 OR Address='some address'`, table, false, AccessScan},
		{`NOT OrderID = 100`, table, false, AccessScan},
		{`OrderID = 100`, table, true, AccessQuery},
		{`pk = 'a' AND sk = 'b'`, composite, false, AccessGet},
		{`pk = 'a' AND sk > 'b'`, composite, false, AccessQuery},
		{`sk = 'b'`, composite, false, AccessScan},
		{`tenant = 't' AND region IN ['eu', 'us']`, multi, true, AccessQuery},
		{`tenant = 't'`, multi, true, AccessScan},
		{`a = 1 AND (b = 2 OR b = 3)`, keyOf([]string{"b"}, nil), false, AccessQuery},
		// Without a key: a WHERE that fixes nothing scans whatever it is.
		{``, keyShape{}, false, AccessScan},
		{`"my-value" != ''`, keyShape{}, false, AccessScan},
		{`a = 1 OR b = 2`, keyShape{}, false, AccessScan},
		{`a = 1 OR a = 2`, keyShape{}, false, AccessUnknown},
		{`a IN [1, 2] AND b > 3`, keyShape{}, false, AccessUnknown},
	} {
		src := `SELECT * FROM "T"`
		if c.where != "" {
			src += " WHERE " + c.where
		}
		st, err := ParseStatement("<arg>", src)
		if err != nil {
			t.Fatal(err)
		}
		if got := AccessOf(st.Where, c.key.Key, c.index); got != c.want {
			t.Errorf("%s (index %v): %d, want %d", src, c.index, got, c.want)
		}
	}
}

type keyShape struct{ schema.Key }

func keyOf(partition, sort []string) keyShape {
	return keyShape{schema.Key{Partition: partition, Sort: sort}}
}
