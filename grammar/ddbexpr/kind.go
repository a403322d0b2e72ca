package ddbexpr

import "strings"

// Kind is the request parameter an expression is given in. The three
// condition kinds share one grammar; they differ in the name DynamoDB puts
// in its messages and in the rules the linter applies afterwards.
type Kind int

// The five kinds of expression.
const (
	KeyCondition Kind = iota + 1 // KeyConditionExpression (Query)
	Filter                       // FilterExpression (Query, Scan)
	Condition                    // ConditionExpression (PutItem, UpdateItem, DeleteItem, transactions)
	Projection                   // ProjectionExpression
	Update                       // UpdateExpression (UpdateItem)
)

var kindNames = [...]string{
	KeyCondition: "KeyConditionExpression",
	Filter:       "FilterExpression",
	Condition:    "ConditionExpression",
	Projection:   "ProjectionExpression",
	Update:       "UpdateExpression",
}

var kindPrefixes = [...]string{
	KeyCondition: "Invalid KeyConditionExpression: ",
	Filter:       "Invalid FilterExpression: ",
	Condition:    "Invalid ConditionExpression: ",
	Projection:   "Invalid ProjectionExpression: ",
	Update:       "Invalid UpdateExpression: ",
}

func (k Kind) valid() bool { return k >= KeyCondition && k <= Update }

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

// IsCondition reports whether the kind uses the condition grammar
// (KeyCondition, Filter, Condition).
func (k Kind) IsCondition() bool { return k == KeyCondition || k == Filter || k == Condition }

// KindOf returns the Kind for a request parameter name such as
// "FilterExpression". Matching is exact, as it is in the request JSON.
func KindOf(param string) (Kind, bool) {
	for k := KeyCondition; k <= Update; k++ {
		if kindNames[k] == param {
			return k, true
		}
	}
	return 0, false
}

// Message formats a message the way DynamoDB does for this kind: the prefix,
// the problem, a ";" and then "key: value" details separated by ",".
//
//	Filter.Message("Invalid function name", "function", "starts_with")
//	// Invalid FilterExpression: Invalid function name; function: starts_with
//	Filter.Message("The expression can not be empty")
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
