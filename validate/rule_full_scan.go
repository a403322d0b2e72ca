package validate

// FullScan is a report rule (ReportOnly): the scans of a repository, from
// every reader (partiql-full-scan is lint's, on one PartiQL statement).
var FullScan = &Rule{
	Name:     "full-scan",
	Severity: Warning,
	Title:    "the request reads every item of the table or index",
	Why: `A Scan, or a PartiQL SELECT whose WHERE does not give the partition key, reads
every item and pays for each, whatever it returns; its cost grows with the
table. Query a key (add an index for the access pattern) where the request
serves an application path.`,
	Bad:        `scan Tickets select id, subject`,
	Good:       `query Tickets key id = "a91f" select id, subject`,
	AppliesTo:  "scans, and PartiQL SELECTs that run as one",
	ReportOnly: true,
}
