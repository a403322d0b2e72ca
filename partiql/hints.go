package partiql

import (
	"fmt"
	"strings"
)

// hint explains a syntax error where a SQL or DSL habit is the likely
// cause: the message replaces "unexpected X; expected Y". It changes what
// the user reads, never what parses.
func (p *parser) hint(t token, what string) string {
	if t.Type == tokIdent || t.Type == tokKeyword {
		w := strings.ToUpper(t.Value)
		switch w {
		case "LIMIT", "OFFSET", "TOP":
			return fmt.Sprintf("DynamoDB's PartiQL has no %s: the request's Limit member bounds the items read (aws dynamodb execute-statement --limit N), and NextToken pages on", w)
		case "JOIN", "INNER", "LEFT", "RIGHT", "OUTER", "CROSS":
			return "DynamoDB's PartiQL reads one table a statement: it has no JOIN"
		case "GROUP", "HAVING", "UNION", "DISTINCT", "LIKE":
			return fmt.Sprintf("DynamoDB's PartiQL has no %s", w)
		}
		if t.Type == tokIdent && strings.HasPrefix(what, "a statement") && isPunct(p.peek2(), ":") {
			return "PartiQL statements have no labels: name a statement with a `-- name: " + t.Value + "` comment line before it"
		}
		switch w {
		case "QUERY", "SCAN", "GET", "PUT":
			if p.prev.Pos.Line == 0 || isPunct(p.prev, ";") {
				return fmt.Sprintf("this looks like a dynexpr DSL statement (%s), not PartiQL: put it in a .dx file, or pass it to dynexpr build on the command line", strings.ToLower(w))
			}
		}
		if t.Type == tokKeyword && (strings.HasPrefix(what, "the ") || strings.Contains(what, "attribute")) {
			return fmt.Sprintf("%q is a keyword of PartiQL: a name spelled like it is written in double quotes, \"%s\"", t.Value, t.Value)
		}
	}
	if t.Type == tokPunct {
		switch {
		case t.Value == "-" && (isWord(p.prev, "FROM") || isWord(p.prev, "INTO") || isWord(p.prev, "UPDATE") || p.prev.Type == tokIdent && strings.HasPrefix(what, `WHERE`)):
			return `a name with "-" in it is written in double quotes, like "my-table"`
		}
	}
	if t.Type == tokQIdent && strings.Contains(what, "'key'") {
		return fmt.Sprintf("a tuple's key is a 'single-quoted' string: write '%s'", strings.ReplaceAll(unquote(t.Value), "'", "''"))
	}
	return ""
}

// unknownFunction is the message for a call of a function DynamoDB's
// PartiQL does not have, with the DSL's spelling where one was meant.
func unknownFunction(name string) string {
	msg := fmt.Sprintf("%q is not a function of DynamoDB's PartiQL, which has %s", name, strings.Join(functions[:], ", "))
	switch strings.ToLower(name) {
	case "attribute_exists":
		msg += ": write attr IS NOT MISSING"
	case "attribute_not_exists":
		msg += ": write attr IS MISSING"
	case "exists":
		msg += " (EXISTS(SELECT ...) is a statement of its own, in a transaction)"
	case "count", "sum", "avg", "min", "max":
		msg += " (no aggregates: SELECT returns items)"
	}
	return msg
}

// projectedCall is the message for a function call in a SELECT's
// projection, which DynamoDB's PartiQL does not take.
func projectedCall(name string) string {
	switch w := strings.ToUpper(name); w {
	case "COUNT", "SUM", "AVG", "MIN", "MAX":
		return fmt.Sprintf("DynamoDB's PartiQL has no %s(...): SELECT returns items; for a count, the DSL's `select count` on a query or scan returns one", w)
	}
	return fmt.Sprintf("SELECT returns attributes, not %s(...): list the attributes, like SELECT a, b.c", name)
}
