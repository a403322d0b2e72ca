package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

const (
	msgBatchWriteCondition = `Unknown parameter in RequestItems.Tickets[0].PutRequest: "ConditionExpression", must be one of: Item`
	msgBatchWriteUpdate    = `Unknown parameter in RequestItems.Tickets[0]: "UpdateRequest", must be one of: PutRequest, DeleteRequest`
)

var batchWriteNotPlain = &Rule{
	Name:     "batch-write-not-plain",
	Severity: Error,
	Title:    "a condition, an update or a check in a batch write",
	Why: `BatchWriteItem takes plain puts and deletes: a PutRequest holds only the item,
a DeleteRequest only the key, and there is no update or condition check
request. A condition (if), an update or a check has no place in the request:
the AWS CLI refuses the unknown parameter before sending it, and dynexpr build
refuses it too. For conditional writes, updates or checks, use transact write
(up to 100 members, all or nothing), or single requests.`,
	DynamoMessage: msgBatchWriteCondition + "; " + msgBatchWriteUpdate,
	Bad: `batch write {
  put Tickets item {id: "a91f", subject: "Printer on fire"} if attribute_not_exists(id);
  update Tickets key id = "b02c" set status = "RESOLVED"
}`,
	Good: `transact write {
  put Tickets item {id: "a91f", subject: "Printer on fire"} if attribute_not_exists(id);
  update Tickets key id = "b02c" set status = "RESOLVED"
}`,
	AppliesTo: "batch write",
	Groups:    true,
	check:     checkBatchWriteNotPlain,
}

func checkBatchWriteNotPlain(p *Pass) {
	st := p.Stmt
	if st.Kind != grammar.KindBatchWrite {
		return
	}
	for i, m := range st.Members {
		at := fmt.Sprintf("RequestItems.%s[%d]", tableNameOf(m), tableIndex(st, i))
		switch m.Kind {
		case grammar.KindUpdate, grammar.KindCheck:
			request := "UpdateRequest"
			if m.Kind == grammar.KindCheck {
				request = "ConditionCheck"
			}
			p.Reportf(m.Pos, "%s: a batch write takes only put and delete, and has no %s request; the AWS CLI answers %q. Use transact write, or a request of its own",
				memberName(i, m), m.Kind, fmt.Sprintf(`Unknown parameter in %s: %q, must be one of: PutRequest, DeleteRequest`, at, request))
		case grammar.KindPut, grammar.KindDelete:
			if m.If == nil {
				continue
			}
			request, holds := "PutRequest", "Item"
			if m.Kind == grammar.KindDelete {
				request, holds = "DeleteRequest", "Key"
			}
			p.Reportf(clausePos(m, grammar.ClauseIf, m.If.Pos), "%s: a batch write's %s takes no condition; the AWS CLI answers %q. Drop the if, or use transact write, whose members take one",
				memberName(i, m), m.Kind, fmt.Sprintf(`Unknown parameter in %s.%s: "ConditionExpression", must be one of: %s`, at, request, holds))
		}
	}
}

// tableNameOf is the name of m's table, "" for none.
func tableNameOf(m *grammar.Statement) string {
	if m.Table == nil {
		return ""
	}
	return m.Table.Name
}

// tableIndex is where member i of a batch stands in its table's list of
// RequestItems: how many members of its table come before it.
func tableIndex(st *grammar.Statement, i int) int {
	n := 0
	for _, m := range st.Members[:i] {
		if tableNameOf(m) == tableNameOf(st.Members[i]) {
			n++
		}
	}
	return n
}
