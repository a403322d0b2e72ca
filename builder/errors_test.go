package builder

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// TestErrors checks what Build refuses, where it says the problem is, and
// that it says what to write instead. at is the text the error points at:
// its first occurrence in src (after the table name).
func TestErrors(t *testing.T) {
	cases := []struct {
		src, at, msg string
	}{
		// Item keys.
		{`get Tbl key id > 1`, `id > 1`, `a key is written k = VALUE [and k = VALUE]`},
		{`get Tbl key id = 1 or id = 2`, `id = 1`, `a key is written k = VALUE [and k = VALUE]; "or" has no place in a key`},
		{`get Tbl key a = 1 and b = 2 and c = 3`, `c = 3`, `a table's key has at most two attributes`},
		{`update Tbl key a.b = 1 set x = 1`, `a.b`, `a key attribute is a top-level name, not the path a.b`},
		{`delete Tbl key a[0] = 1`, `a[0]`, `not the path a[0]`},
		{`delete Tbl key "x" = id`, `"x" = id`, `with the attribute's name on the left and its value on the right`},
		{`get Tbl key id = other`, `id = other`, `with the attribute's name on the left and its value on the right`},
		{`get Tbl key id = 1 and id = 2`, `id = 2`, `"id" is given twice in this key (first at 1:13)`},
		{`get Tbl key attribute_exists(id)`, `attribute_exists`, `a key is written k = VALUE [and k = VALUE]`},
		{`get Tbl key not id = 1`, `not id`, `a key is written`},
		{`query Tbl key pk = 1 after a > 1`, `a > 1`, `after takes the key to start after, written k = VALUE [and k = VALUE ...] or {k: VALUE, ...}`},
		// Functions and operands of conditions.
		{`scan Tbl filter attribute_exists("my attr")`, `"my attr"`, "attribute_exists takes an attribute name, not a value: write attribute_exists(`my attr`)"},
		{`scan Tbl filter attribute_exists("id")`, `"id"`, "write attribute_exists(id)"},
		{`scan Tbl filter attribute_not_exists(1)`, `1)`, `attribute_not_exists takes an attribute path as argument 1: write attribute_not_exists(PATH)`},
		{`scan Tbl filter begins_with("a", "b")`, `"a"`, `write begins_with(a, ...)`},
		{`scan Tbl filter starts_with(a, "x")`, `starts_with`, `unknown function "starts_with": write begins_with`},
		{`scan Tbl filter frobnicate(a)`, `frobnicate`, `unknown function "frobnicate": the functions here are attribute_exists, attribute_not_exists, attribute_type, begins_with, contains and size`},
		{`scan Tbl filter a = frobnicate(b)`, `frobnicate`, `unknown function "frobnicate"`},
		{`scan Tbl filter a`, `a`, `a alone is not a condition: write attribute_exists(a), or compare it, like a = VALUE`},
		{"scan Tbl filter `my-attr`.b", "`my-attr`", "`my-attr`.b alone is not a condition: write attribute_exists(`my-attr`.b)"},
		{`scan Tbl filter 1`, `1`, `a value alone is not a condition: compare it with an attribute, like ATTR = VALUE`},
		{`scan Tbl filter size(a)`, `size`, `size(...) is a number, not a condition: compare it, like size(ATTR) > 0`},
		{`scan Tbl filter contains(a, attribute_exists(b))`, `attribute_exists`, `contains takes a value as argument 2`},
		{`scan Tbl filter attribute_exists(a, b)`, `attribute_exists`, `attribute_exists takes 1 argument, not 2: write attribute_exists(PATH)`},
		{`scan Tbl filter begins_with(a)`, `begins_with`, `begins_with takes 2 arguments, not 1`},
		{`scan Tbl filter attribute_type(a, STRING)`, `STRING`, `attribute_type takes a type: S, SS, N, NS, B, BS, BOOL, NULL, L or M, not STRING`},
		{`scan Tbl filter attribute_type(a, 1)`, `1)`, `attribute_type takes a type`},
		{`scan Tbl filter if_not_exists(a, 1) = 1`, `if_not_exists`, `if_not_exists is for the value of a set action (set a = if_not_exists(...)); in a condition, write attribute_exists or attribute_not_exists`},
		{`scan Tbl filter list_append(a, b)`, `list_append`, `list_append is for the value of a set action (set a = list_append(...)), not a condition`},
		{`scan Tbl filter attribute_exists(a) = true`, `attribute_exists`, `attribute_exists(...) is a condition, not a value: use it on its own, like attribute_exists(ATTR)`},
		{`scan Tbl filter a in (1, contains(b, 1))`, `contains`, `contains(...) is a condition, not a value`},
		{`scan Tbl filter a = size(1)`, `1)`, `size takes an attribute path as argument 1: write size(PATH)`},
		{`scan Tbl filter size(a, b) > 1`, `size`, `size takes 1 argument, not 2`},
		{`query Tbl key pk = 1 and frob(sk)`, `frob`, `unknown function "frob"`},
		// Set actions.
		{`update Tbl key id = 1 set a = size(b)`, `size`, `size cannot give a set action its value: the functions of a set value are if_not_exists(PATH, VALUE) and list_append(LIST, LIST)`},
		{`update Tbl key id = 1 set a = concat(b, c)`, `concat`, `unknown function "concat": the functions here are if_not_exists(PATH, VALUE) and list_append(LIST, LIST)`},
		{`update Tbl key id = 1 set a = append(b, c)`, `append`, `write list_append`},
		{`update Tbl key id = 1 set a = if_not_exists("b", 1)`, `"b"`, `if_not_exists takes an attribute name, not a value: write if_not_exists(b, ...)`},
		{`update Tbl key id = 1 set a = if_not_exists(b)`, `if_not_exists`, `if_not_exists takes 2 arguments, not 1`},
		{`update Tbl key id = 1 set a = list_append(b)`, `list_append`, `list_append takes 2 arguments, not 1`},
		{`update Tbl key id = 1 set a = b + list_append(c, [1])`, `list_append`, `list_append cannot stand inside another function or in + or -, only if_not_exists can`},
		{`update Tbl key id = 1 set a = list_append(list_append(a, [1]), [2])`, `list_append(a`, `write list_append at the top of the value`},
		{`update Tbl key id = 1 set a = if_not_exists(a, list_append(b, [1]))`, `list_append(b`, `list_append cannot stand inside another function`},
		{`update Tbl key id = 1 set a = b + frob(c)`, `frob`, `unknown function "frob"`},
		// Values.
		{`put Tbl item {s: <<"a", 1>>}`, `1>>`, `a set holds values of one type: this a string set cannot hold a number (write <<"a", "b">> of strings only)`},
		{`put Tbl item {s: <<1, b"AA==">>}`, `b"AA=="`, `this a number set cannot hold binary (write <<1, 2>> of numbers only)`},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			_, err := Build(parseOne(t, c.src))
			if err == nil {
				t.Fatalf("no error")
			}
			var de *diag.Error
			if !errors.As(err, &de) {
				t.Fatalf("error %T %v is not a *diag.Error", err, err)
			}
			if !strings.Contains(de.Msg, c.msg) {
				t.Errorf("message %q\n does not say %q", de.Msg, c.msg)
			}
			tail := strings.Index(c.src, "Tbl") + 3
			off := strings.Index(c.src[tail:], c.at) + tail
			want := diag.Pos{File: "<arg>", Offset: off, Line: 1, Col: off + 1}
			if de.Pos != want {
				t.Errorf("position %v (offset %d), want %v (offset %d, at %q)", de.Pos, de.Pos.Offset, want, off, c.at)
			}
			if de.Msg != strings.ToLower(de.Msg[:1])+de.Msg[1:] {
				t.Errorf("message %q does not start in lower case", de.Msg)
			}
		})
	}
}

// TestSeveralErrors checks that Build reports every problem it finds, as a
// diag.List in source order.
func TestSeveralErrors(t *testing.T) {
	// (Text that is not UTF-8 no longer reaches the builder: the lexer
	// refuses it, see grammar's TestParseErrors.)
	_, err := Build(parseOne(t, `scan Tbl filter a and frob(b) and 1`))
	var list diag.List
	if !errors.As(err, &list) {
		t.Fatalf("error %T %v is not a diag.List", err, err)
	}
	var cols []int
	for _, e := range list {
		cols = append(cols, e.Pos.Col)
	}
	if want := []int{17, 23, 35}; !slices.Equal(cols, want) {
		t.Errorf("errors at columns %v, want %v:\n%v", cols, want, err)
	}
}

func TestNilStatement(t *testing.T) {
	if _, err := Build(nil); err == nil {
		t.Error("Build(nil) gave no error")
	}
}

// TestHandMadeStatements checks the statements grammar.Parse would refuse
// but a caller could assemble: Build reports them rather than panicking.
func TestHandMadeStatements(t *testing.T) {
	table := &grammar.TableRef{Name: "Tbl", Raw: "Tbl"}
	for _, st := range []*grammar.Statement{
		{},
		{Kind: grammar.KindQuery, Table: table},
		{Kind: grammar.KindGet, Table: table},
		{Kind: grammar.KindPut, Table: table},
		{Kind: grammar.KindPut, Table: table, Item: &grammar.Value{Type: grammar.TypeS, Text: "x"}},
		{Kind: grammar.KindUpdate, Table: table, Key: parseOne(t, `get Tbl key id = 1`).Key},
		{Kind: grammar.KindGet, Table: table, Key: parseOne(t, `get Tbl key id = 1`).Key, Select: &grammar.Projection{Count: true}},
		{Kind: grammar.KindScan, Table: table, Limit: &grammar.Number{Text: "0"}},
		{Kind: grammar.KindScan, Table: table, Segment: &grammar.Segment{Index: &grammar.Number{Text: "4"}, Total: &grammar.Number{Text: "4"}}},
		{Kind: grammar.KindDelete, Table: table, Key: parseOne(t, `get Tbl key id = 1`).Key, Return: &grammar.Ident{Name: "sometimes"}},
		{Kind: grammar.KindScan, Table: table, Filter: parseOne(t, `scan Tbl filter a = 1`).Filter}, // paths resolved, but...
	} {
		if st.Filter != nil {
			// ... a value whose type was never resolved.
			st.Filter.Or[0].And[0].Compare.Right.Value.Type = ""
		}
		if _, err := Build(st); err == nil {
			t.Errorf("%+v: no error", st)
		}
	}
}
