package builder

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
)

// TestCLIv1 checks what a request written for AWS CLI v1 holds: the bytes
// of every binary value as JSON text (v1 sends the UTF-8 of that text,
// base64-encoded), everything else as for v2.
func TestCLIv1(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`put App item {PK: "BIN", SK: "1", avatar: b"SGVsbG8="}`,
			`{"Item":{"PK":{"S":"BIN"},"SK":{"S":"1"},"avatar":{"B":"Hello"}},"TableName":"App"}`},
		// Not ASCII but UTF-8 (é), a control byte, a quote: JSON escapes.
		{`get App key id = b"w6kKIg==" select a`,
			`{"ExpressionAttributeNames":{"#a":"a"},"Key":{"id":{"B":"é\n\""}},"ProjectionExpression":"#a","TableName":"App"}`},
		{`update App key id = 1 set s = <<b"AA==", b"YQ==">>, l = [{x: b""}] delete t <<b"Yg==">>`,
			`{"ExpressionAttributeNames":{"#l":"l","#s":"s","#t":"t"},"ExpressionAttributeValues":{":l":{"L":[{"M":{"x":{"B":""}}}]},":s":{"BS":["\u0000","a"]},":t":{"BS":["b"]}},"Key":{"id":{"N":"1"}},"TableName":"App","UpdateExpression":"DELETE #t :t SET #s = :s, #l = :l"}`},
		{`scan App filter s = "SGVsbG8=" after {pk: b"SGk="}`,
			`{"ExclusiveStartKey":{"pk":{"B":"Hi"}},"ExpressionAttributeNames":{"#s":"s"},"ExpressionAttributeValues":{":s":{"S":"SGVsbG8="}},"FilterExpression":"#s = :s","TableName":"App"}`},
	} {
		r, err := BuildFor(parseOne(t, c.src), CLIv1)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if got := string(r.JSON(false)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
		// The same statement for v2 is what Build writes.
		v2, err := BuildFor(parseOne(t, c.src), CLIv2)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(v2.JSON(false)), string(build(t, c.src).JSON(false)); got != want {
			t.Errorf("%s: v2\n got %s\nwant %s", c.src, got, want)
		}
	}
}

// TestCLIv1NotText checks that bytes which are not UTF-8 cannot be written
// for v1: an error at the value, saying to use v2.
func TestCLIv1NotText(t *testing.T) {
	for _, c := range []struct{ src, at, msg string }{
		{`put App item {id: "x", avatar: b"/w=="}`, `b"/w=="`, `b"/w==" is bytes that are not UTF-8 text (byte 0 is 0xff): AWS CLI v1 cannot send them, since it reads --cli-input-json as text and sends a binary value as the UTF-8 of that text; send this request with AWS CLI v2 (--aws-cli v2)`},
		{`update App key id = 1 set s = <<b"YQ==", b"gA==">>`, `b"gA=="`, `(byte 0 is 0x80)`},
		{`get App key id = b"YcM="`, `b"YcM="`, `(byte 1 is 0xc3)`},
	} {
		_, err := BuildFor(parseOne(t, c.src), CLIv1)
		de, ok := err.(*diag.Error)
		if !ok {
			t.Fatalf("%s: error %v (%T), want one *diag.Error", c.src, err, err)
		}
		if want := strings.Index(c.src, c.at) + 1; de.Pos.Col != want {
			t.Errorf("%s: column %d, want %d", c.src, de.Pos.Col, want)
		}
		if !strings.Contains(de.Msg, c.msg) {
			t.Errorf("%s:\n got %s\nwant %s", c.src, de.Msg, c.msg)
		}
		if _, err := BuildFor(parseOne(t, c.src), CLIv2); err != nil {
			t.Errorf("%s: v2 refuses it: %v", c.src, err)
		}
	}
}

func TestParseAWSCLI(t *testing.T) {
	for s, want := range map[string]AWSCLI{"v1": CLIv1, "v2": CLIv2} {
		if got, err := ParseAWSCLI(s); err != nil || got != want {
			t.Errorf("ParseAWSCLI(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if _, err := ParseAWSCLI("v3"); err == nil || err.Error() != `"v3" is not an AWS CLI version: write v1 or v2` {
		t.Errorf("ParseAWSCLI(v3): %v", err)
	}
}

func TestHasBinary(t *testing.T) {
	for src, want := range map[string]bool{
		`get App key id = b"AA=="`:                        true,
		`get App key id = "AA=="`:                         false,
		`scan App filter a = [{b: <<b"AA==">>}]`:          true,
		`scan App filter a = [{b: <<"x">>}] after {k: 1}`: false,
		`put App item {a: 1, b: {c: b""}}`:                true,
		`query App key pk = 1 after {pk: 1, sk: b"AA=="}`: true,
	} {
		if got := build(t, src).HasBinary(); got != want {
			t.Errorf("%s: HasBinary %v, want %v", src, got, want)
		}
	}
}

// FuzzCLIv1Bytes holds the v1 writer to what AWS CLI v1 does with the JSON
// (reads it as text, sends the text's UTF-8): any UTF-8 bytes come back
// exactly, in a B and in a BS; any other bytes are an error.
func FuzzCLIv1Bytes(f *testing.F) {
	for _, s := range []string{"Hello", "é\n\"\\", "\x00\x1f\u2028\u2029😀", "\xff", "a\xc3"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		b64 := base64.StdEncoding.EncodeToString(raw)
		src := fmt.Sprintf(`put T item {b: b"%s", s: <<b"%s">>}`, b64, b64)
		r, err := BuildFor(parseOne(t, src), CLIv1)
		if !utf8.Valid(raw) {
			if err == nil {
				t.Fatalf("%q: built for v1: %s", raw, r.JSON(false))
			}
			return
		}
		if err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		var doc struct {
			Item struct {
				B struct{ B string }    `json:"b"`
				S struct{ BS []string } `json:"s"`
			}
		}
		if err := json.Unmarshal(r.JSON(false), &doc); err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		if doc.Item.B.B != string(raw) || len(doc.Item.S.BS) != 1 || doc.Item.S.BS[0] != string(raw) {
			t.Fatalf("%q: the JSON holds %q and %q", raw, doc.Item.B.B, doc.Item.S.BS)
		}
	})
}
