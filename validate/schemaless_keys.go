package validate

import "github.com/dynexpr/dynexpr/grammar"

// certainKeyValue is a value that stands for a key attribute whatever the
// schema says: every attribute of a get, update, delete or check key, of a query's
// key condition and of a start key must be one of the key (DynamoDB refuses
// any other), so even without a schema its value must be a key's: S, N or
// B, and not empty.
type certainKeyValue struct {
	attr string
	v    *grammar.Value
	// typeMsg is what DynamoDB answers a value of another type there.
	typeMsg string
	// prefix is set for begins_with's argument: a prefix, not a key value,
	// so the empty-value check leaves it alone.
	prefix bool
}

// certainKeyValues lists the statement's certain key values.
func certainKeyValues(st *grammar.Statement) []certainKeyValue {
	var out []certainKeyValue
	switch st.Kind {
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete, grammar.KindCheck:
		terms, _ := itemKeyTerms(st, st.Key)
		for _, k := range terms {
			out = append(out, certainKeyValue{k.attr, k.value, msgKeyElement, false})
		}
	case grammar.KindQuery:
		if st.Key != nil {
			for _, k := range readKeyCondition(st, st.Key).tests {
				for _, v := range k.values {
					out = append(out, certainKeyValue{k.attr, v, msgConditionType, k.op == "begins_with"})
				}
			}
		}
	}
	entries, _ := afterEntries(st)
	for _, e := range entries {
		out = append(out, certainKeyValue{e.attr, e.value, startKeyTypeMessage(st), false})
	}
	return out
}

// keyTyped reports whether a value's type is one a key attribute can have
// (S, N or B), or cannot be told yet (an unbound parameter).
func keyTyped(v *grammar.Value) bool {
	return v == nil || !typedLiteral(v) || isScalarSetElem(v.Type)
}
