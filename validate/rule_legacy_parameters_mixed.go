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
refuses a request with both, and its message lists every legacy parameter and
every expression parameter the request has. One pair is let through:
KeyConditions beside a FilterExpression or a ProjectionExpression (a query
that picks its items the old way and filters or projects them the new way) is
accepted; KeyConditions is refused only beside a KeyConditionExpression, and
is then listed with the rest.`,
	DynamoMessages: []string{"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}"},
	Bad:            `{"TableName": "Tickets", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}, "AttributesToGet": ["subject"]}`,
	Good:           `{"TableName": "Tickets", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}, "ProjectionExpression": "subject"}`,
	AppliesTo:      requestApplies,
	RequestOnly:    true,
	checkRequest:   checkLegacyMixed,
}

// legacyInstead is the expression parameter that does a legacy parameter's
// work.
func legacyInstead(name string) string {
	s, _ := request.Spec(name)
	return s.Instead
}

// exprOrder is the order DynamoDB lists the expression parameters in its
// message ("Expression parameters: {ProjectionExpression, FilterExpression}"),
// which is not the order the DSL writes them in.
var exprOrder = []string{"ProjectionExpression", "FilterExpression", "KeyConditionExpression", "UpdateExpression", "ConditionExpression"}

// refusedMix returns the legacy and the expression parameters of a request
// that DynamoDB refuses together, in the order its message lists them; nil
// when it refuses no mix.
func (c *requestPass) refusedMix() (legacy, exprs []string) {
	if c.cmd == "" {
		return nil, nil
	}
	taken := request.ExpressionMembers(c.shape)
	for _, n := range exprOrder {
		if contains(taken, n) && c.given(n) {
			exprs = append(exprs, n)
		}
	}
	if len(exprs) == 0 {
		return nil, nil
	}
	for _, n := range request.LegacyMembers(c.shape) {
		// KeyConditions goes with a FilterExpression or a
		// ProjectionExpression; only a second key condition refuses it.
		if n == "KeyConditions" && !c.given("KeyConditionExpression") {
			continue
		}
		if c.given(n) {
			legacy = append(legacy, n)
		}
	}
	if len(legacy) == 0 {
		return nil, nil
	}
	return legacy, exprs
}

// legacyValue is the value of the legacy parameter name as DynamoDB reads
// it: nil when the request lacks it, and when DynamoDB refuses the mix of
// legacy and expression parameters first (legacy-parameters-mixed's), so
// that it reads no further.
func (c *requestPass) legacyValue(name string) *request.Value {
	v := c.value(name)
	if v == nil {
		return nil // the usual case, answered before the costlier refusedMix
	}
	if legacy, _ := c.refusedMix(); legacy != nil {
		return nil
	}
	return v
}

// checkLegacyMixed reports legacy parameters beside expressions, which
// DynamoDB refuses.
func checkLegacyMixed(c *requestPass) {
	legacy, exprs := c.refusedMix()
	if legacy == nil {
		return
	}
	msg := fmt.Sprintf("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {%s} Expression parameters: {%s}",
		strings.Join(legacy, ", "), strings.Join(exprs, ", "))
	for _, n := range legacy {
		m := c.memberOf(n)
		c.report(c.rule, Error, m.NamePos, m.NamePos+len(n)+2, "",
			"%s is a legacy parameter, and this request also uses expressions (%s); DynamoDB refuses the mix (%q). Write instead: %s",
			n, strings.Join(exprs, ", "), msg, legacyInstead(n))
	}
}
