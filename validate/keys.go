package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// typeFits reports whether v has the declared type of attr (or attr has
// none): an empty value of the wrong type is key-type-mismatch's finding,
// not a second one here.
func typeFits(t *schema.Table, attr string, v *grammar.Value) bool {
	want := t.AttrType(attr)
	return want == "" || string(want) == string(v.Type)
}

// keyRole says which key attr is: `"openBucket" is the partition key of index x`.
func keyRole(attr string, ixs []*schema.Index) string {
	ix := ixs[0]
	role := "the sort key"
	for _, a := range ix.Key.Partition {
		if a == attr {
			role = "the partition key"
		}
	}
	if len(ix.Key.Partition) > 1 || len(ix.Key.Sort) > 1 {
		role = strings.Replace(role, "the ", "a ", 1) + " attribute"
	}
	kind := "global secondary index"
	if !ix.Global {
		kind = "local secondary index"
	}
	s := fmt.Sprintf("%q is %s of %s %s", attr, role, kind, ix.Name)
	if len(ixs) > 1 {
		var names []string
		for _, o := range ixs[1:] {
			names = append(names, o.Name)
		}
		s += " (and a key of " + strings.Join(names, ", ") + ")"
	}
	return s
}

// eachKeyEquality calls fn for every `attr = value` in an item key.
func eachKeyEquality(c *grammar.Condition, fn func(attr string, v *grammar.Value)) {
	grammar.EachComparison(c, func(cmp *grammar.Comparison) {
		if cmp.Op != "=" || cmp.Left.Path == nil || cmp.Right == nil || cmp.Right.Value == nil || len(cmp.Left.Path.Elems) != 1 {
			return
		}
		fn(topName(cmp.Left.Path), cmp.Right.Value)
	})
}

// queriedKey is the key a query or scan reads: the index's, or the table's.
// ok is false without a schema, or when the table or index is unknown.
func queriedKey(p *Pass) (key schema.Key, owner string, ok bool) {
	switch {
	case p.Table == nil:
		return key, "", false
	case p.Stmt.Index != nil && p.Index == nil:
		return key, "", false
	case p.Index != nil:
		return p.Index.Key, indexName(p.Index), true
	}
	return p.Table.Key, "table " + p.Table.Name, true
}

// indexName writes an index for messages: global secondary index X.
func indexName(ix *schema.Index) string {
	if ix.Global {
		return "global secondary index " + ix.Name
	}
	return "local secondary index " + ix.Name
}

// keyRoleIn says which part of key attr is: "the partition key", "the
// second sort key attribute".
func keyRoleIn(k schema.Key, attr string) string {
	for _, part := range []struct {
		names []string
		word  string
	}{{k.Partition, "partition"}, {k.Sort, "sort"}} {
		for i, a := range part.names {
			if a != attr {
				continue
			}
			if len(part.names) == 1 {
				return "the " + part.word + " key"
			}
			return "the " + ordinal(i+1) + " " + part.word + " key attribute"
		}
	}
	return "a key attribute"
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	case 4:
		return "fourth"
	}
	return strconv.Itoa(n) + "th"
}

// tableKeyRole: `"id" is the partition key of table Tickets`.
func tableKeyRole(t *schema.Table, attr string) string {
	return fmt.Sprintf("%q is %s of table %s", attr, keyRoleIn(t.Key, attr), t.Name)
}

// keyNames writes a key's attributes for messages: customerId, id.
func keyNames(k schema.Key) string { return strings.Join(k.Attributes(), ", ") }

// keyTemplate writes attrs as an item key to fill in: a = VALUE and b = VALUE.
func keyTemplate(attrs []string) string {
	parts := make([]string, len(attrs))
	for i, a := range attrs {
		parts[i] = grammar.Name(a) + " = VALUE"
	}
	return strings.Join(parts, " and ")
}
