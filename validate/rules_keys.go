package validate

// Rules about table and index keys, and names the schema must know
// (rules.md, "DynamoDB rejections").

// keyRules are this file's rules, in catalog order.
var keyRules = []*Rule{}
