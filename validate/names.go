package validate

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
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
	case n < grammar.MinNameLen:
		problems = append(problems, "Member must have length greater than or equal to 3")
	case n > grammar.MaxNameLen:
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

// tableARN reports whether name is a table's ARN naming a table DynamoDB
// allows: DynamoDB takes it for the name.
func tableARN(name string) bool {
	t, ok := schema.TableOfARN(name)
	return ok && tableNameProblem(t) == ""
}
