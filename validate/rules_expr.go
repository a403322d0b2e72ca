package validate

// Rules about expressions, values and DynamoDB's limits (rules.md,
// "DynamoDB rejections").

// exprRules are this file's rules, in catalog order.
var exprRules = []*Rule{}
