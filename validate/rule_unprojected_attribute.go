package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

var unprojectedAttribute = &Rule{
	Name:     "unprojected-attribute",
	Severity: Error,
	Title:    "select or filter paths that the index does not project",
	Why: `An index holds the table's key attributes, its own key attributes and what its
projection adds (INCLUDE lists them; KEYS_ONLY adds nothing; ALL holds all).
Asking a global secondary index for any other attribute is refused: a GSI cannot
fetch from its table. A local secondary index fetches the missing attributes from
the table, at the cost of an extra read per item (a warning). A query's filter on
an attribute the index does not hold is refused on both kinds. A scan's filter on
one is accepted and never matches: the scan returns nothing.`,
	DynamoMessages: []string{
		"One or more parameter values were invalid: Global secondary index open-tickets-index does not project [body]",
		"One or more parameter values were invalid: Secondary index open-tickets-index does not project one or more filter attributes: [body]",
	},
	Bad:         `query Tickets index open-tickets-index key openBucket = "OPEN" select subject, body`,
	Good:        `query Tickets index open-tickets-index key openBucket = "OPEN" select id, subject`,
	AppliesTo:   "query and scan of a secondary index whose projection is not ALL",
	NeedsSchema: true,
	check:       checkUnprojected,
	partiql:     true,
}

func checkUnprojected(p *Pass) {
	ix, st := p.Index, p.Stmt
	if ix == nil || ix.Projection == schema.ProjectAll {
		return
	}
	if st.Select != nil {
		for _, path := range st.Select.Paths {
			attr := topName(path)
			if ix.Projects(attr, p.Table) {
				continue
			}
			if ix.Global {
				p.ReportAt(Error, path.Pos, "", "%s does not project %q; DynamoDB answers %q. Select what %s",
					ix.Name, attr, "One or more parameter values were invalid: Global secondary index "+ix.Name+" does not project "+quoteList([]string{attr}), projectsPhrase(ix, p.Table))
			} else {
				p.ReportAt(Warning, path.Pos, "", "%s does not project %q: DynamoDB fetches it from the table for every item, an extra read each; add it to the index's projection, or read it with get",
					ix.Name, attr)
			}
		}
	}
	seen := map[string]bool{}
	for _, path := range grammar.ConditionPaths(st.Filter) {
		attr := topName(path)
		if ix.Projects(attr, p.Table) || seen[attr] {
			continue
		}
		seen[attr] = true
		if st.Kind == grammar.KindQuery {
			p.ReportAt(Error, path.Pos, "", "%s does not project %q, so a query cannot filter on it; DynamoDB answers %q",
				ix.Name, attr, "One or more parameter values were invalid: Secondary index "+ix.Name+" does not project one or more filter attributes: "+quoteList([]string{attr}))
		} else {
			p.ReportAt(Warning, path.Pos, "", "%s does not project %q: no item of the index has it, so this filter never matches as written and the scan returns nothing it should",
				ix.Name, attr)
		}
	}
}

// projectsPhrase lists what an index holds, for messages.
func projectsPhrase(ix *schema.Index, t *schema.Table) string {
	var attrs []string
	seen := map[string]bool{}
	add := func(names ...string) {
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				attrs = append(attrs, n)
			}
		}
	}
	if t != nil {
		add(t.Key.Attributes()...)
	}
	add(ix.Key.Attributes()...)
	add(ix.Include...)
	return "it holds: " + strings.Join(attrs, ", ")
}
