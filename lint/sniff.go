package lint

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

// A folder holds JSON of every kind (package.json, tsconfig, schema files,
// CI settings), so a walked *.json is linted only when it is recognisably
// request JSON; a named one is linted whatever it holds.

// requestSniff gathers, one object of a file at a time, what whyNotRequest
// needs of them, so that none is kept.
type requestSniff struct {
	found bool   // an object is a request
	why   string // why the first object is not one, when it is not
}

// add looks at the next object of the file.
func (s *requestSniff) add(r *request.Request) {
	if s.found {
		return
	}
	if w := whyNotOne(r); w == "" {
		s.found = true
	} else if s.why == "" {
		s.why = w
	}
}

// whyNotRequest says why a walked JSON file is not request JSON, or "" when
// it is one and must be linted. s saw every object request.ParseEach read
// of data, and err is what it returned. A file is request JSON when one of
// its objects is a request.
func whyNotRequest(data []byte, s *requestSniff, err error) string {
	const notObjects = "not a JSON object, nor a list or JSON Lines of objects"
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '{' && t[0] != '[' {
		if json.Valid(data) {
			return notObjects // "text", 42
		}
		return "not JSON" // a shell line kept in a .json, a text file
	}
	if err != nil {
		// A broken file is a request with a syntax error to report only
		// when it names what only requests have.
		has := func(name string) bool { return bytes.Contains(data, []byte(`"`+name+`"`)) }
		// Only the policy's members are told apart in bytes: an answer's
		// (Count, Items) may be an attribute's name inside a request.
		if why := policyDocument(has); why != "" {
			return why
		}
		if schema.FormatOf(has) == "" && hasRequestOnlyMember(has) {
			return ""
		}
		if json.Valid(data) {
			return notObjects // [{...}, "B"]
		}
		return "not valid JSON, and no member only a request has"
	}
	switch {
	case s.found:
		return ""
	case s.why == "":
		return "holds no object"
	}
	return s.why
}

// whyNotOne says why one object is not a request, or "".
func whyNotOne(r *request.Request) string {
	has := func(name string) bool { return r.Obj.Get(name) != nil }
	if k := schema.FormatOf(has); k != "" {
		return "a schema (" + k + "), not a request"
	}
	if r.Command != "" && !r.CommandGuessed {
		return "" // "command" names an aws dynamodb command
	}
	if why := notDynamoKey(r.Obj); why != "" {
		return why
	}
	if why := policyDocument(has); why != "" {
		return why
	}
	if why := savedAnswer(has); why != "" {
		return why
	}
	if why := savedGetItem(r.Obj); why != "" {
		return why
	}
	if hasRequestOnlyMember(has) {
		return ""
	}
	if c := r.Obj.Get(request.CommandMember); c != nil {
		return fmt.Sprintf("%q is %s, which is not an aws dynamodb command", request.CommandMember, r.RawLiteral(c))
	}
	if has("TableName") && foreignMember(r.Obj) == "" {
		return "" // {"TableName": "Tickets"}: a scan of the whole table
	}
	return "no member only a request has (KeyConditionExpression, Key, Item, UpdateExpression, TransactItems, RequestItems, ...)"
}

// answerMembers are members of what aws dynamodb prints (a command's
// answer: GetItem's ConsumedCapacity, Query's and Scan's Items, Count,
// ScannedCount and LastEvaluatedKey, UpdateItem's Attributes, the batches'
// Responses and Unprocessed...) that no request has: a file holding one is
// an answer someone saved, not a request to lint.
var answerMembers = [...]string{"Items", "Count", "ScannedCount", "LastEvaluatedKey", "ConsumedCapacity",
	"Attributes", "ItemCollectionMetrics", "Responses", "UnprocessedKeys", "UnprocessedItems", "CancellationReasons"}

// policyDocument says why an IAM or KMS policy document ("Version" with
// "Statement", a list of permissions, not execute-statement's PartiQL) is
// not a request, or "". has may be a guess from the bytes of a file that
// is not valid JSON.
func policyDocument(has func(string) bool) string {
	if has("Version") && has("Statement") && !has("Parameters") {
		return `an IAM or KMS policy document ("Version" and "Statement"), not an execute-statement request`
	}
	return ""
}

// savedAnswer says why an object with a member of a command's answer is
// not a request, or "".
func savedAnswer(has func(string) bool) string {
	for _, m := range answerMembers {
		if has(m) {
			return fmt.Sprintf("a saved answer of aws dynamodb (%q is a member of what a command prints, never of a request), not a request", m)
		}
	}
	return ""
}

// savedGetItem says why {"Item": {...}}, a map of attributes and nothing
// else, is what aws dynamodb get-item printed rather than a put-item
// request (which must name its table), or "".
func savedGetItem(obj *request.Value) string {
	if len(obj.Members) != 1 || obj.Members[0].Name != "Item" || obj.Members[0].Value.Kind != request.Object {
		return ""
	}
	return `a saved get-item answer ({"Item": ...} alone, without "TableName"), not a put-item request`
}

// hasRequestOnlyMember reports whether a member of some request other than
// TableName (which schemas have too) is present.
func hasRequestOnlyMember(has func(string) bool) bool {
	for _, m := range request.AllMembers() {
		if m != "TableName" && has(m) {
			return true
		}
	}
	return false
}

// notDynamoKey says why an object whose Key or Item is not an object (an
// S3 --cli-input-json's {"Bucket": .., "Key": "reports/x.csv"}, a game's
// {"Item": "sword", "Price": 3}) is some other service's, or "": beside a
// member that no DynamoDB request has, that Key or Item is no evidence of
// a DynamoDB request. One whose Key or Item is an object stays a request,
// with its foreign members reported.
func notDynamoKey(obj *request.Value) string {
	foreign := foreignMember(obj)
	if foreign == "" {
		return ""
	}
	for _, name := range [...]string{"Key", "Item"} {
		if v := obj.Get(name); v != nil && v.Kind != request.Object {
			return fmt.Sprintf("%q is %s, not a map of attributes, beside %q, which no DynamoDB request has: not a DynamoDB request", name, v.Kind, foreign)
		}
	}
	return ""
}

// foreignMember is the first member of obj that no request has, or "".
func foreignMember(obj *request.Value) string {
	for _, m := range obj.Members {
		if _, ok := request.Spec(m.Name); !ok {
			return m.Name
		}
	}
	return ""
}
