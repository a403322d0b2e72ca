package validate

import "github.com/dynexpr/dynexpr/grammar"

var transactionItemRepeated = &Rule{
	Name:     "transaction-item-repeated",
	Severity: Error,
	Title:    "two members of one transaction on the same item",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "in PartiQL the same mistake is partiql-transaction-item-repeated's"},
	},
	Why: `A transaction acts at most once on each item: no two of its members may name
the same item (the same table and primary key), whatever they do, a check and
an update of one item included. DynamoDB refuses the whole transaction before
running it. Fold the two into one member: the check's condition goes into the
update's if, two updates become one with both actions. With the schema, the key
is the table's key attributes (a put's from its item); without one, the
attributes of the key clause, and a put's key is not known.`,
	DynamoMessages: []string{msgTransactRepeated},
	Bad: `transact write {
  check Tickets key id = "a91f" if attribute_exists(id);
  update Tickets key id = "a91f" set status = "RESOLVED"
}`,
	Good: `transact write {
  update Tickets key id = "a91f" set status = "RESOLVED" if attribute_exists(id)
}`,
	Kinds: []grammar.Kind{grammar.KindTransactWrite, grammar.KindTransactGet},
	check: checkTransactionItemRepeated,
}

func checkTransactionItemRepeated(p *Pass) {
	all := func(*grammar.Statement) bool { return true }
	fix := "Make them one member: a check's condition goes into the write's if, two updates' actions into one update"
	if p.Stmt.Kind == grammar.KindTransactGet {
		fix = "Drop one, selecting in the other what both read"
	}
	p.reportSameItems(all, msgTransactRepeated, fix)
}
