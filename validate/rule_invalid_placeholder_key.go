package validate

import (
	"fmt"
	"strconv"

	"github.com/dynexpr/dynexpr/request"
)

var invalidPlaceholderKey = &Rule{
	Name:     "invalid-placeholder-key",
	Severity: Error,
	Title:    "a key of ExpressionAttributeNames or ExpressionAttributeValues that is not a placeholder",
	Why: `A key of ExpressionAttributeNames is "#" and then letters, digits and "_"
(#status, #a_1); a key of ExpressionAttributeValues is ":" and then the same
(:open). DynamoDB refuses any other key ("status" without its "#", "#my-attr" with
a "-") and a key over 255 bytes.`,
	DynamoMessages: []string{`ExpressionAttributeNames contains invalid key: Syntax error; key: "status"`},
	Bad:            `{"TableName": "Tickets", "FilterExpression": "#s = :s", "ExpressionAttributeNames": {"s": "status"}, "ExpressionAttributeValues": {":s": {"S": "OPEN"}}}`,
	Good:           `{"TableName": "Tickets", "FilterExpression": "#s = :s", "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":s": {"S": "OPEN"}}}`,
	AppliesTo:      requestApplies,
	RequestOnly:    true,
	checkRequest:   checkPlaceholderKeys,
}

const maxPlaceholderBytes = 255

func (c *requestPass) checkPlaceholderKey(mapName string, prefix byte, m request.Member) {
	from, to := m.NamePos, m.NamePos+len(strconv.Quote(m.Name))
	if len(m.Name) > maxPlaceholderBytes {
		c.report(c.rule, Error, from, to, "", "this key is %d bytes long, and DynamoDB takes placeholders of at most %d; it answers %q. Write instead: a shorter placeholder",
			len(m.Name), maxPlaceholderBytes,
			fmt.Sprintf("%s contains invalid key: The expression attribute map contains a key that is too long; size of key: %d", mapName, len(m.Name)))
		c.badKeys[m.Name] = true
		return
	}
	if validPlaceholder(m.Name, prefix) {
		return
	}
	c.badKeys[m.Name] = true
	fix := placeholderFor(m.Name, prefix)
	why := fmt.Sprintf("a key of %s is %c and then letters, digits and _", mapName, prefix)
	if m.Name == "" || m.Name[0] != prefix {
		why = fmt.Sprintf("a key of %s starts with %q", mapName, string(prefix))
	}
	c.report(c.rule, Error, from, to, "", "%q is not a placeholder: %s; DynamoDB answers %q. Write instead: %q, and %s in the expressions",
		m.Name, why, fmt.Sprintf(`%s contains invalid key: Syntax error; key: "%s"`, mapName, m.Name), fix, fix)
}

// checkPlaceholderKeys checks the keys of the placeholder maps.
func checkPlaceholderKeys(c *requestPass) {
	for _, mp := range c.placeholderMaps() {
		if mp.v == nil {
			continue
		}
		for _, m := range mp.v.Members {
			c.checkPlaceholderKey(mp.name, mp.prefix, m)
		}
	}
}
