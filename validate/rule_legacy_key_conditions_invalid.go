package validate

import (
	"strconv"

	"github.com/dynexpr/dynexpr/request"
)

var legacyKeyConditionsInvalid = &Rule{
	Name:     "legacy-key-conditions-invalid",
	Severity: Error,
	Title:    "KeyConditions that do not pick items by the key of the table or index queried",
	Why: `KeyConditions, the legacy form of a query's key condition, holds one or two
conditions: the partition key's, which must be EQ, and optionally the sort key's.
The sort key compares with EQ, LE, LT, GE, GT, BETWEEN or BEGINS_WITH; NE, IN,
CONTAINS, NOT_CONTAINS, NULL and NOT_NULL cannot be answered from the key's
order, and DynamoDB refuses them ("not an indexable operation"). Each condition
names a key attribute of the table, or of the index the query names, and its
values are of the key's type. A condition on an attribute that is not part of
that key, or a missing partition key condition, is refused; so is a QueryFilter
on one of the key's attributes, which belongs in KeyConditions.

Indexes with multi-attribute keys are not checked here.`,
	DynamoMessages: []string{
		"Attempted conditional constraint is not an indexable operation",
		"Query condition missed key schema element: id",
		"Query key condition not supported",
		"One or more parameter values were invalid: Condition parameter type does not match schema type",
		"Conditions can be of length 1 or 2 only",
		"QueryFilter can only contain non-primary key attributes: Primary key attribute: id",
	},
	Bad:          `{"command": "query", "TableName": "Tickets", "KeyConditions": {"id": {"AttributeValueList": [{"S": "a"}, {"S": "b"}], "ComparisonOperator": "IN"}}}`,
	Good:         `{"command": "query", "TableName": "Tickets", "KeyConditions": {"id": {"AttributeValueList": [{"S": "a"}], "ComparisonOperator": "EQ"}}}`,
	AppliesTo:    "request JSON files: KeyConditions and QueryFilter of a query",
	RequestOnly:  true,
	checkRequest: checkLegacyKeyConditions,
}

// notIndexable are the operators a key's order cannot answer.
var notIndexable = []string{"NULL", "NOT_NULL", "NE", "CONTAINS", "NOT_CONTAINS", "IN"}

// checkLegacyKeyConditions checks KeyConditions against the key schema of
// the table or index queried, in the order DynamoDB does: how many
// conditions (before the table is read), then each key attribute, the
// partition key first, then QueryFilter.
func checkLegacyKeyConditions(c *requestPass) {
	m := c.member("KeyConditions")
	if m == nil || c.cmd != "query" || c.conditionsRefused(m.Value) {
		return
	}
	if legacy, _ := c.refusedMix(); legacy != nil {
		return
	}
	kc := m.Value
	n := len(kc.Members)
	refuse := func(from, to int, what, msg string) {
		c.report(c.rule, Error, from, to, "", "%s; DynamoDB answers %q", what, msg)
	}
	if n != 1 && n != 2 {
		refuse(m.NamePos, m.NamePos+len(m.Name)+2, "KeyConditions holds "+strconv.Itoa(n)+" conditions: one on the partition key, and at most one on the sort key", "Conditions can be of length 1 or 2 only")
		return
	}
	t := c.requestTable()
	if t == nil {
		return
	}
	key, of := t.Key, "table "+t.Name
	if ix := c.value("IndexName"); ix != nil {
		index := t.Index(ix.Text)
		if index == nil {
			return // unknown-index's
		}
		key, of = index.Key, "index "+index.Name
	}
	if len(key.Partition) != 1 || len(key.Sort) > 1 {
		return
	}
	attrs := key.Attributes()
	for i, attr := range attrs {
		hash := i == 0
		if hash && len(attrs) == 1 && n > 1 {
			refuse(m.NamePos, m.NamePos+len(m.Name)+2, "KeyConditions holds two conditions, and "+of+" has a partition key only ("+strconv.Quote(attr)+"): move the other to QueryFilter", "Query key condition not supported")
			return
		}
		e := kc.Member(attr)
		if e == nil {
			if hash || n > 1 {
				refuse(m.NamePos, m.NamePos+len(m.Name)+2, "KeyConditions has no condition on "+strconv.Quote(attr)+", the "+keyWord(hash)+" of "+of+": the conditions are on the key's attributes, the partition key's always", "Query condition missed key schema element: "+attr)
				return
			}
			continue
		}
		opm := e.Value.Member("ComparisonOperator")
		if opm == nil {
			return
		}
		op := opm.Value.Text
		if contains(notIndexable, op) {
			refuse(opm.Value.Start, opm.Value.End, "KeyConditions."+attr+": "+op+" cannot pick items by a key (EQ, LE, LT, GE, GT, BETWEEN or BEGINS_WITH can; write the rest in QueryFilter)", "Attempted conditional constraint is not an indexable operation")
			return
		}
		if want := string(t.AttrType(attr)); want != "" {
			if list := e.Value.Get("AttributeValueList"); list != nil {
				for _, v := range list.Elems {
					if got := avType(v); got != "" && got != want {
						refuse(v.Start, v.End, "KeyConditions."+attr+": the key is of type "+want+", and this value is "+got, invalidPrefix+"Condition parameter type does not match schema type")
						return
					}
				}
			}
		}
		if hash && op != "EQ" {
			refuse(opm.Value.Start, opm.Value.End, "KeyConditions."+attr+": the partition key picks its items with EQ, not "+op, "Query key condition not supported")
			return
		}
	}
	if qf := c.value("QueryFilter"); qf != nil {
		for _, attr := range attrs {
			if e := qf.Member(attr); e != nil {
				refuse(e.NamePos, e.NamePos+len(strconv.Quote(attr)), "QueryFilter."+attr+": "+strconv.Quote(attr)+" is the "+keyWord(attr == attrs[0])+" of "+of+", and a filter cannot name it: put the condition in KeyConditions", "QueryFilter can only contain non-primary key attributes: Primary key attribute: "+attr)
				return
			}
		}
	}
}

func keyWord(partition bool) string {
	if partition {
		return "partition key"
	}
	return "sort key"
}

// conditionsRefused reports whether legacy-condition-invalid found an entry
// of the condition map v refused, which DynamoDB reports first.
func (c *requestPass) conditionsRefused(v *request.Value) bool {
	for _, f := range c.out {
		if f.Rule == legacyConditionInvalid.Name && f.Pos.Offset >= v.Start && f.Pos.Offset < v.End {
			return true
		}
	}
	return false
}
