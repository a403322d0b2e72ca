package format

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/google/go-cmp/cmp"
)

func TestFile(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"one statement, no separator",
			`scan   Tickets   FILTER priority=1`,
			"scan Tickets filter priority = 1\n"},
		{"clauses in the language's order, keywords lower case",
			`UPDATE Tickets IF attribute_exists(id) SET a = 1 KEY id = "x" RETURN new`,
			"update Tickets key id = \"x\" set a = 1 if attribute_exists(id) return new\n"},
		{"separators between statements only",
			"get T key id = 1;\nget T key id = 2;\n",
			"get T key id = 1;\nget T key id = 2\n"},
		{"comments before and after statements, blank lines kept once",
			"# head\n\n\n# about a\na: get T key id = 1 ;  # trailing\n\n# tail\n",
			"# head\n\n# about a\na: get T key id = 1  # trailing\n\n# tail\n"},
		{"a trailing comment on the last statement",
			"get T key id = 1  # why\n",
			"get T key id = 1  # why\n"},
		{"a comment inside a statement leaves it as written",
			"scan T\n  # only urgent\n  FILTER p = 1;\nget T key id=1",
			"scan T\n  # only urgent\n  FILTER p = 1;\nget T key id = 1\n"},
		{"a long statement: one clause per line",
			`query Tickets index open-tickets-index key openBucket = "OPEN" filter priority <= 2 select subject, priority, openedAt limit 10`,
			"query Tickets index open-tickets-index key openBucket = \"OPEN\"\n  filter priority <= 2\n  select subject, priority, openedAt\n  limit 10\n"},
		{"parameters stay parameters",
			`get T key id = $id`,
			"get T key id = $id\n"},
		{"a comment after the next statement on the same line is that one's",
			"a: get T key id = 1; b: get T key id = 2  # about b\n",
			"a: get T key id = 1;\nb: get T key id = 2  # about b\n"},
		{"the semicolon on a line of its own",
			"get T key id = 1\n;  # after\nget T key id = 2",
			"get T key id = 1;\n# after\nget T key id = 2\n"},
		{"CRLF line endings stay CRLF, in a statement left as written too",
			"# c\r\nget T key id = 1;\r\n\r\nscan T\r\n  # x\r\n  filter a = 1\r\n",
			"# c\r\nget T key id = 1;\r\n\r\nscan T\r\n  # x\r\n  filter a = 1\r\n"},
		{"CRLF files are laid out with CRLF",
			"get T key id=1;\r\nscan T filter a=1\r\n",
			"get T key id = 1;\r\nscan T filter a = 1\r\n"},
		{"the first line decides: a mixed file laid out with LF",
			"get T key id=1;\nscan T\r\n filter a=1\r\n",
			"get T key id = 1;\nscan T filter a = 1\n"},
		{"only comments", "# nothing yet\n", "# nothing yet\n"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := File("t.dx", tt.in)
			if err != nil {
				t.Fatalf("File: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			again, err := File("t.dx", got)
			if err != nil || again != got {
				t.Errorf("not idempotent: %v\n%s", err, again)
			}
		})
	}
}

func TestSyntaxError(t *testing.T) {
	_, err := File("t.dx", "scan T filter a =")
	if err == nil || !strings.Contains(err.Error(), "t.dx:1:") {
		t.Fatalf("want a positioned syntax error, got %v", err)
	}
}

// TestEveryExample formats every DSL file of the repository (examples,
// golden cases, docs): each must format without error, keep its statements
// (File checks that) and its comments, and format to itself a second time.
func TestEveryExample(t *testing.T) {
	var files []string
	for _, glob := range []string{"../examples/*.dx", "../golden/*/*/input.dx", "../bench/*.dx"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	formatted := 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := grammar.Parse(file, string(b)); err != nil {
			continue // the golden error cases
		}
		out, err := File(file, string(b))
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		formatted++
		if n, m := strings.Count(string(b), "#"), strings.Count(out, "#"); m < n {
			t.Errorf("%s: %d # in the source, %d after formatting", file, n, m)
		}
		again, err := File(file, out)
		if err != nil || again != out {
			t.Errorf("%s: formatting twice differs (%v):\n%s\n---\n%s", file, err, out, again)
		}
	}
	if formatted < 200 {
		t.Fatalf("formatted %d files; expected the examples and golden cases", formatted)
	}
	t.Logf("%d files formatted", formatted)
}

// FuzzFile: whatever parses formats without error (File verifies the
// statements it writes) and formats to itself a second time.
func FuzzFile(f *testing.F) {
	for _, s := range []string{
		"scan T filter a = 1",
		"# c\na: get T key id = 1; # t\nb: put T item {id: 1, x: [1, \"a\"]}",
		"update T key id = 1 set a = a + 1, b = if_not_exists(b, 0) remove c add d 1 delete e <<\"x\">> if not (a < 2 or b between 1 and 3)",
		"query T index I key p = \"x\" and s begins_with \"y\" select a, b[1].c desc limit 5 after {p: \"x\", s: \"y\"}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := grammar.Parse("f.dx", src); err != nil {
			return
		}
		out, err := File("f.dx", src)
		if err != nil {
			t.Fatalf("File(%q): %v", src, err)
		}
		again, err := File("f.dx", out)
		if err != nil || again != out {
			t.Fatalf("File(%q) = %q, formatted again %q (%v)", src, out, again, err)
		}
	})
}
