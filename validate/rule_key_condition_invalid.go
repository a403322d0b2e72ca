package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

var keyConditionInvalid = &Rule{
	Name:     "key-condition-invalid",
	Severity: Error,
	Title:    "a key condition DynamoDB does not accept",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "PartiQL has no key condition apart from its filter: one WHERE, which DynamoDB reads as a query where it fixes the partition key (partiql-full-scan says where it does not)"},
	},
	Why: `A query's key condition picks one partition and, optionally, a range of sort
keys: partition key = VALUE, then at most one test of the sort key (=, <, <=, >,
>=, between, begins_with), the key attribute first. DynamoDB refuses or, not, <>,
in, size() and every other function, nested paths, a test of two attributes or of
none, two tests of one key, more than two tests (counted before the key is
looked at), a partition key tested with anything but =, a missing
partition key, and attributes that are not the key of the table or index queried
(test those in the filter). begins_with cannot work on a number sort key. An index
with a multi-attribute key takes = on every partition attribute, then tests sort
attributes from left to right, = on all but the last. Without a schema, what
holds for every key is still checked: a key condition with no = at all tests no
partition key with =, so DynamoDB refuses it.`,
	DynamoMessages: []string{
		"Invalid operator used in KeyConditionExpression: OR",
		msgKCNotSupported,
		"Query condition missed key schema element: id",
	},
	Bad:       `query Tickets index open-tickets-index key openBucket = "OPEN" or openBucket = "HOLD"`,
	Good:      `query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt >= "2026-11-01"`,
	AppliesTo: "query (key condition)",
	Kinds:     []grammar.Kind{grammar.KindQuery},
	check:     checkKeyConditionInvalid,
}

func checkKeyConditionInvalid(p *Pass) {
	st := p.Stmt
	if st.Key == nil {
		return
	}
	ks := readKeyCondition(st, st.Key)
	for _, pr := range ks.problems {
		p.Reportf(pr.at, "%s", pr.msg)
	}
	tested := map[string]*keyTest{}
	var tests []*keyTest
	for i := range ks.tests {
		k := &ks.tests[i]
		if prev := tested[k.attr]; prev != nil {
			p.Reportf(k.path.Pos, "%q is tested twice in this key condition (first at %s); DynamoDB answers %q. For a range, write %s between LOW and HIGH",
				k.attr, p.place(prev.path.Pos), msgKCOnePerKey, grammar.Name(k.attr))
			continue
		}
		tested[k.attr] = k
		tests = append(tests, k)
	}
	if tooManyKeyTests(p, tests) {
		return
	}
	key, owner, ok := queriedKey(p)
	if !ok {
		if p.Schema == nil && len(ks.problems) == 0 && !ks.unread && len(tests) > 0 && !hasEquality(tests) {
			p.Reportf(st.Key.Pos, "this key condition has no =: a query reads one partition, named by partition key = VALUE, and DynamoDB answers %q. Write PARTITION = VALUE, or scan with a filter to read several partitions", msgKCNotSupported)
		}
		return
	}
	parts := len(key.Partition) + len(key.Sort)
	untested := func() string {
		for _, a := range key.Attributes() {
			if tested[a] == nil {
				return a
			}
		}
		return ""
	}
	cited := map[string]bool{}
	for _, k := range tests {
		if key.Has(k.attr) {
			continue
		}
		msg := msgKCNotSupported
		if len(tests) <= parts {
			if missing := untested(); missing != "" {
				msg = fmt.Sprintf(msgKCMissed, missing)
				cited[missing] = true
			}
		}
		p.ReportAt(Error, k.path.Pos, "", "%q is not a key attribute of %s (its key: %s); DynamoDB answers %q. %s",
			k.attr, owner, keyNames(key), msg, nonKeyAdvice(p, k.attr))
	}
	var missing []string
	for _, a := range key.Partition {
		k := tested[a]
		switch {
		case k == nil:
			if !cited[a] {
				missing = append(missing, a)
			}
		case k.op != "=":
			p.ReportAt(Error, k.at, "", "%q is %s of %s, which a query tests with = only (one partition per query), not %s; DynamoDB answers %q. Write %s = VALUE, or scan with a filter to read several partitions",
				a, keyRoleIn(key, a), owner, k.op, msgKCNotSupported, grammar.Name(a))
		}
	}
	if len(missing) > 0 || len(cited) > 0 {
		if len(missing) > 0 && len(ks.problems) == 0 && !ks.unread {
			what := "this key condition does not test"
			for _, s := range key.Sort {
				if tested[s] != nil {
					what = fmt.Sprintf("a test of sort key %q needs the partition key's too, and this key condition does not test", s)
					break
				}
			}
			role := keyRoleIn(key, missing[0])
			if len(missing) > 1 {
				role = "partition key attributes"
			}
			p.ReportAt(Error, st.Key.Pos, "", "%s %s, %s of %s; DynamoDB answers %q. Add %s",
				what, quotedList(missing), role, owner, fmt.Sprintf(msgKCMissed, missing[0]), keyTemplate(missing))
		}
		return // without the partition, the sort key's tests mean nothing yet
	}
	last := -1
	for i, a := range key.Sort {
		if tested[a] != nil {
			last = i
		}
	}
	var gap []string
	for i := 0; i <= last; i++ {
		a := key.Sort[i]
		k := tested[a]
		if k == nil {
			gap = append(gap, a)
			continue
		}
		if len(gap) > 0 {
			var want []string
			for _, g := range gap {
				want = append(want, grammar.Name(g)+" = VALUE")
			}
			p.ReportAt(Error, k.at, "", "%q is %s of %s, and a test of it needs = tests of the sort key attributes before it; this key condition does not test %s, so DynamoDB refuses the query. Add %s, or drop the test of %q",
				a, keyRoleIn(key, a), owner, quotedList(gap), strings.Join(want, " and "), a)
			gap = nil
			continue
		}
		if i < last && k.op != "=" {
			p.ReportAt(Error, k.at, "", "%q is %s of %s, followed by a test of %q: every sort key attribute before the last one tested takes =, not %s, so DynamoDB refuses the query. Write %s = VALUE, or drop the test of %q",
				a, keyRoleIn(key, a), owner, key.Sort[last], k.op, grammar.Name(a), key.Sort[last])
		}
	}
	if last >= 0 {
		k := tested[key.Sort[last]]
		if k.op == "begins_with" && p.Table.AttrType(k.attr) == schema.Number {
			p.ReportAt(Error, k.at, "", "%q is %s of %s and a number, so begins_with cannot test it: DynamoDB refuses a number prefix (%q) and a string one (%q). Write %s between LOW and HIGH",
				k.attr, keyRoleIn(key, k.attr), owner, msgKCBeginsWithN, msgConditionType, grammar.Name(k.attr))
		}
	}
}

// hasEquality reports whether one of the tests is =, as a partition key's
// must be.
func hasEquality(tests []*keyTest) bool {
	for _, k := range tests {
		if k.op == "=" {
			return true
		}
	}
	return false
}

// tooManyKeyTests reports a key condition with more tests than a key of
// one partition and one sort attribute takes, which DynamoDB counts before
// it looks at the key: the table's key (two attributes at most) or an
// index's whose key the schema gives; without a schema an index may have a
// multi-attribute key, which takes more.
func tooManyKeyTests(p *Pass, tests []*keyTest) bool {
	if len(tests) <= 2 {
		return false
	}
	key, _, ok := queriedKey(p)
	if ok && len(key.Partition)+len(key.Sort) > 2 || !ok && (p.Schema != nil || p.Stmt.Index != nil) {
		return false // a multi-attribute key, an unknown table or index, or an index without a schema
	}
	extra := tests[2]
	if ok {
		for _, k := range tests {
			if !key.Has(k.attr) {
				extra = k
				break
			}
		}
	}
	p.ReportAt(Error, extra.path.Pos, "", "this key condition tests %s attributes, and a query's key condition tests two at most: the partition key, then one sort key; DynamoDB answers %q. Move the test of %s to the filter",
		countWord(len(tests)), msgKCConditionCount, grammar.Name(extra.attr))
	return true
}

// countWord writes a small count in words.
func countWord(n int) string {
	if w := []string{"three", "four", "five", "six", "seven", "eight", "nine"}; n >= 3 && n-3 < len(w) {
		return w[n-3]
	}
	return fmt.Sprint(n)
}

// nonKeyAdvice says what to do with a key condition's test of a non-key
// attribute: filter on it, or query an index keyed on it.
func nonKeyAdvice(p *Pass, attr string) string {
	for _, ix := range p.Table.Indexes {
		if len(ix.Key.Partition) > 0 && ix.Key.Partition[0] == attr && ix != p.Index {
			return fmt.Sprintf("Query index %s, which is keyed on it, or move the test to the filter", ix.Name)
		}
	}
	if p.Index != nil && p.Table.IsKey(attr) {
		return "It is a key of the table: query the table, or move the test to the filter"
	}
	return "Move the test to the filter"
}
