package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/builder"
)

var partiqlGroupTooMany = &Rule{
	Name:     "partiql-group-too-many",
	Severity: Error,
	Title:    "more statements than batch-execute-statement (25) or execute-transaction (100) takes",
	Why: `A batch-execute-statement takes at most 25 statements, an execute-transaction at
most 100; DynamoDB refuses the whole request beyond that. Send several requests.`,
	DynamoMessages: []string{
		"Too many statements in BatchExecuteStatement; limit is 25",
		"1 validation error detected: Value at 'transactStatements' failed to satisfy constraint: Member must have length less than or equal to 100",
	},
	Bad: `-- dynexpr:batch
DELETE FROM "Tickets" WHERE id = 'k0';
DELETE FROM "Tickets" WHERE id = 'k1';
DELETE FROM "Tickets" WHERE id = 'k2';
DELETE FROM "Tickets" WHERE id = 'k3';
DELETE FROM "Tickets" WHERE id = 'k4';
DELETE FROM "Tickets" WHERE id = 'k5';
DELETE FROM "Tickets" WHERE id = 'k6';
DELETE FROM "Tickets" WHERE id = 'k7';
DELETE FROM "Tickets" WHERE id = 'k8';
DELETE FROM "Tickets" WHERE id = 'k9';
DELETE FROM "Tickets" WHERE id = 'k10';
DELETE FROM "Tickets" WHERE id = 'k11';
DELETE FROM "Tickets" WHERE id = 'k12';
DELETE FROM "Tickets" WHERE id = 'k13';
DELETE FROM "Tickets" WHERE id = 'k14';
DELETE FROM "Tickets" WHERE id = 'k15';
DELETE FROM "Tickets" WHERE id = 'k16';
DELETE FROM "Tickets" WHERE id = 'k17';
DELETE FROM "Tickets" WHERE id = 'k18';
DELETE FROM "Tickets" WHERE id = 'k19';
DELETE FROM "Tickets" WHERE id = 'k20';
DELETE FROM "Tickets" WHERE id = 'k21';
DELETE FROM "Tickets" WHERE id = 'k22';
DELETE FROM "Tickets" WHERE id = 'k23';
DELETE FROM "Tickets" WHERE id = 'k24';
DELETE FROM "Tickets" WHERE id = 'k25';`,
	Good: `-- dynexpr:batch
DELETE FROM "Tickets" WHERE id = 'k0';
DELETE FROM "Tickets" WHERE id = 'k1';
DELETE FROM "Tickets" WHERE id = 'k2';
DELETE FROM "Tickets" WHERE id = 'k3';
DELETE FROM "Tickets" WHERE id = 'k4';
DELETE FROM "Tickets" WHERE id = 'k5';
DELETE FROM "Tickets" WHERE id = 'k6';
DELETE FROM "Tickets" WHERE id = 'k7';
DELETE FROM "Tickets" WHERE id = 'k8';
DELETE FROM "Tickets" WHERE id = 'k9';
DELETE FROM "Tickets" WHERE id = 'k10';
DELETE FROM "Tickets" WHERE id = 'k11';
DELETE FROM "Tickets" WHERE id = 'k12';
DELETE FROM "Tickets" WHERE id = 'k13';
DELETE FROM "Tickets" WHERE id = 'k14';
DELETE FROM "Tickets" WHERE id = 'k15';
DELETE FROM "Tickets" WHERE id = 'k16';
DELETE FROM "Tickets" WHERE id = 'k17';
DELETE FROM "Tickets" WHERE id = 'k18';
DELETE FROM "Tickets" WHERE id = 'k19';
DELETE FROM "Tickets" WHERE id = 'k20';
DELETE FROM "Tickets" WHERE id = 'k21';
DELETE FROM "Tickets" WHERE id = 'k22';
DELETE FROM "Tickets" WHERE id = 'k23';
DELETE FROM "Tickets" WHERE id = 'k24';`,
	AppliesTo: "batch-execute-statement and execute-transaction",
	checkPartiQL: func(p *partiqlPass) {
		r := p.Req
		max, msg := 0, ""
		switch r.Command {
		case builder.CommandBatchExecuteStatement:
			max, msg = builder.MaxBatchStatements, "Too many statements in BatchExecuteStatement; limit is 25"
		case builder.CommandExecuteTransaction:
			max, msg = builder.MaxTransactStatements, "1 validation error detected: Value at 'transactStatements' failed to satisfy constraint: Member must have length less than or equal to 100"
		default:
			return
		}
		if len(r.Statements) > max {
			p.Reportf(r.Statements[max].Stmt.Pos, "this %s has %d statements, and DynamoDB takes at most %d; DynamoDB answers %q. Send it as %d requests",
				r.Command, len(r.Statements), max, msg, (len(r.Statements)+max-1)/max)
		}
	},
}

// statementName names statement i of a group in messages, numbered from
// 0 as DynamoDB's messages number them.
func statementName(r *PartiQLRequest, i int) string {
	part := "Statements"
	if r.Command == builder.CommandExecuteTransaction {
		part = "TransactStatements"
	}
	return fmt.Sprintf("%s[%d] (%s)", part, i, r.Statements[i].Stmt.Kind)
}
