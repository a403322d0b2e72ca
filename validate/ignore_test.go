package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/google/go-cmp/cmp"
)

// TestIgnorePlacement: which statement an ignore comment applies to, and
// that one applying to none is reported, never dropped. Each case lists the
// findings left, as line:col rule.
func TestIgnorePlacement(t *testing.T) {
	const lwf = "# dynexpr:ignore limit-with-filter -- pages on"
	const bad = "scan Tickets filter p = 1 limit 10"
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"line before", lwf + "\n" + bad, nil},
		{"notes between", lwf + "\n# a note\n\n# ...\n" + bad, []string{"1:1 unused-ignore", "5:33 limit-with-filter"}},
		{"comments between", lwf + "\n# a note\n" + bad, nil},
		{"blank line between", lwf + "\n\n" + bad, []string{"1:1 unused-ignore", "3:33 limit-with-filter"}},
		{"blank line of spaces", lwf + "\r\n \t\r\n" + bad, []string{"1:1 unused-ignore", "3:33 limit-with-filter"}},
		{"semicolon between", "scan Tickets limit 1\n" + lwf + "\n;\n" + bad, []string{"2:1 unused-ignore", "4:33 limit-with-filter"}},
		{"after the statement", bad + "  " + lwf, nil},
		{"after its semicolon", bad + ";  " + lwf + "\nscan Tickets limit 1", nil},
		{"after the previous statement", "scan Tickets limit 1;  " + lwf + "\n" + bad, []string{"1:24 unused-ignore", "2:33 limit-with-filter"}},
		{"between its clauses", "scan Tickets filter p = 1\n" + lwf + "\n  limit 10", nil},
		{"end of file", bad + ";\n" + lwf, []string{"1:33 limit-with-filter", "2:1 unused-ignore"}},
		{"end of file, no semicolon", bad + "\n" + lwf + "\n", []string{"1:33 limit-with-filter", "2:1 unused-ignore"}},
		{"no statement", lwf + "\n", []string{"1:1 unused-ignore"}},
		{"in a string", `scan Tickets filter p = "# dynexpr:ignore limit-with-filter -- x" limit 10`, []string{"1:73 limit-with-filter"}},
		{"two statements on a line", lwf + "\n" + bad + "; " + bad, []string{"2:69 limit-with-filter"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := grammar.Parse("q.dx", c.src)
			if err != nil {
				t.Fatal(err)
			}
			ignores := IndexIgnores("q.dx", c.src, f.Statements)
			var got []string
			for _, st := range f.Statements {
				for _, fd := range ignores.Apply(st, Check(st, nil, nil), nil) {
					got = append(got, fmt.Sprintf("%d:%d %s", fd.Pos.Line, fd.Pos.Col, fd.Rule))
				}
			}
			for _, fd := range ignores.Loose(nil) {
				got = append(got, fmt.Sprintf("%d:%d %s", fd.Pos.Line, fd.Pos.Col, fd.Rule))
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", strings.ReplaceAll(c.src, "\n", "⏎\n"), diff)
			}
		})
	}
}

// TestIgnoreInGroup: inside a group's braces, an ignore applies to one
// member, as outside to one statement, and silences that member's findings
// only; on the group's own lines, to the whole group.
func TestIgnoreInGroup(t *testing.T) {
	const ig = "# dynexpr:ignore key-type-mismatch -- the old ids are numbers"
	const m0, m1 = `delete Tickets key id = 1`, `delete Tickets key id = 2`
	group := func(body string) string { return "transact write {\n" + body + "\n}" }
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"none", group(m0 + ";\n" + m1), []string{"2:25 key-type-mismatch", "3:25 key-type-mismatch"}},
		{"line before a member", group(m0 + ";\n" + ig + "\n" + m1), []string{"2:25 key-type-mismatch"}},
		{"line before the first", group(ig + "\n" + m0 + ";\n" + m1), []string{"4:25 key-type-mismatch"}},
		{"after its semicolon", group(m0 + "; " + ig + "\n" + m1), []string{"3:25 key-type-mismatch"}},
		{"after the last", group(m0 + ";\n" + m1 + "  " + ig), []string{"2:25 key-type-mismatch"}},
		{"between its clauses", group("delete Tickets key id = 1\n" + ig + "\n  if attribute_exists(id);\n" + m1), []string{"5:25 key-type-mismatch"}},
		{"blank line before a member", group(m0 + ";\n" + ig + "\n\n" + m1), []string{"2:25 key-type-mismatch", "3:1 unused-ignore", "5:25 key-type-mismatch"}},
		{"member it does not fire on", group(m0 + ";\n" + ig + "\ndelete Tickets key id = \"a\""), []string{"2:25 key-type-mismatch", "3:1 unused-ignore"}},
		{"after the brace", "transact write { " + ig + "\n" + m0 + ";\n" + m1 + "\n}", nil},
		{"before the closing brace", group(m0 + ";\n" + m1 + "\n" + ig), nil},
		{"after the closing brace", group(m0+";\n"+m1) + " " + ig, nil},
		{"before the group", ig + "\n" + group(m0+";\n"+m1), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := grammar.Parse("q.dx", c.src)
			if err != nil {
				t.Fatal(err)
			}
			ignores := IndexIgnores("q.dx", c.src, f.Statements)
			sch := exampleSchema(t)
			var got []string
			for _, st := range f.Statements {
				for _, fd := range ignores.Apply(st, Check(st, sch, nil), nil) {
					if fd.Rule == "key-type-mismatch" || fd.Rule == "unused-ignore" {
						got = append(got, fmt.Sprintf("%d:%d %s", fd.Pos.Line, fd.Pos.Col, fd.Rule))
					}
				}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", strings.ReplaceAll(c.src, "\n", "⏎\n"), diff)
			}
		})
	}
}
