package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/schema"
)

var selectProjectionMismatch = &Rule{
	Name:     "select-projection-mismatch",
	Severity: Error,
	Title:    "Select and ProjectionExpression (or AttributesToGet) that contradict each other",
	Why: `Select says what a query or scan returns, and a ProjectionExpression (or
AttributesToGet) names the attributes, which is Select SPECIFIC_ATTRIBUTES:
DynamoDB refuses a projection with Select ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES
or COUNT, and SPECIFIC_ATTRIBUTES without a projection. Select takes those four
values only, in capitals.`,
	DynamoMessages: []string{
		"Cannot specify the ProjectionExpression when choosing to get only the Count",
		"Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
		"1 validation error detected: Value 'EVERYTHING' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
	},
	Bad:          `{"TableName": "Tickets", "Select": "COUNT", "ProjectionExpression": "subject"}`,
	Good:         `{"TableName": "Tickets", "Select": "SPECIFIC_ATTRIBUTES", "ProjectionExpression": "subject"}`,
	AppliesTo:    "request JSON files: query and scan",
	RequestOnly:  true,
	checkRequest: (*requestPass).checkSelect,
}

var selectValues = []string{"SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"}

func (c *requestPass) checkSelect() {
	m := c.member("Select")
	if m == nil || c.cmd != "query" && c.cmd != "scan" {
		return
	}
	v := m.Value
	if !contains(selectValues, v.Text) {
		hint := ""
		if s := schema.Suggest(v.Text, selectValues); s != "" {
			hint = fmt.Sprintf("; did you mean %q?", s)
		}
		c.report(c.rule, Error, v.Start, v.End, "", "Select takes %s, not %q%s; DynamoDB answers %q",
			strings.Join(selectValues, ", "), v.Text, hint,
			fmt.Sprintf("1 validation error detected: Value '%s' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [%s]",
				v.Text, strings.Join(selectValues, ", ")))
		return
	}
	proj := ""
	for _, n := range []string{"ProjectionExpression", "AttributesToGet"} {
		if c.member(n) != nil {
			proj = n
			break
		}
	}
	switch {
	case v.Text == "SPECIFIC_ATTRIBUTES" && proj == "" && !c.r.MayHave("ProjectionExpression"):
		msg := "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES"
		if c.cmd == "query" {
			msg = "1 validation error detected: " + msg
		}
		c.report(c.rule, Error, v.Start, v.End, "", "Select SPECIFIC_ATTRIBUTES returns the attributes a ProjectionExpression names, and this %s has none; DynamoDB answers %q. Write instead: a ProjectionExpression, or leave Select out",
			c.cmd, msg)
	case v.Text != "SPECIFIC_ATTRIBUTES" && proj != "":
		what := "to get " + v.Text
		if v.Text == "COUNT" {
			what = "to get only the Count"
		}
		fix := `"Select": "SPECIFIC_ATTRIBUTES", or no Select`
		if v.Text == "COUNT" {
			fix = "no " + proj + " (a count returns no attributes)"
		}
		c.report(c.rule, Error, v.Start, v.End, "", "Select %s and %s contradict each other: %s names the attributes to return, which is Select SPECIFIC_ATTRIBUTES; DynamoDB answers %q. Write instead: %s",
			v.Text, proj, proj, fmt.Sprintf("Cannot specify the %s when choosing %s", proj, what), fix)
	}
}
