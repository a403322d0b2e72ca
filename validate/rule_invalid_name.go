package validate

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
)

var invalidName = &Rule{
	Name:     "invalid-name",
	Severity: Error,
	Title:    "a table, index or attribute name DynamoDB does not allow",
	Why: `Table and index names are 3 to 255 characters of letters, digits, _, - and .;
DynamoDB refuses any other name before it looks for the table. A table may also
be named by its ARN (arn:aws:dynamodb:REGION:ACCOUNT:table/NAME). Attribute names
may not be empty (nor may a name ExpressionAttributeNames gives a #placeholder); a key attribute's name is at most 255 bytes, any other
attribute's at most 65535 bytes.`,
	DynamoMessages: []string{
		"1 validation error detected: Value 'T' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
		fmt.Sprintf(msgEmptyNameValue, "#p"),
	},
	Bad:          `get T key id = "a91f"`,
	Good:         `get Tickets key id = "a91f"`,
	AppliesTo:    "every statement: table and index names, attribute names in paths, keys and items; in request JSON also the names of ExpressionAttributeNames, AttributesToGet and the legacy parameters' maps",
	check:        checkInvalidName,
	checkRequest: checkRequestNames,
}

func checkInvalidName(p *Pass) {
	st := p.Stmt
	for _, ref := range []struct {
		tr          *grammar.TableRef
		what, field string
	}{{st.Table, "table", "tableName"}, {st.Index, "index", "indexName"}} {
		if ref.tr == nil || ref.tr.Unbound() {
			continue // a $parameter: Bind checks the name it is bound to
		}
		if msg := nameFinding(ref.tr.Name, ref.what, ref.field); msg != "" {
			p.Reportf(ref.tr.Pos, "%s", msg)
		}
	}
	checkName := func(name string, at diag.Pos, key bool) {
		switch {
		case name == "":
			p.Reportf(at, "%s", msgEmptyNameFinding)
		case key && len(name) > maxKeyNameBytes:
			p.Reportf(at, "key attribute name %q is %d bytes; DynamoDB allows key attribute names of at most %d bytes. Use the key attribute's name as the table defines it",
				shortName(name), len(name), maxKeyNameBytes)
		case len(name) > maxAttrNameBytes:
			p.Reportf(at, "attribute name %q is %d bytes; DynamoDB allows attribute names of at most %d bytes. Use a shorter name",
				shortName(name), len(name), maxAttrNameBytes)
		}
	}
	for _, pp := range p.statementPaths() {
		for _, e := range pp.path.Elems {
			if !e.IsIndex {
				checkName(e.Name, e.Pos, pp.place == inKey && len(pp.path.Elems) == 1)
			}
		}
	}
	if st.Item != nil && st.Item.Map != nil {
		for _, e := range st.Item.Map.Entries {
			key := p.Table != nil && (p.Table.IsKey(e.Key) || len(p.Table.IndexesWithKey(e.Key)) > 0)
			checkName(e.Key, e.Pos, key)
		}
	}
	if st.After != nil && st.After.Map != nil {
		for _, e := range st.After.Map.Entries {
			checkName(e.Key, e.Pos, true)
		}
	}
}

// nameFinding says what is wrong with a table or index name (what is
// "table" or "index", field its name in DynamoDB's messages), or "".
func nameFinding(name, what, field string) string {
	problem := tableNameProblem(name)
	if problem == "" || what == "table" && tableARN(name) {
		return ""
	}
	n := strings.Count(problem, "; ") + 1
	var parts []string
	for _, c := range strings.Split(problem, "; ") {
		parts = append(parts, fmt.Sprintf("Value '%s' at '%s' failed to satisfy constraint: %s", shortName(name), field, c))
	}
	errs := "1 validation error detected: "
	if n > 1 {
		errs = fmt.Sprintf("%d validation errors detected: ", n)
	}
	var is []string
	if l := utf8.RuneCountInString(name); l < 3 || l > 255 {
		is = append(is, "is "+diag.Plural(l, "character")+" long")
	}
	if bad := badNameChars(name); bad != "" {
		is = append(is, "has "+bad)
	}
	return fmt.Sprintf("%s name %q %s; DynamoDB %s names are 3 to 255 characters of letters, digits, _, - and . (DynamoDB: %q). Write the %s's name as DynamoDB knows it",
		what, shortName(name), strings.Join(is, " and "), what, errs+strings.Join(parts, "; "), what)
}

// checkRequestNames reports the names of a request that no statement can
// carry, which the statement check therefore never sees: table and index
// names empty or holding a backtick or a line break, and empty attribute
// names (checkRequestEmptyNames).
func checkRequestNames(c *requestPass) {
	checkRequestEmptyNames(c)
	for _, n := range []struct{ member, what, field string }{{"TableName", "table", "tableName"}, {"IndexName", "index", "indexName"}} {
		v := c.value(n.member)
		if v == nil || v.Text != "" && !strings.ContainsAny(v.Text, "`\r\n") {
			continue
		}
		if msg := nameFinding(v.Text, n.what, n.field); msg != "" {
			c.report(c.rule, Error, v.Start, v.End, "", "%s", msg)
		}
	}
}

// msgEmptyNameFinding is the finding on an empty attribute name, in a
// statement and in request JSON alike.
const msgEmptyNameFinding = "an attribute name cannot be empty: DynamoDB refuses an empty name in a path, key or item; name the attribute"

// attributeMaps are the request members whose object's member names are
// attribute names.
var attributeMaps = []string{"Item", "Key", "ExclusiveStartKey", "AttributeUpdates", "Expected", "KeyConditions", "QueryFilter", "ScanFilter"}

// checkRequestEmptyNames reports the empty attribute names of a request,
// which no statement can carry (a DSL name cannot be empty): a value of
// ExpressionAttributeNames, a member of an item, a key or a legacy
// parameter's map, an element of AttributesToGet.
func checkRequestEmptyNames(c *requestPass) {
	if c.names != nil {
		for _, m := range c.names.Members {
			if m.Value.Kind == request.String && m.Value.Text == "" {
				c.report(c.rule, Error, m.Value.Start, m.Value.End, "",
					"%s stands for an empty attribute name; DynamoDB answers %q: name the attribute", m.Name, fmt.Sprintf(msgEmptyNameValue, m.Name))
			}
		}
	}
	for _, name := range attributeMaps {
		if v := c.value(name); v != nil {
			for _, m := range v.Members {
				if m.Name == "" {
					c.report(c.rule, Error, m.NamePos, m.NamePos+2, "", "%s: %s", name, msgEmptyNameFinding)
				}
			}
		}
	}
	if v := c.value("AttributesToGet"); v != nil {
		for _, e := range v.Elems {
			if e.Kind == request.String && e.Text == "" {
				c.report(c.rule, Error, e.Start, e.End, "", "AttributesToGet: %s", msgEmptyNameFinding)
			}
		}
	}
}

// shortName cuts a long name for a message.
func shortName(name string) string {
	if len(name) <= 40 {
		return name
	}
	cut := 32
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut] + "..."
}
