package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/schema"
)

var unknownIndex = &Rule{
	Name:     "unknown-index",
	BadInput: true,
	Severity: Error,
	Title:    "an index the table does not have",
	Why: `The statement reads an index that the schema does not define on its table.
Index names are case-sensitive, and an index belongs to one table: DynamoDB
refuses the request.`,
	DynamoMessages: []string{"The table does not have the specified index: nope-index"},
	Bad:            `query Tickets index open-ticket-index key openBucket = "OPEN"`,
	Good:           `query Tickets index open-tickets-index key openBucket = "OPEN"`,
	AppliesTo:      "query and scan with index",
	NeedsSchema:    true,
	check:          checkUnknownIndex,
	partiql:        true,
}

func checkUnknownIndex(p *Pass) {
	st, t := p.Stmt, p.Table
	if t == nil || st.Index == nil || p.Index != nil || tableNameProblem(st.Index.Name) != "" {
		return
	}
	name := st.Index.Name
	msg := fmt.Sprintf(msgNoSuchIndex, name)
	names := t.IndexNames()
	switch s := schema.Suggest(name, names); {
	case s != "":
		p.ReportFix(Error, st.Index.Pos, s, renamed(st.Index, s, p.sent), "table %s has no index %q; DynamoDB answers %q. Did you mean %s?", t.Name, name, msg, s)
	case len(names) == 0:
		p.ReportAt(Error, st.Index.Pos, "", "table %s has no indexes, so no %q; DynamoDB answers %q. Read the table itself: drop index %s",
			t.Name, name, msg, name)
	default:
		p.ReportAt(Error, st.Index.Pos, "", "table %s has no index %q (it has %s); DynamoDB answers %q. Write one of those",
			t.Name, name, nameList(names), msg)
	}
}
