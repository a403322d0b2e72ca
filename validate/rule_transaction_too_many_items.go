package validate

import (
	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/grammar"
)

var transactionTooManyItems = &Rule{
	Name:     "transaction-too-many-items",
	Severity: Error,
	Title:    "a transaction of more than 100 members",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "in PartiQL the same mistake is partiql-group-too-many's"},
	},
	Why: `TransactWriteItems and TransactGetItems take at most 100 actions, and
DynamoDB refuses a longer TransactItems list before it runs any of them: the
list fails its length constraint (the message echoes the whole list). A
transaction is the set of writes that must succeed or fail together; what need
not can go in another transaction, or, for plain puts and deletes, in batch
writes (25 a request).`,
	DynamoMessages: []string{msgTransactTooMany},
	large:          &largeExample{group: "transact write", n: builder.MaxTransactItems + 1, what: "members"},
	Good: `transact write {
  delete Tickets key id = "k0";
  delete Tickets key id = "k1"
}`,
	Kinds: []grammar.Kind{grammar.KindTransactWrite, grammar.KindTransactGet},
	check: checkTransactionTooManyItems,
}

func checkTransactionTooManyItems(p *Pass) {
	st := p.Stmt
	if len(st.Members) <= builder.MaxTransactItems {
		return
	}
	p.Reportf(st.Members[builder.MaxTransactItems].Pos, "this %s has %d members, and a transaction takes at most %d; DynamoDB answers %q. Split it where atomicity allows: from %s on, the members go in another transaction",
		st.Kind, len(st.Members), builder.MaxTransactItems, msgTransactTooMany, grammar.MemberName(builder.MaxTransactItems, st.Members[builder.MaxTransactItems]))
}
