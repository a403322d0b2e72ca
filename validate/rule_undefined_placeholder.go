package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

var undefinedPlaceholder = &Rule{
	Name:     "undefined-placeholder",
	Severity: Error,
	Title:    "a #name or :value an expression uses that the request does not define",
	Why: `Every #name an expression uses must be a key of ExpressionAttributeNames, and
every :value a key of ExpressionAttributeValues, spelt the same, case included.
DynamoDB refuses the request at the first that is not.`,
	DynamoMessages: []string{
		"Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #missing",
		"Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :v",
	},
	Bad:          `{"TableName": "Tickets", "FilterExpression": "#s = :open", "ExpressionAttributeNames": {"#st": "status"}, "ExpressionAttributeValues": {":open": {"S": "OPEN"}}}`,
	Good:         `{"TableName": "Tickets", "FilterExpression": "#st = :open", "ExpressionAttributeNames": {"#st": "status"}, "ExpressionAttributeValues": {":open": {"S": "OPEN"}}}`,
	AppliesTo:    "request JSON files: every expression",
	RequestOnly:  true,
	checkRequest: checkUndefinedPlaceholders,
}

// mapKnown reports whether the map a placeholder needs was given in a form
// that can be read (otherwise its own finding says so).
func (c *requestPass) mapKnown(isValue bool) bool {
	name := "ExpressionAttributeNames"
	if isValue {
		name = "ExpressionAttributeValues"
	}
	v := c.r.Obj.Get(name)
	return (v == nil || v.Kind == request.Null || c.member(name) != nil) && c.r.PlaceholderMapKnown(isValue)
}

func checkUndefinedPlaceholders(c *requestPass) {
	for x := range c.parsedExpressions() {
		c.checkUndefined(x)
	}
}

func (c *requestPass) checkUndefined(x *reqExpr) {
	seen := map[string]bool{}
	for _, p := range x.placeholders() {
		if seen[p.Name] || c.defined(p.Name) || !c.mapKnown(p.IsValue()) {
			continue
		}
		seen[p.Name] = true
		from, to := c.exprOffset(x, p.Start), c.exprOffset(x, p.End)
		c.silence(from, to, "")
		if c.badKeys[p.Name[1:]] {
			// The map has it without its "#" or ":"; that key's finding says so.
			c.blocked = true
			continue
		}
		mapName, problem, detail := "ExpressionAttributeNames", "An expression attribute name used in the document path is not defined", "attribute name"
		keys := c.names
		if p.IsValue() {
			mapName, problem, detail = "ExpressionAttributeValues", "An expression attribute value used in expression is not defined", "attribute value"
			keys = c.values
		}
		hint := ""
		if keys != nil {
			var cands []string
			for _, m := range keys.Members {
				cands = append(cands, m.Name)
			}
			if s := schema.Suggest(p.Name, cands); s != "" {
				hint = fmt.Sprintf("; did you mean %s?", s)
			}
		}
		var what string
		if keys == nil {
			what = fmt.Sprintf("%s is used, and the request has no %s", p.Name, mapName)
		} else {
			what = fmt.Sprintf("%s is not a key of %s", p.Name, mapName)
		}
		c.reportExpr(c.rule, x, p.Start, p.End, "", "%s%s; DynamoDB answers %q",
			what, hint, x.kind.Message(problem, detail, p.Name))
	}
}
