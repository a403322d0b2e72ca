package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
)

var legacyConditionInvalid = &Rule{
	Name:     "legacy-condition-invalid",
	Severity: Error,
	Title:    "a legacy condition (KeyConditions, QueryFilter, ScanFilter, Expected) DynamoDB refuses",
	Why: `Each entry of the legacy condition maps compares one attribute: a
ComparisonOperator and, in AttributeValueList, as many values as the operator
takes: none for NULL and NOT_NULL, two for BETWEEN, at least one for IN, one for
every other operator. The values of one list are of one type, and the operator
must compare that type: LT, LE, GT, GE, IN and BETWEEN compare strings, numbers
and binary only; BEGINS_WITH strings and binary; CONTAINS and NOT_CONTAINS look
for a scalar, never a set, a list or a map. BETWEEN takes the lower bound first.
DynamoDB refuses any other list before it reads an item.

An entry of Expected (the legacy condition of a write) is written one of two
ways: with ComparisonOperator (and AttributeValueList, or a single Value), or
with Value and Exists, where Exists true (or left out) needs a Value and Exists
false forbids one. Exists beside ComparisonOperator, Value beside
AttributeValueList, and AttributeValueList without ComparisonOperator are
refused.

ConditionalOperator joins the conditions of a filter or of Expected; DynamoDB
refuses it where that map has a single condition or none, or where the request
has no such map, since there is nothing to join.`,
	DynamoMessages: []string{
		"One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN ComparisonOperator",
		"One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type",
		msgConditionalOperatorOne,
	},
	Bad:          `{"TableName": "Tickets", "ScanFilter": {"priority": {"AttributeValueList": [{"N": "1"}], "ComparisonOperator": "BETWEEN"}}}`,
	Good:         `{"TableName": "Tickets", "ScanFilter": {"priority": {"AttributeValueList": [{"N": "1"}, {"N": "3"}], "ComparisonOperator": "BETWEEN"}}}`,
	AppliesTo:    "request JSON files: KeyConditions, QueryFilter, ScanFilter, Expected and ConditionalOperator",
	RequestOnly:  true,
	checkRequest: checkLegacyConditions,
}

// legacyArity is how many values each ComparisonOperator takes: min, and
// max (-1: no limit).
var legacyArity = map[string][2]int{
	"EQ": {1, 1}, "NE": {1, 1}, "LE": {1, 1}, "LT": {1, 1}, "GE": {1, 1}, "GT": {1, 1},
	"CONTAINS": {1, 1}, "NOT_CONTAINS": {1, 1}, "BEGINS_WITH": {1, 1},
	"NULL": {0, 0}, "NOT_NULL": {0, 0}, "IN": {1, -1}, "BETWEEN": {2, 2},
}

// legacyTypeAllowed reports whether operator op compares values of type t.
// EQ and NE compare every type; the others are as the rule's Why says.
func legacyTypeAllowed(op, t string) bool {
	scalar := t == "S" || t == "N" || t == "B"
	switch op {
	case "LT", "LE", "GT", "GE", "IN", "BETWEEN":
		return scalar
	case "BEGINS_WITH":
		return t == "S" || t == "B"
	case "CONTAINS", "NOT_CONTAINS":
		return t != "SS" && t != "NS" && t != "BS" && t != "M" && t != "L"
	}
	return true
}

// avType is the type of a well-formed DynamoDB JSON value ({"N": "1"} is
// "N"), or "" (invalid-attribute-value reports the others).
func avType(v *request.Value) string {
	if v == nil || v.Kind != request.Object || len(v.Members) != 1 || !contains(attributeTypes, v.Members[0].Name) {
		return ""
	}
	return v.Members[0].Name
}

// avScalar is a scalar DynamoDB JSON value as the DSL holds it, for
// comparing bounds; nil for another type.
func avScalar(v *request.Value) *grammar.Value {
	t := avType(v)
	if (t != "S" && t != "N" && t != "B") || v.Members[0].Value.Kind != request.String {
		return nil
	}
	return &grammar.Value{Type: grammar.ValueType(t), Text: v.Members[0].Value.Text}
}

// checkLegacyConditions checks each entry of the request's legacy condition
// maps, in the order DynamoDB does (QueryFilter before KeyConditions), and
// ConditionalOperator.
func checkLegacyConditions(c *requestPass) {
	if legacy, _ := c.refusedMix(); legacy != nil {
		return // DynamoDB refuses the mix first
	}
	for _, name := range []string{"QueryFilter", "ScanFilter", "KeyConditions"} {
		if v := c.value(name); v != nil {
			for i := range v.Members {
				c.legacyCondition(name, &v.Members[i])
			}
		}
	}
	if v := c.value("Expected"); v != nil {
		for i := range v.Members {
			c.expectedEntry(&v.Members[i])
		}
	}
	c.conditionalOperator()
}

// legacyCondition checks one entry of KeyConditions, QueryFilter or
// ScanFilter.
func (c *requestPass) legacyCondition(member string, e *request.Member) {
	opv := e.Value.Get("ComparisonOperator")
	if opv == nil {
		return
	}
	c.legacyOperands(member, e, opv.Text, e.Value.Get("AttributeValueList"))
}

// legacyOperands checks an operator's values: how many, of one type, of a
// type the operator compares, BETWEEN's bounds in order; in Expected as in
// KeyConditions and the filters, since DynamoDB checks them all before it
// reads an item. list may be nil: no values.
func (c *requestPass) legacyOperands(member string, e *request.Member, op string, list *request.Value) {
	at := e.Value.Member("ComparisonOperator").Value
	var vals []*request.Value
	if list != nil {
		vals = list.Elems
		at = list
	}
	if e.Value.Get("AttributeValueList") == nil && e.Value.Get("Value") != nil {
		vals = []*request.Value{e.Value.Get("Value")}
	}
	where := fmt.Sprintf("%s.%s", member, e.Name)
	if n, ok := legacyArity[op]; ok && (len(vals) < n[0] || (n[1] >= 0 && len(vals) > n[1])) {
		c.report(c.rule, Error, at.Start, at.End, "",
			"%s: %s takes %s, and this condition gives %d; DynamoDB answers %q",
			where, op, arityWords(n), len(vals), invalidPrefix+"Invalid number of argument(s) for the "+op+" ComparisonOperator")
		return
	}
	types := make([]string, len(vals))
	for i, v := range vals {
		if types[i] = avType(v); types[i] == "" {
			return // invalid-attribute-value's
		}
		if types[i] != types[0] {
			c.report(c.rule, Error, v.Start, v.End, "",
				"%s: the values of one AttributeValueList are of one type, and this one mixes %s and %s; DynamoDB answers %q",
				where, types[0], types[i], invalidPrefix+"AttributeValues inside AttributeValueList must be of same type")
			return
		}
	}
	if len(vals) > 0 && !legacyTypeAllowed(op, types[0]) {
		c.report(c.rule, Error, vals[0].Start, vals[0].End, "",
			"%s: %s does not compare %s values; DynamoDB answers %q",
			where, op, types[0], invalidPrefix+"ComparisonOperator "+op+" is not valid for "+types[0]+" AttributeValue type")
		return
	}
	if op == "BETWEEN" && len(vals) == 2 {
		lo, hi := avScalar(vals[0]), avScalar(vals[1])
		if lo != nil && hi != nil && compareScalars(lo, hi) > 0 {
			c.report(c.rule, Error, vals[0].Start, vals[1].End, "",
				"%s: BETWEEN takes the lower bound first, and %s is greater than %s: swap them; DynamoDB answers %q",
				where, lo.Text, hi.Text, "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound")
		}
	}
}

// arityWords says how many values an operator takes.
func arityWords(n [2]int) string {
	switch {
	case n[1] < 0:
		return "at least one value"
	case n[0] == 0:
		return "no value"
	case n[0] == 1:
		return "one value"
	}
	return fmt.Sprintf("%d values", n[0])
}

// expectedEntry checks one entry of Expected, in the order DynamoDB does.
func (c *requestPass) expectedEntry(e *request.Member) {
	v := e.Value
	op, list, value, exists := v.Member("ComparisonOperator"), v.Member("AttributeValueList"), v.Member("Value"), v.Member("Exists")
	where := "Expected." + e.Name
	refuse := func(at *request.Member, what, msg string) {
		c.report(c.rule, Error, at.NamePos, at.Value.End, "", "%s: %s; DynamoDB answers %q", where, what, invalidPrefix+msg+" for Attribute: "+e.Name)
	}
	switch {
	case list != nil && value != nil:
		refuse(list, "Value and AttributeValueList are two ways of giving the values: keep one", "Value and AttributeValueList cannot be used together")
	case op != nil && exists != nil:
		refuse(exists, "Exists belongs to the Value form and ComparisonOperator to the other: for \"must not exist\" write ComparisonOperator NULL, else drop Exists", "Exists and ComparisonOperator cannot be used together")
	case op != nil && list == nil && value == nil && op.Value.Text != "NULL" && op.Value.Text != "NOT_NULL":
		refuse(op, op.Value.Text+" compares with a value: add AttributeValueList", "Value or AttributeValueList must be used with ComparisonOperator: "+op.Value.Text)
	case op != nil:
		var lv *request.Value
		if list != nil {
			lv = list.Value
		}
		c.legacyOperands("Expected", e, op.Value.Text, lv)
	case list != nil:
		refuse(list, "AttributeValueList goes with a ComparisonOperator: add one (EQ, for instance)", "AttributeValueList can only be used with a ComparisonOperator")
	case exists == nil && value == nil:
		c.report(c.rule, Error, e.NamePos, v.End, "", "%s: an expectation names a Value it must equal, or says Exists false; DynamoDB answers %q",
			where, invalidPrefix+"Value must be provided when Exists is null for Attribute: "+e.Name)
	case exists != nil && exists.Value.Text == "true" && value == nil:
		refuse(exists, "Exists true needs the Value the attribute must equal (for \"must exist\" write ComparisonOperator NOT_NULL)", "Value must be provided when Exists is true")
	case exists != nil && exists.Value.Text == "false" && value != nil:
		refuse(value, "Exists false expects no attribute, so it takes no Value: drop the Value, or Exists", "Value cannot be used when Exists is false")
	}
}

// conditionalOperator checks that ConditionalOperator has conditions to
// join: the request's filter or Expected (what its operation takes of
// them), with two or more entries.
func (c *requestPass) conditionalOperator() {
	m := c.member("ConditionalOperator")
	if m == nil {
		return
	}
	var takes []string
	for _, name := range []string{"QueryFilter", "ScanFilter", "Expected"} {
		if !c.known(name) {
			continue
		}
		takes = append(takes, name)
		if v := c.value(name); v != nil && len(v.Members) <= 1 {
			c.report(c.rule, Error, m.NamePos, m.Value.End, "",
				"ConditionalOperator joins two or more conditions, and %s has %s: drop ConditionalOperator; DynamoDB answers %q",
				name, [...]string{"none", "one"}[len(v.Members)], msgConditionalOperatorOne)
			return
		}
		if c.given(name) {
			return
		}
	}
	if len(takes) > 0 {
		c.report(c.rule, Error, m.NamePos, m.Value.End, "",
			"ConditionalOperator joins the conditions of %s, and this request has none; DynamoDB refuses it: drop ConditionalOperator",
			strings.Join(takes, " or "))
	}
}
