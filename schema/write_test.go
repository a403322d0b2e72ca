package schema

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
)

// loadable returns every schema file of the examples and testdata that
// loads without error.
func loadable(t testing.TB) map[string]*Schema {
	t.Helper()
	files, _ := filepath.Glob("testdata/*/*.*")
	examples, _ := filepath.Glob("../examples/*.*")
	out := map[string]*Schema{}
	for _, f := range append(files, examples...) {
		if s, err := Load(f); err == nil {
			out[f] = s
		}
	}
	if len(out) < 15 {
		t.Fatalf("only %d schema files load", len(out))
	}
	return out
}

func TestWriteYAMLRoundTrip(t *testing.T) {
	for file, s := range loadable(t) {
		var first bytes.Buffer
		if err := WriteYAML(&first, s); err != nil {
			t.Fatalf("%s: WriteYAML: %v", file, err)
		}
		back, err := Parse("written.yaml", first.Bytes())
		if err != nil {
			t.Errorf("%s: Parse(WriteYAML(x)): %v\n%s", file, err, first.Bytes())
			continue
		}
		// The project YAML declares no variables: the tables are compared.
		if diff := cmp.Diff(s.Tables, back.Tables, ignorePos, ignoreOrigin); diff != "" {
			t.Errorf("%s: Parse(WriteYAML(x)) != x (-x +back):\n%s", file, diff)
		}
		var second bytes.Buffer
		if err := WriteYAML(&second, back); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Errorf("%s: WriteYAML is not stable:\n%s\nthen\n%s", file, first.Bytes(), second.Bytes())
		}
	}
}

func TestWriteYAMLCanonical(t *testing.T) {
	s, err := Load("../examples/tickets.cfn.yaml", "../examples/orders.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// Names YAML would read as something else are quoted.
	s.Tables = append(s.Tables, &Table{
		Name:       "null",
		Key:        Key{Partition: []string{"yes"}, Sort: []string{"1"}},
		Attributes: map[string]Type{"yes": Number, "1": Binary, "a: b": String},
		Indexes: []*Index{{Name: "1e3", Global: true, Key: Key{Partition: []string{"a: b"}},
			Projection: ProjectInclude, Include: []string{"#x", "true"}}},
	})
	var buf bytes.Buffer
	if err := WriteYAML(&buf, s); err != nil {
		t.Fatal(err)
	}
	const want = `tables:
  Tickets:
    key: {partition: id}
    attributes: {id: S, openBucket: S, openedAt: S}
    logical: TicketsTable
    indexes:
      open-tickets-index:
        type: global
        key: {partition: openBucket, sort: openedAt}
        projection: include
        include: [subject, priority]
  TicketsByCustomer:
    key: {partition: customerId, sort: id}
    attributes: {customerId: S, id: S, openedAt: S}
    indexes:
      by-opened:
        type: local
        key: {partition: customerId, sort: openedAt}
        projection: include
        include: [subject]
  Orders:
    key: {partition: orderId}
    attributes: {createdAt: S, orderId: S, region: S, tenantId: S}
    indexes:
      by-tenant-region:
        type: global
        key: {partition: [tenantId, region], sort: [createdAt, orderId]}
        projection: keys_only
  "null":
    key: {partition: yes, sort: "1"}
    attributes: {"1": B, 'a: b': S, yes: N}
    indexes:
      "1e3":
        type: global
        key: {partition: 'a: b'}
        projection: include
        include: ['#x', "true"]
`
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("WriteYAML mismatch (-want +got):\n%s", diff)
	}
	back, err := Parse("written.yaml", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s, back, ignorePos, ignoreOrigin); diff != "" {
		t.Errorf("Parse(WriteYAML(x)) != x (-x +back):\n%s", diff)
	}

	buf.Reset()
	if err := WriteYAML(&buf, &Schema{}); err != nil || buf.String() != "tables: {}\n" {
		t.Errorf("WriteYAML(empty) = %q, %v; want %q", buf.String(), err, "tables: {}\n")
	}
}

// A name with a character that does not show as itself (ESC, BEL, a bidi
// override, U+2028, a zero-width or no-break space, one past U+FFFF) is
// written escaped, inside double quotes, and reads back as the same name.
func TestWriteYAMLEscapesHidden(t *testing.T) {
	name := "a\x1b[31m\a\u202e\u2028\u200b\u00a0\U000e0041z"
	s := &Schema{Tables: []*Table{{
		Name:       "Tickets",
		Key:        Key{Partition: []string{name}},
		Attributes: map[string]Type{name: String, "\u202eb": Number, "\u200bttl": Number},
		TTL:        "\u200bttl",
		Indexes: []*Index{{Name: "by-b", Global: true, Key: Key{Partition: []string{"\u202eb"}},
			Projection: ProjectInclude, Include: []string{"\u00a0c"}}},
	}}}
	var buf bytes.Buffer
	if err := WriteYAML(&buf, s); err != nil {
		t.Fatal(err)
	}
	for _, r := range buf.String() {
		if r != '\n' && diag.Hidden(r) {
			t.Fatalf("WriteYAML holds %U raw:\n%s", r, buf.Bytes())
		}
	}
	back, err := Parse("written.yaml", buf.Bytes())
	if err != nil {
		t.Fatalf("Parse(WriteYAML(x)): %v\n%s", err, buf.Bytes())
	}
	if diff := cmp.Diff(s, back, ignorePos, ignoreOrigin); diff != "" {
		t.Errorf("Parse(WriteYAML(x)) != x (-x +back):\n%s\n%s", diff, buf.Bytes())
	}
}
