package validate

// UnusedIndex is a report rule (ReportOnly): dynexpr report finds it
// across every request of a repository.
var UnusedIndex = &Rule{
	Name:     "unused-index",
	Severity: Warning,
	Title:    "no request reads the index, and every write to its table may pay for it",
	Why: `A secondary index costs a write for each item written with its key (a global
index from its own capacity, a local one from the table's) and storage for each
entry. When no request of the repository reads it, that is paid for nothing:
delete the index, or show the request that reads it to dynexpr (a file it does
not read, --code, requests:).`,
	Bad: `# No request reads open-tickets-index; this put writes an entry to it.
put Tickets item {id: "a91f", openBucket: "OPEN", openedAt: "2026-11-02T09:14:00Z", subject: "Printer on fire"}`,
	Good: `put Tickets item {id: "a91f", openBucket: "OPEN", openedAt: "2026-11-02T09:14:00Z", subject: "Printer on fire"};
query Tickets index open-tickets-index key openBucket = "OPEN" select id, subject, priority`,
	AppliesTo:   "the indexes of the schema, against every request dynexpr report reads",
	NeedsSchema: true,
	ReportOnly:  true,
}
