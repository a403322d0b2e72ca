package validate

import (
	"strings"
	"testing"
)

// TestEmptyKeysWithoutSchema: an empty Key or ExclusiveStartKey is refused
// whatever the table, so key-incomplete reports it without a schema too.
func TestEmptyKeysWithoutSchema(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{"command": "get-item", "TableName": "Tickets", "Key": {}}`, "The provided key element does not match the schema"},
		{`{"command": "scan", "TableName": "Tickets", "ExclusiveStartKey": {}}`, "The provided starting key is invalid: The provided key element does not match the schema"},
		{`{"command": "query", "TableName": "Tickets", "KeyConditionExpression": "id = :i", "ExpressionAttributeValues": {":i": {"S": "a"}}, "ExclusiveStartKey": {}}`,
			`answers "The provided starting key is invalid"`},
	} {
		got := requestFindingsOf(t, "key-incomplete", "empty.json", []byte(tc.src), nil)
		if !strings.Contains(got, tc.want) || strings.Count(got, "\n") != 0 {
			t.Errorf("%s:\ngot %q\nwant one finding quoting %q", tc.src, got, tc.want)
		}
	}
}
