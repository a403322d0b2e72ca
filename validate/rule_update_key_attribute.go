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
secondary index's key attributes is fine.)`,
	DynamoMessage: fmt.Sprintf(msgUpdateKey, "id"),
	Bad:           `update Tickets key id = "a91f" set id = "b02c"`,
	Good:          `update Tickets key id = "a91f" set subject = "Printer fixed"`,
	AppliesTo:     "update (set, remove, add, delete)",
	NeedsSchema:   true,
	check:         checkUpdateKeyAttribute,
}

func checkUpdateKeyAttribute(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil || st.Kind != grammar.KindUpdate {
		return
	}
	for _, pp := range p.statementPaths() {
		attr := topName(pp.path)
		if !pp.target || !t.IsKey(attr) {
			continue
		}
		p.Reportf(pp.path.Pos, "%s: an update cannot change it, nor anything in it; DynamoDB answers %q. To give the item another key, put it under the new key and delete the old one",
			tableKeyRole(t, attr), fmt.Sprintf(msgUpdateKey, attr))
	}
}

// In request JSON it also checks AttributeUpdates, the legacy form
// (checkAttributeUpdatesKeys, beside the legacy rules' checks).
func init() { updateKeyAttribute.checkRequest = checkAttributeUpdatesKeys }
