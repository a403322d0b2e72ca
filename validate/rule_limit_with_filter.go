package validate

var limitWithFilter = &Rule{
	Name:     "limit-with-filter",
	Severity: Warning,
	Title:    "limit together with filter",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "a .partiql file holds statements only: Limit is a member of execute-statement's request JSON"},
	},
	Why: `Limit counts the items a query or scan reads, before the filter runs. With a
filter, a page can come back with fewer items than the limit, or none at all,
while more matching items follow: page on with after (LastEvaluatedKey) until it
is absent, or drop the limit. A request that starts after a key (after,
ExclusiveStartKey, given or computed by the code) is a page of such a loop,
where a limit bounds what each page reads: it is not reported.`,
	Bad:       `scan Tickets filter priority = 1 limit 10`,
	Good:      `query Tickets index open-tickets-index key openBucket = "OPEN" limit 10`,
	AppliesTo: "query and scan",
	check:     checkLimitWithFilter,
}

func checkLimitWithFilter(p *Pass) {
	st := p.Stmt
	if st.Limit == nil || st.Filter == nil || st.After != nil {
		return // with a start key, the request is one page of a loop over pages
	}
	p.ReportAt(Warning, st.Limit.Pos, "", "limit %s counts the items read before the filter: a page can hold fewer than %s matches, or none, while more follow; keep reading pages with after until there is no LastEvaluatedKey",
		st.Limit.Text, st.Limit.Text)
}
