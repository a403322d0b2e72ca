package ddbexpr

import (
	"errors"
	"strings"
	"testing"
)

// TestProblems checks what DynamoDB rejects after its grammar accepted the
// expression: Parse returns the tree and the first problem.
func TestProblems(t *testing.T) {
	tests := []struct {
		kind   Kind
		in     string
		reason Reason
		at     string // the text the problem points at
		dynamo string // after the prefix
		msg    string // part of our message
	}{
		// function names are case-sensitive (docs/rules/function-misuse.md)
		{FilterExpression, "starts_with(a, :v)", ReasonFunctionName, "starts_with",
			"Invalid function name; function: starts_with", "unknown function"},
		{FilterExpression, "attRIbute_exIsts(a)", ReasonFunctionName, "attRIbute_exIsts",
			"Invalid function name; function: attRIbute_exIsts", "write attribute_exists"},
		{FilterExpression, "Begins_With(a, :v)", ReasonFunctionName, "Begins_With",
			"Invalid function name; function: Begins_With", "case-sensitive"},
		{FilterExpression, "if_not_exist(a, :v) = :w", ReasonFunctionName, "if_not_exist",
			"Invalid function name; function: if_not_exist", ""},
		{UpdateExpression, "SET a = concat(b, c)", ReasonFunctionName, "concat",
			"Invalid function name; function: concat", "if_not_exists, list_append"},
		{KeyConditionExpression, "pk = :pk AND starts_with(sk, :p)", ReasonFunctionName, "starts_with",
			"Invalid function name; function: starts_with", ""},
		// arity
		{FilterExpression, "begins_with(a)", ReasonOperandCount, "begins_with(a)",
			"Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: 1", "takes 2 operands, found 1"},
		{FilterExpression, "attribute_exists(a, b)", ReasonOperandCount, "attribute_exists(a, b)",
			"Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2", "takes 1 operand, found 2"},
		{FilterExpression, "size(a, b) > :n", ReasonOperandCount, "size(a, b)",
			"Incorrect number of operands for operator or function; operator or function: size, number of operands: 2", ""},
		{UpdateExpression, "SET a = if_not_exists(a)", ReasonOperandCount, "if_not_exists(a)",
			"Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1", ""},
		{UpdateExpression, "SET a = list_append(a, :b, :c)", ReasonOperandCount, "list_append(a, :b, :c)",
			"Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 3", ""},
		// functions out of place (DynamoDB's ASTListener)
		{FilterExpression, "size(a)", ReasonFunctionPlace, "size",
			"The function is not allowed to be used this way in an expression; function: size", "compare it"},
		{FilterExpression, "attribute_exists(a) = :v", ReasonFunctionPlace, "attribute_exists",
			"The function is not allowed to be used this way in an expression; function: attribute_exists", "cannot be used as an operand"},
		{FilterExpression, "a IN (b, attribute_exists(c))", ReasonFunctionPlace, "attribute_exists",
			"The function is not allowed to be used this way in an expression; function: attribute_exists", ""},
		{FilterExpression, "begins_with(contains(a, :b), :c)", ReasonFunctionPlace, "contains",
			"The function is not allowed to be used this way in an expression; function: contains", ""},
		{FilterExpression, "a = if_not_exists(a, :v)", ReasonFunctionPlace, "if_not_exists",
			"The function is not allowed in a condition expression; function: if_not_exists", "update function"},
		{ConditionExpression, "list_append(a, :l)", ReasonFunctionPlace, "list_append",
			"The function is not allowed in a condition expression; function: list_append", ""},
		{UpdateExpression, "SET a = size(b)", ReasonFunctionPlace, "size",
			"The function is not allowed in an update expression; function: size", "condition function"},
		{UpdateExpression, "SET a = attribute_exists(b)", ReasonFunctionPlace, "attribute_exists",
			"The function is not allowed in an update expression; function: attribute_exists", ""},
		{UpdateExpression, "SET a = list_append(list_append(a, :x), :y)", ReasonFunctionPlace, "list_append",
			"The function is not allowed to be used this way in an expression; function: list_append", "only if_not_exists"},
		{UpdateExpression, "SET a = list_append(a, :l) + :x", ReasonFunctionPlace, "list_append",
			"The function is not allowed to be used this way in an expression; function: list_append", ""},
		// operands that must be paths
		{FilterExpression, "attribute_exists(:v)", ReasonPathRequired, ":v",
			"Operator or function requires a document path; operator or function: attribute_exists", "must be a document path"},
		{FilterExpression, "attribute_not_exists(size(a))", ReasonPathRequired, "size(a)",
			"Operator or function requires a document path; operator or function: attribute_not_exists", ""},
		{UpdateExpression, "SET a = if_not_exists(:v, a)", ReasonPathRequired, ":v",
			"Operator or function requires a document path; operator or function: if_not_exists", ""},
		// size() gives a number
		{FilterExpression, "begins_with(size(a), :v)", ReasonOperandType, "size(a)",
			"Incorrect operand type for operator or function; operator or function: begins_with, operand type: N", "size gives a number"},
		{FilterExpression, "size(size(a)) > :n", ReasonOperandType, "size(a)",
			"Incorrect operand type for operator or function; operator or function: size, operand type: N", ""},
		// sections
		{UpdateExpression, "SET a = :v SET b = :w", ReasonDuplicateSection, "SET",
			`The "SET" section can only be used once in an update expression;`, "used twice"},
		{UpdateExpression, "remove a set b = :v REMOVE c", ReasonDuplicateSection, "REMOVE",
			`The "REMOVE" section can only be used once in an update expression;`, ""},
		{UpdateExpression, "ADD a :v DELETE b :w add c :x", ReasonDuplicateSection, "add",
			`The "ADD" section can only be used once in an update expression;`, ""},
		{UpdateExpression, "DELETE a :v DELETE b :w", ReasonDuplicateSection, "DELETE",
			`The "DELETE" section can only be used once in an update expression;`, ""},
		// list index beyond a Java int
		{FilterExpression, "a[2147483648] = :v", ReasonListIndex, "[2147483648]",
			"List index is not within the allowable range; index: [2147483648]", "too large"},
		{ProjectionExpression, "a[99999999999999999999999]", ReasonListIndex, "[99999999999999999999999]",
			"List index is not within the allowable range; index: [99999999999999999999999]", ""},
		// a value placeholder inside a path
		{ProjectionExpression, "a.:v", ReasonValueInPath, ":v",
			"The document path cannot contain attribute value parameters; attribute value: :v", "#name"},
	}
	for _, tt := range tests {
		e, err := Parse(tt.kind, tt.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%s, %q) = %v; want a problem", tt.kind, tt.in, err)
			continue
		}
		if e == nil || len(e.Problems) == 0 || e.Problems[0] != se {
			t.Errorf("Parse(%s, %q): the tree and Problems[0] must come with the error", tt.kind, tt.in)
			continue
		}
		if se.Reason != tt.reason {
			t.Errorf("Parse(%s, %q): reason %d, want %d", tt.kind, tt.in, se.Reason, tt.reason)
		}
		if got := tt.in[se.Offset:se.End]; got != tt.at {
			t.Errorf("Parse(%s, %q): points at %q, want %q", tt.kind, tt.in, got, tt.at)
		}
		if want := tt.kind.Prefix() + tt.dynamo; se.DynamoMsg != want {
			t.Errorf("Parse(%s, %q).DynamoMsg\n got %s\nwant %s", tt.kind, tt.in, se.DynamoMsg, want)
		}
		if !strings.Contains(se.Msg, tt.msg) || se.Msg == "" || strings.ToLower(se.Msg[:1]) != se.Msg[:1] {
			t.Errorf("Parse(%s, %q).Msg = %q, want it lower-case with %q", tt.kind, tt.in, se.Msg, tt.msg)
		}
	}
}

// TestProblemOrder checks that problems come in DynamoDB's order: functions
// and sections as the walk meets them, then operand checks bottom-up.
func TestProblemOrder(t *testing.T) {
	tests := []struct {
		kind Kind
		in   string
		want []string // DynamoMsg after the prefix, abbreviated to its start
	}{
		{FilterExpression, "begins_with(a) AND starts_with(b, :c)", []string{
			"Invalid function name; function: starts_with",
			"Incorrect number of operands for operator or function; operator or function: begins_with",
		}},
		{FilterExpression, "size(a) OR attribute_exists(b) = :v", []string{
			"The function is not allowed to be used this way in an expression; function: size",
			"The function is not allowed to be used this way in an expression; function: attribute_exists",
		}},
		{UpdateExpression, "SET a = concat(b) SET c = :v REMOVE d[2147483648]", []string{
			"Invalid function name; function: concat",
			`The "SET" section can only be used once`,
			"List index is not within the allowable range",
		}},
		{FilterExpression, "attribute_exists(:v, :w) AND begins_with(size(:x), :y)", []string{
			"Incorrect number of operands for operator or function; operator or function: attribute_exists",
			"Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
		}},
	}
	for _, tt := range tests {
		e, _ := Parse(tt.kind, tt.in)
		if e == nil {
			t.Errorf("Parse(%q) gave no tree", tt.in)
			continue
		}
		var got []string
		for _, p := range e.Problems {
			got = append(got, strings.TrimPrefix(p.DynamoMsg, tt.kind.Prefix()))
		}
		if len(got) < len(tt.want) {
			t.Errorf("Parse(%q) problems %q, want %q", tt.in, got, tt.want)
			continue
		}
		for i, w := range tt.want {
			if !strings.HasPrefix(got[i], w) {
				t.Errorf("Parse(%q) problem %d = %q, want %q…", tt.in, i, got[i], w)
			}
		}
	}
}

// TestNoProblems lists valid uses of every function.
func TestNoProblems(t *testing.T) {
	for _, tt := range []struct {
		kind Kind
		in   string
	}{
		{FilterExpression, "attribute_exists(a) AND attribute_not_exists(#b.c[1])"},
		{FilterExpression, "attribute_type(a, :t) AND contains(b, :v) AND begins_with(c, :p)"},
		{FilterExpression, "size(a) > :n AND :n <= size(b) AND size(c) BETWEEN :x AND :y AND size(d) IN (:p)"},
		{FilterExpression, "contains(a, size(b))"},
		{FilterExpression, "NOT attribute_exists(a) OR (attribute_exists(b))"},
		{FilterExpression, "attribute_exists((a))"},
		{FilterExpression, "a[2147483647] = :v"},
		{KeyConditionExpression, "#pk = :pk AND begins_with(#sk, :p)"},
		{UpdateExpression, "SET a = if_not_exists(a, :z) + :one, l = list_append(if_not_exists(l, :e), :v)"},
		{UpdateExpression, "SET a = list_append(:v, a), b = (if_not_exists(b, :z)) - :one"},
		{UpdateExpression, "SET a = :v REMOVE b ADD c :x DELETE d :y"},
		{ProjectionExpression, "a, b[0], #c.d"},
	} {
		e, err := Parse(tt.kind, tt.in)
		if err != nil || len(e.Problems) != 0 {
			t.Errorf("Parse(%s, %q): %v", tt.kind, tt.in, err)
		}
	}
}
