package schema

import (
	"fmt"
	"slices"
	"strings"
)

// Difference is one thing two schemas that should describe the same tables
// say differently: a table or index only one has, or one fact of a table
// or index (its key, a key attribute's type, its kind, projection, include
// list, TTL) with each side's value. Values are "" where a side has none.
type Difference struct {
	Table string `json:"table"`
	Index string `json:"index,omitempty"`
	// What is "table" or "index" (present on one side only), or the fact:
	// "partition key", "sort key", "type of ATTR", "kind", "projection",
	// "include", "ttl".
	What string `json:"what"`
	A    string `json:"a"`
	B    string `json:"b"`
}

// String is the difference on one line, as `dynexpr schema diff` prints it:
// `table Tickets: index open-tickets-index: projection ALL vs KEYS_ONLY`.
func (d Difference) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "table %s: ", d.Table)
	if d.Index != "" && d.What != "index" {
		fmt.Fprintf(&b, "index %s: ", d.Index)
	}
	switch d.What {
	case "table", "index":
		side := "A"
		if d.A == "" {
			side = "B"
		}
		if d.What == "index" {
			fmt.Fprintf(&b, "index %s: ", d.Index)
		}
		b.WriteString("only in " + side)
	default:
		fmt.Fprintf(&b, "%s %s vs %s", d.What, orNone(d.A), orNone(d.B))
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// Diff returns the differences between a and b: tables in a's order, then
// those only b has. Tables are matched by name and indexes by name. Only
// what DynamoDB itself knows is compared: the declared types of attributes
// no key uses, which only project YAML can give, are not.
func Diff(a, b *Schema) []Difference {
	var out []Difference
	for _, ta := range a.Tables {
		tb := byName(b.Tables, ta.Name)
		if tb == nil {
			out = append(out, Difference{Table: ta.Name, What: "table", A: ta.Name})
			continue
		}
		out = append(out, diffTable(ta, tb)...)
	}
	for _, tb := range b.Tables {
		if byName(a.Tables, tb.Name) == nil {
			out = append(out, Difference{Table: tb.Name, What: "table", B: tb.Name})
		}
	}
	return out
}

func diffTable(ta, tb *Table) []Difference {
	var out []Difference
	fact := func(index, what, a, b string) {
		if a != b {
			out = append(out, Difference{Table: ta.Name, Index: index, What: what, A: a, B: b})
		}
	}
	keys := func(index string, ka, kb Key) {
		fact(index, "partition key", strings.Join(ka.Partition, ", "), strings.Join(kb.Partition, ", "))
		fact(index, "sort key", strings.Join(ka.Sort, ", "), strings.Join(kb.Sort, ", "))
	}
	keys("", ta.Key, tb.Key)
	fact("", "ttl", ta.TTL, tb.TTL)
	// The types of every attribute a key of either side uses.
	var attrs []string
	for _, t := range []*Table{ta, tb} {
		attrs = append(attrs, t.Key.Attributes()...)
		for _, ix := range t.Indexes {
			attrs = append(attrs, ix.Key.Attributes()...)
		}
	}
	seen := map[string]bool{}
	for _, attr := range attrs {
		if !seen[attr] {
			seen[attr] = true
			fact("", "type of "+attr, string(ta.AttrType(attr)), string(tb.AttrType(attr)))
		}
	}
	for _, ia := range ta.Indexes {
		ib := tb.Index(ia.Name)
		if ib == nil {
			out = append(out, Difference{Table: ta.Name, Index: ia.Name, What: "index", A: ia.Name})
			continue
		}
		fact(ia.Name, "kind", indexKind(ia), indexKind(ib))
		keys(ia.Name, ia.Key, ib.Key)
		fact(ia.Name, "projection", string(ia.Projection), string(ib.Projection))
		fact(ia.Name, "include", sortedList(ia.Include), sortedList(ib.Include))
	}
	for _, ib := range tb.Indexes {
		if ta.Index(ib.Name) == nil {
			out = append(out, Difference{Table: ta.Name, Index: ib.Name, What: "index", B: ib.Name})
		}
	}
	return out
}

func indexKind(ix *Index) string {
	if ix.Global {
		return "global"
	}
	return "local"
}

// sortedList is an include list as a set: its order means nothing.
func sortedList(names []string) string {
	if len(names) == 0 {
		return ""
	}
	s := slices.Clone(names)
	slices.Sort(s)
	return "[" + strings.Join(s, ", ") + "]"
}
