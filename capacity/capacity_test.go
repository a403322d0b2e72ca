package capacity

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/dxtest"
	"github.com/dynexpr/dynexpr/schema"
)

// The worked examples of the Developer Guide ("DynamoDB read and write
// operations", "DynamoDB item sizes and formats") and of DynamoDB's pricing
// pages, each as the guide states it.

func half(units string) Half {
	whole, frac, _ := strings.Cut(units, ".")
	var n Half
	for _, c := range whole {
		n = n*10 + Half(c-'0')
	}
	n *= 2
	if frac == "5" {
		n++
	}
	return n
}

func TestReadWorkedExamples(t *testing.T) {
	for _, c := range []struct {
		name  string
		bytes int64
		read  Read
		want  string
	}{
		{"3.5 KB strongly consistent: rounded up to 4 KB", 3584, Strong, "1"},
		{"3.5 KB eventually consistent", 3584, Eventual, "0.5"},
		{"3,500-byte item as a 4 KB one", 3500, Strong, "1"},
		{"10 KB rounded up to 12 KB", 10 * KB, Strong, "3"},
		{"8 KB strongly consistent", 8 * KB, Strong, "2"},
		{"8 KB eventually consistent", 8 * KB, Eventual, "1"},
		{"8 KB transactional", 8 * KB, Transactional, "4"},
		{"a missing item still costs the minimum", 0, Strong, "1"},
		{"a missing item, eventually consistent", 0, Eventual, "0.5"},
	} {
		if got := ReadUnits(c.bytes, c.read); got != half(c.want) {
			t.Errorf("%s: ReadUnits(%d, %v) = %s, want %s", c.name, c.bytes, c.read, got, c.want)
		}
	}
}

func TestBatchGetRoundsEachItem(t *testing.T) {
	// 1.5 KB and 6.5 KB: 4 KB + 8 KB = 12 KB, not 8 KB.
	sizes := []Size{ExactSize(1536), ExactSize(6656)}
	if got := GetItems(sizes, Strong); got != Exact(half("3")) {
		t.Errorf("BatchGetItem of 1.5 KB and 6.5 KB = %s, want 3 (12 KB)", got)
	}
	if got := QueryItems(sizes, Strong); got != Exact(half("2")) {
		t.Errorf("the same two items summed first = %s, want 2 (8 KB)", got)
	}
}

func TestQueryRoundsOnce(t *testing.T) {
	// Ten items totalling 40.8 KB (41,780 bytes: 4,178 each) round up to
	// 44 KB once: 11 units strongly consistent, 5.5 eventually.
	var sizes []Size
	for range 10 {
		sizes = append(sizes, ExactSize(4178))
	}
	if got := QueryItems(sizes, Strong); got != Exact(half("11")) {
		t.Errorf("Query strongly consistent = %s, want 11", got)
	}
	if got := QueryItems(sizes, Eventual); got != Exact(half("5.5")) {
		t.Errorf("Query eventually consistent = %s, want 5.5", got)
	}
	// Item by item the same ten would cost 20: Query is not GetItem.
	if got := GetItems(sizes, Strong); got != Exact(half("20")) {
		t.Errorf("the ten one by one = %s, want 20", got)
	}
}

func TestWriteWorkedExamples(t *testing.T) {
	for _, c := range []struct {
		bytes int64
		tx    bool
		want  string
	}{
		{500, false, "1"},
		{1638, false, "2"}, // 1.6 KB
		{2 * KB, false, "2"},
		{2 * KB, true, "4"},
		{3 * KB, false, "3"},
		{3 * KB, true, "6"},
		{2*KB + 1, false, "3"},
		{0, false, "1"},
	} {
		if got := WriteUnits(c.bytes, c.tx); got != half(c.want) {
			t.Errorf("WriteUnits(%d, tx %v) = %s, want %s", c.bytes, c.tx, got, c.want)
		}
	}
	// BatchWriteItem of 500 B and 3.5 KB: 1 + 4.
	if got := WriteItems([]Size{ExactSize(500), ExactSize(3584)}, false); got != Exact(half("5")) {
		t.Errorf("BatchWriteItem of 500 B and 3.5 KB = %s, want 5", got)
	}
}

// The Developer Guide's book item is 137 bytes: names 70, values 67.
const bookItem = `{"Id":{"N":"101"},"Title":{"S":"Book 101 Title"},"ISBN":{"S":"111-1111111111"},"Authors":{"L":[{"S":"Author1"}]},"Price":{"N":"2"},"Dimensions":{"S":"8.5 x 11.0 x 0.5"},"PageCount":{"N":"500"},"InPublication":{"BOOL":true},"ProductCategory":{"S":"Book"}}`

func TestItemSizeWorkedExample(t *testing.T) {
	n, err := ItemBytes(json.RawMessage(bookItem))
	if err != nil || n != 137 {
		t.Fatalf("ItemBytes(book) = %d, %v; want 137", n, err)
	}
	st := dxtest.Statement(t, "t.dx", `put Books item {Id: 101, Title: "Book 101 Title", ISBN: "111-1111111111", Authors: ["Author1"], Price: 2, Dimensions: "8.5 x 11.0 x 0.5", PageCount: 500, InPublication: true, ProductCategory: "Book"}`)
	if got := MapBytes(st.Item.Map); got != ExactSize(137) {
		t.Errorf("the same item in the DSL = %s, want 137 bytes", got)
	}
}

func TestValueSizes(t *testing.T) {
	for _, c := range []struct {
		av   string
		want int64
	}{
		{`{"N":"500"}`, 2},           // trailing zeros trimmed: one digit
		{`{"N":"0.00012"}`, 2},       // leading zeros trimmed: "12"
		{`{"N":"123456789"}`, 6},     // nine digits: five bytes and one
		{`{"N":"-1E+125"}`, 2},       // the exponent is not a digit
		{`{"S":"héllo"}`, 6},         // UTF-8 bytes, not characters
		{`{"B":"AAEC"}`, 3},          // raw bytes, not base64 text
		{`{"NULL":true}`, 1},         //
		{`{"L":[]}`, 3},              // an empty list is its overhead
		{`{"M":{"a":{"S":"x"}}}`, 6}, // 3 + 1 per element + name + value
		{`{"SS":["ab","c"]}`, 3},     // a set is its elements
		{`{"NS":["10","200"]}`, 4},   //
	} {
		n, err := AttributeValueBytes(json.RawMessage(c.av))
		if err != nil || n != c.want {
			t.Errorf("AttributeValueBytes(%s) = %d, %v; want %d", c.av, n, err, c.want)
		}
	}
	for _, bad := range []string{`{"X":"1"}`, `{"N":"one"}`, `{"S":"a","N":"1"}`, `"S"`} {
		if _, err := AttributeValueBytes(json.RawMessage(bad)); err == nil {
			t.Errorf("AttributeValueBytes(%s): no error", bad)
		}
	}
}

func TestReadSample(t *testing.T) {
	scan := `{"Items": [` + bookItem + `, {"Id": {"N": "1"}}], "Count": 2, "ScannedCount": 2}`
	s, err := ReadSample([]byte(scan))
	if err != nil {
		t.Fatal(err)
	}
	// 137 and 4 (Id 2 + 1 digit's 2): mean 70.5, rounded up to 71.
	if s != (Sample{Items: 2, Mean: 71, Largest: 137}) {
		t.Errorf("ReadSample(scan) = %+v", s)
	}
	lines := bookItem + "\n" + bookItem + "\n"
	if s, err := ReadSample([]byte(lines)); err != nil || s != (Sample{Items: 2, Mean: 137, Largest: 137}) {
		t.Errorf("ReadSample(JSON Lines) = %+v, %v", s, err)
	}
	if _, err := ReadSample([]byte(`{"Items": []}`)); err == nil {
		t.Error("ReadSample of no items: no error")
	}
}

const ticketsSchema = `tables:
  Tickets:
    key: {partition: id}
    attributes: {id: S, openBucket: S, openedAt: S, priority: N}
    indexes:
      open-tickets-index:
        type: global
        key: {partition: openBucket, sort: openedAt}
        projection: include
        include: [subject, priority]
`

func loadSchema(t *testing.T, text string) *schema.Schema {
	t.Helper()
	sch, err := schema.Parse("schema.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func TestStatementCosts(t *testing.T) {
	sch := loadSchema(t, ticketsSchema)
	sized := loadSchema(t, strings.Replace(ticketsSchema, "    key: {partition: id}\n", "    key: {partition: id}\n    item_size: 3.5KB\n", 1))
	sizedAll := loadSchema(t, strings.Replace(strings.Replace(ticketsSchema, "projection: include\n        include: [subject, priority]\n", "projection: all\n", 1), "    key: {partition: id}\n", "    key: {partition: id}\n    item_size: 3.5KB\n", 1))
	kb := ExactSize(10 * KB)
	for _, c := range []struct {
		name, src  string
		sch        *schema.Schema
		h          Hints
		read       string
		write      string
		index      string // open-tickets-index's units and effect
		itemBytes  int64
		wantsNotes bool
	}{
		{name: "get of an item of unknown size", src: `get Tickets key id = "a"`, sch: sch,
			read: "0.5 to 50", wantsNotes: true},
		{name: "get, consistent, the schema's item_size", src: `get Tickets key id = "a" consistent`, sch: sized, read: "1"},
		{name: "get, a projection does not lower it", src: `get Tickets key id = "a" select subject`, sch: sized, read: "0.5"},
		{name: "get, --item-size over the schema", src: `get Tickets key id = "a" consistent`, sch: sized, h: Hints{ItemSize: &kb}, read: "3"},
		{name: "transact get: two units per 4 KB", src: `transact get { get Tickets key id = "a"; get Tickets key id = "b" }`, sch: sized, read: "4"},
		{name: "batch get: each item rounded", src: `batch get { get Tickets key id = "a"; get Tickets key id = "b" }`, sch: sized, read: "1"},
		{name: "query: N items summed then rounded", src: `query Tickets index open-tickets-index key openBucket = "a"`, sch: sizedAll, h: Hints{Items: 10}, read: "4.5"},
		{name: "query with a filter costs the same", src: `query Tickets index open-tickets-index key openBucket = "a" filter priority = 1`, sch: sizedAll, h: Hints{Items: 10}, read: "4.5"},
		{name: "query, items not known: one page at most", src: `query Tickets index open-tickets-index key openBucket = "a"`, sch: sizedAll, read: "0.5 to 128", wantsNotes: true},
		{name: "query with a limit: at most limit items", src: `query Tickets index open-tickets-index key openBucket = "a" limit 10`, sch: sizedAll, read: "0.5 to 4.5", wantsNotes: true},
		{name: "query of the whole key: one item at most", src: `query Tickets key id = "a"`, sch: sized, h: Hints{Items: 10}, read: "0.5"},
		{name: "index query of a narrower projection: up to the item", src: `query Tickets index open-tickets-index key openBucket = "a"`, sch: sized, h: Hints{Items: 10}, read: "0.5 to 4.5", wantsNotes: true},
		{name: "scan, consistent", src: `scan Tickets consistent`, sch: sized, h: Hints{Items: 100}, read: "88"},
		{name: "put of a new item, known size", src: `put Tickets item {id: "a", subject: "x"} if attribute_not_exists(id)`, sch: sch,
			write: "1", index: "0 untouched", itemBytes: 11},
		{name: "put may replace a larger item", src: `put Tickets item {id: "a", subject: "x"}`, sch: sized,
			write: "1 to 4", index: "0 to 1 takes-out", itemBytes: 11, wantsNotes: true},
		{name: "put into the sparse index", src: `put Tickets item {id: "a", openBucket: "OPEN", openedAt: "t", body: "b"} if attribute_not_exists(id)`, sch: sch,
			write: "1", index: "1 puts", itemBytes: 31},
		{name: "put in a transaction: twice", src: `transact write { put Tickets item {id: "a", body: "b"} if attribute_not_exists(id) }`, sch: sch, write: "2", index: "0 untouched"},
		// The put may replace a 3.5 KB item (1 to 4), the delete deletes one (4).
		{name: "batch write: each item rounded", src: `batch write { put Tickets item {id: "a"}; delete Tickets key id = "b" }`, sch: sized, write: "5 to 8", index: "0 to 5 takes-out", wantsNotes: true},
		{name: "update: the sparse-index exit", src: `update Tickets key id = "a" set status = "RESOLVED" remove openBucket`, sch: sized,
			write: "4", index: "0 to 4 takes-out", wantsNotes: true},
		{name: "update of a projected attribute", src: `update Tickets key id = "a" set priority = 2`, sch: sized,
			write: "4", index: "0 to 4 projected-only", wantsNotes: true},
		{name: "update of an attribute the index does not hold", src: `update Tickets key id = "a" set body = "x"`, sch: sized,
			write: "4", index: "0 untouched"},
		{name: "update moving the index key", src: `update Tickets key id = "a" set openBucket = "OPEN", openedAt = "t"`, sch: sized,
			write: "4", index: "1 to 8 changes-key", wantsNotes: true},
		{name: "update setting half the index key", src: `update Tickets key id = "a" set openBucket = "OPEN"`, sch: sized,
			write: "4", index: "0 to 8 changes-key", wantsNotes: true},
		{name: "delete: the item it deletes", src: `delete Tickets key id = "a"`, sch: sized, write: "4", index: "0 to 4 takes-out", wantsNotes: true},
		{name: "no schema: writes still costed", src: `put Orders item {id: "a"} if attribute_not_exists(id)`, write: "1 to 400", itemBytes: 3, wantsNotes: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := dxtest.Statement(t, "t.dx", c.src)
			got := Of(st, c.sch, c.h)
			if c.read == "" {
				c.read = "0"
			}
			if c.write == "" {
				c.write = "0"
			}
			if got.Read.String() != c.read || got.Write.String() != c.write {
				t.Errorf("read %s write %s, want read %s write %s (notes %q)", got.Read, got.Write, c.read, c.write, got.Notes)
			}
			var index string
			for _, ic := range got.Indexes {
				index = ic.Units.String() + " " + ic.Effect.Word()
			}
			if index != c.index {
				t.Errorf("index %q, want %q", index, c.index)
			}
			var ib int64
			if got.ItemBytes != nil {
				ib = got.ItemBytes.Min
			}
			if ib != c.itemBytes {
				t.Errorf("item bytes %d, want %d", ib, c.itemBytes)
			}
			if (len(got.Notes) > 0) != c.wantsNotes {
				t.Errorf("notes %q, want some: %v", got.Notes, c.wantsNotes)
			}
		})
	}
}

// A query of a local index that asks for an attribute the index does not
// project reads each item from the table too, rounded up to 4 KB one by one
// ("Local secondary indexes", reads).
func TestLocalIndexFetches(t *testing.T) {
	sch := loadSchema(t, `tables:
  Orders:
    key: {partition: customer, sort: id}
    attributes: {customer: S, id: S, placedAt: S}
    item_size: 3.5KB
    indexes:
      by-placed:
        type: local
        key: {partition: customer, sort: placedAt}
        projection: include
        include: [total]
`)
	h := Hints{Items: 10}
	// The entries: from nothing to 35,840 bytes, 0.5 to 4.5 units; then
	// ten items of 3.5 KB, 0.5 each.
	fetch := Of(dxtest.Statement(t, "t.dx", `query Orders index by-placed key customer = "c" select total, note`), sch, h)
	if fetch.Read.String() != "5.5 to 9.5" {
		t.Errorf("fetching query: %s, want 5.5 to 9.5 (notes %q)", fetch.Read, fetch.Notes)
	}
	projected := Of(dxtest.Statement(t, "t.dx", `query Orders index by-placed key customer = "c" select total`), sch, h)
	if projected.Read.String() != "0.5 to 4.5" {
		t.Errorf("projected query: %s, want 0.5 to 4.5", projected.Read)
	}
}
