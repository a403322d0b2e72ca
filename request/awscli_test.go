package request

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFromCLIv1(t *testing.T) {
	src := `{"TableName": "App", "Key": {"id": {"B": "Hello"}},
 "ExpressionAttributeValues": {":v": {"L": [{"M": {"x": {"BS": ["é\n", ""]}}}, {"S": "Hello"}]}, ":w": {"B": "\ud83d\ude00"}}}`
	f, err := Parse("req.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.FromCLIv1(); err != nil {
		t.Fatal(err)
	}
	o := f.Requests[0].Obj
	for _, c := range []struct{ got, want string }{
		{o.Get("Key").Get("id").Get("B").Text, "SGVsbG8="},
		{o.Get("ExpressionAttributeValues").Get(":v").Get("L").Elems[0].Get("M").Get("x").Get("BS").Elems[0].Text, "w6kK"},
		{o.Get("ExpressionAttributeValues").Get(":v").Get("L").Elems[0].Get("M").Get("x").Get("BS").Elems[1].Text, ""},
		{o.Get("ExpressionAttributeValues").Get(":v").Get("L").Elems[1].Get("S").Text, "Hello"},
		{o.Get("ExpressionAttributeValues").Get(":w").Get("B").Text, "8J+YgA=="},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestFromCLIv1Groups: the binary values of a group's members, a batch
// get's Keys among them, are read as v1 reads them.
func TestFromCLIv1Groups(t *testing.T) {
	src := `[{"TransactItems": [{"Put": {"TableName": "App", "Item": {"id": {"B": "Hello"}}}},
  {"ConditionCheck": {"TableName": "App", "Key": {"id": {"B": "a"}}, "ConditionExpression": "b = :b", "ExpressionAttributeValues": {":b": {"BS": ["é\n"]}}}}]},
 {"RequestItems": {"App": {"Keys": [{"id": {"B": "Hello"}}]}}},
 {"RequestItems": {"App": [{"DeleteRequest": {"Key": {"id": {"B": "Hello"}}}}]}}]`
	f, err := Parse("req.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.FromCLIv1(); err != nil {
		t.Fatal(err)
	}
	tw, bg, bw := f.Requests[0].Obj.Get("TransactItems"), f.Requests[1].Obj.Get("RequestItems").Get("App"), f.Requests[2].Obj.Get("RequestItems").Get("App")
	for _, c := range []struct{ got, want string }{
		{tw.Elems[0].Get("Put").Get("Item").Get("id").Get("B").Text, "SGVsbG8="},
		{tw.Elems[1].Get("ConditionCheck").Get("Key").Get("id").Get("B").Text, "YQ=="},
		{tw.Elems[1].Get("ConditionCheck").Get("ExpressionAttributeValues").Get(":b").Get("BS").Elems[0].Text, "w6kK"},
		{bg.Get("Keys").Elems[0].Get("id").Get("B").Text, "SGVsbG8="},
		{bw.Elems[0].Get("DeleteRequest").Get("Key").Get("id").Get("B").Text, "SGVsbG8="},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestFromCLIv1LoneSurrogate(t *testing.T) {
	// Each with the escape the error is about.
	for src, at := range map[string]string{
		`{"TableName": "App", "Key": {"id": {"B": "a\udcffb"}}}`:        `\udcff`,
		`{"TableName": "App", "Key": {"id": {"BS": ["ok", "\ud800"]}}}`: `\ud800`,
		`{"TableName": "App", "Key": {"id": {"B": "\ud83d\\ude00"}}}`:   `\ud83d`,
		`{"TableName": "App", "Key": {"id": {"B": "\ud83dx"}}}`:         `\ud83d`,
	} {
		col := strings.Index(src, at) + 1
		f, err := Parse("req.json", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		err = f.FromCLIv1()
		if err == nil || !strings.Contains(err.Error(), "req.json:1:"+strconv.Itoa(col)+": error: this \\u escape is half of a UTF-16 surrogate pair") {
			t.Errorf("%s: %v, want an error at column %d", src, err, col)
		}
	}
}

// FuzzLoneSurrogate holds loneSurrogate against encoding/json, which turns
// each unpaired surrogate escape into U+FFFD: in a string that holds no
// U+FFFD otherwise, it finds one exactly when the decoded text has U+FFFD.
// (Request files are UTF-8: the parser refuses other bytes.)
func FuzzLoneSurrogate(f *testing.F) {
	for _, s := range []string{`"a"`, `"\ud83d\ude00"`, `"\udcff"`, `"\ud800x"`, `"\ud83d\\ude00"`, `"\ud83d\ud83d\ude00"`, `"\u00e9\n"`, `"\ud800\u0041"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		var s string
		if !utf8.ValidString(raw) || json.Unmarshal([]byte(raw), &s) != nil || !strings.HasPrefix(raw, `"`) ||
			strings.Contains(raw, "\ufffd") || strings.Contains(strings.ToLower(raw), `\ufffd`) {
			return
		}
		at := loneSurrogate([]byte(raw))
		if (at >= 0) != strings.ContainsRune(s, '\ufffd') {
			t.Fatalf("loneSurrogate(%s) = %d; decoded %q", raw, at, s)
		}
		if at >= 0 && !strings.HasPrefix(strings.ToLower(raw[at:]), `\ud`) {
			t.Fatalf("loneSurrogate(%s) = %d, not at a surrogate escape", raw, at)
		}
	})
}
