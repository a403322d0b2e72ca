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
// A table whose name in DynamoDB a side cannot tell is not compared: it is
// a Difference of its own ("unresolved", with why on its side), never
// agreement.
type Difference struct {
	Table string `json:"table"`
	Index string `json:"index,omitempty"`
	// What is "table" or "index" (present on one side only), "unresolved"
	// (the side's name for the table, whose name in DynamoDB it cannot
	// tell: A or B says why and what to pass), or the fact: "partition
	// key", "sort key", "type of ATTR", "kind", "projection", "include",
	// "ttl".
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
	side := "A"
	if d.A == "" {
		side = "B"
	}
	switch d.What {
	case "table", "index":
		if d.What == "index" {
			fmt.Fprintf(&b, "index %s: ", d.Index)
		}
		b.WriteString("only in " + side)
	case "unresolved":
		fmt.Fprintf(&b, "not compared: %s cannot tell its name in DynamoDB: %s", side, d.A+d.B)
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
// those only b has. Tables are matched by their names in DynamoDB, indexes
// by name. A table whose name a side cannot tell is matched with none: it
// is reported as unresolved, and a table of the other side that it may be
// (its source's name, or a name fitting its template) is not called "only
// in" that side. Only what DynamoDB itself knows is compared: the declared
// types of attributes no key uses, which only project YAML can give, are
// not.
func Diff(a, b *Schema) []Difference {
	var out []Difference
	for _, ta := range a.Tables {
		if ta.Unresolved != "" {
			out = append(out, Difference{Table: ta.Name, What: "unresolved", A: ta.Unresolved})
			continue
		}
		tb := deployedNamed(b, ta.Name)
		switch {
		case tb != nil:
			out = append(out, diffTable(ta, tb)...)
		case !mayBeUnresolved(b, ta.Name):
			out = append(out, Difference{Table: ta.Name, What: "table", A: ta.Name})
		}
	}
	for _, tb := range b.Tables {
		switch {
		case tb.Unresolved != "":
			out = append(out, Difference{Table: tb.Name, What: "unresolved", B: tb.Unresolved})
		case deployedNamed(a, tb.Name) == nil && !mayBeUnresolved(a, tb.Name):
			out = append(out, Difference{Table: tb.Name, What: "table", B: tb.Name})
		}
	}
	return out
}

// TTLNotCompared says, for each table both sides have where one side
// names a TTL attribute and the other cannot tell its TTL (describe-table
// output), that the TTL was not compared and what would tell it: a note,
// not a difference, since "(none)" there would be a guess.
func TTLNotCompared(a, b *Schema) []string {
	var out []string
	for _, ta := range a.Tables {
		if ta.Unresolved != "" {
			continue
		}
		tb := deployedNamed(b, ta.Name)
		if tb == nil || ta.TTLUnknown == tb.TTLUnknown {
			continue
		}
		known, side, other, t := ta, "B", "A", tb
		if ta.TTLUnknown {
			known, side, other, t = tb, "A", "B", ta
		}
		has := "no TTL"
		if known.TTL != "" {
			has = "ttl " + known.TTL
		}
		out = append(out, fmt.Sprintf("table %s: ttl not compared: %s has %s, and %s (at %s) is describe-table output, which does not tell the TTL: add the table's describe-time-to-live output to %s (aws dynamodb describe-time-to-live --table-name %s > %s.ttl.json)",
			t.Name, other, has, side, t.Pos.File, side, t.Name, t.Name))
	}
	return out
}

// deployedNamed is s's table whose name in DynamoDB is name, or nil.
func deployedNamed(s *Schema, name string) *Table {
	for _, t := range s.Tables {
		if t.Unresolved == "" && t.Name == name {
			return t
		}
	}
	return nil
}

// mayBeUnresolved reports whether a table of s whose name in DynamoDB s
// cannot tell may be the one called name: by the source's name, or its
// template.
func mayBeUnresolved(s *Schema, name string) bool {
	for _, t := range s.Tables {
		if t.Unresolved != "" && (t.Name == name || t.Logical == name || MatchTemplate(t.Template, name)) {
			return true
		}
	}
	return false
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
	// A side that cannot tell the TTL (describe-table output without its
	// describe-time-to-live) does not differ by it: its "" is unknown.
	if !ta.TTLUnknown && !tb.TTLUnknown {
		fact("", "ttl", ta.TTL, tb.TTL)
	}
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
