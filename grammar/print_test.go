package grammar

import "testing"

// TestFormatOperandWith: the values go through the writer given, and an
// operand that is nil or empty, at the top or as an argument, is missing.
func TestFormatOperandWith(t *testing.T) {
	f, err := Parse("<arg>", `get T key id = size(a.b[1], "x")`)
	if err != nil {
		t.Fatal(err)
	}
	call := f.Statements[0].Key.Or[0].And[0].Compare.Right
	value := func(*Value) string { return "V" }
	for _, c := range []struct {
		o    *Operand
		want string
	}{
		{call, `size(a.b[1], V)`},
		{nil, "..."},
		{&Operand{}, "..."},
		{&Operand{Call: &Call{Func: "f", Args: []*Operand{nil, {}}}}, "f(..., ...)"},
	} {
		if got := FormatOperandWith(c.o, value, "..."); got != c.want {
			t.Errorf("FormatOperandWith = %q, want %q", got, c.want)
		}
	}
	if got := FormatOperand(call); got != `size(a.b[1], "x")` {
		t.Errorf("FormatOperand = %q", got)
	}
}
