package grammar

import (
	"strings"
	"testing"
)

// TestKeywordsFitLowerWord checks that the lexer's lower-casing buffer
// holds every word it looks up.
func TestKeywordsFitLowerWord(t *testing.T) {
	for _, m := range []map[string]bool{verbs, keywordsBeforeOperand, keywords} {
		for w := range m {
			if len(w) > maxKeyword {
				t.Errorf("%q is longer than maxKeyword (%d)", w, maxKeyword)
			}
		}
	}
	var buf [maxKeyword]byte
	if got := string(lowerWord(buf[:0], "IndeX_9")); got != "index_9" {
		t.Errorf("lowerWord: %q", got)
	}
}

// TestByteOrderMark: a UTF-8 byte order mark before the first statement is
// skipped; line 1 column 1 is the character after it, and offsets stay
// those of the file.
func TestByteOrderMark(t *testing.T) {
	src := "\ufeffget Tickets key id = 1"
	f, err := Parse("bom.dx", src)
	if err != nil {
		t.Fatal(err)
	}
	st := f.Statements[0]
	if st.Pos.Line != 1 || st.Pos.Col != 1 || st.Pos.Offset != 3 {
		t.Errorf("statement at %d:%d offset %d, want 1:1 offset 3", st.Pos.Line, st.Pos.Col, st.Pos.Offset)
	}
	if st.Table.Pos.Col != 5 || st.Table.Pos.Offset != 7 {
		t.Errorf("table at column %d offset %d, want column 5 offset 7", st.Table.Pos.Col, st.Table.Pos.Offset)
	}
	_, err = Parse("bom.dx", "\ufeffget Tickets key")
	if err == nil || err.Error() != "bom.dx:1:16: error: unexpected end of input; expected "+msgCondition {
		t.Errorf("end of input after a byte order mark: %v", err)
	}
	if _, err := Parse("bom.dx", "get \ufeffTickets"); err == nil {
		t.Error("a byte order mark inside the text is accepted")
	}
}

// TestLoneCarriageReturn: a lone CR ends a line, as editors show it: a
// comment ends there (the statement after it is read), and lines and
// columns after it count from it, as after LF and CRLF.
func TestLoneCarriageReturn(t *testing.T) {
	f, err := Parse("cr.dx", "a: get Tickets key id = \"a\"; # c\rb: get Tickets key id = \"b\"")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Statements) != 2 {
		t.Fatalf("%d statements, want 2: the comment swallowed the line after the CR", len(f.Statements))
	}
	if p := f.Statements[1].Pos; p.Line != 2 || p.Col != 1 {
		t.Errorf("b at %d:%d, want 2:1", p.Line, p.Col)
	}
	for _, src := range []string{"get T\rkey id ==", "get T\r\nkey id ==", "get T\nkey id =="} {
		_, err := Parse("cr.dx", src)
		if err == nil || !strings.HasPrefix(err.Error(), "cr.dx:2:8: error: ") {
			t.Errorf("Parse(%q): %v, want an error at 2:8", src, err)
		}
	}
	for _, src := range []string{"get T key id = \"a\rb\"", "get T select `a\rb`"} {
		if _, err := Parse("cr.dx", src); err == nil || !strings.Contains(err.Error(), "on the same line") {
			t.Errorf("Parse(%q): %v, want an unterminated string or name", src, err)
		}
	}
}
