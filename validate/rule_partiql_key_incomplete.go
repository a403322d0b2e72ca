package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/partiql"
)

const (
	msgPartiQLWhereKey = "Where clause does not contain a mandatory equality on all key attributes"
	msgMissingKeyItem  = "One or more parameter values were invalid: Missing the key %s in the item"
)

var partiqlKeyIncomplete = &Rule{
	Name:     "partiql-key-incomplete",
	Severity: Error,
	Title:    "a PartiQL write without the item's whole primary key",
	Why: `UPDATE and DELETE change one item: their WHERE must give every attribute of the
table's primary key with =, and DynamoDB refuses the statement otherwise ("Where
clause does not contain a mandatory equality on all key attributes"); a range, an
IN or an OR on the key does not name one item. INSERT's item must hold every key
attribute, as PutItem's must.`,
	DynamoMessages: []string{
		msgPartiQLWhereKey + " (UPDATE, DELETE)",
		"One or more parameter values were invalid: Missing the key id in the item (INSERT)",
	},
	Bad:         `DELETE FROM "Tickets" WHERE subject = 'printer'`,
	Good:        `DELETE FROM "Tickets" WHERE id = 'a91f'`,
	AppliesTo:   "PartiQL INSERT, UPDATE and DELETE",
	NeedsSchema: true,
	checkPartiQL: func(p *partiqlPass) {
		checkPartiQLKey(p, p.M.Stmt)
	},
}

func checkPartiQLKey(p *partiqlPass, st *partiql.Statement) {
	t := p.table(st)
	if t == nil {
		return
	}
	switch st.Kind {
	case partiql.KindUpdate, partiql.KindDelete:
		missing := partiql.Missing(st.Where, t.Key.Attributes())
		if len(missing) == 0 {
			return
		}
		at := st.Pos
		if st.Where != nil {
			at = st.Where.Start()
		}
		p.Reportf(at, "%s changes one item, and this WHERE does not give %s with =; DynamoDB answers %q. Add %s",
			st.Kind, strings.Join(missing, " and "), msgPartiQLWhereKey, keyEqualities(missing))
	case partiql.KindInsert:
		tu, ok := st.Value.(*partiql.Tuple)
		if !ok {
			return // a ? for the whole item: its attributes are not known here
		}
		for _, k := range t.Key.Attributes() {
			found := false
			for _, e := range tu.Entries {
				found = found || e.Key == k
			}
			if !found {
				p.Reportf(tu.Pos, "the item has no %s, a key attribute of %s; DynamoDB answers %q. Add '%s': ? to the item",
					k, t.Name, strings.Replace(msgMissingKeyItem, "%s", k, 1), k)
			}
		}
	}
}

// keyEqualities is NAME = ? for each name, AND-ed.
func keyEqualities(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = partiqlName(n) + " = ?"
	}
	return strings.Join(parts, " AND ")
}
