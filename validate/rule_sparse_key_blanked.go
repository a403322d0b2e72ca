package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
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
	partiql:      true,
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
			p.ReportFix(Error, v.Pos, fix, removing(st, a, v, fix),
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

// removing is the edits that turn set action a, which writes v (a "" or
// empty binary as written), into the remove clause fix: the action goes,
// with the comma that joins it to another, or with its set keyword when it
// is the clause's only action; fix goes in its place, or at the end of the
// statement. None when v is not the action's own value (an if_not_exists
// fallback: the action does more than blank the key) or st is not one
// piece of source.
func removing(st *grammar.Statement, a *grammar.SetAction, v *grammar.Value, fix string) []Edit {
	if a.Left.Value != v || v.String == nil && v.Binary == nil || st.Source == "" {
		return nil
	}
	raw := v.String
	if raw == nil {
		raw = v.Binary
	}
	src, base := st.Source, st.Pos.Offset
	from, to := a.Pos.Offset-base, v.Pos.Offset-base+len(*raw)
	if from < 0 || to > len(src) {
		return nil
	}
	before := strings.TrimRight(src[:from], " \t\r\n")
	rest := strings.TrimLeft(src[to:], " \t\r\n")
	cut := func(i, j int) Edit { return Edit{Pos: at(st.Pos, src, i), End: at(st.Pos, src, j), Text: ""} }
	switch {
	case strings.HasSuffix(before, ","): // after another action: the comma before it goes
		return []Edit{cut(len(before)-1, to), {Pos: at(st.Pos, src, len(src)), End: at(st.Pos, src, len(src)), Text: " " + fix}}
	case strings.HasPrefix(rest, ","): // first of several: the comma after it goes
		j := len(src) - len(strings.TrimLeft(rest[1:], " \t\r\n"))
		return []Edit{cut(from, j), {Pos: at(st.Pos, src, len(src)), End: at(st.Pos, src, len(src)), Text: " " + fix}}
	case strings.HasSuffix(strings.ToLower(before), "set"): // the clause's only action: the clause becomes the remove
		i := len(before) - len("set")
		return []Edit{{Pos: at(st.Pos, src, i), End: at(st.Pos, src, to), Text: fix}}
	}
	return nil
}

// at is the place of byte i of src, the source of a statement at start.
func at(start diag.Pos, src string, i int) diag.Pos {
	p := start
	p.Offset += i
	seg := src[:i]
	if n := diag.CountLineEnds(seg); n > 0 {
		p.Line += n
		p.Col = i - diag.LastLineStart(seg) + 1
		return p
	}
	p.Col += i
	return p
}
