package validate

import "github.com/dynexpr/dynexpr/builder"

const msgTransactionReturning = "RETURNING clause is not supported in ExecuteTransaction."

var partiqlTransactionReturning = &Rule{
	Name:     "partiql-transaction-returning",
	Severity: Error,
	Title:    "RETURNING in execute-transaction",
	Why: `An execute-transaction returns no items of its writes: DynamoDB refuses a
statement with RETURNING in one. Leave RETURNING out, and read the items
afterwards if you need them.`,
	DynamoMessages: []string{"Validation failed in TransactStatements[0]: " + msgTransactionReturning},
	Bad: `-- dynexpr:transaction
UPDATE "Tickets" SET status = 'CLOSED' WHERE id = 'a91f' RETURNING ALL NEW *`,
	Good: `-- dynexpr:transaction
UPDATE "Tickets" SET status = 'CLOSED' WHERE id = 'a91f'`,
	AppliesTo: "execute-transaction",
	checkPartiQL: func(p *partiqlPass) {
		r := p.Req
		if r.Command != builder.CommandExecuteTransaction {
			return
		}
		if ret := p.M.Stmt.Returning; ret != nil {
			p.Reportf(ret.Pos, "%s has RETURNING %s *, and DynamoDB answers \"Validation failed in TransactStatements[%d]: %s\" Leave RETURNING out",
				statementName(r, p.I), ret.Words(), p.I, msgTransactionReturning)
		}
	},
}
