package validate

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

const (
	maxKeyNameBytes  = 255
	maxAttrNameBytes = 65535
)

// tableNameProblem says what DynamoDB's model refuses in a table or index
// name, in its own words (joined with "; "), or "".
func tableNameProblem(name string) string {
	var problems []string
	switch n := utf8.RuneCountInString(name); {
	case n < 3:
		problems = append(problems, "Member must have length greater than or equal to 3")
	case n > 255:
		problems = append(problems, "Member must have length less than or equal to 255")
	}
	if badNameChars(name) != "" {
		problems = append(problems, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+")
	}
	return strings.Join(problems, "; ")
}

// badNameChars returns the characters of name outside [A-Za-z0-9_.-], each
// once, quoted for a message.
func badNameChars(name string) string {
	var bad []string
	seen := map[rune]bool{}
	for _, r := range name {
		ok := r == '_' || r == '.' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !ok && !seen[r] {
			seen[r] = true
			bad = append(bad, strconv.QuoteRune(r))
		}
	}
	return strings.Join(bad, ", ")
}

// tableOfARN returns the table name in a DynamoDB table ARN
// (arn:aws:dynamodb:us-east-1:123456789012:table/Tickets), which DynamoDB
// takes wherever it takes a table's name; ok is false for anything else.
func tableOfARN(s string) (table string, ok bool) {
	parts := strings.SplitN(s, ":", 6)
	if len(parts) != 6 || parts[0] != "arn" || !strings.HasPrefix(parts[1], "aws") || parts[2] != "dynamodb" || parts[3] == "" {
		return "", false
	}
	if len(parts[4]) != 12 || strings.Trim(parts[4], "0123456789") != "" {
		return "", false
	}
	table, ok = strings.CutPrefix(parts[5], "table/")
	if !ok || tableNameProblem(table) != "" {
		return "", false
	}
	return table, true
}

// tableRefName is the name of the table a statement names: the table part
// of an ARN, else the name itself.
func tableRefName(name string) string {
	if t, ok := tableOfARN(name); ok {
		return t
	}
	return name
}
