package ddbexpr

import "strings"

// Kind is the request parameter an expression is given in. The three
// condition kinds share one grammar; they differ in the name DynamoDB puts
// in its messages and in the rules the linter applies afterwards.
type Kind int

// The five kinds of expression.
const (
	KeyConditionExpression Kind = iota + 1 // Query
	FilterExpression                       // Query, Scan
	ConditionExpression                    // PutItem, UpdateItem, DeleteItem, transactions
	ProjectionExpression                   // GetItem, BatchGetItem, Query, Scan, transactions
	UpdateExpression                       // UpdateItem, transactions
)

var kindNames = [...]string{
	KeyConditionExpression: "KeyConditionExpression",
	FilterExpression:       "FilterExpression",
	ConditionExpression:    "ConditionExpression",
	ProjectionExpression:   "ProjectionExpression",
	UpdateExpression:       "UpdateExpression",
}

var kindPrefixes = [...]string{
	KeyConditionExpression: "Invalid KeyConditionExpression: ",
	FilterExpression:       "Invalid FilterExpression: ",
	ConditionExpression:    "Invalid ConditionExpression: ",
	ProjectionExpression:   "Invalid ProjectionExpression: ",
	UpdateExpression:       "Invalid UpdateExpression: ",
}

func (k Kind) valid() bool { return k >= KeyConditionExpression && k <= UpdateExpression }

// String returns the request parameter's name, e.g. "KeyConditionExpression".
func (k Kind) String() string {
	if !k.valid() {
		return "Expression"
	}
	return kindNames[k]
}

// Prefix returns the text DynamoDB puts before every validation message
// about an expression of this kind, e.g. "Invalid FilterExpression: ".
func (k Kind) Prefix() string {
	if !k.valid() {
		return "Invalid Expression: "
	}
	return kindPrefixes[k]
}

// IsCondition reports whether the kind uses the condition grammar:
// KeyConditionExpression, FilterExpression, ConditionExpression.
func (k Kind) IsCondition() bool {
	return k == KeyConditionExpression || k == FilterExpression || k == ConditionExpression
}

// KindOf returns the Kind for a request parameter name such as
// "FilterExpression". Matching is exact, as it is in the request JSON.
func KindOf(param string) (Kind, bool) {
	for k := KeyConditionExpression; k <= UpdateExpression; k++ {
		if kindNames[k] == param {
			return k, true
		}
	}
	return 0, false
}

// Message formats a message the way DynamoDB does for this kind: the prefix,
// the problem, a ";" and then "key: value" details separated by ",".
//
//	FilterExpression.Message("Invalid function name", "function", "starts_with")
//	// Invalid FilterExpression: Invalid function name; function: starts_with
//	FilterExpression.Message("The expression can not be empty")
//	// Invalid FilterExpression: The expression can not be empty;
//
// details are key, value pairs; a trailing key without a value is printed
// alone, as DynamoDB does.
func (k Kind) Message(problem string, details ...string) string {
	var b strings.Builder
	n := len(k.Prefix()) + len(problem) + 1
	for _, d := range details {
		n += len(d) + 3
	}
	b.Grow(n)
	b.WriteString(k.Prefix())
	b.WriteString(problem)
	b.WriteByte(';')
	for i := 0; i < len(details); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(' ')
		b.WriteString(details[i])
		i++
		if i < len(details) {
			b.WriteString(": ")
			b.WriteString(details[i])
		}
	}
	return b.String()
}
