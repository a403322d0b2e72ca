package validate

var redundantParentheses = &Rule{
	Name:     "redundant-parentheses",
	Severity: Error,
	Title:    "a pair of parentheses directly inside another",
	Why: `DynamoDB accepts parentheses around a condition or an operand, but refuses a
pair whose whole content is itself in parentheses: ((a = :v)), a > ((b)),
SET a = ((b + :c)). Code that wraps every sub-condition in parentheses and then
wraps the whole again writes these.`,
	DynamoMessages: []string{"Invalid FilterExpression: The expression has redundant parentheses;"},
	Bad:            `{"TableName": "Tickets", "FilterExpression": "((priority = :p))", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	Good:           `{"TableName": "Tickets", "FilterExpression": "(priority = :p)", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	AppliesTo:      "request JSON files: every expression",
	RequestOnly:    true,
	checkRequest:   checkRedundantParentheses,
}

func checkRedundantParentheses(c *requestPass) {
	for x := range c.parsedExpressions() {
		if se := x.e.RedundantParensError(); se != nil {
			c.reportExpr(c.rule, x, se.Offset, se.End, "", "%s; DynamoDB answers %q", se.Msg, se.DynamoMsg)
		}
	}
}
