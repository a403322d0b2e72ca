package validate

var emptyExpressionMap = &Rule{
	Name:     "empty-expression-map",
	Severity: Error,
	Title:    "ExpressionAttributeNames or ExpressionAttributeValues given as {}",
	Why: `DynamoDB refuses an empty ExpressionAttributeNames or ExpressionAttributeValues
map: leave the member out when no expression uses a placeholder. Request
builders that always write both maps hit this on requests without placeholders.`,
	DynamoMessages: []string{
		"ExpressionAttributeNames must not be empty",
		"ExpressionAttributeValues must not be empty",
	},
	Bad:          `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject", "ExpressionAttributeNames": {}}`,
	Good:         `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject"}`,
	AppliesTo:    requestApplies,
	RequestOnly:  true,
	checkRequest: checkEmptyMaps,
}

// checkEmptyMaps reports a placeholder map given as {}.
func checkEmptyMaps(c *requestPass) {
	for _, mp := range c.placeholderMaps() {
		if mp.v != nil && len(mp.v.Members) == 0 && c.r.PlaceholderMapKnown(mp.prefix == ':') {
			m := c.r.Obj.Member(mp.name)
			c.report(c.rule, Error, m.NamePos, m.Value.End, "",
				"%s is {}; DynamoDB answers %q. Leave it out when no expression uses a %c placeholder",
				mp.name, mp.name+" must not be empty", mp.prefix)
		}
	}
}
