package grammar

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

func TestParseEachGivesParsedStatements(t *testing.T) {
	src := "a: get T key id = 1;\n# a comment\nscan T filter x = 2 limit 3;\ntransact write { put T item {id: 1}; delete T key id = 2 };\n"
	f, err := Parse("q.dx", src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	if err := ParseEach("q.dx", src, func(st *Statement) error {
		got = append(got, Format(st))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(f.Statements) {
		t.Fatalf("ParseEach gave %d statements, Parse %d", len(got), len(f.Statements))
	}
	for i, st := range f.Statements {
		if got[i] != Format(st) {
			t.Errorf("statement %d: ParseEach %q, Parse %q", i, got[i], Format(st))
		}
	}
}

func TestParseEachErrors(t *testing.T) {
	// A syntax error after good statements is the error, alone.
	n := 0
	err := ParseEach("q.dx", "get T key id = 1; get T key id = 2; get T key", func(*Statement) error { n++; return nil })
	if err == nil || !strings.Contains(err.Error(), "q.dx:1:") {
		t.Errorf("syntax error: %v", err)
	}
	// A statement that does not resolve is not given, and fn sees none
	// after it.
	n = 0
	err = ParseEach("q.dx", "get T key id = 1; scan T key id = 1; get T key id = 3", func(*Statement) error { n++; return nil })
	if err == nil || n != 1 {
		t.Errorf("resolve error: %v, fn saw %d statements, want 1", err, n)
	}
	// fn's error stops the parse.
	stop := errors.New("stop")
	n = 0
	err = ParseEach("q.dx", "get T key id = 1; get T key id = 2; get T key id = 3", func(*Statement) error {
		if n++; n == 2 {
			return stop
		}
		return nil
	})
	if err != stop || n != 2 {
		t.Errorf("fn's error: %v after %d statements, want stop after 2", err, n)
	}
}

// TestParseEachKeepsNoTree checks that the trees ParseEach hands over are
// not kept alive by the parse: the live heap stays the same from the
// 2,000th statement to the 20,000th. Slab chunks shared between statements
// once chained each statement to those before it (2 KB a statement).
func TestParseEachKeepsNoTree(t *testing.T) {
	var b strings.Builder
	for i := range 20_000 {
		fmt.Fprintf(&b, "s%d: update T key id = \"t%d\" set a = {x: [1, 2, {y: \"z\"}]}, b = b + 1 if attribute_exists(a) and (c < 3 or not d = 4);\n", i, i)
	}
	live := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var at2k, at20k uint64
	n := 0
	if err := ParseEach("q.dx", b.String(), func(*Statement) error {
		switch n++; n {
		case 2_000:
			at2k = live()
		case 20_000:
			at20k = live()
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if grown := int64(at20k) - int64(at2k); grown > 16<<20 { // kept, they take 120 MB
		t.Errorf("the live heap grew by %d bytes over 18,000 statements (%d a statement): ParseEach keeps their trees", grown, grown/18_000)
	}
}
