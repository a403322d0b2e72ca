package grammar

import "testing"

// TestBindDeclaredTypes: a plain -p value takes the declared type of the
// attribute it meets, wherever the parameter stands; where it meets no
// attribute's value (attribute_type's type name, an operand of + or -) it
// takes the type that place needs.
func TestBindDeclaredTypes(t *testing.T) {
	typeOf := func(_, attr string) ValueType {
		switch attr {
		case "priority", "n":
			return TypeN
		case "blob":
			return TypeB
		case "label", "t":
			return TypeS
		}
		return ""
	}
	for _, c := range []struct{ src, want string }{
		{`put T item {id: "a", priority: $v}`, `put T item {id: "a", priority: 3}`},
		{`scan T filter priority in ($v, $v)`, `scan T filter priority in (3, 3)`},
		{`scan T filter $v < priority`, `scan T filter 3 < priority`},
		{`scan T filter priority between $v and $v`, `scan T filter priority between 3 and 3`},
		{`update T key id = "a" set priority = if_not_exists(priority, $v)`, `update T key id = "a" set priority = if_not_exists(priority, 3)`},
		{`update T key id = "a" add priority $v`, `update T key id = "a" add priority 3`},
		// + and - take numbers, whatever the attribute set is declared.
		{`update T key id = "a" set label = n + $v`, `update T key id = "a" set label = n + 3`},
		{`update T key id = "a" set t = $v - n`, `update T key id = "a" set t = 3 - n`},
		// attribute_type takes a type name, a string, whatever the path holds.
		{`scan T filter attribute_type(priority, $v)`, `scan T filter attribute_type(priority, "3")`},
		{`scan T filter Attribute_Type(priority, $v)`, `scan T filter attribute_type(priority, "3")`},
		{`scan T filter contains(label, $v)`, `scan T filter contains(label, "3")`},
		{`scan T filter other = $v`, `scan T filter other = "3"`},
	} {
		f, err := Parse("<arg>", c.src)
		if err != nil {
			t.Fatal(err)
		}
		st := f.Statements[0]
		if err := Bind(st, Params{"v": {Text: "3", Source: "-p v"}}, typeOf, map[string]bool{}); err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := Format(st); got != c.want {
			t.Errorf("%s:\n got: %s\nwant: %s", c.src, got, c.want)
		}
	}
}

// TestIsParamName: IsParamName accepts exactly the names the lexer reads
// whole after "$".
func TestIsParamName(t *testing.T) {
	for _, name := range []string{"id", "id_2", "_", "9", "a-b", "a.b", "", "é", "a b"} {
		f, err := Parse("<arg>", `get T key id = $`+name)
		lexed := err == nil && *f.Statements[0].Key.Or[0].And[0].Compare.Right.Value.Param == "$"+name
		if got := IsParamName(name); got != lexed {
			t.Errorf("IsParamName(%q) = %v; the lexer reads $%s whole: %v", name, got, name, lexed)
		}
	}
}
