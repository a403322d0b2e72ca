package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
)

var keyIncomplete = &Rule{
	Name:     "key-incomplete",
	Severity: Error,
	Title:    "an item key or start key that is not exactly the key",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "in PartiQL the same mistake is partiql-key-incomplete's"},
	},
	Why: `get, update, delete and check name one item by its full primary key: every key
attribute of the table, and nothing else. A put item must hold every key
attribute. A start key (after) is a LastEvaluatedKey: the table's key attributes,
plus the index's when reading an index, and nothing else. DynamoDB refuses
anything else. An empty Key or start key is refused whatever the table, so it is reported
without a schema too; an update-item with a Key and no update has its key
checked like any other.`,
	DynamoMessages: []string{
		msgKeyElement,
		"One or more parameter values were invalid: Missing the key id in the item",
		msgStartKey,
	},
	Bad:          `get TicketsByCustomer key customerId = "c1"`,
	Good:         `get TicketsByCustomer key customerId = "c1" and id = "a91f"`,
	AppliesTo:    "get, update, delete, check (key), put (item), query and scan (after)",
	NeedsSchema:  true,
	check:        checkKeyIncomplete,
	checkRequest: checkEmptyKey,
}

// checkEmptyKey reports an empty Key or ExclusiveStartKey, which the DSL
// cannot write: every table has a partition key, so DynamoDB refuses them
// whatever the schema.
func checkEmptyKey(c *requestPass) {
	if m := c.member("Key"); m != nil && len(m.Value.Members) == 0 && !c.r.Incomplete(m.Value) && (c.cmd == "get-item" || c.cmd == "update-item" || c.cmd == "delete-item" || c.cmd == "condition-check") {
		what := "a " + c.cmd
		switch {
		case c.r.Path != "":
			what = c.r.Path // a member of a group
		case c.cmd == "update-item":
			what = "an update-item"
		}
		c.report(c.rule, Error, m.Value.Start, m.Value.End, "", "Key is empty, and %s names its item by the whole primary key; DynamoDB answers %q. Write the key attributes, like {\"id\": {\"S\": \"a91f\"}}",
			what, msgKeyElement)
	}
	if v := c.value("Keys"); v != nil {
		// A batch get's keys of one table.
		for i, k := range v.Elems {
			if k.Kind == request.Object && len(k.Members) == 0 && !c.r.Incomplete(k) {
				c.report(c.rule, Error, k.Start, k.End, "", "%s.Keys[%d] is empty, and a batch get names each item by the whole primary key; DynamoDB answers %q. Write the key attributes, like {\"id\": {\"S\": \"a91f\"}}",
					c.r.Path, i, msgKeyElement)
			}
		}
	}
	if m := c.member("ExclusiveStartKey"); m != nil && len(m.Value.Members) == 0 && !c.r.Incomplete(m.Value) && (c.cmd == "query" || c.cmd == "scan") {
		msg := msgStartKey
		if c.cmd == "scan" && c.r.Obj.Get("IndexName") == nil {
			msg = msgStartKeyScan
		}
		c.report(c.rule, Error, m.Value.Start, m.Value.End, "", "ExclusiveStartKey is empty, and a start key is a LastEvaluatedKey: the key attributes of the item to resume after; DynamoDB answers %q. Write the LastEvaluatedKey of the previous page, or leave ExclusiveStartKey out to start at the beginning",
			msg)
	}
}

// startKeyMessage is what DynamoDB answers a bad start key with.
func startKeyMessage(st *grammar.Statement) string {
	if st.Kind == grammar.KindScan && st.Index == nil {
		return msgStartKeyScan
	}
	return msgStartKey
}

func checkKeyIncomplete(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil {
		return
	}
	switch st.Kind {
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete, grammar.KindCheck:
		if st.Key == nil {
			break
		}
		terms, bad := itemKeyTerms(st, st.Key)
		for _, at := range bad {
			p.Reportf(at, "an item key names each key attribute of table %s once, as ATTR = VALUE joined with and; DynamoDB takes no other key (%q). Write %s",
				t.Name, msgKeyElement, keyTemplate(t.Key.Attributes()))
		}
		// A key whose other attributes the code computes lacks nothing
		// that can be seen.
		checkKeyTerms(p, terms, len(bad) > 0 || st.Key.Open, keySpec{
			what:     "key",
			holds:    fmt.Sprintf("the key of table %s is %s", t.Name, keyNames(t.Key)),
			required: t.Key.Attributes(),
			where:    st.Key.Pos,
			msg:      msgKeyElement,
		})
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			break
		}
		var missing []string
		for _, a := range t.Key.Attributes() {
			if itemEntry(st, a) == nil {
				missing = append(missing, a)
			}
		}
		if len(missing) > 0 && !st.Item.Map.Open {
			var add []string
			for _, a := range missing {
				add = append(add, grammar.Name(a)+": VALUE")
			}
			p.Reportf(st.Item.Pos, "the item lacks %s, and every item of table %s holds its key (%s); DynamoDB answers %q. Add %s",
				quotedList(missing), t.Name, keyNames(t.Key), fmt.Sprintf(msgMissingKey, missing[0]), strings.Join(add, ", "))
		}
	}
	if start := readStartKey(p); start != nil {
		for _, at := range start.bad {
			p.Reportf(at, "a start key (after) is ATTR = VALUE joined with and, or a map; DynamoDB takes no other (%q). Write %s",
				startKeyMessage(st), keyTemplate(start.required))
		}
		of := "table " + t.Name
		if p.Index != nil {
			of = "index " + p.Index.Name + " (the table's key and the index's)"
		}
		open := st.After.Key != nil && st.After.Key.Open || st.After.Map != nil && st.After.Map.Open
		checkKeyTerms(p, start.terms, len(start.bad) > 0 || open, keySpec{
			what:     "start key (after)",
			holds:    fmt.Sprintf("a start key of %s holds %s", of, strings.Join(start.required, ", ")),
			required: start.required,
			where:    st.After.Pos,
			msg:      startKeyMessage(st),
		})
	}
}

// keySpec is what an item key or start key must hold, for checkKeyTerms.
type keySpec struct {
	what     string // "key", "start key (after)"
	holds    string // "the key of table Tickets is id"
	required []string
	where    diag.Pos // where to report what it lacks
	msg      string   // DynamoDB's answer
}

// checkKeyTerms reports the terms of a key that are not among the required
// attributes, the ones given twice, and what it lacks (once, and only when
// nothing else is wrong with it: naming the wrong attribute is one problem).
func checkKeyTerms(p *Pass, terms []itemKeyTerm, malformed bool, ks keySpec) {
	seen := map[string]diag.Pos{}
	var missing []string
	for _, a := range ks.required {
		found := false
		for _, k := range terms {
			found = found || k.attr == a
		}
		if !found {
			missing = append(missing, a)
		}
	}
	extras := 0
	for _, k := range terms {
		if prev, dup := seen[k.attr]; dup {
			p.Reportf(k.at, "%q is given twice in this %s (first at %s); DynamoDB takes each key attribute once (%q). Drop one",
				k.attr, ks.what, p.place(prev), ks.msg)
			continue
		}
		seen[k.attr] = k.at
		if slices.Contains(ks.required, k.attr) {
			continue
		}
		extras++
		fix := "Drop " + grammar.Name(k.attr) + " from the " + ks.what
		if len(missing) > 0 {
			fix = "Write " + keyTemplate(missing) + " instead"
		}
		p.Reportf(k.at, "%q is not part of the %s: %s; DynamoDB answers %q. %s%s",
			k.attr, ks.what, ks.holds, ks.msg, fix, extraAdvice(p, ks.what, k.attr))
	}
	if len(missing) > 0 && extras == 0 && !malformed {
		p.Reportf(ks.where, "this %s lacks %s: %s; DynamoDB answers %q. Add %s",
			ks.what, quotedList(missing), ks.holds, ks.msg, keyTemplate(missing))
	}
}

// extraAdvice says where a non-key attribute of an item key belongs.
func extraAdvice(p *Pass, what, attr string) string {
	if what != "key" {
		return ""
	}
	switch p.Stmt.Kind {
	case grammar.KindUpdate, grammar.KindDelete, grammar.KindCheck:
		return fmt.Sprintf(" (to test %s, write if %s = VALUE)", grammar.Name(attr), grammar.Name(attr))
	}
	return fmt.Sprintf(" (to read items by %s, query an index keyed on it, or scan with a filter)", grammar.Name(attr))
}
