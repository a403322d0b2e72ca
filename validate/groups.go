package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

// Helpers of the rules that check groups (whose Rule.Kinds are groups).
// They read only what a group made from request JSON has too: the members'
// kinds, tables, clause bodies and their positions, never the DSL's text.

// itemOf is the item member m names, as text equal for two members on the
// same item: its table and its primary key, each key value by what
// DynamoDB compares (1 and 1.0 are one number). With the schema's table,
// the key is the table's key attributes, from the key clause or a put's
// item; without it, every attribute of the key clause, and a put's item
// has no key dynexpr can tell. ok is false when the key cannot be told:
// a malformed key (other rules report it), a key attribute missing, a put
// without the schema.
func (p *Pass) itemOf(m *grammar.Statement) (item string, ok bool) {
	if m.Table == nil {
		return "", false
	}
	values := map[string]*grammar.Value{}
	var attrs []string
	switch {
	case m.Kind == grammar.KindPut:
		if m.Item == nil || m.Item.Map == nil {
			return "", false
		}
		for _, e := range m.Item.Map.Entries {
			if e != nil {
				values[e.Key] = e.Value
			}
		}
	case m.Key != nil:
		terms, bad := itemKeyTerms(m, m.Key)
		if len(bad) > 0 {
			return "", false
		}
		for _, k := range terms {
			if _, twice := values[k.attr]; twice {
				return "", false
			}
			values[k.attr] = k.value
			attrs = append(attrs, k.attr)
		}
	default:
		return "", false
	}
	if t := p.tableOf(m); t != nil {
		attrs = t.Key.Attributes()
	} else if m.Kind == grammar.KindPut {
		return "", false
	}
	if len(attrs) == 0 {
		return "", false
	}
	attrs = slices.Clone(attrs)
	slices.Sort(attrs)
	var b strings.Builder
	b.WriteString(m.Table.Name)
	for _, a := range attrs {
		v, found := values[a]
		if !found {
			return "", false
		}
		id, known := keyValueIdentity(v)
		if !known {
			return "", false
		}
		fmt.Fprintf(&b, "\x00%s\x00%s", a, id)
	}
	return b.String(), true
}

// keyValueIdentity is a key value as DynamoDB compares it: its type and its
// value (a number by its decimal value, a binary by its bytes); an unbound
// parameter by its name, which stands for one value wherever it is used.
// known is false for what is no key value (a map, a list, a set: another
// rule reports it).
func keyValueIdentity(v *grammar.Value) (id string, known bool) {
	if v == nil {
		return "", false
	}
	switch v.Type {
	case grammar.TypeS:
		return "S" + v.Text, true
	case grammar.TypeN:
		d, ok := grammar.ParseDecimal(v.Text)
		if !ok {
			return "", false
		}
		return "N" + d.Key(), true
	case grammar.TypeB:
		b, ok := binaryBytes(v.Text)
		if !ok {
			return "", false
		}
		return "B" + string(b), true
	case grammar.TypeParam:
		if v.Param != nil {
			return "$" + *v.Param, true
		}
	}
	return "", false
}

// reportSameItems reports each member of the group in p that names an
// item an earlier member names too, among the members for which consider
// is true, with DynamoDB's answer and what to do instead.
func (p *Pass) reportSameItems(consider func(m *grammar.Statement) bool, answer, fix string) {
	st := p.Stmt
	seen := map[string]int{}
	for i, m := range st.Members {
		if !consider(m) {
			continue
		}
		item, ok := p.itemOf(m)
		if !ok {
			continue
		}
		if first, dup := seen[item]; dup {
			p.Reportf(m.Pos, "%s names the item %s names (at %s): the same table and key; DynamoDB answers %q. %s",
				grammar.MemberName(i, m), grammar.MemberName(first, st.Members[first]), p.place(st.Members[first].Pos), answer, fix)
			continue
		}
		seen[item] = i
	}
}
