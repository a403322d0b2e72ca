package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/partiql"
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
	Bad:       batchOfDeletes(builder.MaxBatchStatements + 1),
	Good:      batchOfDeletes(builder.MaxBatchStatements),
	AppliesTo: "batch-execute-statement and execute-transaction",
	checkPartiQLGroup: func(p *partiqlPass) {
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
func statementName(r *partiql.Request, i int) string {
	part := "Statements"
	if r.Command == builder.CommandExecuteTransaction {
		part = "TransactStatements"
	}
	return fmt.Sprintf("%s[%d] (%s)", part, i, r.Statements[i].Stmt.Kind)
}

// batchOfDeletes is the rule's example: a batch of n deletes.
func batchOfDeletes(n int) string {
	var b strings.Builder
	b.WriteString("-- dynexpr:batch")
	for i := range n {
		fmt.Fprintf(&b, "\nDELETE FROM \"Tickets\" WHERE id = 'k%d';", i)
	}
	return b.String()
}
