package validate

import (
	"github.com/dynexpr/dynexpr/request"
)

var emptyExpressionMap = &Rule{
	Name:     "empty-expression-map",
	Severity: Error,
	Title:    "ExpressionAttributeNames or ExpressionAttributeValues given as {}",
	Why: `DynamoDB refuses an empty ExpressionAttributeNames or ExpressionAttributeValues
map: leave the member out when no expression uses a placeholder. Request
builders that always write both maps hit this on requests without placeholders.`,
	DynamoMessage: "ExpressionAttributeNames must not be empty; ExpressionAttributeValues must not be empty",
	Bad:           `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject", "ExpressionAttributeNames": {}}`,
	Good:          `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject"}`,
	AppliesTo:     requestApplies,
	RequestOnly:   true,
}

func (c *reqCheck) checkMaps() {
	o := c.r.Obj
	c.names, c.values = c.value("ExpressionAttributeNames"), c.value("ExpressionAttributeValues")
	if c.cmd != "" {
		c.checkMapsWithoutExpressions()
	}
	c.badKeys = map[string]bool{}
	for _, mp := range []struct {
		v      *request.Value
		name   string
		prefix byte
	}{{c.names, "ExpressionAttributeNames", '#'}, {c.values, "ExpressionAttributeValues", ':'}} {
		if mp.v == nil {
			continue
		}
		if len(mp.v.Members) == 0 {
			m := o.Member(mp.name)
			c.report(emptyExpressionMap, Error, m.NamePos, m.Value.End, "",
				"%s is {}; DynamoDB answers %q. Leave it out when no expression uses a %c placeholder",
				mp.name, mp.name+" must not be empty", mp.prefix)
			continue
		}
		for _, m := range mp.v.Members {
			c.checkPlaceholderKey(mp.name, mp.prefix, m)
		}
	}
}
