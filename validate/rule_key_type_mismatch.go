package validate

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

var keyTypeMismatch = &Rule{
	Name:     "key-type-mismatch",
	Severity: Error,
	Title:    "a key value whose type differs from the key attribute's type",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "in PartiQL the same mistake is partiql-key-type-mismatch's"},
	},
	Why: `Every key attribute of a table or index has one type, S, N or B, declared in
the table's AttributeDefinitions. A value of another type for it (a number for a
string key, null, a map, a list or a set) is refused: in a get, update or delete
key, in a put item (for the table's and the indexes' key attributes), in a query's
key condition, in a start key, and in an update that sets an index key. Without a
schema, what is certain is still checked: the attributes of a get, update or
delete key, of a query's key condition and of a start key can only be keys, so
their values must be S, N or B, never a boolean, null, a list, a map or a set.`,
	DynamoMessages: []string{
		"One or more parameter values were invalid: Type mismatch for key id expected: S actual: N",
		"One or more parameter values were invalid: Type mismatch for Index Key openBucket Expected: S Actual: N IndexName: open-tickets-index",
		msgConditionType,
	},
	Bad:             `put Tickets item {id: 42, subject: "printer"}`,
	Good:            `put Tickets item {id: "42", subject: "printer"}`,
	AppliesTo:       "get, update, delete, check (key), put (item), query (key condition), after (start key), update (set of an index key)",
	check:           checkKeyTypeMismatch,
	checkSchemaless: checkCertainKeyTypes,
}

func checkKeyTypeMismatch(p *Pass) {
	t, st := p.Table, p.Stmt
	switch st.Kind {
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete, grammar.KindCheck:
		terms, _ := itemKeyTerms(st, st.Key)
		for _, k := range terms {
			if want := t.AttrType(k.attr); t.IsKey(k.attr) && mismatched(k.value, want) {
				p.ReportAt(Error, k.value.Pos, retyped(k.value, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
					tableKeyRole(t, k.attr), typeWord(want), valueIs(k.value), msgKeyElement, writeAs(k.value, want))
			}
		}
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			return
		}
		for _, e := range st.Item.Map.Entries {
			want := t.AttrType(e.Key)
			if !mismatched(e.Value, want) {
				continue
			}
			if t.IsKey(e.Key) {
				p.ReportAt(Error, e.Value.Pos, retyped(e.Value, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
					tableKeyRole(t, e.Key), typeWord(want), valueIs(e.Value),
					fmt.Sprintf(msgTypeMismatchKey, e.Key, want, e.Value.Type), writeAs(e.Value, want))
			} else if ixs := t.IndexesWithKey(e.Key); len(ixs) > 0 {
				p.ReportAt(Error, e.Value.Pos, retyped(e.Value, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
					keyRole(e.Key, ixs), typeWord(want), valueIs(e.Value),
					fmt.Sprintf(msgTypeMismatchIndexKey, e.Key, want, e.Value.Type, ixs[0].Name), writeOrOmit(e.Value, want, e.Key))
			}
		}
	case grammar.KindQuery:
		key, _, ok := queriedKey(p)
		if !ok {
			break
		}
		ks := readKeyCondition(st, st.Key)
		for _, k := range ks.tests {
			want := t.AttrType(k.attr)
			if !key.Has(k.attr) || want == "" {
				continue
			}
			for _, v := range k.values {
				if k.op == "begins_with" && (want == schema.Number || v.Type != grammar.TypeS && v.Type != grammar.TypeB) {
					continue // key-condition-invalid and function-misuse say why
				}
				if mismatched(v, want) {
					p.ReportAt(Error, v.Pos, retyped(v, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
						queriedRole(p, k.attr), typeWord(want), valueIs(v), msgConditionType, writeAs(v, want))
				}
			}
		}
	}
	if st.Kind == grammar.KindUpdate {
		checkIndexKeyUpdates(p)
	}
	if start := readStartKey(p); start != nil {
		for _, e := range start.terms {
			want := t.AttrType(e.attr)
			if !slices.Contains(start.required, e.attr) || !mismatched(e.value, want) {
				continue
			}
			p.ReportAt(Error, e.value.Pos, retyped(e.value, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
				startKeyRole(p, e.attr), typeWord(want), valueIs(e.value), startKeyTypeMessage(st), writeAs(e.value, want))
		}
	}
}

// checkCertainKeyTypes reports, without a schema to tell the key's types,
// values that no key attribute can hold.
func checkCertainKeyTypes(p *Pass) {
	for _, k := range certainKeyValues(p.Stmt) {
		if keyTyped(k.v) {
			continue
		}
		p.ReportAt(Error, k.v.Pos, "", "%q stands in the key, and %s: a key attribute is S (a string), N (a number) or B (binary); DynamoDB answers %q. Write a string, a number or binary",
			k.attr, valueIs(k.v), k.typeMsg)
	}
}

// indexKeyWritten returns the attribute an update action writes and the
// secondary indexes it is a key of; no indexes when the action writes
// inside an attribute, or a key of the table itself.
func indexKeyWritten(t *schema.Table, path *grammar.Path) (string, []*schema.Index) {
	attr := topName(path)
	if len(path.Elems) != 1 || t.IsKey(attr) {
		return attr, nil
	}
	return attr, t.IndexesWithKey(attr)
}

// checkIndexKeyUpdates reports update actions that write a value of the
// wrong type into a secondary index's key attribute.
func checkIndexKeyUpdates(p *Pass) {
	t := p.Table
	for _, a := range p.Stmt.Sets {
		if a == nil || a.Path == nil || a.Left == nil {
			continue
		}
		attr, ixs := indexKeyWritten(t, a.Path)
		want := t.AttrType(attr)
		if len(ixs) == 0 || want == "" {
			continue
		}
		indexKey := func(actual string) string {
			return fmt.Sprintf(msgTypeMismatchIndexKey, attr, want, actual, ixs[0].Name)
		}
		switch {
		case a.Op != "":
			if want != schema.Number {
				p.ReportAt(Error, a.Left.Pos, "", "%s, typed %s, and %s %s %s yields a number; DynamoDB refuses the update (%s). Write %s",
					keyRole(attr, ixs), typeWord(want), operandText(a.Left), a.Op, operandText(a.Right),
					computedAnswer(t, schema.Number, a.Left, a.Right), typeExample(want))
			}
		case a.Left.Value != nil:
			v := a.Left.Value
			if mismatched(v, want) {
				p.ReportAt(Error, v.Pos, retyped(v, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
					keyRole(attr, ixs), typeWord(want), valueIs(v), indexKey(string(v.Type)), writeOrRemove(v, want, attr))
			}
		case a.Left.Call != nil && a.Left.Call.Func == "list_append":
			p.ReportAt(Error, a.Left.Pos, "", "%s, typed %s, and list_append yields a list; DynamoDB refuses the update (%s). Write %s",
				keyRole(attr, ixs), typeWord(want), computedAnswer(t, "L", a.Left.Call.Args...), typeExample(want))
		case a.Left.Call != nil && a.Left.Call.Func == "if_not_exists" && len(a.Left.Call.Args) == 2:
			// The value is the request's own, so DynamoDB names the
			// types, as for set KEY = VALUE.
			if v := a.Left.Call.Args[1].Value; mismatched(v, want) {
				p.ReportAt(Error, v.Pos, retyped(v, want), "%s, typed %s, and %s: where the item has no %s, DynamoDB answers %q.%s",
					keyRole(attr, ixs), typeWord(want), valueIs(v), grammar.Name(attr), indexKey(string(v.Type)), writeAs(v, want))
			}
		}
	}
	for _, a := range p.Stmt.Adds {
		if a == nil || a.Path == nil || a.Value == nil {
			continue
		}
		attr, ixs := indexKeyWritten(t, a.Path)
		if want := t.AttrType(attr); len(ixs) > 0 && mismatched(a.Value, want) {
			p.ReportAt(Error, a.Value.Pos, "", "%s, typed %s, and add writes %s into it; DynamoDB refuses the update: where the item has no %s it answers %q, and where it holds one, %q. Write set %s = VALUE, with VALUE %s",
				keyRole(attr, ixs), typeWord(want), grammar.TypeWord(a.Value.Type), grammar.Name(attr),
				fmt.Sprintf(msgTypeMismatchIndexKey, attr, want, a.Value.Type, ixs[0].Name), msgOperandDataType,
				grammar.Name(attr), typeExample(want))
		}
	}
}

// computedAnswer is what DynamoDB answers an update that writes the result
// of + or - (need N) or list_append (need L) into an index key of another
// type. An operand that is a key attribute of another type fails the
// operator itself: DynamoDB then answers that the operand has an incorrect
// data type. Otherwise the operator runs and its result is refused as the
// key's new value. Either way an operand the item lacks fails first.
func computedAnswer(t *schema.Table, need schema.Type, operands ...*grammar.Operand) string {
	reads := false
	for _, o := range operands {
		if o == nil || o.Path == nil {
			continue
		}
		reads = true
		if len(o.Path.Elems) != 1 {
			continue
		}
		if have := t.AttrType(topName(o.Path)); have != "" && have != need {
			return fmt.Sprintf("%q where the item holds %s, %q where it has none", msgOperandDataType, grammar.FormatPath(o.Path), msgNoSuchAttribute)
		}
	}
	if !reads {
		return strconv.Quote(msgIndexKeyUnsupported)
	}
	return fmt.Sprintf("%q, or %q where the item lacks an attribute it reads", msgIndexKeyUnsupported, msgNoSuchAttribute)
}

// mismatched reports whether v, a value for an attribute declared want, has
// another type. Unknown types (an unbound parameter, an undeclared
// attribute) never mismatch.
func mismatched(v *grammar.Value, want schema.Type) bool {
	return v != nil && want != "" && v.Type != "" && v.Type != grammar.TypeParam && string(v.Type) != string(want)
}

// typeWord writes a declared type for messages: S (a string).
func typeWord(t schema.Type) string {
	return fmt.Sprintf("%s (%s)", t, grammar.TypeWord(grammar.ValueType(t)))
}

// typeExample is a value of type t for messages.
func typeExample(t schema.Type) string {
	switch t {
	case schema.Number:
		return "a number"
	case schema.Binary:
		return `binary, like b"AQID"`
	}
	return `a string, like "x"`
}

// valueIs says what type v has, for messages: `42 is a number`, `the value
// is a map`.
func valueIs(v *grammar.Value) string {
	switch v.Type {
	case grammar.TypeS, grammar.TypeB, grammar.TypeN, grammar.TypeBOOL:
		if s := literalText(v); len(s) <= 40 {
			return s + " is " + grammar.TypeWord(v.Type)
		}
	}
	return "the value is " + grammar.TypeWord(v.Type)
}

// retyped writes v as the type want when that is plain (5 as "5", "5" as
// 5), or "".
func retyped(v *grammar.Value, want schema.Type) string {
	switch {
	case want == schema.String && (v.Type == grammar.TypeN || v.Type == grammar.TypeBOOL):
		return strconv.Quote(v.Text)
	case want == schema.Number && v.Type == grammar.TypeS && grammar.IsNumberText(v.Text):
		return v.Text
	}
	return ""
}

// writeAs says what to write instead of v.
func writeAs(v *grammar.Value, want schema.Type) string {
	if s := retyped(v, want); s != "" {
		return " Write " + s
	}
	return " Write " + typeExample(want)
}

// writeOrOmit says what to write instead of v in an item, where leaving an
// index key out keeps the item out of the index.
func writeOrOmit(v *grammar.Value, want schema.Type, attr string) string {
	return writeAs(v, want) + ", or leave " + grammar.Name(attr) + " out of the item to keep it out of the index"
}

// writeOrRemove is writeOrOmit for an update.
func writeOrRemove(v *grammar.Value, want schema.Type, attr string) string {
	return writeAs(v, want) + ", or remove " + grammar.Name(attr) + " to take the item out of the index"
}

// startKeyTypeMessage is what DynamoDB answers a start key value of the
// wrong type with: the key element text, which a scan of the table prefixes
// with the start key one (dynalite and dynoxide answer a query's with the
// key element text alone, as for a get's key).
func startKeyTypeMessage(st *grammar.Statement) string {
	if st.Kind == grammar.KindScan && st.Index == nil {
		return msgStartKeyScan
	}
	return msgKeyElement
}

// startKeyRole says what attr is to a start key.
func startKeyRole(p *Pass, attr string) string {
	if p.Table.IsKey(attr) {
		return tableKeyRole(p.Table, attr)
	}
	if p.Index != nil {
		return fmt.Sprintf("%q is %s of %s", attr, keyRoleIn(p.Index.Key, attr), indexName(p.Index))
	}
	return strconv.Quote(attr)
}

// queriedRole says what attr is in the key a query reads.
func queriedRole(p *Pass, attr string) string {
	if p.Index != nil {
		return fmt.Sprintf("%q is %s of %s", attr, keyRoleIn(p.Index.Key, attr), indexName(p.Index))
	}
	return tableKeyRole(p.Table, attr)
}
