package validate

var uncheckedRequest = &Rule{
	Name:     "unchecked-request",
	Severity: Info,
	Title:    "a request dynexpr cannot turn into a statement, so the schema rules did not run on it",
	Why: `dynexpr checks a request file in two steps: the rules above on the request as
written, then every rule of the catalog (keys, indexes, projections, sparse
indexes, ...) on the statement the request makes. When a request uses something
dynexpr's language cannot say, the second step cannot run; this notice says so,
and why, rather than pass the request silently. It is not reported when another
finding on the request already explains it.`,
	Bad:         `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": "+1"}}}`,
	Good:        `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": "1"}}}`,
	AppliesTo:   requestApplies,
	RequestOnly: true,
}
