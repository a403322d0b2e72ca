package validate

// FilteredRead is a report rule (ReportOnly): the reads that pay for what
// their filter discards.
var FilteredRead = &Rule{
	Name:     "filtered-read",
	Severity: Info,
	Title:    "the request reads items its filter then discards, and pays for them",
	Why: `A filter runs after the read: every item the key condition picks (every item,
for a scan) is read and paid for, and the filter only leaves some out of the
answer (Developer Guide: "Filter expressions for Query"). A key condition or an
index that picks only the wanted items costs less.`,
	Bad:        `query Tickets index open-tickets-index key openBucket = "OPEN" filter priority < 2`,
	Good:       `query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt >= "2026-11-02"`,
	AppliesTo:  "queries and scans with a filter",
	ReportOnly: true,
}
