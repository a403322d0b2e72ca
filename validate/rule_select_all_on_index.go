package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/schema"
)

var selectAllOnIndex = &Rule{
	Name:     "select-all-on-index",
	Severity: Error,
	Title:    "select all on a GSI that does not project all; select projected without an index",
	Why: `A global secondary index can return only what it projects: select all
(ALL_ATTRIBUTES) on one whose projection is not ALL is refused. select projected
(ALL_PROJECTED_ATTRIBUTES) means "what the index projects" and is refused on a
request that reads the table itself.`,
	DynamoMessages: []string{
		"One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index open-tickets-index because its projection type is not ALL",
		"ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
	},
	Bad:       `query Tickets index open-tickets-index key openBucket = "OPEN" select all`,
	Good:      `query Tickets index open-tickets-index key openBucket = "OPEN" select projected`,
	AppliesTo: "query and scan with select all or select projected",
	check:     checkSelectAll,
}

func checkSelectAll(p *Pass) {
	st := p.Stmt
	if st.Select == nil {
		return
	}
	switch {
	case st.Select.Projected && st.Index == nil:
		p.ReportAt(Error, st.Select.Pos, "select all", "select projected reads what an index projects, and this %s reads the table; DynamoDB answers %q. Write select all, or name an index",
			st.Verb, "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName")
	case st.Select.All && p.Index != nil && p.Index.Global && p.Index.Projection != schema.ProjectAll:
		p.ReportAt(Error, st.Select.Pos, "select projected", "%s projects %s, not all attributes; DynamoDB answers %q. Write select projected, or name the attributes",
			p.Index.Name, strings.ToLower(string(p.Index.Projection)),
			"One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index "+p.Index.Name+" because its projection type is not ALL")
	}
}
