package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

var invalidSet = &Rule{
	Name:     "invalid-set",
	Severity: Error,
	Title:    "an empty set, a set of mixed types, or a set with an element twice",
	Why: `DynamoDB's sets are string sets (SS), number sets (NS) and binary sets (BS): at
least one element, all of one type, each once. It refuses an empty set (there is
no empty set: an attribute that would hold one is removed, or left out), and a
set with an element twice. Numbers are the same element when their values are
equal (1 and 1.0), binary values when their bytes are. In a condition's value
DynamoDB wraps the message: "ExpressionAttributeValues contains invalid value:
... for key :v".`,
	DynamoMessages: []string{
		msgEmptySS,
		"One or more parameter values were invalid: Input collection [a, a] contains duplicates.",
		msgDupNS,
	},
	Bad:       `update Tickets key id = "77de" set tags = <<"urgent", "urgent">>`,
	Good:      `update Tickets key id = "77de" set tags = <<"urgent">>`,
	AppliesTo: "every value: item, key, conditions, set, add and delete values, nested in lists and maps",
	check:     checkInvalidSet,
	partiql:   true,
}

func checkInvalidSet(p *Pass) {
	eachStmtValue(p.Stmt, func(v *grammar.Value) {
		if v.Set != nil {
			checkSetValue(p, v)
		}
	})
}

func checkSetValue(p *Pass, v *grammar.Value) {
	items := v.Set.Items
	typ := grammar.SetType(v.Set)
	if len(items) == 0 {
		msg := msgEmptySS
		switch typ {
		case grammar.TypeNS:
			msg = msgEmptyNS
		case grammar.TypeBS:
			msg = msgEmptyBS
		}
		p.Reportf(v.Pos, "<<>> is an empty set, and DynamoDB has none; it answers %q. Write instead: remove ATTR to empty a set attribute (an item never holds an empty set), leave the value out, or test attribute_not_exists(ATTR)", msg)
		return
	}
	elem := grammar.ValueType(strings.TrimSuffix(string(typ), "S"))
	var first *grammar.Value
	for _, it := range items {
		if it == nil || !typedLiteral(it) || !isScalarSetElem(it.Type) {
			continue
		}
		if first == nil {
			first = it
			continue
		}
		if it.Type != elem {
			p.Reportf(it.Pos, "a set holds elements of one type, and this one starts with %s (%s) but %s%s is %s; DynamoDB has only string (SS), number (NS) and binary (BS) sets. Write instead: every element as %s, or a list [...] for values of several types",
				valueShown(first), grammar.TypeWord(first.Type), valueShown(it), boundFrom(it), grammar.TypeWord(it.Type), grammar.TypeWord(elem))
			return
		}
	}
	seen := map[string]*grammar.Value{}
	reported := map[string]bool{}
	for _, it := range items {
		if it == nil || it.Type != elem {
			continue
		}
		key, ok := setElemKey(it)
		if !ok {
			continue
		}
		prev, dup := seen[key]
		if !dup {
			seen[key] = it
			continue
		}
		if reported[key] {
			continue
		}
		reported[key] = true
		same := ""
		if elem == grammar.TypeN && prev.Text != it.Text {
			same = fmt.Sprintf(" (%s and %s are the same number)", prev.Text, it.Text)
		}
		if elem == grammar.TypeB && prev.Text != it.Text {
			same = fmt.Sprintf(" (%s and %s are the same bytes)", literalText(prev), literalText(it))
		}
		p.Reportf(it.Pos, "%s%s is in this set twice (first at %s)%s; DynamoDB answers %q. Write instead: each element once",
			valueShown(it), boundFrom(it), p.place(prev.Pos), same, dupSetMessage(elem, items))
	}
}

// setElemKey is the same for the elements DynamoDB sees as duplicates.
func setElemKey(v *grammar.Value) (string, bool) {
	switch v.Type {
	case grammar.TypeS:
		return v.Text, true
	case grammar.TypeN:
		d, ok := grammar.ParseDecimal(v.Text)
		return d.Key(), ok
	case grammar.TypeB:
		if b, ok := binaryBytes(v.Text); ok {
			return string(b), true
		}
		return v.Text, true
	}
	return "", false
}

func dupSetMessage(elem grammar.ValueType, items []*grammar.Value) string {
	texts := make([]string, 0, len(items))
	for _, it := range items {
		if it != nil {
			texts = append(texts, it.Text)
		}
	}
	switch elem {
	case grammar.TypeN:
		return msgDupNS
	case grammar.TypeB:
		return fmt.Sprintf(msgDupBS, quoteList(texts))
	}
	return fmt.Sprintf(msgDupSS, quoteList(texts))
}
