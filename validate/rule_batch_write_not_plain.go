package validate

// Its findings are the builder's refusals (checkBuildRefusals): what a
// member's request has no place for is known in one place, the builder,
// which cannot write it.
var batchWriteNotPlain = &Rule{
	Name:     "batch-write-not-plain",
	Severity: Error,
	Title:    "a condition, an update or a check in a batch write",
	CannotWrite: []Unwritable{
		{Readers: requestReaders, Why: "a condition, an update or a check in a BatchWriteItem is a member the AWS CLI refuses, which unknown-request-member reports"},
	},
	Why: `BatchWriteItem takes plain puts and deletes: a PutRequest holds only the item,
a DeleteRequest only the key, and there is no update or condition check
request. A condition (if), an update or a check has no place in the request:
the AWS CLI refuses the unknown parameter before sending it, and dynexpr build
refuses it too. For conditional writes, updates or checks, use transact write
(up to 100 members, all or nothing), or single requests.`,
	DynamoMessages: []string{
		msgBatchWriteCondition,
		msgBatchWriteUpdate,
	},
	Bad: `batch write {
  put Tickets item {id: "a91f", subject: "Printer on fire"} if attribute_not_exists(id);
  update Tickets key id = "b02c" set status = "RESOLVED"
}`,
	Good: `transact write {
  put Tickets item {id: "a91f", subject: "Printer on fire"} if attribute_not_exists(id);
  update Tickets key id = "b02c" set status = "RESOLVED"
}`,
	AppliesTo: "batch write",
}
