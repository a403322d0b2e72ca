package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/request"
)

var legacyParametersMixed = &Rule{
	Name:     "legacy-parameters-mixed",
	Severity: Error,
	Title:    "expression parameters and legacy parameters in one request",
	Why: `DynamoDB's legacy parameters (AttributesToGet, KeyConditions, QueryFilter,
ScanFilter, Expected, AttributeUpdates, ConditionalOperator) and its expressions
do the same things two ways, and a request uses one way or the other: DynamoDB
refuses a request with both, KeyConditions beside a FilterExpression included.`,
	DynamoMessage: "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}",
	Bad:           `{"TableName": "Tickets", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}, "AttributesToGet": ["subject"]}`,
	Good:          `{"TableName": "Tickets", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}, "ProjectionExpression": "subject"}`,
	AppliesTo:     requestApplies,
	RequestOnly:   true,
}

func init() { legacyParametersMixed.checkRequest = checkLegacyMixed }

// legacyInstead is the expression parameter that does a legacy parameter's
// work.
func legacyInstead(name string) string {
	s, _ := request.Spec(name)
	return s.Instead
}

// checkLegacyMixed reports legacy parameters beside expressions, which
// DynamoDB refuses.
func checkLegacyMixed(c *requestPass) {
	if c.cmd == "" {
		return
	}
	given := c.given
	var exprs, legacy []string
	for _, n := range request.ExpressionMembers(c.cmd) {
		if given(n) {
			exprs = append(exprs, n)
		}
	}
	for _, n := range request.LegacyMembers(c.cmd) {
		if given(n) {
			legacy = append(legacy, n)
		}
	}
	if len(exprs) > 0 && len(legacy) > 0 {
		msg := fmt.Sprintf("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {%s} Expression parameters: {%s}",
			strings.Join(legacy, ", "), strings.Join(exprs, ", "))
		for _, n := range legacy {
			m := c.memberOf(n)
			c.report(legacyParametersMixed, Error, m.NamePos, m.NamePos+len(n)+2, "",
				"%s is a legacy parameter, and this request also uses expressions (%s); DynamoDB refuses the mix (%q). Write instead: %s",
				n, strings.Join(exprs, ", "), msg, legacyInstead(n))
		}
	}
}
