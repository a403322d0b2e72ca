package request

import (
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
)

func TestFromCLIv1(t *testing.T) {
	src := `{"TableName": "App", "Key": {"id": {"B": "Hello"}},
 "ExpressionAttributeValues": {":v": {"L": [{"M": {"x": {"BS": ["é\n", ""]}}}, {"S": "Hello"}]}, ":w": {"B": "\ud83d\ude00"}}}`
	f, err := Parse("req.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f.FromCLIv1()
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
	f.FromCLIv1()
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

// TestConvertOnce: a request is converted once, lint's check and import
// sharing the conversion (a failure too), and FromCLIv1 forgets a
// conversion made before it rewrote the values, the group's members' too.
func TestConvertOnce(t *testing.T) {
	for _, src := range []string{
		`{"TableName": "App", "Key": {"id": {"B": "SGVsbG8="}}}`,
		`{"TransactItems": [{"Put": {"TableName": "App", "Item": {"id": {"B": "SGVsbG8="}}}}]}`,
		`{"TableName": "App", "Key": {"id": {"B": "Hello"}}, "ProjectionExpression": "#undefined"}`,
	} {
		r := oneRequest(t, src)
		first, err1 := r.Convert()
		again, err2 := r.Convert()
		if first != again || err1 != err2 {
			t.Errorf("%s: converted twice (%p, %v; then %p, %v)", src, first, err1, again, err2)
		}
		if err1 != nil {
			continue
		}
		v1 := oneRequest(t, src)
		v1.FromCLIv1()
		want, err := v1.Convert()
		if err != nil {
			t.Fatal(err)
		}
		r.FromCLIv1()
		got, err := r.Convert()
		if err != nil {
			t.Fatal(err)
		}
		if g, w := grammar.Format(got.Statement), grammar.Format(want.Statement); g != w || g == grammar.Format(first.Statement) {
			t.Errorf("%s: after FromCLIv1 the statement is %s, want %s", src, g, w)
		}
	}
}
