package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

var unusedPlaceholder = &Rule{
	Name:     "unused-placeholder",
	Severity: Error,
	Title:    "an ExpressionAttributeNames or ExpressionAttributeValues entry no expression uses",
	Why: `DynamoDB refuses a request that defines a #name or :value none of its
expressions use: it is left over from an edit, or the expression that should use
it is misspelt. A name used only by the ProjectionExpression counts as used.`,
	DynamoMessages: []string{
		"Value provided in ExpressionAttributeNames unused in expressions: keys: {#p}",
		"Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}",
	},
	Bad:          `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject", "ExpressionAttributeNames": {"#p": "priority"}}`,
	Good:         `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject, #p", "ExpressionAttributeNames": {"#p": "priority"}}`,
	AppliesTo:    "request JSON files: ExpressionAttributeNames and ExpressionAttributeValues",
	RequestOnly:  true,
	checkRequest: (*requestPass).checkUnused,
}

func (c *requestPass) checkUnused() {
	c.expressions()
	if c.broken || c.names == nil && c.values == nil {
		return
	}
	used := map[string]bool{}
	for _, x := range c.exprs {
		if x.e == nil {
			continue
		}
		for _, p := range x.placeholders() {
			used[p.Name] = true
		}
	}
	// An entry an undefined placeholder misspells is not reported again:
	// undefined-placeholder's "did you mean" names it.
	misspelt := map[string]bool{}
	for _, x := range c.exprs {
		if x.e == nil {
			continue
		}
		for _, p := range x.placeholders() {
			if c.defined(p.Name) {
				continue
			}
			keys := c.names
			if p.IsValue() {
				keys = c.values
			}
			if keys == nil {
				continue
			}
			cands := make([]string, 0, len(keys.Members))
			for _, m := range keys.Members {
				cands = append(cands, m.Name)
			}
			if s := schema.Suggest(p.Name, cands); s != "" {
				misspelt[s] = true
			}
		}
	}
	for _, mp := range []struct {
		v    *request.Value
		name string
	}{{c.names, "ExpressionAttributeNames"}, {c.values, "ExpressionAttributeValues"}} {
		// Code may use an entry in an expression it computes
		// (request.Partial).
		if mp.v == nil || !c.r.PlaceholdersKnown(mp.name == "ExpressionAttributeValues") {
			continue
		}
		var unused []request.Member
		for _, m := range mp.v.Members {
			if !used[m.Name] && !c.badKeys[m.Name] && !m.Repeated && !misspelt[m.Name] {
				unused = append(unused, m)
			}
		}
		if len(unused) == 0 {
			continue
		}
		keys := make([]string, len(unused))
		for i, m := range unused {
			keys[i] = m.Name
		}
		dynamo := fmt.Sprintf("Value provided in %s unused in expressions: keys: {%s}", mp.name, strings.Join(keys, ", "))
		for _, m := range unused {
			hint := ""
			if mp.name == "ExpressionAttributeNames" && m.Value.Kind == request.String {
				if at := c.bareUse(m.Value.Text); at != "" {
					hint = fmt.Sprintf("; the %s writes %s itself: write %s there", at, m.Value.Text, m.Name)
				}
			}
			c.report(c.rule, Error, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
				"%s is in %s, and no expression of this request uses it%s; DynamoDB answers %q. Remove it, or use it",
				m.Name, mp.name, hint, dynamo)
		}
	}
}

// bareUse returns the expression parameter that writes name as a bare
// attribute name, or "".
func (c *requestPass) bareUse(name string) string {
	for _, x := range c.exprs {
		if x.e == nil {
			continue
		}
		for _, s := range x.e.BareNames() {
			if s.Name == name {
				return x.param
			}
		}
	}
	return ""
}
