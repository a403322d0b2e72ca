package lint

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

// cacheSchema is the examples' support desk.
const cacheSchema = "../examples/tickets.yaml"

// cacheStatements are what the random files are made of: statements with
// findings whose messages name a second place ("first at 1:19"), groups,
// a misspelt table, a $parameter table, strings holding ";", labels, and
// ignore comments that silence, are stale, stray, or lack a reason.
var cacheStatements = []string{
	`query Tickets key id = "a" and id = "b"`,
	`update Tickets key id = "x" set a = 1, a = 2`,
	`scan Tickets filter priority = 1 limit 10`,
	`scan Tikets`,
	"transact write {\n  put Tickets item {id: \"a\"};\n  update Tickets key id = \"a\" set priority = 1;\n}",
	`scan Tickets filter subject = 'a;b' limit 3`,
	`query $t key id = "a"`,
	`update Tickets key id = "x" set openBucket = ""`,
	`q1: query Tickets index open-tickets-index key openBucket = "OPEN" select id, subject`,
	`get Tickets key id = "#not a comment;"`,
	"# dynexpr:ignore limit-with-filter -- the dashboard pages on\nscan Tickets filter priority = 2 limit 5",
	"# dynexpr:ignore unknown-table\nscan Tickets",
	"# dynexpr:ignore limit-with-filter -- stray\n\nscan Tickets limit 5",
	"scan Tickets filter priority = 3 limit 2\n# dynexpr:ignore limit-with-filter -- after it, before its \";\"\n",
	"# dynexpr:ignore unknown-table -- a statement of no text follows\n",
	"transact write {\n  # dynexpr:ignore update-path-overlap -- a member's\n  update Tickets key id = \"a\" set b = 1, b = 2;\n  put Tickets item {id: \"b\"};\n}",
}

// cacheEdits are what a random edit inserts at a random place: whole
// statements, line ends (moving everything after), and the characters
// that make a statement half-written.
var cacheEdits = []string{"\n", "\r\n", ";", ";\n", " ", "x", "1", "\"", "'", "{", "}", "#", "# dynexpr:ignore limit-with-filter -- ok\n"}

// TestCacheEqualsText: after each of a random sequence of edits, the
// incremental lint of a text is what a fresh lint of the text finds.
func TestCacheEqualsText(t *testing.T) {
	sch, err := schema.Load(cacheSchema)
	if err != nil {
		t.Fatal(err)
	}
	l := &Linter{Schema: sch, Rules: &validate.Config{}}
	for seed := int64(1); seed <= 200; seed++ {
		rnd := rand.New(rand.NewSource(seed))
		var b strings.Builder
		for i := rnd.Intn(12); i >= 0; i-- {
			b.WriteString(cacheStatements[rnd.Intn(len(cacheStatements))])
			b.WriteString([]string{";\n", "; ", ";\n\n", ";\r\n", ";\n;\n"}[rnd.Intn(5)])
		}
		text := b.String()
		if seed%10 == 0 {
			text = grammar.ByteOrderMark + text
		}
		// One lints each new piece alone, one the whole file when a
		// piece is new but the first (at its place for free).
		var pieceByPiece, whole Cache
		whole.wholeAt = 1
		for step := 0; step < 40; step++ {
			want := l.Text("q.dx", []byte(text), DSL)
			for _, c := range []*Cache{&pieceByPiece, &whole} {
				if got := c.Lint(l, "q.dx", []byte(text), DSL); !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d, step %d, whole at %d: the cache's lint of\n%q\nis\n%s\nnot\n%s", seed, step, c.wholeAt, text, show(got), show(want))
				}
			}
			text = edit(rnd, text)
		}
	}
}

// edit is text with a random insertion, or a random deletion.
func edit(rnd *rand.Rand, text string) string {
	at := 0
	if len(text) > 0 {
		at = rnd.Intn(len(text) + 1)
	}
	switch rnd.Intn(4) {
	case 0: // a whole statement, at a statement's start
		if i := strings.LastIndex(text[:at], ";"); i >= 0 {
			at = i + 1
		} else {
			at = 0
		}
		return text[:at] + "\n" + cacheStatements[rnd.Intn(len(cacheStatements))] + ";" + text[at:]
	case 1: // delete a few bytes
		to := min(len(text), at+1+rnd.Intn(8))
		return text[:at] + text[to:]
	}
	return text[:at] + cacheEdits[rnd.Intn(len(cacheEdits))] + text[at:]
}

func show(r Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d statements, %d unbound\n", r.Statements, r.UnboundNames)
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "  %v-%v %s %s %v\n", f.Pos, f.End, f.Rule, f.Message, f.Fix)
	}
	return b.String()
}

// TestCacheChecksOnlyWhatChanged: an edit of one statement of a file
// re-checks that statement alone, and moving the statements after it by
// a line re-checks only those whose messages name a line.
func TestCacheChecksOnlyWhatChanged(t *testing.T) {
	sch, err := schema.Load(cacheSchema)
	if err != nil {
		t.Fatal(err)
	}
	l := &Linter{Schema: sch, Rules: &validate.Config{}}
	var b strings.Builder
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&b, "get Tickets key id = \"t%d\";\n", i)
	}
	b.WriteString("query Tickets key id = \"a\" and id = \"b\";\n") // "first at 51:19"
	text := b.String()
	var c Cache
	c.Lint(l, "q.dx", []byte(text), DSL)
	checked := func(text string) int {
		c.Lint(l, "q.dx", []byte(text), DSL)
		return c.checked
	}
	text = strings.Replace(text, `"t7"`, `"t77"`, 1)
	if n := checked(text); n != 1 {
		t.Errorf("an edit of one statement checked %d texts, want 1", n)
	}
	text = "\n" + text
	if n := checked(text); n != 2 {
		// The first span gains the line end; the query names its line.
		t.Errorf("a line added at the top checked %d texts, want 2", n)
	}
	// An ignore comment ties its statement to those next to it, and no more.
	text = strings.Replace(text, `"t3";`, `"t3"; # dynexpr:ignore unknown-table -- stale`, 1)
	if n := checked(text); n != 1 {
		t.Errorf("an ignore comment added checked %d texts, want 1", n)
	}
	if n := checked(strings.Replace(text, `"t40"`, `"t400"`, 1)); n != 1 {
		t.Errorf("an edit away from an ignore comment checked %d texts, want 1", n)
	}
}
