package validate

var legacyParameters = &Rule{
	Name:     "legacy-parameters",
	Severity: Info,
	Title:    "a request written with DynamoDB's legacy parameters instead of expressions",
	Why: `AttributesToGet, KeyConditions, QueryFilter, ScanFilter, Expected,
AttributeUpdates and ConditionalOperator still work, so this is advice, not an
error: AWS documents them as legacy, they cannot say what expressions can (nested
paths, functions such as size or list_append, OR across attributes in an update
condition), and dynexpr cannot turn them into a statement, so the rules that
check a request against the tables' schema do not run on it. The message names
the expression parameter to use.`,
	Bad:         `{"TableName": "Tickets", "ScanFilter": {"priority": {"AttributeValueList": [{"N": "1"}], "ComparisonOperator": "EQ"}}}`,
	Good:        `{"TableName": "Tickets", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	AppliesTo:   requestApplies,
	RequestOnly: true,
}
