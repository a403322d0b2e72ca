package ddbexpr_test

import (
	"errors"
	"fmt"

	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
)

// A syntax error comes with DynamoDB's own message and our explanation.
func ExampleParse_syntaxError() {
	_, err := ddbexpr.Parse(ddbexpr.UpdateExpression, "SET a = b + c + d")
	var se *ddbexpr.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Offset, se.Reason)
		fmt.Println(se.DynamoMsg)
		fmt.Println(se.Msg)
	}
	// Output:
	// 14 syntax
	// Invalid UpdateExpression: Syntax error; token: "+", near: "c + d"
	// expected ",", a new section (SET, REMOVE, ADD, DELETE) or the end of the UpdateExpression, found "+": DynamoDB allows one + or - per SET value; split the computation over several updates
}

// What the grammar accepts but DynamoDB still rejects comes with the tree.
func ExampleParse_problem() {
	e, err := ddbexpr.Parse(ddbexpr.FilterExpression, "Begins_With(#sk, :p) AND size > :n")
	fmt.Println(err.(*ddbexpr.SyntaxError).DynamoMsg)
	fmt.Println(err)
	for _, s := range e.ReservedNames() {
		fmt.Println(ddbexpr.FilterExpression.Message("Attribute name is a reserved keyword", "reserved keyword", s.Name))
	}
	for _, p := range e.Placeholders() {
		fmt.Println(p.Name, p.Start, p.IsValue())
	}
	// Output:
	// Invalid FilterExpression: Invalid function name; function: Begins_With
	// unknown function "Begins_With": function names are case-sensitive; write begins_with
	// Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: size
	// #sk 12 false
	// :p 17 true
	// :n 32 true
}

func ExampleExpr_RedundantParens() {
	e := ddbexpr.MustParse(ddbexpr.ConditionExpression, "a = :a AND ((b = :b))")
	if span, ok := e.RedundantParens(); ok {
		fmt.Println(span.Text(e.Text))
		fmt.Println(e.RedundantParensError().DynamoMsg)
	}
	// Output:
	// ((b = :b))
	// Invalid ConditionExpression: The expression has redundant parentheses;
}

// Errors point into the expression; MapOffset and FilePos carry the offset
// back to the request file, through the JSON string's escapes.
func ExampleFilePos() {
	src := []byte(`{"FilterExpression": "note = \"x\""}`)
	literalStart := 21 // the opening quote of the expression's string
	_, err := ddbexpr.Parse(ddbexpr.FilterExpression, `note = "x"`)
	se := err.(*ddbexpr.SyntaxError)
	fmt.Println(se.Offset, ddbexpr.MapOffset(`"note = \"x\""`, se.Offset))
	fmt.Println(ddbexpr.FilePos("req.json", src, literalStart, se.Offset))
	// Output:
	// 7 8
	// req.json:1:30
}
