package schema

import "strings"

// TableOfARN returns the table a DynamoDB table ARN names
// (arn:aws:dynamodb:us-east-1:123456789012:table/Tickets is Tickets):
// DynamoDB takes a table's ARN wherever it takes its name. ok is false for
// anything else, an index's or a stream's ARN among them. Whether the name
// is one DynamoDB allows is not checked here.
func TableOfARN(s string) (table string, ok bool) {
	parts := strings.SplitN(s, ":", 6)
	if len(parts) != 6 || parts[0] != "arn" || !strings.HasPrefix(parts[1], "aws") || parts[2] != "dynamodb" || parts[3] == "" {
		return "", false
	}
	if len(parts[4]) != 12 || strings.Trim(parts[4], "0123456789") != "" {
		return "", false
	}
	table, ok = strings.CutPrefix(parts[5], "table/")
	if !ok || table == "" || strings.Contains(table, "/") {
		return "", false
	}
	return table, true
}
