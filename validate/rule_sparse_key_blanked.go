package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
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
	Bad:          `update Tickets key id = "77de" set openBucket = ""`,
	Good:         `update Tickets key id = "77de" remove openBucket`,
	AppliesTo:    "put (item), update (set, including if_not_exists fallbacks and bound parameters); in request JSON also AttributeUpdates' PUT actions",
	NeedsSchema:  true,
	check:        checkSparseKeyBlanked,
	checkRequest: checkRequestBlanked,
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
			if msg := blankedIndexKey(p.Table, e.Key, e.Value); msg != "" {
				p.ReportAt(Error, e.Value.Pos, "leave "+grammar.Name(e.Key)+" out of the item",
					"%s. To keep the item out of the index, leave %s out of the item", msg, grammar.Name(e.Key))
			}
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

// blankedIndexKey says what DynamoDB answers when an item is written with
// attr = v, v "" or empty binary, attr a key attribute of a secondary index
// (not of the table: empty-key-value's); "" for any other write. Puts
// write items so, and AttributeUpdates' PUT actions: DynamoDB answers
// those as it answers a put.
func blankedIndexKey(t *schema.Table, attr string, v *grammar.Value) string {
	if !isEmptyScalar(v) || t.IsKey(attr) || !typeFits(t, attr, v) {
		return ""
	}
	ixs := t.IndexesWithKey(attr)
	if len(ixs) == 0 {
		return ""
	}
	msg := msgIndexEmptyPut
	if v.Type == grammar.TypeB {
		msg = msgIndexEmptyPutB
	}
	return fmt.Sprintf("%s; DynamoDB rejects %s there (%q)", keyRole(attr, ixs), emptyWord(v), fmt.Sprintf(msg, ixs[0].Name, attr))
}

// checkRequestBlanked is the check of AttributeUpdates, whose PUT actions
// DynamoDB answers as a put: the statement of its expression form would
// quote the update expression's answer, and is silenced there
// (legacyCoveredIn).
func checkRequestBlanked(c *requestPass) {
	v, t := c.legacyValue("AttributeUpdates"), c.requestTable()
	if v == nil || t == nil {
		return
	}
	for _, e := range v.Members {
		a := e.Value.Get("Action")
		val := e.Value.Get("Value")
		if a != nil && a.Text != "PUT" || val == nil {
			continue
		}
		if msg := blankedIndexKey(t, e.Name, avScalar(val)); msg != "" {
			c.report(c.rule, Error, val.Start, val.End, "",
				"AttributeUpdates.%s: %s. To take the item out of the index, write Action DELETE", e.Name, msg)
		}
	}
}

// writtenEmpty returns the "" or empty binary a set action may write
// (writtenValue).
func writtenEmpty(a *grammar.SetAction) *grammar.Value {
	if v := writtenValue(a); isEmptyScalar(v) {
		return v
	}
	return nil
}

// writtenValue returns the literal a set action may write: its value, or
// the fallback of if_not_exists; nil for arithmetic and other operands.
func writtenValue(a *grammar.SetAction) *grammar.Value {
	if a.Op != "" {
		return nil
	}
	switch o := a.Left; {
	case o.Value != nil:
		return o.Value
	case o.Call != nil && o.Call.Func == "if_not_exists" && len(o.Call.Args) == 2:
		return o.Call.Args[1].Value
	}
	return nil
}
