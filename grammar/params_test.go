package grammar

import (
	"strings"
	"testing"
)

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

// TestBindNames: a table or index name written as $param is the
// parameter's text once bound, printed back as $param before; a value
// meeting an attribute is typed by the schema of the bound table; a name
// DynamoDB would refuse, a JSON value that is no string and an unbound
// parameter are errors at the $param.
func TestBindNames(t *testing.T) {
	const src = "q: query $table index $idx key n = $v;\n" +
		"transact write { put $table item {id: \"a\", n: $v}; check Other key id = \"b\" if n = $v }"
	f, err := Parse("<arg>", src)
	if err != nil {
		t.Fatal(err)
	}
	q, tx := f.Statements[0], f.Statements[1]
	if got := Format(q); got != "q: query $table index $idx key n = $v" {
		t.Errorf("unbound: %s", got)
	}
	if !q.Table.Unbound() || !q.Index.Unbound() || !q.HasUnboundName() || !tx.HasUnboundName() {
		t.Errorf("Unbound: table %v, index %v", q.Table.Unbound(), q.Index.Unbound())
	}
	// n is a number in Users-dev only: $v is typed by the bound table.
	typeOf := func(table, attr string) ValueType {
		if table == "Users-dev" && attr == "n" {
			return TypeN
		}
		return ""
	}
	params := Params{
		"table": {Text: "Users-dev", Source: "-p table"},
		"idx":   {Text: `"by-n.v2"`, JSON: true, Source: "params.json"},
		"v":     {Text: "7", Source: "-p v"},
	}
	used := map[string]bool{}
	for _, st := range f.Statements {
		if err := Bind(st, params, typeOf, used); err != nil {
			t.Fatal(err)
		}
	}
	if err := CheckUnused(params, used); err != nil {
		t.Error(err)
	}
	for _, c := range []struct{ got, want string }{
		{Format(q), "q: query Users-dev index by-n.v2 key n = 7"},
		{Format(tx), "transact write {\n  put Users-dev item {id: \"a\", n: 7};\n  check Other key id = \"b\" if n = \"7\"\n}"},
	} {
		if c.got != c.want {
			t.Errorf("bound:\n got: %s\nwant: %s", c.got, c.want)
		}
	}
	if q.Table.Unbound() || q.Table.Param != "table" || tx.HasUnboundName() {
		t.Errorf("after Bind: %+v", q.Table)
	}

	for _, c := range []struct {
		src  string
		p    Param
		want string
	}{
		{`get $t key id = 1`, Param{Text: "Users dev", Source: "-p t"},
			`<arg>:1:5: error: parameter $t (-p t) stands for a table name, and "Users dev" has ' '; DynamoDB table names are 3 to 255 characters of letters, digits, _, - and . (like -p t=Users-dev)`},
		{`scan Users index $t`, Param{Text: "ix", Source: "-p t"},
			`<arg>:1:18: error: parameter $t (-p t) stands for an index name, and "ix" is 2 characters long; DynamoDB index names are 3 to 255 characters of letters, digits, _, - and . (like -p t=Users-dev)`},
		{`get $t key id = 1`, Param{Text: "é/" + strings.Repeat("x", 254), Source: "-p t"},
			`is 256 characters long and has 'é', '/'`},
		{`get $t key id = 1`, Param{Text: "arn:aws:dynamodb:eu-west-1:123456789012:table/Users", Source: "-p t"},
			`has ':', '/'`},
		{`batch get { get $t key id = 1 }`, Param{Text: `5`, JSON: true, Source: "-p t"},
			`<arg>:1:17: error: parameter $t (-p t) stands for a table name, so its JSON must be a string, like -p t:='"Users-dev"' (or give it plainly: -p t=Users-dev)`},
		{`get $t key id = 1`, Param{Text: `"Users"x`, JSON: true, Source: "-p t"}, `so its JSON must be a string`},
	} {
		f, err := Parse("<arg>", c.src)
		if err != nil {
			t.Fatal(err)
		}
		err = Bind(f.Statements[0], Params{"t": c.p}, nil, map[string]bool{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s with %q:\n got: %v\nwant: %s", c.src, c.p.Text, err, c.want)
		}
	}
	f, _ = Parse("<arg>", `transact get { get T1x key id = 1; get $missing key id = 1 }`)
	err = Bind(f.Statements[0], Params{}, nil, map[string]bool{})
	if err == nil || err.Error() != "<arg>:1:40: error: "+UnboundMessage("missing") {
		t.Errorf("unbound: %v", err)
	}
}
