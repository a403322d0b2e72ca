package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
	"github.com/dynexpr/dynexpr/request"
)

var reservedWord = &Rule{
	Name:     "reserved-word",
	Severity: Error,
	Title:    "a DynamoDB reserved word written as an attribute name",
	Why: `DynamoDB reserves 573 words (status, name, date, data, count, size, type, user,
value, year, timestamp, comment, ...), in any case, and refuses an expression that
writes one as an attribute name, in any segment of a document path (a.status
too). Write a #name placeholder for it and map it in ExpressionAttributeNames;
the message says which. (The DSL writes placeholders for every name, so this
cannot happen in a .dx file.)`,
	DynamoMessages: []string{"Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status"},
	Bad:            `{"TableName": "Tickets", "FilterExpression": "status = :s", "ExpressionAttributeValues": {":s": {"S": "OPEN"}}}`,
	Good:           `{"TableName": "Tickets", "FilterExpression": "#status = :s", "ExpressionAttributeNames": {"#status": "status"}, "ExpressionAttributeValues": {":s": {"S": "OPEN"}}}`,
	AppliesTo:      "request JSON files: every expression",
	RequestOnly:    true,
	checkRequest:   checkReservedWords,
}

func checkReservedWords(c *requestPass) {
	for x := range c.parsedExpressions() {
		seen := map[string]bool{}
		for _, s := range x.e.ReservedNames() {
			c.reportReserved(x, s, seen)
		}
	}
}

func (c *requestPass) reportReserved(x *reqExpr, s ddbexpr.Segment, seen map[string]bool) {
	key := strings.ToLower(s.Name)
	if seen[key] {
		// Report each word once per expression, at its first use.
		return
	}
	seen[key] = true
	ph := ""
	if c.names != nil {
		for _, m := range c.names.Members {
			if m.Value.Kind == request.String && m.Value.Text == s.Name && validPlaceholder(m.Name, '#') {
				ph = m.Name
				break
			}
		}
	}
	var fix string
	if ph != "" {
		fix = fmt.Sprintf("%s, which ExpressionAttributeNames already maps to %q", ph, s.Name)
	} else {
		ph = placeholderFor(s.Name, '#')
		fix = fmt.Sprintf(`%s, and add "%s": %q to ExpressionAttributeNames`, ph, ph, s.Name)
	}
	c.reportExpr(c.rule, x, s.Start, s.End, ph,
		"%s is a reserved word in DynamoDB and cannot be written as an attribute name; DynamoDB answers %q. Write instead: %s",
		s.Name, x.kind.Message("Attribute name is a reserved keyword", "reserved keyword", s.Name), fix)
}
