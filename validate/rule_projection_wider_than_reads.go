package validate

// ProjectionWiderThanReads is a report rule (ReportOnly): an index's
// projection against every read of it.
var ProjectionWiderThanReads = &Rule{
	Name:     "projection-wider-than-reads",
	Severity: Info,
	Title:    "the index projects attributes no read of it uses",
	Why: `Every attribute an index projects is stored again in it and written again each
time the item changes it. When every read of the index names the attributes it
uses, an INCLUDE projection of those (the keys come with every projection) holds
and writes less.`,
	Bad: `# open-tickets-index projects subject and priority; no read uses priority.
query Tickets index open-tickets-index key openBucket = "OPEN" select id, subject`,
	Good:        `query Tickets index open-tickets-index key openBucket = "OPEN" select id, subject, priority`,
	AppliesTo:   "the ALL and INCLUDE indexes of the schema with reads that name their attributes",
	NeedsSchema: true,
	ReportOnly:  true,
}
