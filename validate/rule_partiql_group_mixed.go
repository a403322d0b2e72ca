package validate

import "github.com/dynexpr/dynexpr/builder"

var partiqlGroupMixed = &Rule{
	Name:     "partiql-group-mixed",
	Severity: Error,
	Title:    "reads and writes in one batch-execute-statement or execute-transaction",
	Why: `A batch-execute-statement is all SELECTs or all writes (INSERT, UPDATE,
DELETE); an execute-transaction is all SELECTs (a read transaction) or all
writes and EXISTS checks. DynamoDB refuses a request that mixes them. Send the
reads and the writes as two requests.`,
	DynamoMessages: []string{
		"Read and write requests together in the same batch is not supported.",
		"ExecuteTransaction API does not support both read and write operations in the same request.",
	},
	Bad: `-- dynexpr:transaction
SELECT * FROM "Tickets" WHERE id = 'a91f';
DELETE FROM "Tickets" WHERE id = 'b7'`,
	Good: `-- dynexpr:transaction
UPDATE "Tickets" SET status = 'CLOSED' WHERE id = 'a91f';
DELETE FROM "Tickets" WHERE id = 'b7'`,
	AppliesTo: "batch-execute-statement and execute-transaction",
	checkPartiQLGroup: func(p *partiqlPass) {
		r := p.Req
		msg := ""
		switch r.Command {
		case builder.CommandBatchExecuteStatement:
			msg = "Read and write requests together in the same batch is not supported."
		case builder.CommandExecuteTransaction:
			msg = "ExecuteTransaction API does not support both read and write operations in the same request."
		default:
			return
		}
		if len(r.Statements) == 0 {
			return
		}
		first := r.Statements[0].Stmt.Kind.Writes()
		for i, s := range r.Statements {
			if s.Stmt.Kind.Writes() != first {
				p.Reportf(s.Stmt.Pos, "%s is a %s, and %s a %s: DynamoDB answers %q. Send the reads and the writes as two requests",
					statementName(r, i), readOrWrite(!first), statementName(r, 0), readOrWrite(first), msg)
				return
			}
		}
	},
}

func readOrWrite(writes bool) string {
	if writes {
		return "write"
	}
	return "read"
}
