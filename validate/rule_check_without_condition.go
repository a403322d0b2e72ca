package validate

import "github.com/dynexpr/dynexpr/grammar"

const msgCheckWithoutCondition = `Missing required parameter in TransactItems[0].ConditionCheck: "ConditionExpression"`

var checkWithoutCondition = &Rule{
	Name:     "check-without-condition",
	Severity: Error,
	Title:    "a check member without a condition",
	Why: `A check member is a ConditionCheck: it writes nothing, and its whole job is its
condition, which the transaction needs to hold for any of its writes to happen.
ConditionExpression is a required member of a ConditionCheck: the AWS CLI
refuses the request before sending it, and DynamoDB itself refuses a
ConditionCheck without one as a validation error. Write the condition with if;
to read an item, use transact get.`,
	DynamoMessage: msgCheckWithoutCondition,
	Bad: `transact write {
  check Tickets key id = "a91f";
  put Tickets item {id: "b02c", parent: "a91f"}
}`,
	Good: `transact write {
  check Tickets key id = "a91f" if attribute_exists(id);
  put Tickets item {id: "b02c", parent: "a91f"}
}`,
	AppliesTo: "check members of transact write",
	check:     checkCheckWithoutCondition,
}

func checkCheckWithoutCondition(p *Pass) {
	st := p.Stmt
	if st.Kind != grammar.KindCheck || st.If != nil {
		return
	}
	p.Reportf(st.Pos, "a check has nothing to do but its condition, and it has none; the AWS CLI answers %q (DynamoDB too refuses it). Add if CONDITION, like if attribute_exists(%s)",
		msgCheckWithoutCondition, keyAttrOf(st))
}

// keyAttrOf is the first attribute of st's key clause, for a suggestion;
// "id" when it has none.
func keyAttrOf(st *grammar.Statement) string {
	terms, _ := itemKeyTerms(st, st.Key)
	if len(terms) > 0 {
		return grammar.Name(terms[0].attr)
	}
	return "id"
}
