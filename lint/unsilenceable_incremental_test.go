package lint

import (
	"reflect"
	"testing"

	"github.com/dynexpr/dynexpr/validate"
)

// An ignore comment naming syntax-error before a statement that does not
// parse is reported by the editor's incremental lint as by lint itself.
func TestCacheReportsUnsilenceableIgnore(t *testing.T) {
	l := &Linter{Rules: &validate.Config{}}
	text := "# dynexpr:ignore syntax-error -- draft\nquery Tickets key id == \"a\";\nget Tickets key id = \"b\";\n"
	want := l.Text("q.dx", []byte(text), DSL)
	found := false
	for _, f := range want.Findings {
		found = found || f.Rule == "unused-ignore"
	}
	if !found {
		t.Fatalf("lint does not report the ignore comment: %s", show(want))
	}
	// Opened, then edited below the broken statement: the pieces are
	// linted again one by one.
	var c Cache
	for _, text := range []string{text, text + "get Tickets key id = \"c\";\n"} {
		want := l.Text("q.dx", []byte(text), DSL)
		if got := c.Lint(l, "q.dx", []byte(text), DSL); !reflect.DeepEqual(got, want) {
			t.Fatalf("the cache's lint of\n%s\nis\n%s\nnot\n%s", text, show(got), show(want))
		}
	}
}
