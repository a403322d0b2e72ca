package validate

import (
	"github.com/dynexpr/dynexpr/builder"

	"strings"

	"github.com/dynexpr/dynexpr/partiql"
)

const msgBatchSelectKey = "Select statements within BatchExecuteStatement must specify the primary key in the where clause."

var partiqlBatchSelectNotGet = &Rule{
	Name:     "partiql-batch-select-not-get",
	Severity: Error,
	Title:    "a SELECT in batch-execute-statement without the whole primary key",
	Why: `A SELECT in a batch-execute-statement is a GetItem of a BatchGetItem: its WHERE
must give the table's whole primary key with =. DynamoDB answers the statement
with an error in its place of Responses (the other statements run).`,
	DynamoMessages: []string{msgBatchSelectKey + " (ValidationError, in Responses)"},
	Bad: `-- dynexpr:batch
SELECT * FROM "Tickets" WHERE id = 'a91f';
SELECT * FROM "TicketsByCustomer" WHERE customerId = 'c1'`,
	Good: `-- dynexpr:batch
SELECT * FROM "Tickets" WHERE id = 'a91f';
SELECT * FROM "TicketsByCustomer" WHERE customerId = 'c1' AND id = 'a91f'`,
	AppliesTo:   "batch-execute-statement",
	NeedsSchema: true,
	checkPartiQL: func(p *partiqlPass) {
		r, st := p.Req, p.M.Stmt
		if r.Command != builder.CommandBatchExecuteStatement {
			return
		}
		t := p.table(st)
		if st.Kind != partiql.KindSelect || t == nil {
			return
		}
		missing := partiql.Missing(st.Where, t.Key.Attributes())
		if st.Index != nil || len(missing) > 0 {
			if st.Index != nil {
				missing = t.Key.Attributes()
			}
			p.Reportf(st.Pos, "%s reads one item of a batch, and its WHERE does not give %s of table %s with =; DynamoDB answers %q for it. Add %s, or send it as an execute-statement of its own",
				statementName(r, p.I), strings.Join(missing, " and "), t.Name, msgBatchSelectKey, keyEqualities(missing))
		}
	},
}
