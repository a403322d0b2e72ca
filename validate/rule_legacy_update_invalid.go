package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

var legacyUpdateInvalid = &Rule{
	Name:     "legacy-update-invalid",
	Severity: Error,
	Title:    "an AttributeUpdates action DynamoDB refuses for its value",
	Why: `AttributeUpdates, the legacy form of an update, gives each attribute an
Action (PUT when left out) and a Value. PUT and ADD need the Value; only DELETE
goes without one (it removes the attribute). ADD adds a number to a number, or
elements to a set or a list, so its Value is a number, a set or a list; DELETE
with a Value takes elements out of a set, so that Value is a set. DynamoDB
refuses any other pairing before it reads the item. (Changing a key attribute
is update-key-attribute's, in AttributeUpdates as in an UpdateExpression.)`,
	DynamoMessages: []string{
		"One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified",
		"One or more parameter values were invalid: DELETE action with value is not supported for the type N",
		"One or more parameter values were invalid: ADD action is not supported for the type S",
	},
	Bad:          `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "AttributeUpdates": {"subject": {"Value": {"S": "!"}, "Action": "ADD"}}}`,
	Good:         `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "AttributeUpdates": {"subject": {"Value": {"S": "!"}, "Action": "PUT"}}}`,
	AppliesTo:    "request JSON files: AttributeUpdates",
	RequestOnly:  true,
	checkRequest: checkAttributeUpdates,
}

// checkAttributeUpdates checks each action of AttributeUpdates against its
// value, in the order DynamoDB does.
func checkAttributeUpdates(c *requestPass) {
	v := c.legacyValue("AttributeUpdates")
	if v == nil {
		return
	}
	for i := range v.Members {
		e := &v.Members[i]
		action, value := "PUT", e.Value.Member("Value")
		am := e.Value.Member("Action")
		if am != nil {
			action = am.Value.Text
		}
		at := e
		if am != nil {
			at = am
		}
		var t string
		if value != nil {
			if t = avType(value.Value); t == "" {
				continue // invalid-attribute-value's
			}
		}
		var what, msg string
		switch {
		case value == nil && action != "DELETE":
			what, msg = action+" needs a Value: give one, or write Action DELETE to remove the attribute", "Only DELETE action is allowed when no attribute value is specified"
		case value != nil && action == "DELETE" && !isSetType(grammar.ValueType(t)):
			what, msg = "DELETE with a Value takes elements out of a set, and this Value is "+t+": leave the Value out to remove the attribute", "DELETE action with value is not supported for the type "+t
		case value != nil && action == "ADD" && t != "N" && t != "L" && !isSetType(grammar.ValueType(t)):
			what, msg = "ADD adds to a number, a set or a list, and this Value is "+t+": write Action PUT to replace the value", "ADD action is not supported for the type "+t
		default:
			continue
		}
		c.report(c.rule, Error, at.NamePos, at.Value.End, "", "AttributeUpdates.%s: %s; DynamoDB answers %q", e.Name, what, invalidPrefix+msg)
	}
}

// requestTable is the schema's table the request names, or nil.
func (c *requestPass) requestTable() *schema.Table {
	if c.sch == nil {
		return nil
	}
	if v := c.value("TableName"); v != nil {
		return c.sch.Table(v.Text)
	}
	return nil
}

// checkAttributeUpdatesKeys is update-key-attribute's check of request
// JSON: AttributeUpdates naming a key attribute of the table.
func checkAttributeUpdatesKeys(c *requestPass) {
	v, t := c.legacyValue("AttributeUpdates"), c.requestTable()
	if v == nil || t == nil {
		return
	}
	for _, e := range v.Members {
		if t.IsKey(e.Name) {
			c.report(c.rule, Error, e.NamePos, e.NamePos+len(fmt.Sprintf("%q", e.Name)), "",
				"AttributeUpdates.%s: %s: an update cannot change it; DynamoDB answers %q. To give the item another key, put it under the new key and delete the old one",
				e.Name, tableKeyRole(t, e.Name), fmt.Sprintf(msgUpdateKey, e.Name))
		}
	}
}
