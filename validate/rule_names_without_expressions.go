package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/request"
)

var namesWithoutExpressions = &Rule{
	Name:     "names-without-expressions",
	Severity: Error,
	Title:    "ExpressionAttributeNames or ExpressionAttributeValues without an expression to use them",
	Why: `ExpressionAttributeNames only serve expressions, and ExpressionAttributeValues
only serve the expressions that take values (KeyConditionExpression,
FilterExpression, ConditionExpression, UpdateExpression; a ProjectionExpression
takes none). DynamoDB refuses a request that gives them without one, which is
what is left when an expression was deleted or misspelt.`,
	DynamoMessages: []string{
		"ExpressionAttributeNames can only be specified when using expressions",
		"ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null",
	},
	Bad:          `{"TableName": "Tickets", "ProjectionExpression": "subject", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	Good:         `{"TableName": "Tickets", "ProjectionExpression": "subject", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	AppliesTo:    requestApplies,
	RequestOnly:  true,
	checkRequest: checkMapsWithoutExpressions,
}

// checkMapsWithoutExpressions reports placeholder maps given without the
// expressions that use them.
func checkMapsWithoutExpressions(c *requestPass) {
	if c.cmd == "" {
		return
	}
	// An expression that code may give elsewhere (request.Partial) may
	// use the maps.
	given := func(n string) bool { return c.given(n) || c.r.MayHave(n) }
	anyExpr, valueExpr := false, false
	var valueParams []string
	for _, n := range request.ExpressionMembers(c.shape) {
		if n != "ProjectionExpression" {
			valueParams = append(valueParams, n)
		}
		if given(n) {
			anyExpr = true
			valueExpr = valueExpr || n != "ProjectionExpression"
		}
	}
	if legacy, _ := c.refusedMix(); legacy != nil {
		return // legacy-parameters-mixed says what DynamoDB answers first
	}
	if m := c.member("ExpressionAttributeNames"); m != nil && !anyExpr {
		c.report(c.rule, Error, m.NamePos, m.NamePos+len(m.Name)+2, "",
			"ExpressionAttributeNames serves expressions, and this %s has none (%s); DynamoDB answers %q. Remove it, or write the expression that uses it",
			c.cmd, strings.Join(request.ExpressionMembers(c.shape), ", "), "ExpressionAttributeNames can only be specified when using expressions")
		c.names = nil
	}
	if m := c.member("ExpressionAttributeValues"); m != nil && !valueExpr {
		null := strings.Join(valueParams, " and ") + " is null"
		if len(valueParams) > 1 {
			null = strings.Join(valueParams, " and ") + " are null"
		}
		c.report(c.rule, Error, m.NamePos, m.NamePos+len(m.Name)+2, "",
			"ExpressionAttributeValues serves the expressions that take values, and this %s has none (%s; a ProjectionExpression takes no values); DynamoDB answers %q. Remove it, or write the expression that uses it",
			c.cmd, strings.Join(valueParams, ", "), "ExpressionAttributeValues can only be specified when using expressions: "+null)
		c.values = nil
	}
}
