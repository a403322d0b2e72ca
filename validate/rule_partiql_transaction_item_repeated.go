package validate

import (
	"github.com/dynexpr/dynexpr/builder"

	"strings"

	"github.com/dynexpr/dynexpr/partiql"
)

var partiqlTransactionItemRepeated = &Rule{
	Name:     "partiql-transaction-item-repeated",
	Severity: Error,
	Title:    "one item twice in an execute-transaction",
	Why: `A transaction may touch each item once: DynamoDB refuses one whose statements
name the same primary key twice (two writes, a write and an EXISTS check, two
reads). Merge the statements, or send them in two transactions.`,
	DynamoMessages: []string{"Transaction request cannot include multiple operations on one item"},
	Bad: `-- dynexpr:transaction
UPDATE "Tickets" SET status = 'CLOSED' WHERE id = 'a91f';
DELETE FROM "Tickets" WHERE id = 'a91f'`,
	Good: `-- dynexpr:transaction
UPDATE "Tickets" SET status = 'CLOSED' WHERE id = 'a91f';
DELETE FROM "Tickets" WHERE id = 'b7'`,
	AppliesTo:   "execute-transaction",
	NeedsSchema: true,
	checkPartiQLGroup: func(p *partiqlPass) {
		r := p.Req
		if r.Command != builder.CommandExecuteTransaction {
			return
		}
		seen := map[string]int{}
		for i, s := range r.Statements {
			id, ok := partiqlItemID(p, s)
			if !ok {
				continue
			}
			if j, dup := seen[id]; dup {
				p.Reportf(s.Stmt.Pos, "%s names the item %s names too; DynamoDB answers \"Transaction request cannot include multiple operations on one item\". Merge them, or send them in two transactions",
					statementName(r, i), statementName(r, j))
				continue
			}
			seen[id] = i
		}
	},
}

// partiqlItemID identifies the item a statement names by its table and
// key values, as far as they are known (literals, or parameters the
// request gives); false when they are not.
func partiqlItemID(p *partiqlPass, s *partiql.Member) (string, bool) {
	st := s.Stmt
	if st.Kind == partiql.KindExists && st.Exists != nil {
		st = st.Exists
	}
	t := p.table(st)
	if t == nil {
		return "", false
	}
	parts := []string{t.Name}
	for _, k := range t.Key.Attributes() {
		var v partiql.Expr
		if st.Kind == partiql.KindInsert {
			if tu, ok := st.Value.(*partiql.Tuple); ok {
				for _, e := range tu.Entries {
					if e.Key == k {
						v = e.Value
					}
				}
			}
		} else if b := partiql.EqualityOn(partiql.Conjuncts(st.Where), k); b != nil {
			v = b.Y
		}
		text, ok := partiqlValueText(v, s)
		if !ok {
			return "", false
		}
		parts = append(parts, k+"\x00"+text)
	}
	return strings.Join(parts, "\x01"), true
}

// partiqlValueText is a key value's identity (keyValueIdentity), from a
// literal or a parameter the request gives.
func partiqlValueText(e partiql.Expr, s *partiql.Member) (string, bool) {
	if e == nil {
		return "", false
	}
	return keyValueIdentity(s.ValueOf(e))
}
