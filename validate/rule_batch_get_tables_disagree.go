package validate

import (
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

var batchGetTablesDisagree = &Rule{
	Name:     "batch-get-tables-disagree",
	Severity: Error,
	Title:    "members of one table in a batch get with different projections or consistency",
	Why: `BatchGetItem asks each table once: RequestItems holds, for each table, its list
of keys with one ProjectionExpression and one ConsistentRead for them all. A
batch get whose gets of one table select different attributes, or read some
consistently and some not, has no request: dynexpr build refuses it. Give the
gets of one table the same select (the attributes any of them needs) and the
same consistent, or read the odd one in a get of its own.`,
	Bad: `batch get {
  get Tickets key id = "a91f" select subject;
  get Tickets key id = "b02c" select subject, body consistent
}`,
	Good: `batch get {
  get Tickets key id = "a91f" select subject, body consistent;
  get Tickets key id = "b02c" select subject, body consistent
}`,
	AppliesTo: "batch get",
	Groups:    true,
	BadInput:  true,
	check:     checkBatchGetTablesDisagree,
}

func checkBatchGetTablesDisagree(p *Pass) {
	st := p.Stmt
	if st.Kind != grammar.KindBatchGet {
		return
	}
	first := map[string]int{}
	for i, m := range st.Members {
		if m.Table == nil || m.Kind != grammar.KindGet {
			continue
		}
		j, seen := first[m.Table.Name]
		if !seen {
			first[m.Table.Name] = i
			continue
		}
		f := st.Members[j]
		if projectionOf(m) != projectionOf(f) {
			at := m.Pos
			if m.Select != nil {
				at = clausePos(m, grammar.ClauseSelect, m.Select.Pos)
			}
			p.Reportf(at, "%s selects %s, and %s (at %s) selects %s: a batch get reads table %s with one projection for all its keys. Give both the same select, or read one in a get of its own",
				memberName(i, m), projectionWords(m), memberName(j, f), p.place(f.Pos), projectionWords(f), m.Table.Name)
		}
		if (m.Consistent != nil) != (f.Consistent != nil) {
			at := m.Pos
			if m.Consistent != nil {
				at = clausePos(m, grammar.ClauseConsistent, m.Consistent.Pos)
			}
			p.Reportf(at, "%s reads %s, and %s (at %s) %s: a batch get reads table %s with one ConsistentRead for all its keys. Write consistent on both or on neither",
				memberName(i, m), consistencyWords(m), memberName(j, f), p.place(f.Pos), consistencyWords(f), m.Table.Name)
		}
	}
}

// projectionOf is the attributes a get selects, in an order of their own:
// "" for the whole item.
func projectionOf(m *grammar.Statement) string {
	if m.Select == nil {
		return ""
	}
	paths := make([]string, len(m.Select.Paths))
	for i, path := range m.Select.Paths {
		paths[i] = grammar.FormatPath(path)
	}
	slices.Sort(paths)
	return strings.Join(paths, ", ")
}

func projectionWords(m *grammar.Statement) string {
	if m.Select == nil {
		return "the whole item"
	}
	return projectionOf(m)
}

func consistencyWords(m *grammar.Statement) string {
	if m.Consistent != nil {
		return "consistently"
	}
	return "eventually consistently"
}
