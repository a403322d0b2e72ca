package capacity

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

// The size of an item as DynamoDB counts it, by "DynamoDB item sizes and
// formats" (Developer Guide, CapacityUnitCalculations): the sum of its
// attribute names' UTF-8 bytes and its values' sizes, where
//   - a string is its UTF-8 bytes;
//   - a number is 1 byte per two significant digits, leading and trailing
//     zeros trimmed, plus 1;
//   - a binary is its raw bytes (not its base64 text);
//   - a Boolean or a null is 1 byte;
//   - a list or a map is 3 bytes, plus 1 per element, plus its elements
//     (a map's names counted as an item's are);
//   - a set is the sum of its elements.
// The page calls the number rule approximate; it is the one DynamoDB's
// own worked example (the 137-byte book item) follows.

// NumberBytes is the size of a number given as decimal text; ok is false
// when the text is not a number.
func NumberBytes(text string) (int64, bool) {
	d, ok := grammar.ParseDecimal(text)
	if !ok {
		return 0, false
	}
	return 1 + int64(len(d.Digits)+1)/2, true
}

// ValueBytes is the size of a value of the DSL; ok is false when a part of
// it is not known (a parameter not bound, a value the code computes).
func ValueBytes(v *grammar.Value) (n int64, ok bool) {
	if v == nil {
		return 0, false
	}
	switch {
	case v.List != nil:
		n, ok = 3+int64(len(v.List.Items)), true
		for _, it := range v.List.Items {
			m, k := ValueBytes(it)
			n, ok = n+m, ok && k
		}
		return n, ok
	case v.Map != nil:
		n, ok = 3+int64(len(v.Map.Entries)), true
		for _, e := range v.Map.Entries {
			if e == nil {
				continue
			}
			m, k := ValueBytes(e.Value)
			n, ok = n+int64(len(e.Key))+m, ok && k
		}
		return n, ok
	case v.Set != nil:
		ok = true
		for _, it := range v.Set.Items {
			m, k := ValueBytes(it)
			n, ok = n+m, ok && k
		}
		return n, ok
	}
	switch v.Type {
	case grammar.TypeS:
		return int64(len(v.Text)), true
	case grammar.TypeB:
		b, err := base64.StdEncoding.DecodeString(v.Text)
		return int64(len(b)), err == nil
	case grammar.TypeN:
		return NumberBytes(v.Text)
	case grammar.TypeBOOL, grammar.TypeNULL:
		return 1, true
	}
	return 0, false
}

// MapBytes is the size of an item written as a map of the DSL: names and
// values. A part not known makes it a range up to the largest item.
func MapBytes(m *grammar.Map) Size {
	if m == nil {
		return Size{0, MaxItemBytes}
	}
	return entriesBytes(m, func(string) bool { return true })
}

// entriesBytes is the size of the entries of m whose name keep takes; a
// value not known makes it a range up to the largest item.
func entriesBytes(m *grammar.Map, keep func(name string) bool) Size {
	var n int64
	known := true
	for _, e := range m.Entries {
		if e == nil || !keep(e.Key) {
			continue
		}
		v, ok := ValueBytes(e.Value)
		n += int64(len(e.Key)) + v
		known = known && ok
	}
	if known {
		return ExactSize(n)
	}
	return Size{n, max(n, MaxItemBytes)}
}

// AttributeValueBytes is the size of one value written as DynamoDB JSON
// ({"S": "x"}, {"N": "1"}, {"L": [...]}, ...), as DescribeTable's,
// GetItem's and Scan's answers carry it.
func AttributeValueBytes(raw json.RawMessage) (int64, error) {
	var av map[string]json.RawMessage
	if err := json.Unmarshal(raw, &av); err != nil {
		return 0, fmt.Errorf("an attribute value is an object such as {\"S\": \"text\"}: %v", err)
	}
	if len(av) != 1 {
		return 0, fmt.Errorf("an attribute value has one type key (S, N, B, BOOL, NULL, L, M, SS, NS, BS), not %d", len(av))
	}
	for typ, body := range av {
		switch typ {
		case "S":
			var s string
			if err := json.Unmarshal(body, &s); err != nil {
				return 0, fmt.Errorf("an S value holds a string: %v", err)
			}
			return int64(len(s)), nil
		case "N":
			var s string
			if err := json.Unmarshal(body, &s); err != nil {
				return 0, fmt.Errorf("an N value holds a number as a string (\"12.5\"): %v", err)
			}
			n, ok := NumberBytes(s)
			if !ok {
				return 0, fmt.Errorf("an N value holds %q, not a number", s)
			}
			return n, nil
		case "B":
			var b []byte // encoding/json decodes base64 into []byte
			if err := json.Unmarshal(body, &b); err != nil {
				return 0, fmt.Errorf("a B value holds base64 text: %v", err)
			}
			return int64(len(b)), nil
		case "BOOL", "NULL":
			return 1, nil
		case "L":
			var items []json.RawMessage
			if err := json.Unmarshal(body, &items); err != nil {
				return 0, fmt.Errorf("an L value holds a list: %v", err)
			}
			n := 3 + int64(len(items))
			for _, it := range items {
				m, err := AttributeValueBytes(it)
				if err != nil {
					return 0, err
				}
				n += m
			}
			return n, nil
		case "M":
			m, err := itemSize(body)
			return 3 + m.entries + m.bytes, err
		case "SS", "NS", "BS":
			var items []string
			if err := json.Unmarshal(body, &items); err != nil {
				return 0, fmt.Errorf("%s holds a list of strings: %v", typ, err)
			}
			var n int64
			for _, it := range items {
				switch typ {
				case "SS":
					n += int64(len(it))
				case "NS":
					m, ok := NumberBytes(it)
					if !ok {
						return 0, fmt.Errorf("NS holds %q, not a number", it)
					}
					n += m
				case "BS":
					b, err := base64.StdEncoding.DecodeString(it)
					if err != nil {
						return 0, fmt.Errorf("BS holds base64 text: %v", err)
					}
					n += int64(len(b))
				}
			}
			return n, nil
		default:
			return 0, fmt.Errorf("%q is not a DynamoDB type: write S, N, B, BOOL, NULL, L, M, SS, NS or BS", typ)
		}
	}
	return 0, nil
}

// itemBytes is an item's size and its number of attributes (what a map
// value adds a byte for each).
type itemBytes struct{ bytes, entries int64 }

// ItemBytes is the size of an item written as DynamoDB JSON: an object of
// attribute names and values.
func ItemBytes(raw json.RawMessage) (int64, error) {
	b, err := itemSize(raw)
	return b.bytes, err
}

func itemSize(raw json.RawMessage) (itemBytes, error) {
	var item map[string]json.RawMessage
	if err := json.Unmarshal(raw, &item); err != nil {
		return itemBytes{}, fmt.Errorf("an item is an object of attribute names and values: %v", err)
	}
	out := itemBytes{entries: int64(len(item))}
	for name, v := range item {
		n, err := AttributeValueBytes(v)
		if err != nil {
			return itemBytes{}, fmt.Errorf("attribute %q: %v", name, err)
		}
		out.bytes += int64(len(name)) + n
	}
	return out, nil
}

// Sample is what a sample of a table's items says of their size.
type Sample struct {
	Items int64
	// Mean is the mean size, rounded up to a whole byte; Largest the
	// largest.
	Mean, Largest int64
}

// ReadSample reads items as DynamoDB JSON: a Scan's or Query's answer
// ({"Items": [...]}), an array of items, or items one after another (JSON
// Lines), and says their mean and largest size.
func ReadSample(text []byte) (Sample, error) {
	dec := json.NewDecoder(strings.NewReader(string(text)))
	var s Sample
	var total int64
	add := func(raw json.RawMessage) error {
		b, err := ItemBytes(raw)
		if err != nil {
			return fmt.Errorf("item %d: %v", s.Items+1, err)
		}
		s.Items++
		total += b
		s.Largest = max(s.Largest, b)
		return nil
	}
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return Sample{}, fmt.Errorf("not DynamoDB JSON: %v", err)
		}
		trimmed := strings.TrimSpace(string(raw))
		var items []json.RawMessage
		switch {
		case strings.HasPrefix(trimmed, "["):
			if err := json.Unmarshal(raw, &items); err != nil {
				return Sample{}, err
			}
		default:
			var page struct {
				Items *[]json.RawMessage
			}
			if err := json.Unmarshal(raw, &page); err == nil && page.Items != nil {
				items = *page.Items
			} else {
				items = []json.RawMessage{raw}
			}
		}
		for _, it := range items {
			if err := add(it); err != nil {
				return Sample{}, err
			}
		}
	}
	if s.Items == 0 {
		return Sample{}, fmt.Errorf("no items: give items as DynamoDB JSON, such as the output of aws dynamodb scan")
	}
	s.Mean = (total + s.Items - 1) / s.Items
	return s, nil
}
