package validate

var consistentReadOnGSI = &Rule{
	Name:     "consistent-read-on-gsi",
	Severity: Error,
	Title:    "consistent read of a global secondary index",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "a .partiql file holds statements only: ConsistentRead is a member of execute-statement's request JSON"},
	},
	Why: `A global secondary index is updated asynchronously from its table, so it
cannot be read consistently: DynamoDB refuses ConsistentRead on a query or scan
of one. Read the table (or a local secondary index) when you need the latest
write.`,
	DynamoMessages: []string{"Consistent reads are not supported on global secondary indexes"},
	Bad:            `query Tickets index open-tickets-index key openBucket = "OPEN" consistent`,
	Good:           `query Tickets index open-tickets-index key openBucket = "OPEN"`,
	AppliesTo:      "query and scan of a global secondary index",
	NeedsSchema:    true,
	check:          checkConsistentGSI,
}

func checkConsistentGSI(p *Pass) {
	if p.Stmt.Consistent == nil || p.Index == nil || !p.Index.Global {
		return
	}
	p.ReportAt(Error, p.Stmt.Consistent.Pos, "", "%s is a global secondary index, which cannot be read consistently; DynamoDB answers %q. Drop consistent, or read the table",
		p.Index.Name, "Consistent reads are not supported on global secondary indexes")
}
