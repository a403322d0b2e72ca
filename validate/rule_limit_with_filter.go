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
is absent, or drop the limit.`,
	Bad:       `scan Tickets filter priority = 1 limit 10`,
	Good:      `query Tickets index open-tickets-index key openBucket = "OPEN" limit 10`,
	AppliesTo: "query and scan",
	check:     checkLimitWithFilter,
}

func checkLimitWithFilter(p *Pass) {
	st := p.Stmt
	if st.Limit == nil || st.Filter == nil {
		return
	}
	p.ReportAt(Warning, st.Limit.Pos, "", "limit %s counts the items read before the filter: a page can hold fewer than %s matches, or none, while more follow; keep reading pages with after until there is no LastEvaluatedKey",
		st.Limit.Text, st.Limit.Text)
}
