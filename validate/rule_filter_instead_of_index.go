package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

var filterInsteadOfIndex = &Rule{
	Name:     "filter-instead-of-index",
	Severity: Warning,
	Title:    "a filter that picks what a sparse index already holds",
	Why: `A filter runs after the items are read: it does not reduce what the request
reads or what it costs. When the filter keeps exactly the items that carry a
sparse index's key (attribute_exists(openBucket), openBucket = "OPEN"), the index
already holds those items and nothing else: query (or scan) the index instead and
read only them.`,
	Bad:         `scan Tickets filter attribute_exists(openBucket)`,
	Good:        `query Tickets index open-tickets-index key openBucket = "OPEN"`,
	AppliesTo:   "scan and query of a table, or of another index",
	NeedsSchema: true,
	check:       checkFilterInsteadOfIndex,
}

func checkFilterInsteadOfIndex(p *Pass) {
	st, t := p.Stmt, p.Table
	if t == nil || st.Filter == nil || len(st.Filter.Or) != 1 {
		return
	}
	// Only conjuncts at the top of the filter restrict every item read.
	for _, n := range st.Filter.Or[0].And {
		c := n.Compare
		if c == nil {
			continue
		}
		var attr string
		var value *grammar.Value
		switch {
		case c.Left.Call != nil && c.Left.Call.Func == "attribute_exists" && len(c.Left.Call.Args) == 1 && c.Op == "":
			attr = topName(c.Left.Call.Args[0].Path)
		case c.Op == "=" && c.Left.Path != nil && c.Right != nil && c.Right.Value != nil:
			attr, value = topName(c.Left.Path), c.Right.Value
		default:
			continue
		}
		if attr == "" || t.IsKey(attr) {
			continue
		}
		for _, ix := range t.IndexesWithKey(attr) {
			if len(ix.Key.Partition) != 1 || ix.Key.Partition[0] != attr || p.Index == ix {
				continue
			}
			var fix string
			if value != nil {
				fix = fmt.Sprintf("query %s index %s key %s = %s", t.Name, ix.Name, grammar.Name(attr), literalText(value))
			} else {
				fix = fmt.Sprintf("scan %s index %s", t.Name, ix.Name)
			}
			p.ReportAt(Warning, c.Pos, fix, "index %s holds exactly the items with %q, but this filter reads every item of the %s and bills each one; write instead: %s",
				ix.Name, attr, readTarget(st), fix)
			break
		}
	}
}

func readTarget(st *grammar.Statement) string {
	switch {
	case st.Index != nil:
		return "index " + st.Index.Name
	case st.Kind == grammar.KindQuery:
		return "partition"
	}
	return "table"
}
