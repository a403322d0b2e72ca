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

// Quote writes every character that does not show as itself as an escape,
// and the DSL reads the escape back as that character: fmt and import never
// turn "\u202eabc\u200b" into raw bidi or zero-width characters.
func TestQuoteEscapesHidden(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\u202eabc\u200b", `"\u202eabc\u200b"`},
		{"a\u2028b\u2029c", `"a\u2028b\u2029c"`},
		{"soft\u00adhyphen\u00a0nbsp\ufeff", `"soft\u00adhyphen\u00a0nbsp\ufeff"`},
		{"\x1b[31m\a\u0085", `"\u001b[31m\u0007\u0085"`},
		{"tag\U000e0041", `"tag\udb40\udc41"`},
		{"shows: é 日 😀 \u2764\ufe0f \t\n", `"shows: é 日 😀 ` + "\u2764\ufe0f" + ` \t\n"`},
	} {
		got := Quote(c.in)
		if got != c.want {
			t.Errorf("Quote(%q) = %s, want %s", c.in, got, c.want)
		}
		if back := unquote(got); back != c.in {
			t.Errorf("unquote(Quote(%q)) = %q", c.in, back)
		}
	}
}
