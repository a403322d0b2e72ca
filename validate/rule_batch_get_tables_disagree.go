package validate

// Its findings are the builder's refusals (checkBuildRefusals): what a
// member's request has no place for is known in one place, the builder,
// which cannot write it.
var batchGetTablesDisagree = &Rule{
	Name:     "batch-get-tables-disagree",
	Severity: Error,
	Title:    "members of one table in a batch get with different projections or consistency",
	CannotWrite: []Unwritable{
		{Readers: requestReaders, Why: "RequestItems gives each table of a BatchGetItem one ProjectionExpression and one ConsistentRead, so its gets cannot disagree"},
	},
	Why: `BatchGetItem asks each table once: RequestItems holds, for each table, its list
of keys with one ProjectionExpression and one ConsistentRead for them all. A
batch get whose gets of one table select different attributes, or read some
consistently and some not, has no request: dynexpr build refuses it. Give the
gets of one table the same select (the attributes any of them needs) and the
same consistent, or read the odd one in a get of its own.`,
	Bad: `batch get {
  get Tickets key id = "a91f" select subject;
  get Tickets key id = "b02c" select subject, body consistent
}`,
	Good: `batch get {
  get Tickets key id = "a91f" select subject, body consistent;
  get Tickets key id = "b02c" select subject, body consistent
}`,
	AppliesTo: "batch get",
	BadInput:  true,
}
