package request

import (
	"strings"
	"testing"
)

func TestParseShapes(t *testing.T) {
	cases := []struct {
		name, src string
		commands  []string
		guessed   []bool
	}{
		{"object", `{"TableName": "Tickets", "KeyConditionExpression": "#b = :b"}`, []string{"query"}, []bool{true}},
		{"command", `{"command": "GetItem", "TableName": "Tickets", "Key": {"id": {"S": "a"}}}`, []string{"get-item"}, []bool{false}},
		{"array", `[{"TableName": "T", "Item": {}}, {"TableName": "T", "UpdateExpression": "SET a = :a"}]`, []string{"put-item", "update-item"}, []bool{true, true}},
		{"jsonl", "{\"TableName\": \"T\", \"Key\": {}, \"ConditionExpression\": \"x\"}\n{\"TableName\": \"T\"}\n", []string{"delete-item", "scan"}, []bool{true, true}},
		{"wrapped", `{"name":"open","command":"query","input":{"TableName":"Tickets"}}`, []string{"query"}, []bool{false}},
	}
	for _, c := range cases {
		f, err := Parse(c.name+".json", []byte(c.src))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(f.Requests) != len(c.commands) {
			t.Errorf("%s: %d requests, want %d", c.name, len(f.Requests), len(c.commands))
			continue
		}
		for i, r := range f.Requests {
			if r.Command != c.commands[i] || r.CommandGuessed != c.guessed[i] {
				t.Errorf("%s[%d]: command %q guessed %v, want %q %v", c.name, i, r.Command, r.CommandGuessed, c.commands[i], c.guessed[i])
			}
		}
	}
}

func TestPositions(t *testing.T) {
	src := "{\n  \"TableName\": \"Tickets\",\n  \"FilterExpression\": \"#s = :v\",\n  \"N\": -1.50e3\n}"
	f, err := Parse("r.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := f.Requests[0]
	fe := r.Obj.Member("FilterExpression")
	if p := f.Pos(fe.NamePos); p.Line != 3 || p.Col != 3 {
		t.Errorf("member name at %v", p)
	}
	if p := f.Pos(fe.Value.Start); p.Line != 3 || p.Col != 23 || r.RawLiteral(fe.Value) != `"#s = :v"` {
		t.Errorf("value at %v, raw %q", p, r.RawLiteral(fe.Value))
	}
	if n := r.Obj.Get("N"); n.Kind != Number || n.Text != "-1.50e3" {
		t.Errorf("number kept as %q", n.Text)
	}
	if f.Line(3) != `  "FilterExpression": "#s = :v",` {
		t.Errorf("line 3 = %q", f.Line(3))
	}
}

func TestSyntaxErrors(t *testing.T) {
	cases := map[string]string{
		`{"TableName": "T",}`:     `e.json:1:19: error: expected a member name in double quotes`,
		"{\"a\": \"x\ny\"}":       `e.json:1:9: error: a control character in a JSON string must be escaped (\n, \t, \u00XX)`,
		`{"a": 01}`:               `e.json:1:8: error: expected "," or "}" after a member`,
		`[1]`:                     `e.json:1:2: error: a request is a JSON object, not a number`,
		``:                        `e.json: error: the file holds no request: write a JSON object like {"TableName": "Tickets", ...}`,
		`{"a": "\x"}`:             `e.json:1:8: error: a JSON string with an invalid escape: JSON takes \" \\ \/ \b \f \n \r \t \uXXXX`,
		strings.Repeat("[", 2000): `e.json:1:1001: error: the JSON is nested more than 1000 levels deep`,
	}
	for src, want := range cases {
		_, err := Parse("e.json", []byte(src))
		if err == nil || err.Error() != want {
			t.Errorf("Parse(%.40q)\n got: %v\nwant: %s", src, err, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"TableName": "Tickets", "KeyConditionExpression": "#b = :b", "ExpressionAttributeValues": {":b": {"S": "x\u00e9"}}}`))
	f.Add([]byte("{\"TableName\": \"T\"}\n[1, 2.5e-3, true, null]"))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse("f.json", src)
		if err != nil {
			return
		}
		for _, r := range file.Requests {
			_ = r.Pos(r.Obj.End)
		}
	})
}

// TestNormalizeCommandAllocates: code lint asks it of every site, so it
// must not build its replacer on each call (that was an eighth of what
// lint allocated over a tree of code).
func TestNormalizeCommandAllocates(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { NormalizeCommand("UpdateItem") }); n > 1 {
		t.Errorf("NormalizeCommand allocates %v times a call, want at most 1 (the lower-casing)", n)
	}
}
