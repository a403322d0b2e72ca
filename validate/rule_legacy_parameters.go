package validate

import "github.com/dynexpr/dynexpr/request"

var legacyParameters = &Rule{
	Name:     "legacy-parameters",
	Severity: Info,
	Title:    "a request written with DynamoDB's legacy parameters instead of expressions",
	Why: `AttributesToGet, KeyConditions, QueryFilter, ScanFilter, Expected,
AttributeUpdates and ConditionalOperator still work, so this is advice, not an
error: AWS documents them as legacy, they cannot say what expressions can (nested
paths, functions such as size or list_append, OR across attributes in an update
condition). dynexpr checks them as DynamoDB does (legacy-condition-invalid,
legacy-key-conditions-invalid, legacy-update-invalid,
legacy-attributes-duplicate, legacy-parameters-mixed), and runs the rest of
the catalog (tables, indexes, projections, sparse keys) on the statement of
the request's expression form, which ` + "`dynexpr import`" + ` prints. The message
names the expression parameter to use.`,
	Bad:          `{"TableName": "Tickets", "ScanFilter": {"priority": {"AttributeValueList": [{"N": "1"}], "ComparisonOperator": "EQ"}}}`,
	Good:         `{"TableName": "Tickets", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	AppliesTo:    requestApplies,
	RequestOnly:  true,
	checkRequest: checkLegacy,
}

// checkLegacy advises expressions over the legacy parameters of a request
// (where DynamoDB refuses them beside an expression,
// legacy-parameters-mixed reports them instead).
func checkLegacy(c *requestPass) {
	if c.cmd == "" {
		return
	}
	if legacy, _ := c.refusedMix(); legacy != nil {
		return
	}
	for _, n := range request.LegacyMembers(c.shape) {
		if !c.given(n) {
			continue
		}
		m := c.memberOf(n)
		c.report(c.rule, Info, m.NamePos, m.NamePos+len(n)+2, "",
			"%s is one of DynamoDB's legacy parameters; it works, but expressions say more (nested paths, functions such as size). Write instead: %s",
			n, legacyInstead(n))
	}
}
