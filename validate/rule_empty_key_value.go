package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

var emptyKeyValue = &Rule{
	Name:     "empty-key-value",
	Severity: Error,
	Title:    `"" or empty binary as a table or index key value`,
	Why: `A key attribute's value may not be an empty string or empty binary: DynamoDB
refuses the request, whether it writes an item, names one by its key, or queries
a key. Without a schema, the values of a get, update, delete or check key, of a query's
key condition and of a start key are still checked: those attributes can only be
keys.`,
	DynamoMessages:  []string{"One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: id"},
	Bad:             `get Tickets key id = ""`,
	Good:            `get Tickets key id = "a91f"`,
	AppliesTo:       "get, update, delete, check (key), put (item), query (key condition), after (start key)",
	check:           checkEmptyKeyValue,
	checkSchemaless: checkCertainEmptyKeys,
	partiql:         true,
}

func checkEmptyKeyValue(p *Pass) {
	t, st := p.Table, p.Stmt
	report := func(attr string, v *grammar.Value, ix *schema.Index) {
		if !typeFits(t, attr, v) {
			return
		}
		msg := fmt.Sprintf(msgTableEmpty, attr)
		if ix != nil {
			msg = fmt.Sprintf(msgIndexEmptyPut, ix.Name, attr)
		}
		p.ReportAt(Error, v.Pos, "", "%s%s is not a valid value for key attribute %q: DynamoDB rejects it (%q)", emptyWord(v), boundFrom(v), attr, msg)
	}
	switch st.Kind {
	case grammar.KindPut:
		for _, k := range t.Key.Attributes() {
			if e := itemEntry(st, k); e != nil && isEmptyScalar(e.Value) {
				report(k, e.Value, nil)
			}
		}
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete, grammar.KindCheck:
		eachKeyEquality(st.Key, func(attr string, v *grammar.Value) {
			if t.IsKey(attr) && isEmptyScalar(v) {
				report(attr, v, nil)
			}
		})
	case grammar.KindQuery:
		grammar.EachComparison(st.Key, func(c *grammar.Comparison) {
			attr := topName(c.Left.Path)
			if c.Left.Path == nil || c.Op == "" && c.Low == nil {
				return
			}
			var ix *schema.Index
			if st.Index != nil {
				if ix = p.Index; ix == nil || !ix.Key.Has(attr) {
					return
				}
			} else if !t.IsKey(attr) {
				return
			}
			for _, o := range []*grammar.Operand{c.Right, c.Low, c.High} {
				if o != nil && isEmptyScalar(o.Value) {
					report(attr, o.Value, ix)
				}
			}
		})
	}
	if st.After != nil {
		eachAfterEntry(st.After, func(attr string, v *grammar.Value) {
			if t.IsKey(attr) && isEmptyScalar(v) {
				report(attr, v, nil)
			}
		})
	}
}

// checkCertainEmptyKeys is empty-key-value without a schema: the values of
// the attributes that can only be keys.
func checkCertainEmptyKeys(p *Pass) {
	for _, k := range certainKeyValues(p.Stmt) {
		if !k.prefix && isEmptyScalar(k.v) {
			p.ReportAt(Error, k.v.Pos, "", "%s%s is not a valid value for key attribute %q: DynamoDB rejects it (%q)", emptyWord(k.v), boundFrom(k.v), k.attr, fmt.Sprintf(msgTableEmpty, k.attr))
		}
	}
}

// eachAfterEntry calls fn for each attribute of an `after` start key.
func eachAfterEntry(a *grammar.After, fn func(attr string, v *grammar.Value)) {
	if a.Map != nil {
		for _, e := range a.Map.Entries {
			fn(e.Key, e.Value)
		}
		return
	}
	eachKeyEquality(a.Key, fn)
}
