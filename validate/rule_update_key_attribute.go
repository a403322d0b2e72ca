package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

var updateKeyAttribute = &Rule{
	Name:     "update-key-attribute",
	Severity: Error,
	Title:    "an update action on a table key attribute",
	Why: `An item's primary key is what names it: update cannot set, remove, add to or
delete from a key attribute of the table, nor anything nested in one. To change an
item's key, put the item under the new key and delete the old one. (Updating a
secondary index's key attributes is fine.) Without a schema, the attributes of
the update's own key are still known to be the table's key.`,
	DynamoMessages: []string{"One or more parameter values were invalid: Cannot update attribute id. This attribute is part of the key"},
	Bad:            `update Tickets key id = "a91f" set id = "b02c"`,
	Good:           `update Tickets key id = "a91f" set subject = "Printer fixed"`,
	AppliesTo:      "update (set, remove, add, delete)",
	Kinds:          []grammar.Kind{grammar.KindUpdate},
	check:          checkUpdateKeyAttribute,
	// In request JSON it also checks AttributeUpdates, the legacy form
	// (in rule_legacy_update_invalid.go, beside the legacy rules' checks).
	checkRequest: checkAttributeUpdatesKeys,
}

func checkUpdateKeyAttribute(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil && p.Schema != nil {
		return
	}
	// Without a schema, the attributes of the update's key are the table's.
	inKey := map[string]bool{}
	if t == nil {
		terms, _ := itemKeyTerms(st, st.Key)
		for _, k := range terms {
			inKey[k.attr] = true
		}
	}
	for _, pp := range p.statementPaths() {
		attr := topName(pp.path)
		if !pp.target || !(t == nil && inKey[attr] || t != nil && t.IsKey(attr)) {
			continue
		}
		role := fmt.Sprintf("%q is in this update's key, so a key attribute of table %s", attr, st.Table.Name)
		if t != nil {
			role = tableKeyRole(t, attr)
		}
		p.Reportf(pp.path.Pos, "%s: an update cannot change it, nor anything in it; DynamoDB answers %q. To give the item another key, put it under the new key and delete the old one",
			role, fmt.Sprintf(msgUpdateKey, attr))
	}
}
