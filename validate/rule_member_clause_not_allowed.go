package validate

// Its findings are the builder's refusals (checkBuildRefusals): what a
// member's request has no place for is known in one place, the builder,
// which cannot write it.
var memberClauseNotAllowed = &Rule{
	Name:     "member-clause-not-allowed",
	Severity: Error,
	Title:    "a clause a member may not have in its group",
	CannotWrite: []Unwritable{
		{Readers: requestReaders, Why: "a member of a group has no place for the clause there: the AWS CLI refuses the member it would be, which unknown-request-member reports"},
		{Readers: []Reader{ReaderPartiQL}, Why: "PartiQL's statements have none of these clauses; a RETURNING clause in a transaction is partiql-transaction-returning's"},
	},
	Why: `The members of a group are written as single requests, but the API gives each
member only some of a request's parameters. return (ReturnValues) exists on no
member: a transaction returns nothing of the items it writes, and a batch write
nothing at all. capacity and metrics (ReturnConsumedCapacity,
ReturnItemCollectionMetrics) belong to the whole request: write them after the
group's words, like transact write capacity total { ... }. return_on_failure
(ReturnValuesOnConditionCheckFailure) is for the members of a transact write,
which have conditions. consistent has no place in a transact get, whose reads
are always consistent with the transaction. The AWS CLI refuses an unknown
parameter before sending the request, and dynexpr build refuses the clause too.`,
	DynamoMessages: []string{`Unknown parameter in TransactItems[0].Put: "ReturnValues", must be one of: Item, TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues, ReturnValuesOnConditionCheckFailure`},
	Bad: `transact write {
  put Tickets item {id: "a91f"} if attribute_not_exists(id) return old
}`,
	Good: `transact write {
  put Tickets item {id: "a91f"} if attribute_not_exists(id) return_on_failure old
}`,
	AppliesTo: "the members of transact write, transact get, batch get and batch write",
}
