package grammar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse checks that no input makes the parser panic, and that every
// statement it accepts formats to text that parses back to the same text.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`query Tickets index open-tickets-index key openBucket = "OPEN" asc select subject, priority`,
		`update Tickets key id = $id remove openBucket set status = "RESOLVED"`,
		`put T1x item {a: [1, {b: <<"x">>}], c: b"AA=="} if not (a = 1 or b in (1, 2)) return old`,
		"scan T1x segment 0 of 2 filter size(`a.b`[3]) > -1.5e3 limit 3",
		"\ufeffupdate T1x key id = 1 add n -5 return ALL_NEW",
		`a-b.c: query T1x key a = 1; SELECT * FROM "T1x" WHERE a = 1`,
		`x: update "T1x" set a = 1 where id = 1; delete from "T1x" where a = 'b'; insert into T1x value {}`,
	} {
		f.Add(s)
	}
	addExamples(f)
	f.Fuzz(func(t *testing.T, src string) {
		file, err := Parse("<fuzz>", src)
		if err != nil {
			// Parse turns a panic into this error: the fuzzer must see it.
			if strings.Contains(err.Error(), "cannot parse this input (") {
				t.Fatalf("%q: %v", src, err)
			}
			return
		}
		for _, st := range file.Statements {
			text := Format(st)
			again, err := Parse("<fmt>", text)
			if err != nil {
				t.Fatalf("formatted statement does not parse: %q -> %q: %v", src, text, err)
			}
			if len(again.Statements) != 1 {
				t.Fatalf("formatted statement is %d statements: %q", len(again.Statements), text)
			}
			if text2 := Format(again.Statements[0]); text2 != text {
				t.Fatalf("format not stable: %q -> %q -> %q", src, text, text2)
			}
		}
	})
}

// addExamples seeds a fuzz target with the example files.
func addExamples(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "examples", "*.dx"))
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(string(b))
		}
	}
}
