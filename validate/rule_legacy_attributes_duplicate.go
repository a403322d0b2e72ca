package validate

var legacyAttributesDuplicate = &Rule{
	Name:     "legacy-attributes-duplicate",
	Severity: Error,
	Title:    "an attribute named twice in AttributesToGet",
	Why: `AttributesToGet, the legacy form of a projection, lists the attributes to
return, each once: DynamoDB refuses a list that names one twice, where a
ProjectionExpression naming a path twice is projection-path-overlap's.`,
	DynamoMessages: []string{"One or more parameter values were invalid: Duplicate value in attribute name: subject"},
	Bad:            `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "AttributesToGet": ["subject", "priority", "subject"]}`,
	Good:           `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "AttributesToGet": ["subject", "priority"]}`,
	AppliesTo:      "request JSON files: AttributesToGet of query, scan and get-item",
	RequestOnly:    true,
	checkRequest:   checkAttributesToGet,
}

// checkAttributesToGet reports the first name AttributesToGet repeats, the
// one DynamoDB names.
func checkAttributesToGet(c *requestPass) {
	v := c.legacyValue("AttributesToGet")
	if v == nil {
		return
	}
	seen := make(map[string]bool, len(v.Elems))
	for _, e := range v.Elems {
		if seen[e.Text] {
			c.report(c.rule, Error, e.Start, e.End, "",
				"AttributesToGet names %q twice: name it once; DynamoDB answers %q", e.Text,
				msgDuplicateAttributeName+e.Text)
			return
		}
		seen[e.Text] = true
	}
}
