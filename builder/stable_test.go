package builder

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// stableSources are statements with many names and values: Go's map order
// (the SDK's maps, the builder's) must not show in the output.
var stableSources = []string{
	`update Tickets key id = "a91f" set openBucket = "OPEN", priority = priority + 1, a = 1, b = 2, c = 3, d = [1, {x: 2, y: 3, z: <<"a", "b", "c">>}] remove assignee, e, f add views 1, g <<1, 2, 3>> delete tags <<"old">> if attribute_exists(id) and (status = "x" or status = "y") return new`,
	`query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt between "2026-01" and "2026-12" filter priority >= 3 and contains(tags, "x") and a in (1, 2, 3, 4, 5) select subject, priority, a, b, c, d desc limit 25 after {id: "a91f", openBucket: "OPEN", openedAt: "2026-03"}`,
	"scan T1x filter `a-b` = 1 and `a b` = 2 and a_b = 3 and `a.b` = 4 and `a:b` = 5 and a.b = 6",
	`transact write token "t" capacity total metrics { put Tb1 item {a: 1, b: 2, c: {x: 1, y: 2}} if a <> 1 and b <> 2; update Tb2 key id = 1 set a = 1, b = 2 remove c; check Tb3 key id = 2 if attribute_exists(z) }`,
	`batch get { get Tb3 key id = 1 select a, b; get Tb1 key id = 1; get Tb2 key id = 1 consistent; get Tb3 key id = 2 select a, b; get Tb4 key id = 1 }`,
	`batch write { put Tb3 item {id: 1, a: 1, b: 2}; delete Tb1 key id = 1; put Tb2 item {id: 1}; delete Tb3 key id = 2; put Tb4 item {id: 3} }`,
}

// TestStable builds each statement 100 times, each time from a fresh parse
// and from the same one: the same bytes every time.
func TestStable(t *testing.T) {
	for _, src := range stableSources {
		first := build(t, src)
		want := first.JSON(true)
		wantCompact := first.JSON(false)
		st := parseOne(t, src)
		for i := 0; i < 100; i++ {
			r, err := Build(st)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.JSON(true); !bytes.Equal(got, want) {
				t.Fatalf("build %d of %q differs:\n%s", i, src, cmp.Diff(string(want), string(got)))
			}
			if got := build(t, src).JSON(false); !bytes.Equal(got, wantCompact) {
				t.Fatalf("build %d of %q differs:\n%s", i, src, cmp.Diff(string(wantCompact), string(got)))
			}
			if got := first.JSON(true); !bytes.Equal(got, want) {
				t.Fatalf("encoding %d of %q differs", i, src)
			}
		}
	}
}

// TestAddingAClause checks that adding a clause keeps the placeholders the
// other clauses had.
func TestAddingAClause(t *testing.T) {
	pairs := []struct{ before, after string }{
		{`query Tbl key pk = 1 and sk > 2`, `query Tbl key pk = 1 and sk > 2 filter x = 3 and y = 4 select a, b`},
		{`query Tbl key pk = 1 filter x = 3`, `query Tbl key pk = 1 filter x = 3 and pk2 = 5 select pk, x`},
		{`update Tbl key id = 1 set a = 1, b = 2`, `update Tbl key id = 1 set a = 1, b = 2 remove c add d 1 if e = 1`},
		{`update Tbl key id = 1 set a = 1 if b = 2`, `update Tbl key id = 1 set a = 1, x = 5 remove c if b = 2 and c = 3`},
		{`delete Tbl key id = 1 if a = 1`, `delete Tbl key id = 1 if a = 1 and b = 2`},
	}
	for _, p := range pairs {
		before, after := build(t, p.before), build(t, p.after)
		for k, v := range before.ExpressionAttributeNames {
			if after.ExpressionAttributeNames[k] != v {
				t.Errorf("%s\n%s\nrenamed %s (%s)", p.before, p.after, k, v)
			}
		}
		for k, v := range before.ExpressionAttributeValues {
			if !cmp.Equal(after.ExpressionAttributeValues[k], v, cmp.Comparer(avEqual)) {
				t.Errorf("%s\n%s\nrenamed %s", p.before, p.after, k)
			}
		}
		if before.KeyConditionExpression != after.KeyConditionExpression {
			t.Errorf("key condition %q became %q", before.KeyConditionExpression, after.KeyConditionExpression)
		}
	}
}

func avEqual(a, b Value) bool {
	return string((&Request{Item: map[string]Value{"v": a}}).JSON(false)) ==
		string((&Request{Item: map[string]Value{"v": b}}).JSON(false))
}

// TestBinary checks base64 text: the round trip through bytes is the
// identity for canonical base64, and the text as written is what the JSON
// holds, even where a re-encoding would differ.
func TestBinary(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 64; n++ {
		data := make([]byte, n)
		rng.Read(data)
		text := base64.StdEncoding.EncodeToString(data)
		back, err := base64.StdEncoding.DecodeString(text)
		if err != nil || base64.StdEncoding.EncodeToString(back) != text {
			t.Fatalf("round trip of %q: %q %v", text, back, err)
		}
		r := build(t, `put Tbl item {b: b"`+text+`", s: <<b"`+text+`">>}`)
		want := `{"Item":{"b":{"B":"` + text + `"},"s":{"BS":["` + text + `"]}},"TableName":"Tbl"}`
		if got := string(r.JSON(false)); got != want {
			t.Fatalf("got %s\nwant %s", got, want)
		}
		if b, err := base64.StdEncoding.DecodeString(r.Item["b"].Text); err != nil || !bytes.Equal(b, data) {
			t.Fatalf("bytes %x, want %x (%v)", b, data, err)
		}
	}
	// Base64 that is not canonical (non-zero padding bits, b"QR==") is
	// refused by the lexer: see grammar's TestParseErrors.
	// A value not built from a literal is written as its text.
	r := &Request{Item: map[string]Value{"b": {Kind: KindB, Text: "SGVsbG8="}}}
	if got := string(r.JSON(false)); got != `{"Item":{"b":{"B":"SGVsbG8="}}}` {
		t.Errorf("got %s", got)
	}
}

// TestJSONStrings checks the string encoder against encoding/json with HTML
// escaping off, on random and tricky strings.
func TestJSONStrings(t *testing.T) {
	tricky := []string{
		"", "plain", `"quoted"`, `back\slash`, "<>&", "\u2028\u2029", "\x00\x01\x1f\x7f",
		"\b\f\n\r\t", "é日本😀", "\xff\xfe", "a\xc3", "\xed\xa0\x80", "/</script>",
	}
	rng := rand.New(rand.NewSource(2))
	alphabet := []rune{'a', '"', '\\', '<', '&', '\n', 0, 0x1f, 0x7f, 'é', 0x2028, 0x2029, 0xfffd, 0x1f600}
	for i := 0; i < 2000; i++ {
		var sb strings.Builder
		for j := rng.Intn(12); j > 0; j-- {
			if rng.Intn(10) == 0 {
				sb.WriteByte(byte(0x80 + rng.Intn(0x80))) // invalid UTF-8
				continue
			}
			sb.WriteRune(alphabet[rng.Intn(len(alphabet))])
		}
		tricky = append(tricky, sb.String())
	}
	for _, s := range tricky {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSuffix(buf.String(), "\n")
		if got := string(appendString(nil, s)); got != want {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
		if !utf8.ValidString(want) {
			t.Errorf("%q: output is not UTF-8", s)
		}
	}
}

// TestJSONWithoutBuild checks the writer on a request assembled by hand:
// empty placeholder maps are left out, nil values written as null.
func TestJSONWithoutBuild(t *testing.T) {
	f, tr := false, true
	n := int32(7)
	r := &Request{
		Command:                   "scan",
		TableName:                 "Tbl",
		ExpressionAttributeNames:  map[string]string{},
		ExpressionAttributeValues: map[string]Value{},
		ScanIndexForward:          &f,
		ConsistentRead:            &tr,
		Limit:                     &n,
		ExclusiveStartKey:         map[string]Value{"k": {}},
	}
	want := `{"ConsistentRead":true,"ExclusiveStartKey":{"k":null},"Limit":7,"ScanIndexForward":false,"TableName":"Tbl"}`
	if got := string(r.JSON(false)); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if got := string((&Request{}).JSON(true)); got != "{}" {
		t.Errorf("empty request: %s", got)
	}
}
