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
one is accepted and reads the attribute as absent on every item: a comparison
or attribute_exists on it never holds, so the scan returns nothing, and
attribute_not_exists on it always holds, so the filter filters nothing out.`,
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
	absent := func(path *grammar.Path) bool { return !ix.Projects(topName(path), p.Table) }
	whole := absentTruth(st.Filter, absent)
	seen := map[string]bool{}
	grammar.EachComparison(st.Filter, func(cmp *grammar.Comparison) {
		for _, o := range grammar.Operands(cmp) {
			grammar.EachPath(o, func(path *grammar.Path) {
				attr := topName(path)
				if !absent(path) || seen[attr] {
					return
				}
				seen[attr] = true
				if st.Kind == grammar.KindQuery {
					p.ReportAt(Error, path.Pos, "", "%s does not project %q, so a query cannot filter on it; DynamoDB answers %q",
						ix.Name, attr, "One or more parameter values were invalid: Secondary index "+ix.Name+" does not project one or more filter attributes: "+quoteList([]string{attr}))
					return
				}
				p.ReportAt(Warning, path.Pos, "", "%s does not project %q: no item of the index has it, so %s",
					ix.Name, attr, absentVerdict(cmp, comparisonTruth(cmp, absent), whole))
			})
		}
	})
}

// A truth is what a condition is on every item of an index that holds
// none of some attributes: always true, always false, or depending on the
// item.
type truth int

const (
	depends truth = iota
	always
	never
)

// comparisonTruth is what one comparison is on an item without the
// attributes absent says: attribute_exists of one is false and
// attribute_not_exists true; the other functions and the comparisons are
// false when an operand is missing ("Condition expressions", Developer
// Guide: a comparison or function with a missing attribute evaluates to
// false). <> is left undecided: dynexpr does not claim what it is.
func comparisonTruth(cmp *grammar.Comparison, absent func(*grammar.Path) bool) truth {
	missing := false
	for _, o := range grammar.Operands(cmp) {
		grammar.EachPath(o, func(path *grammar.Path) {
			if absent(path) {
				missing = true
			}
		})
	}
	if !missing {
		return depends
	}
	if call := cmp.Left.Call; call != nil && cmp.Op == "" && cmp.Low == nil && cmp.In == nil {
		arg := func() bool {
			return len(call.Args) > 0 && call.Args[0] != nil && call.Args[0].Path != nil && absent(call.Args[0].Path)
		}
		switch call.Func {
		case "attribute_exists":
			if arg() {
				return never
			}
		case "attribute_not_exists":
			if arg() {
				return always
			}
		default:
			return never
		}
		return depends
	}
	if cmp.Op == "<>" {
		return depends
	}
	return never
}

// absentTruth is what a whole condition is on every item, from what its
// comparisons are: NOT, AND and OR over always, never and depends.
func absentTruth(c *grammar.Condition, absent func(*grammar.Path) bool) truth {
	if c == nil {
		return depends
	}
	or := never
	for _, a := range c.Or {
		and := always
		for _, n := range a.And {
			switch absentNotTruth(n, absent) {
			case never:
				and = never
			case depends:
				if and == always {
					and = depends
				}
			}
			if and == never {
				break
			}
		}
		switch and {
		case always:
			return always
		case depends:
			or = depends
		}
	}
	return or
}

func absentNotTruth(n *grammar.NotCondition, absent func(*grammar.Path) bool) truth {
	switch {
	case n == nil:
		return depends
	case n.Not != nil:
		switch absentNotTruth(n.Not, absent) {
		case always:
			return never
		case never:
			return always
		}
		return depends
	case n.Group != nil:
		return absentTruth(n.Group, absent)
	case n.Compare != nil:
		return comparisonTruth(n.Compare, absent)
	}
	return depends
}

// absentVerdict says what a scan's filter does when the index holds none
// of an attribute it reads: what the comparison is on every item, then
// what the whole filter is.
func absentVerdict(cmp *grammar.Comparison, part, whole truth) string {
	text := grammar.FormatCondition(&grammar.Condition{Or: []*grammar.AndCondition{{And: []*grammar.NotCondition{{Compare: cmp}}}}})
	switch whole {
	case never:
		return "this filter never matches as written and the scan returns nothing it should"
	case always:
		return "this filter matches every item and filters nothing out, as written: the scan returns every item of the index"
	}
	switch part {
	case never:
		return text + " is false on every item; the filter matches only through its other parts"
	case always:
		return text + " is true on every item; the filter's other parts decide alone"
	}
	return text + " reads it as absent on every item; the filter may not select what it should"
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
