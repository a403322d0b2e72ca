package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

var sparseKeyBlanked = &Rule{
	Name:     "sparse-key-blanked",
	Severity: Error,
	Title:    `"" or empty binary written to a secondary-index key attribute`,
	Why: `An item is in a secondary index only while it has the index's key attributes:
that is what makes a sparse index small. Blanking the key with "" does not take
the item out of the index; DynamoDB refuses the write. To take an item out of the
index, remove the attribute; to keep a new item out, leave the attribute out of it.`,
	DynamoMessages: []string{
		"One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: open-tickets-index, IndexKey: openBucket (put)",
		msgIndexEmptyUpdate + " (update)",
	},
	Bad:         `update Tickets key id = "77de" set openBucket = ""`,
	Good:        `update Tickets key id = "77de" remove openBucket`,
	AppliesTo:   "put (item), update (set, including if_not_exists fallbacks and bound parameters)",
	NeedsSchema: true,
	check:       checkSparseKeyBlanked,
	partiql:     true,
}

func checkSparseKeyBlanked(p *Pass) {
	if p.Table == nil {
		return
	}
	st := p.Stmt
	switch st.Kind {
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			return
		}
		for _, e := range st.Item.Map.Entries {
			if !isEmptyScalar(e.Value) || p.Table.IsKey(e.Key) || !typeFits(p.Table, e.Key, e.Value) {
				continue
			}
			ixs := p.Table.IndexesWithKey(e.Key)
			if len(ixs) == 0 {
				continue
			}
			msg := msgIndexEmptyPut
			if e.Value.Type == grammar.TypeB {
				msg = msgIndexEmptyPutB
			}
			p.ReportAt(Error, e.Value.Pos, "leave "+grammar.Name(e.Key)+" out of the item",
				"%s; DynamoDB rejects %s there (%q). To keep the item out of the index, leave %s out of the item",
				keyRole(e.Key, ixs), emptyWord(e.Value), fmt.Sprintf(msg, ixs[0].Name, e.Key), grammar.Name(e.Key))
		}
	case grammar.KindUpdate:
		for _, a := range st.Sets {
			attr := topName(a.Path)
			if len(a.Path.Elems) != 1 || p.Table.IsKey(attr) {
				continue
			}
			ixs := p.Table.IndexesWithKey(attr)
			if len(ixs) == 0 {
				continue
			}
			v := writtenEmpty(a)
			if v == nil || !typeFits(p.Table, attr, v) {
				continue
			}
			fix := "remove " + grammar.Name(attr)
			p.ReportAt(Error, v.Pos, fix,
				"%s; DynamoDB rejects %s%s there (%q). To take the item out of the index, write: %s",
				keyRole(attr, ixs), emptyWord(v), boundFrom(v), msgIndexEmptyUpdate, fix)
		}
	}
}

// writtenEmpty returns the "" or empty binary a set action may write: its
// value, or the fallback of if_not_exists.
func writtenEmpty(a *grammar.SetAction) *grammar.Value {
	if a.Op != "" {
		return nil
	}
	switch o := a.Left; {
	case o.Value != nil && isEmptyScalar(o.Value):
		return o.Value
	case o.Call != nil && o.Call.Func == "if_not_exists" && len(o.Call.Args) == 2:
		if v := o.Call.Args[1].Value; isEmptyScalar(v) {
			return v
		}
	}
	return nil
}
