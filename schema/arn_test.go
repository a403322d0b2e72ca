package schema

import "testing"

// TestTableByARN: DynamoDB takes a table's ARN wherever it takes its name,
// so a lookup by ARN finds the table its last part names.
func TestTableByARN(t *testing.T) {
	s := loadExamples(t)
	for _, tc := range []struct {
		ref, want string
	}{
		{"arn:aws:dynamodb:us-east-1:123456789012:table/Tickets", "Tickets"},
		{"arn:aws-cn:dynamodb:cn-north-1:123456789012:table/Orders", "Orders"},
		{"arn:aws:dynamodb:us-east-1:123456789012:table/Nope", ""},
		{"arn:aws:dynamodb:us-east-1:1234:table/Tickets", ""},                  // not an account
		{"arn:aws:s3:us-east-1:123456789012:table/Tickets", ""},                // not DynamoDB
		{"arn:aws:dynamodb:us-east-1:123456789012:table/Tickets/stream/x", ""}, // a stream, not the table
	} {
		got := ""
		if tb := s.Table(tc.ref); tb != nil {
			got = tb.Name
		}
		if got != tc.want {
			t.Errorf("Table(%q) = %q, want %q", tc.ref, got, tc.want)
		}
	}
}
