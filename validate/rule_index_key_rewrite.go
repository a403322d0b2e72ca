package validate

// IndexKeyRewrite is a report rule (ReportOnly): what a write does to each
// index of its table.
var IndexKeyRewrite = &Rule{
	Name:     "index-key-rewrite",
	Severity: Info,
	Title:    "the write changes an index key: a delete and a put on the index",
	Why: `When an update sets an attribute of an index's key on an item in the index,
DynamoDB deletes the old entry and puts a new one: two index writes, each sized
by the entry (Developer Guide: "Global secondary indexes", writes).`,
	Bad: `# openBucket is the partition key of open-tickets-index.
update Tickets key id = "77de" set openBucket = "OPEN", status = "OPEN"`,
	Good:        `update Tickets key id = "77de" set status = "OPEN"`,
	AppliesTo:   "updates that set an index key attribute",
	NeedsSchema: true,
	ReportOnly:  true,
}
