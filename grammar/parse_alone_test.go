package grammar

import (
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
)

// TestParseEachAloneAsAlone: in a file where some statements do not parse
// (or resolve, or lex), each statement gives what it gives in the file
// with every other statement blanked out: the same tree, or the same error
// at the same place. With line ends of each kind and a byte order mark.
func TestParseEachAloneAsAlone(t *testing.T) {
	stmts := []string{
		`get T key id = "a"`,
		`query T key id = `,
		"scan T\n  filter x = 1\n  limit 10",
		`scan T limit 0`,
		`get T key id = "a" & 1`,
		"transact write {\n  put T item {id: 1};\n  delete T key id = 2\n}",
		`put T item {id: "é🙂", n: 1.50}`,
		"transact write {\n  put T item {id: 1};\n  put T item {id: }\n}",
		`update T key id = 1 add a [1]`,
		`query $t-dev key id = 1`,
		`get T key id = 1`,
		`get T key`,
	}
	for _, sep := range []string{";\n", ";\r\n", ";\r", "; "} {
		for _, bom := range []string{"", ByteOrderMark} {
			src := bom + strings.Join(stmts, sep)
			type got struct {
				tree string
				err  string
			}
			var gave []got
			err := ParseEachAlone("q.dx", src, func(st *Statement) error {
				gave = append(gave, got{tree: Format(st)})
				return nil
			}, func(from, to diag.Pos, err error) {
				if want := posAt("q.dx", src, from.Offset); from != want {
					t.Errorf("%q: a bad statement from %+v, want %+v", sep, from, want)
				}
				gave = append(gave, got{err: err.Error()})
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(gave) != len(stmts) {
				t.Fatalf("%q %q: %d statements given, want %d: %q", sep, bom, len(gave), len(stmts), gave)
			}
			off := len(bom)
			for i, st := range stmts {
				// The file with the others blanked, line ends kept, and
				// the statement's ";".
				blank := []byte(src)
				end := off + len(st)
				if i < len(stmts)-1 {
					end++
				}
				for j := len(bom); j < len(blank); j++ {
					if (j < off || j >= end) && blank[j] != '\n' && blank[j] != '\r' {
						blank[j] = ' '
					}
				}
				off += len(st) + len(sep)
				var want got
				if err := ParseEach("q.dx", string(blank), func(st *Statement) error {
					want.tree = Format(st)
					return nil
				}); err != nil {
					want = got{err: err.Error()}
				}
				if gave[i] != want {
					t.Errorf("%q %q: statement %d gave %q, alone %q", sep, bom, i, gave[i], want)
				}
			}
		}
	}
}

// TestParseEachAloneResumes: after a statement that does not parse, the
// next one is read from the next line that starts one, before its ";".
func TestParseEachAloneResumes(t *testing.T) {
	for _, c := range []struct {
		src  string
		good []string // the statements given, as Format writes them
		bad  int
	}{
		{"get T key\nopen: query T key id = 1;", []string{"open: query T key id = 1"}, 1},
		{"get T key\nget T key id = 1;", []string{"get T key id = 1"}, 1},
		{"g\nscan T;", []string{"scan T"}, 1},
		// An unclosed group ends at a label, not at a member's verb.
		{"transact write {\n  put T item {id: 1}\n  put T item {id: 2}\nq: get T key id = 1", []string{"q: get T key id = 1"}, 1},
		// delete is an update's clause too: not a statement's start.
		{"update T key id = \ndelete T key id = 1;\nscan T", []string{"scan T"}, 1},
		// A label inside a string, or a map's entry, starts nothing.
		{"put T item {id: \n\"q: get T\", a:\n }; scan T", []string{"scan T"}, 1},
		{"put T item {id: 1}\nscan T key;scan T", []string{"scan T"}, 2},
	} {
		var good []string
		bad := 0
		if err := ParseEachAlone("q.dx", c.src, func(st *Statement) error {
			good = append(good, Format(st))
			return nil
		}, func(_, _ diag.Pos, err error) { bad++ }); err != nil {
			t.Fatal(err)
		}
		if strings.Join(good, "|") != strings.Join(c.good, "|") || bad != c.bad {
			t.Errorf("%q: gave %q and %d errors, want %q and %d", c.src, good, bad, c.good, c.bad)
		}
	}
}

// FuzzParseEachAlone checks that no input makes ParseEachAlone panic or
// stop short, that a file ParseEach accepts gives the same statements and
// no error, and that a file it refuses gives an error: never a silent pass.
func FuzzParseEachAlone(f *testing.F) {
	f.Add("get T key\nopen: query T key id = 1;scan T limit 0; get T key id = \"a;\nb\"")
	f.Add("transact write {\n  put T item {id: 1}\nq: get T key id = 1 & 2;")
	addExamples(f)
	f.Fuzz(func(t *testing.T, src string) {
		var alone []string
		bad := 0
		err := ParseEachAlone("<fuzz>", src, func(st *Statement) error {
			alone = append(alone, Format(st))
			return nil
		}, func(_, _ diag.Pos, err error) {
			if strings.Contains(err.Error(), "cannot parse this input (") {
				t.Fatalf("%q: %v", src, err)
			}
			bad++
		})
		if err != nil {
			t.Fatal(err)
		}
		var each []string
		if err := ParseEach("<fuzz>", src, func(st *Statement) error {
			each = append(each, Format(st))
			return nil
		}); err != nil {
			if bad == 0 {
				t.Fatalf("%q: ParseEach refuses it (%v), ParseEachAlone finds no error", src, err)
			}
			return
		}
		if bad > 0 || strings.Join(alone, "\x00") != strings.Join(each, "\x00") {
			t.Fatalf("%q: ParseEachAlone gave %q and %d errors, ParseEach %q", src, alone, bad, each)
		}
	})
}
