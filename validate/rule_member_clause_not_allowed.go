package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

var memberClauseNotAllowed = &Rule{
	Name:     "member-clause-not-allowed",
	Severity: Error,
	Title:    "a clause a member may not have in its group",
	Why: `The members of a group are written as single requests, but the API gives each
member only some of a request's parameters. return (ReturnValues) exists on no
member: a transaction returns nothing of the items it writes, and a batch write
nothing at all. capacity and metrics (ReturnConsumedCapacity,
ReturnItemCollectionMetrics) belong to the whole request: write them after the
group's words, like transact write capacity total { ... }. return_on_failure
(ReturnValuesOnConditionCheckFailure) is for the members of a transact write,
which have conditions. consistent has no place in a transact get, whose reads
are always consistent with the transaction. The AWS CLI refuses an unknown
parameter before sending the request, and dynexpr build refuses the clause too.`,
	DynamoMessage: `Unknown parameter in TransactItems[0].Put: "ReturnValues", must be one of: Item, TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues, ReturnValuesOnConditionCheckFailure`,
	Bad: `transact write {
  put Tickets item {id: "a91f"} if attribute_not_exists(id) return old
}`,
	Good: `transact write {
  put Tickets item {id: "a91f"} if attribute_not_exists(id) return_on_failure old
}`,
	AppliesTo: "the members of transact write, transact get, batch get and batch write",
	Groups:    true,
	check:     checkMemberClauseNotAllowed,
}

func checkMemberClauseNotAllowed(p *Pass) {
	st := p.Stmt
	if !st.Kind.IsGroup() {
		return
	}
	for i, m := range st.Members {
		if st.Kind == grammar.KindBatchWrite && m.Kind != grammar.KindPut && m.Kind != grammar.KindDelete {
			continue // batch-write-not-plain's: the whole member has no place
		}
		report := func(id grammar.ClauseID, at diag.Pos, why string) {
			p.Reportf(clausePos(m, id, at), "%s: %s is not a clause of a member of %s: %s",
				memberName(i, m), id, st.Kind, why)
		}
		if m.Return != nil {
			report(grammar.ClauseReturn, m.Return.Pos, returnAdvice(st.Kind))
		}
		if m.ReturnOnFailure != nil && st.Kind != grammar.KindTransactWrite {
			report(grammar.ClauseReturnOnFailure, m.ReturnOnFailure.Pos, "only the members of a transact write have conditions to fail. Drop it")
		}
		if m.Consistent != nil && st.Kind == grammar.KindTransactGet {
			report(grammar.ClauseConsistent, m.Consistent.Pos, "a transact get reads every item as of one moment, and has no ConsistentRead. Drop it (a batch get takes it, per table)")
		}
		for _, c := range []struct {
			id   grammar.ClauseID
			node *grammar.Ident
		}{{grammar.ClauseCapacity, m.Capacity}, {grammar.ClauseMetrics, m.Metrics}} {
			if c.node != nil {
				report(c.id, c.node.Pos, requestOption(st, c.id))
			}
		}
	}
}

// returnAdvice says why no member of group returns values, and what to
// write instead.
func returnAdvice(group grammar.Kind) string {
	if group == grammar.KindTransactWrite {
		return "a transaction returns none of the items it writes. Drop it; to see the item when the condition fails, write return_on_failure old"
	}
	return "a batch write returns nothing of the items it writes. Drop it"
}

// requestOption says where a request option written on a member belongs.
func requestOption(group *grammar.Statement, id grammar.ClauseID) string {
	takes := id == grammar.ClauseCapacity || group.Kind == grammar.KindTransactWrite || group.Kind == grammar.KindBatchWrite
	if !takes {
		return fmt.Sprintf("it is an option of a whole request, and %s has none. Drop it", group.Kind)
	}
	option := "capacity total"
	if id == grammar.ClauseMetrics {
		option = "metrics"
	}
	return fmt.Sprintf("it is an option of the whole request. Write it after the group's words: %s %s { ... }", group.Kind, option)
}
