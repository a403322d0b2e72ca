//go:build e2e

package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

// binaryItem is one item of TestBinary: a binary key, a B and a BS, as the
// bytes they hold.
type binaryItem struct {
	key, one []byte
	set      [][]byte
}

// binaryItems are what each CLI is given to store. For v1, bytes that are
// UTF-8 text (v1 sends the UTF-8 of the JSON text it reads, so nothing else
// can be sent), not ASCII; for v2, any bytes. Keys differ: one table holds
// them all.
func binaryItems(cli string) []binaryItem {
	if cli == "v1" {
		return []binaryItem{
			{key: []byte("Hello"), one: []byte("SGVsbG8="), set: [][]byte{[]byte("é"), []byte("☃\x00\n\"\\")}},
			{key: []byte("clé-ü"), one: []byte("日本\u2028😀"), set: [][]byte{{0x7f}, []byte("a")}},
		}
	}
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	return []binaryItem{
		{key: []byte("Hello, v2"), one: []byte("SGVsbG8="), set: [][]byte{[]byte("é"), {0}}},
		{key: []byte{0xde, 0xad, 0xbe, 0xef, 0xff, 0x00}, one: all, set: [][]byte{{0xff}, {0x80, 0x00}, []byte("ok")}},
	}
}

// TestBinary proves that binary values reach DynamoDB byte for byte with
// the request dynexpr builds for each CLI (--aws-cli v1 or v2): each item
// is put with the built put-item, read back with the built get-item (its
// binary key written for that CLI too), and its bytes compared. Before
// --aws-cli, a v1 user's b"SGVsbG8=" was stored as the 8 letters.
func TestBinary(t *testing.T) {
	srv := Dynoxide(t)
	create := []json.RawMessage{json.RawMessage(`{"TableName": "Bin", "BillingMode": "PAY_PER_REQUEST",
		"AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "B"}],
		"KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}`)}
	table := CreateTables(t, AWSv2(t), srv, create, uniqueSuffix())["Bin"]
	dir := t.TempDir()
	for _, cli := range CLIs(t) {
		for i, it := range binaryItems(cli.Name) {
			t.Run(fmt.Sprintf("aws-%s/%d", cli.Name, i), func(t *testing.T) {
				t.Parallel()
				put := buildFor(t, dir, cli.Name, fmt.Sprintf("put Bin item {pk: %s, one: %s, set: <<%s>>}", b64(it.key), b64(it.one), b64(it.set...)))
				get := buildFor(t, dir, cli.Name, fmt.Sprintf("get Bin key pk = %s consistent", b64(it.key)))
				for _, req := range []*[]byte{&put, &get} {
					var err error
					if *req, _, err = RenameTable(*req, map[string]string{"Bin": table}); err != nil {
						t.Fatal(err)
					}
				}
				if r := cli.Run(t, srv, "put-item", put); !r.OK() {
					t.Fatalf("put-item: %s", r)
				}
				r := cli.Run(t, srv, "get-item", get)
				if !r.OK() {
					t.Fatalf("get-item: %s", r)
				}
				var out struct {
					Item struct {
						PK  struct{ B []byte }    `json:"pk"`
						One struct{ B []byte }    `json:"one"`
						Set struct{ BS [][]byte } `json:"set"`
					}
				}
				r.JSON(t, &out) // both CLIs print binary values in base64, which []byte decodes
				if !bytes.Equal(out.Item.PK.B, it.key) || !bytes.Equal(out.Item.One.B, it.one) {
					t.Errorf("stored pk %q one %q, want %q and %q\nput: %s", out.Item.PK.B, out.Item.One.B, it.key, it.one, put)
				}
				got, want := sortedBytes(out.Item.Set.BS), sortedBytes(it.set)
				if !slices.EqualFunc(got, want, bytes.Equal) {
					t.Errorf("stored set %q, want %q\nput: %s", got, want, put)
				}
			})
		}
	}
}

// buildFor runs dynexpr build --aws-cli cli for one statement.
func buildFor(t *testing.T, dir, cli, stmt string) []byte {
	t.Helper()
	r := Dynexpr(t, dir, "build", "--compact", "--aws-cli", cli, stmt)
	if r.Exit != 0 {
		t.Fatalf("dynexpr build --aws-cli %s %s: exit %d\n%s", cli, stmt, r.Exit, r.Stderr)
	}
	return []byte(r.Stdout)
}

// b64 writes byte strings as DSL binary literals, separated by commas.
func b64(values ...[]byte) string {
	var b bytes.Buffer
	for i, v := range values {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "b%q", base64.StdEncoding.EncodeToString(v))
	}
	return b.String()
}

// sortedBytes orders a set's elements, which DynamoDB keeps in no order.
func sortedBytes(set [][]byte) [][]byte {
	out := slices.Clone(set)
	slices.SortFunc(out, bytes.Compare)
	return out
}
