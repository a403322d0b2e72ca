package ddbexpr

import "strconv"

// Reason classifies a *SyntaxError, so that callers can file it under the
// right lint rule without reading messages.
type Reason uint8

// The reasons.
const (
	// ReasonEmpty: the expression is "" ("The expression can not be empty;").
	ReasonEmpty Reason = iota + 1
	// ReasonSyntax: DynamoDB's grammar does not accept the expression
	// ("Syntax error; token: …, near: …").
	ReasonSyntax
	// ReasonTooLong: the expression nests deeper than any expression within
	// DynamoDB's 4096-character limit can; parsing stops there and the
	// message is DynamoDB's size message.
	ReasonTooLong
	// ReasonFunctionName: no such function ("Invalid function name").
	// Function names are case-sensitive.
	ReasonFunctionName
	// ReasonFunctionPlace: a function where DynamoDB does not allow it: an
	// update function in a condition, a condition function in an update,
	// a condition function used as an operand, size() as a condition,
	// list_append() nested.
	ReasonFunctionPlace
	// ReasonOperandCount: a function called with the wrong number of
	// operands.
	ReasonOperandCount
	// ReasonOperandType: a function given size() where it needs a string,
	// binary or collection ("Incorrect operand type").
	ReasonOperandType
	// ReasonPathRequired: attribute_exists, attribute_not_exists or
	// if_not_exists given something other than a document path first.
	ReasonPathRequired
	// ReasonDuplicateSection: an UpdateExpression uses SET, REMOVE, ADD or
	// DELETE twice.
	ReasonDuplicateSection
	// ReasonListIndex: a list index larger than 2147483647.
	ReasonListIndex
	// ReasonValueInPath: an expression attribute value inside a document
	// path (a.:v).
	ReasonValueInPath
	// ReasonRedundantParens: parentheses directly inside parentheses
	// (Expr.RedundantParensError).
	ReasonRedundantParens
)

var reasonNames = [...]string{
	ReasonEmpty: "empty", ReasonSyntax: "syntax", ReasonTooLong: "too long",
	ReasonFunctionName: "function name", ReasonFunctionPlace: "function place",
	ReasonOperandCount: "operand count", ReasonOperandType: "operand type",
	ReasonPathRequired: "path required", ReasonDuplicateSection: "duplicate section",
	ReasonListIndex: "list index", ReasonValueInPath: "value in path",
	ReasonRedundantParens: "redundant parentheses",
}

func (r Reason) String() string {
	if int(r) < len(reasonNames) && reasonNames[r] != "" {
		return reasonNames[r]
	}
	return "reason " + strconv.Itoa(int(r))
}

// SyntaxError is a problem DynamoDB finds while reading an expression.
// Offset and End delimit the offending text in the expression string (for a
// syntax error at the end, both are len(expr)). Msg is our explanation,
// lower-case, naming the offending text and what to write instead; DynamoMsg
// is the message DynamoDB returns for it, in DynamoDB's words and format.
type SyntaxError struct {
	Offset, End int
	Reason      Reason
	Msg         string
	DynamoMsg   string
}

func (e *SyntaxError) Error() string { return e.Msg }

// near reproduces DynamoDB's excerpt around the offending token i: the
// previous token, the whitespace, the token, the whitespace and the next
// token, where the end of input contributes nothing. DynamoDB takes every
// whitespace token left of the offending one, so at the start the leading
// whitespace is included.
func near(src string, toks []token, i int) string {
	from := 0
	if i > 0 {
		from = toks[i-1].start
	}
	to := len(src)
	if toks[i].kind != tEOF && toks[i+1].kind != tEOF {
		to = toks[i+1].end
	}
	return src[from:to]
}

// tokenText is the token as DynamoDB prints it: its text, or <EOF>.
func tokenText(src string, t token) string {
	if t.kind == tEOF {
		return "<EOF>"
	}
	return src[t.start:t.end]
}
