package validate

import "github.com/dynexpr/dynexpr/schema"

var unknownTable = &Rule{
	Name:     "unknown-table",
	BadInput: true,
	Severity: Error,
	Title:    "a table the schema does not have",
	Why: `The statement names a table that none of the schema files defines. Either the
name is misspelt (names are case-sensitive), or the schema is missing the table;
DynamoDB answers a request for a table that does not exist with
ResourceNotFoundException, "Requested resource not found".`,
	DynamoMessages: []string{msgResourceNotFound + " (ResourceNotFoundException)"},
	Bad:            `get Ticket key id = "a91f"`,
	Good:           `get Tickets key id = "a91f"`,
	AppliesTo:      "every statement",
	NeedsSchema:    true,
	check:          checkUnknownTable,
	partiql:        true,
}

func checkUnknownTable(p *Pass) {
	st := p.Stmt
	if p.Table != nil || p.Schema == nil || st.Table == nil {
		return
	}
	name := st.Table.Name
	if t, ok := schema.TableOfARN(name); ok {
		name = t
	}
	if tableNameProblem(name) != "" {
		return // invalid-name's: DynamoDB refuses the name before it looks for the table
	}
	if msg := p.Schema.Lookup(name).Ambiguous(name, p.Schema); msg != "" {
		p.ReportAt(Error, st.Table.Pos, "", "%s", msg)
		return
	}
	names := p.Schema.TableNames()
	if s := schema.Suggest(name, names); s != "" {
		p.ReportFix(Error, st.Table.Pos, s, renamed(st.Table, s), "no table %q in the schema; DynamoDB answers %q (ResourceNotFoundException). Did you mean %s?",
			name, msgResourceNotFound, s)
		return
	}
	p.ReportAt(Error, st.Table.Pos, "", "no table %q in the schema (it has %s); DynamoDB answers %q (ResourceNotFoundException). Write one of those, or add the table to the schema",
		name, nameList(names), msgResourceNotFound)
}
