package validate

import (
	"fmt"
	"slices"

	"github.com/dynexpr/dynexpr/grammar"
)

var checkWithoutCondition = &Rule{
	Name:     "check-without-condition",
	Severity: Error,
	Title:    "a check member without a condition",
	CannotWrite: []Unwritable{
		{Readers: requestReaders, Why: "a ConditionCheck without its ConditionExpression is a request the AWS CLI refuses for the missing member, which missing-request-member reports"},
	},
	Why: `A check member is a ConditionCheck: it writes nothing, and its whole job is its
condition, which the transaction needs to hold for any of its writes to happen.
ConditionExpression is a required member of a ConditionCheck: the AWS CLI
refuses the request before sending it, and DynamoDB itself refuses it as a
member that must not be null. Write the condition with if; to read an item,
use transact get.`,
	DynamoMessages: []string{
		`Missing required parameter in TransactItems[0].ConditionCheck: "ConditionExpression"`,
		"1 validation error detected: Value null at 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null",
	},
	Bad: `transact write {
  check Tickets key id = "a91f";
  put Tickets item {id: "b02c", parent: "a91f"}
}`,
	Good: `transact write {
  check Tickets key id = "a91f" if attribute_exists(id);
  put Tickets item {id: "b02c", parent: "a91f"}
}`,
	AppliesTo: "check members of transact write",
	Kinds:     []grammar.Kind{grammar.KindCheck},
	check:     checkCheckWithoutCondition,
}

func checkCheckWithoutCondition(p *Pass) {
	st := p.Stmt
	if st.If != nil {
		return
	}
	i := 0
	if p.Group != nil {
		i = max(slices.Index(p.Group.Members, st), 0)
	}
	p.Reportf(st.Pos, "a check has nothing to do but its condition, and it has none; the AWS CLI answers %q, and DynamoDB %q. Add if CONDITION, like if attribute_exists(%s)",
		fmt.Sprintf(msgCheckNoConditionCLI, i), fmt.Sprintf(msgCheckNoConditionService, i+1), keyAttrOf(st))
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
