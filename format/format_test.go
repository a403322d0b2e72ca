package format

import (
	"fmt"
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
		{"lone-CR line endings stay CR, in a statement left as written too",
			"# c\rget T key id = 1;\r\rscan T\r  # x\r  filter a = 1\r",
			"# c\rget T key id = 1;\r\rscan T\r  # x\r  filter a = 1\r"},
		{"CR files are laid out with CR, a comment ending at a CR",
			"get T key id=1;  # one\rscan T filter a=1\r",
			"get T key id = 1;  # one\rscan T filter a = 1\r"},
		{"the first line decides: a mixed file laid out with LF",
			"get T key id=1;\nscan T\r\n filter a=1\r\n",
			"get T key id = 1;\nscan T filter a = 1\n"},
		{"a group: one member a line, indented",
			"TRANSACT WRITE TOKEN \"t-1\" { PUT Users ITEM {pk: \"a\"} IF attribute_not_exists(pk); DELETE Users KEY pk=\"b\" }",
			"transact write token \"t-1\" {\n  put Users item {pk: \"a\"} if attribute_not_exists(pk);\n  delete Users key pk = \"b\"\n}\n"},
		{"a group's comments between members stay with them",
			"# before\nr: transact write {  # head\n  # about a\n  put Users item {pk: \"a\"};  # end of a\n\n\n  # about b\n  delete Users key pk = \"b\"\n  # closing\n};  # after\nbatch get { get Users key pk = \"x\"\n  # about y\n  ; get Users key pk = \"y\" }\n",
			"# before\nr: transact write {  # head\n  # about a\n  put Users item {pk: \"a\"};  # end of a\n\n  # about b\n  delete Users key pk = \"b\"\n  # closing\n};  # after\nbatch get {\n  get Users key pk = \"x\";\n  # about y\n  get Users key pk = \"y\"\n}\n"},
		{"a comment on a member's last line after its semicolon, a long member",
			"batch write {\n  put Users item {pk: \"USER#0001\", email: \"someone@example.com\", name: \"Some One\", plan: \"pro\"}\n  ;  # the first\n  delete Users key pk = \"USER#9\" }",
			"batch write {\n  put Users item {\n    pk: \"USER#0001\", email: \"someone@example.com\", name: \"Some One\", plan: \"pro\"\n  };\n  # the first\n  delete Users key pk = \"USER#9\"\n}\n"},
		{"a comment inside a member leaves the group as written",
			"transact write { put Users item {pk: \"a\"}\n  # why\n  IF attribute_not_exists(pk); delete Users key pk = \"b\" }",
			"transact write { put Users item {pk: \"a\"}\n  # why\n  IF attribute_not_exists(pk); delete Users key pk = \"b\" }\n"},
		{"a comment inside a group's head leaves it as written",
			"transact write  # why\n  token \"t\" { delete Users key pk = \"b\" }",
			"transact write  # why\n  token \"t\" { delete Users key pk = \"b\" }\n"},
		{"only comments", "# nothing yet\n", "# nothing yet\n"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := File("t.dx", tt.in)
			if err != nil {
				t.Fatalf("File: %v", err)
			}
			keepsComments(t, "t.dx", tt.in, got)
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
		keepsComments(t, file, string(b), out)
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
		"r: transact write token \"t\" {  # h\n  # a\n  put T item {id: 1} if attribute_not_exists(id);  # t\n\n  check T key id = 2 if attribute_exists(id)\n  # z\n};  # after\nbatch get { get T key id = 1 select a; get T key id = 2 select a }",
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
		keepsComments(t, "f.dx", src, out)
		again, err := File("f.dx", out)
		if err != nil || again != out {
			t.Fatalf("File(%q) = %q, formatted again %q (%v)", src, out, again, err)
		}
	})
}

// keepsComments fails the test unless out holds the comments of src, in
// order: what File checks, checked again from outside.
func keepsComments(t *testing.T, name, src, out string) {
	t.Helper()
	want, _, err := grammar.Trivia(name, src)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := grammar.Trivia(name, out)
	if err != nil {
		t.Fatalf("%s: the output does not lex: %v\n%s", name, err, out)
	}
	var w, g []string
	for _, c := range want {
		w = append(w, c.Text)
	}
	for _, c := range got {
		g = append(g, c.Text)
	}
	if diff := cmp.Diff(w, g); diff != "" {
		t.Errorf("%s: comments differ after formatting (-source +output):\n%s\n%s", name, diff, out)
	}
}

// TestGroupCommentsAnywhere puts a comment at every place of a group where
// a line may break (each blank between two tokens), one at a time: File
// must format every variant, keep the comment, and format its own output to
// itself.
func TestGroupCommentsAnywhere(t *testing.T) {
	src := `r: transact write token "t-1" { put Users item {pk: "a", n: [1, 2]} if attribute_not_exists(pk) ; ` +
		`update Accounts key id = "x" set b = b - 1 if b >= 1 ; check Accounts key id = "y" if attribute_exists(id) } ; ` +
		`batch get { get Users key pk = "a" select email ; get Users key pk = "b" select email }`
	variants := 0
	for i := 0; i < len(src); i++ {
		if src[i] != ' ' {
			continue
		}
		in := src[:i] + "  # c\n" + src[i+1:]
		if _, err := grammar.Parse("t.dx", in); err != nil {
			t.Fatalf("variant %d does not parse: %v\n%s", i, err, in)
		}
		out, err := File("t.dx", in)
		if err != nil {
			t.Errorf("File:\n%s\n%v", in, err)
			continue
		}
		variants++
		keepsComments(t, "t.dx", in, out)
		if again, err := File("t.dx", out); err != nil || again != out {
			t.Errorf("not idempotent (%v):\n%s\n---\n%s", err, out, again)
		}
	}
	if variants < 50 {
		t.Fatalf("only %d variants", variants)
	}
}

// BenchmarkTransaction100 formats a transaction of 100 members with a
// comment before each: the layout, then the checks that it means the same.
// BenchmarkStatements100, the same 100 updates as statements of their own,
// is its reference: a member should cost about what a statement does.
func BenchmarkTransaction100(b *testing.B) { benchFormat(b, "transact write {\n", "}\n") }
func BenchmarkStatements100(b *testing.B)  { benchFormat(b, "", "") }

func benchFormat(b *testing.B, open, close string) {
	var src strings.Builder
	src.WriteString(open)
	for i := range 100 {
		fmt.Fprintf(&src, "  # ticket %d\n  UPDATE Tickets KEY id=\"t%d\" SET status=\"RESOLVED\" REMOVE openBucket IF attribute_exists(openBucket);\n", i, i)
	}
	src.WriteString(close)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := File("t.dx", src.String()); err != nil {
			b.Fatal(err)
		}
	}
}
