package builder

import (
	"errors"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// bound parses src and binds its parameters as `-p` and `--params` would.
func bound(t *testing.T, src string, params grammar.Params, typeOf grammar.TypeOf) *Request {
	t.Helper()
	st := parseOne(t, src)
	used := map[string]bool{}
	if err := grammar.Bind(st, params, typeOf, used); err != nil {
		t.Fatalf("bind %q: %v", src, err)
	}
	if err := grammar.CheckUnused(params, used); err != nil {
		t.Fatalf("bind %q: %v", src, err)
	}
	r, err := Build(st)
	if err != nil {
		t.Fatalf("build %q: %v", src, err)
	}
	checkRequest(t, src, r)
	return r
}

func TestParams(t *testing.T) {
	cases := []struct {
		name   string
		src    string
		params grammar.Params
		typeOf grammar.TypeOf
		want   string
	}{
		{
			name: "strings, JSON numbers kept exactly, JSON lists and maps",
			src:  `query Tbl key pk = $pk and sk > $n filter tags = $list and meta = $obj`,
			params: grammar.Params{
				"pk":   {Text: `ws-1 "quoted" <&>`, Source: "-p pk"},
				"n":    {Text: `12345678901234567890123456789012345678`, JSON: true, Source: "-p n"},
				"list": {Text: `["a", 1.50, true, null]`, JSON: true, Source: "-p list"},
				"obj":  {Text: `{"z": {"y": []}, "a": "b"}`, JSON: true, Source: "-p obj"},
			},
			want: `{"ExpressionAttributeNames":{"#meta":"meta","#pk":"pk","#sk":"sk","#tags":"tags"},"ExpressionAttributeValues":{":meta":{"M":{"a":{"S":"b"},"z":{"M":{"y":{"L":[]}}}}},":pk":{"S":"ws-1 \"quoted\" <&>"},":sk":{"N":"12345678901234567890123456789012345678"},":tags":{"L":[{"S":"a"},{"N":"1.50"},{"BOOL":true},{"NULL":true}]}},"FilterExpression":"(#tags = :tags) AND (#meta = :meta)","KeyConditionExpression":"(#pk = :pk) AND (#sk > :sk)","TableName":"Tbl"}`,
		},
		{
			name:   "typed by the schema",
			src:    `get Tbl key id = $id and blob = $b`,
			params: grammar.Params{"id": {Text: "5"}, "b": {Text: "SGVsbG8="}},
			typeOf: func(_, attr string) grammar.ValueType {
				return map[string]grammar.ValueType{"id": grammar.TypeN, "blob": grammar.TypeB}[attr]
			},
			want: `{"Key":{"blob":{"B":"SGVsbG8="},"id":{"N":"5"}},"TableName":"Tbl"}`,
		},
		{
			name:   "item, set and update values",
			src:    `update Tbl key id = $id set a = $a, b = if_not_exists(b, $zero) + $one add tags <<$tag, "fixed">> if v = $v`,
			params: grammar.Params{"id": {Text: "x"}, "a": {Text: `{"k": [1]}`, JSON: true}, "zero": {Text: "0", JSON: true}, "one": {Text: "1", JSON: true}, "tag": {Text: "t"}, "v": {Text: "3", JSON: true}},
			want:   `{"ConditionExpression":"#v = :v","ExpressionAttributeNames":{"#a":"a","#b":"b","#tags":"tags","#v":"v"},"ExpressionAttributeValues":{":a":{"M":{"k":{"L":[{"N":"1"}]}}},":b":{"N":"0"},":b_2":{"N":"1"},":tags":{"SS":["t","fixed"]},":v":{"N":"3"}},"Key":{"id":{"S":"x"}},"TableName":"Tbl","UpdateExpression":"ADD #tags :tags SET #a = :a, #b = if_not_exists(#b, :b) + :b_2"}`,
		},
		{
			name:   "put item and after",
			src:    `put Tbl item {id: $id, note: $note}`,
			params: grammar.Params{"id": {Text: "a"}, "note": {Text: "line\nbreak"}},
			want:   `{"Item":{"id":{"S":"a"},"note":{"S":"line\nbreak"}},"TableName":"Tbl"}`,
		},
		{
			name:   "attribute_type from a parameter",
			src:    `scan Tbl filter attribute_type(a, $t) after {id: $id}`,
			params: grammar.Params{"t": {Text: "SS"}, "id": {Text: "k"}},
			want:   `{"ExclusiveStartKey":{"id":{"S":"k"}},"ExpressionAttributeNames":{"#a":"a"},"ExpressionAttributeValues":{":a":{"S":"SS"}},"FilterExpression":"attribute_type (#a, :a)","TableName":"Tbl"}`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := bound(t, c.src, c.params, c.typeOf)
			if got := string(r.JSON(false)); got != c.want {
				t.Errorf("\n got %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestUnboundParams checks that Build refuses a statement whose parameters
// were not bound, pointing at each one, wherever it stands.
func TestUnboundParams(t *testing.T) {
	for _, c := range []struct{ src, at string }{
		{`query Tbl key pk = $pk`, `$pk`},
		{`query Tbl key pk = "x" and begins_with(sk, $p)`, `$p`},
		{`query Tbl key pk = "x" after {pk: $pk}`, `$pk`},
		{`query Tbl key pk = "x" after pk = $pk`, `$pk`},
		{`scan Tbl filter a in (1, $x)`, `$x`},
		{`scan Tbl filter begins_with(a, $x)`, `$x`},
		{`scan Tbl filter contains(a, $x)`, `$x`},
		{`scan Tbl filter attribute_type(a, $x)`, `$x`},
		{`get Tbl key id = $id`, `$id`},
		{`put Tbl item {id: "a", l: [1, {m: $deep}]}`, `$deep`},
		{`update Tbl key id = "a" set a = list_append(a, [$x])`, `$x`},
		{`update Tbl key id = "a" add s <<"a", $x>>`, `$x`},
		{`delete Tbl key id = "a" if v = $v`, `$v`},
	} {
		_, err := Build(parseOne(t, c.src))
		var de *diag.Error
		if !errors.As(err, &de) {
			t.Errorf("%s: error %T %v, want a *diag.Error", c.src, err, err)
			continue
		}
		off := strings.Index(c.src, c.at)
		if de.Pos.Offset != off || de.Pos.Col != off+1 || de.Pos.Line != 1 {
			t.Errorf("%s: error at %v, want column %d", c.src, de.Pos, off+1)
		}
		name := c.at[1:]
		if want := "parameter $" + name + " is not bound: give it with -p " + name + "=VALUE"; !strings.Contains(de.Msg, want) {
			t.Errorf("%s: message %q does not say %q", c.src, de.Msg, want)
		}
	}
}

// TestParamInSetOfWrongType checks a set element bound to something a set
// cannot hold.
func TestParamInSetOfWrongType(t *testing.T) {
	st := parseOne(t, `update Tbl key id = "a" add s <<$x>>`)
	if err := grammar.Bind(st, grammar.Params{"x": {Text: "true", JSON: true}}, nil, map[string]bool{}); err != nil {
		t.Fatal(err)
	}
	_, err := Build(st)
	if err == nil || !strings.Contains(err.Error(), "a set holds values of one type") {
		t.Errorf("error %v", err)
	}
}
