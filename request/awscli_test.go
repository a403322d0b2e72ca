package request

import (
	"strconv"
	"strings"
	"testing"
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
