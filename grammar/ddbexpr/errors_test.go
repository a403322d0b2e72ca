package ddbexpr

import (
	"errors"
	"strings"
	"testing"
)

// TestSyntaxErrors checks DynamoDB's exact message for expressions its
// grammar rejects: the offending token and DynamoDB's "near" excerpt (the
// previous token, the whitespace, the token, the whitespace, the next token).
// Cases marked AWS were captured from real DynamoDB responses; the others
// follow DynamoDB's grammar and its answers (docs/rules/syntax-error.md).
func TestSyntaxErrors(t *testing.T) {
	for _, tt := range syntaxErrorCases {
		e, err := Parse(tt.kind, tt.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%s, %q) = %v, %v; want a syntax error", tt.kind, tt.in, e, err)
			continue
		}
		if e != nil {
			t.Errorf("Parse(%s, %q) returned a tree with a syntax error", tt.kind, tt.in)
		}
		if want := tt.kind.Prefix() + tt.dynamo; se.DynamoMsg != want {
			t.Errorf("Parse(%s, %q).DynamoMsg\n got %s\nwant %s", tt.kind, tt.in, se.DynamoMsg, want)
		}
		if se.Offset != tt.offset || se.End < se.Offset || se.End > len(tt.in) {
			t.Errorf("Parse(%s, %q): offset %d-%d, want %d", tt.kind, tt.in, se.Offset, se.End, tt.offset)
		}
		if se.Reason != ReasonSyntax {
			t.Errorf("Parse(%s, %q): reason %d", tt.kind, tt.in, se.Reason)
		}
		if !strings.Contains(se.Msg, tt.msg) || !strings.HasPrefix(se.Msg, "expected ") {
			t.Errorf("Parse(%s, %q).Msg = %q, want it to contain %q", tt.kind, tt.in, se.Msg, tt.msg)
		}
		if se.Error() != se.Msg {
			t.Errorf("Error() = %q", se.Error())
		}
	}
}

var syntaxErrorCases = []struct {
	kind   Kind
	in     string
	offset int
	dynamo string // after the kind's prefix
	msg    string // a part of our own message
}{
	// AWS: the two examples in the reference.
	{UpdateExpression, "INVALID SYNTAX", 0, `Syntax error; token: "INVALID", near: "INVALID SYNTAX"`, "expected SET, REMOVE, ADD or DELETE"},
	{ProjectionExpression, "!!", 0, `Syntax error; token: "!", near: "!!"`, "expected a document path"},
	// AWS: a bare name must start with a letter (aws-sdk-js #1691,
	// aws-sdk-java-v2 #3279, Dynamoid #808, dynalite #147).
	{UpdateExpression, "set _something = :something", 4, `Syntax error; token: "_", near: "set _something"`, "must start with a letter"},
	{FilterExpression, "_type = :t", 0, `Syntax error; token: "_", near: "_type"`, "#name placeholder"},
	{ConditionExpression, "_version = :v", 0, `Syntax error; token: "_", near: "_version"`, ""},
	{ConditionExpression, "__typename <> :__typename", 0, `Syntax error; token: "_", near: "__"`, ""},
	{KeyConditionExpression, "pk = :pk AND _sortKey = :s", 13, `Syntax error; token: "_", near: "AND _sortKey"`, ""},
	// AWS: "-" in a name (intellij-dynamodb #3).
	{KeyConditionExpression, "GI-1-PK = :partitionKeyVal", 2, `Syntax error; token: "-", near: "GI-1"`, `containing "-"`},
	// typical syntax errors, as DynamoDB reports them
	{FilterExpression, "a > 4", 4, `Syntax error; token: "4", near: "> 4"`, "no literal numbers"},
	{FilterExpression, `a = "x"`, 4, `Syntax error; token: """, near: "= "x"`, "no literal strings"},
	{FilterExpression, "a = 'x'", 4, `Syntax error; token: "'", near: "= 'x"`, "no literal strings"},
	{FilterExpression, "a == b", 3, `Syntax error; token: "=", near: "== b"`, `single "="`},
	{FilterExpression, "a =", 3, `Syntax error; token: "<EOF>", near: "="`, "found the end of the expression"},
	{FilterExpression, "a = ", 4, `Syntax error; token: "<EOF>", near: "= "`, ""},
	{FilterExpression, "a = :v AND", 10, `Syntax error; token: "<EOF>", near: "AND"`, ""},
	{FilterExpression, "a = :v OR ", 10, `Syntax error; token: "<EOF>", near: "OR "`, ""},
	{FilterExpression, "NOT", 3, `Syntax error; token: "<EOF>", near: "NOT"`, ""},
	{FilterExpression, "a in b, c", 5, `Syntax error; token: "b", near: "in b,"`, `"(" after IN`},
	{FilterExpression, "a in (b,c,)", 10, `Syntax error; token: ")", near: ",)"`, ""},
	{UpdateExpression, "SET a = b + c + d", 14, `Syntax error; token: "+", near: "c + d"`, "one + or - per SET value"},
	{UpdateExpression, "SET a = b - c - d", 14, `Syntax error; token: "-", near: "c - d"`, "one + or - per SET value"},
	// SET a[1] = 1: the path a[1] is fine; the literal 1 is the error.
	{UpdateExpression, "SET a[1] = 1", 11, `Syntax error; token: "1", near: "= 1"`, "no literal numbers"},
	{UpdateExpression, "REMOVE a :v", 9, `Syntax error; token: ":v", near: "a :v"`, "REMOVE takes document paths only"},
	{UpdateExpression, "ADD a = b", 6, `Syntax error; token: "=", near: "a = b"`, "expected a value placeholder like :v after the ADD path"},
	{UpdateExpression, "DELETE a b", 9, `Syntax error; token: "b", near: "a b"`, "after the DELETE path"},
	{UpdateExpression, "SET :a = b", 4, `Syntax error; token: ":a", near: "SET :a ="`, "the document path to set"},
	// whitespace only: a syntax error at the end, not "empty"
	{FilterExpression, "   ", 3, `Syntax error; token: "<EOF>", near: "   "`, ""},
	{UpdateExpression, "\n", 1, `Syntax error; token: "<EOF>", near: "` + "\n" + `"`, ""},
	{ProjectionExpression, " \t ", 3, `Syntax error; token: "<EOF>", near: " ` + "\t" + ` "`, ""},
	// leading whitespace belongs to "near" when there is no previous token
	{UpdateExpression, "  INVALID SYNTAX", 2, `Syntax error; token: "INVALID", near: "  INVALID SYNTAX"`, ""},
	// paths
	{FilterExpression, "a[:i] = :v", 2, `Syntax error; token: ":i", near: "[:i]"`, "list index"},
	{FilterExpression, "a[01] = :v", 3, `Syntax error; token: "1", near: "01]"`, `"]" after the list index, found "1": a list index is written without leading zeros`},
	{FilterExpression, "a[-1] = :v", 2, `Syntax error; token: "-", near: "[-1"`, ""},
	{FilterExpression, "a[1 = :v", 4, `Syntax error; token: "=", near: "1 = :v"`, ""},
	{FilterExpression, "a.1 = :v", 2, `Syntax error; token: "1", near: ".1 ="`, ""},
	{FilterExpression, "a. = :v", 3, `Syntax error; token: "=", near: ". = :v"`, `after "."`},
	{FilterExpression, "a.in = :v", 2, `Syntax error; token: "in", near: ".in ="`, "keyword"},
	{FilterExpression, "# = :v", 0, `Syntax error; token: "#", near: "# ="`, "placeholder"},
	{FilterExpression, "a = :", 4, `Syntax error; token: ":", near: "= :"`, "placeholder"},
	{FilterExpression, "café = :v", 3, `Syntax error; token: "é", near: "café ="`, "#name"},
	{FilterExpression, ":v", 2, `Syntax error; token: "<EOF>", near: ":v"`, ""},
	{FilterExpression, "a", 1, `Syntax error; token: "<EOF>", near: "a"`, ""},
	{FilterExpression, "a b", 2, `Syntax error; token: "b", near: "a b"`, `after "a"`},
	// conditions
	{FilterExpression, "a = :v b = :w", 7, `Syntax error; token: "b", near: ":v b ="`, "AND, OR"},
	{FilterExpression, "a = :v)", 6, `Syntax error; token: ")", near: ":v)"`, ""},
	{FilterExpression, "(a = :v", 7, `Syntax error; token: "<EOF>", near: ":v"`, `")"`},
	{FilterExpression, "(a)", 3, `Syntax error; token: "<EOF>", near: ")"`, ""},
	{FilterExpression, "NOT (a)", 7, `Syntax error; token: "<EOF>", near: ")"`, ""},
	{FilterExpression, "(a) AND b = :v", 4, `Syntax error; token: "AND", near: ") AND b"`, ""},
	{FilterExpression, "((a) AND b = :v)", 5, `Syntax error; token: "AND", near: ") AND b"`, ""},
	{FilterExpression, "(a = :v AND b)", 13, `Syntax error; token: ")", near: "b)"`, ""},
	{FilterExpression, "a = :v AND (b)", 14, `Syntax error; token: "<EOF>", near: ")"`, ""},
	{FilterExpression, "a = (b = c)", 7, `Syntax error; token: "=", near: "b = c"`, `")"`},
	{FilterExpression, "(a = :v) = :w", 9, `Syntax error; token: "=", near: ") = :w"`, ""},
	{FilterExpression, "a BETWEEN :x OR :y", 13, `Syntax error; token: "OR", near: ":x OR :y"`, "AND between the bounds"},
	{FilterExpression, "a NOT IN (:x)", 2, `Syntax error; token: "NOT", near: "a NOT IN"`, "no NOT BETWEEN or NOT IN"},
	{FilterExpression, "a IS NULL", 2, `Syntax error; token: "IS", near: "a IS NULL"`, "attribute_not_exists"},
	{FilterExpression, "a LIKE :p", 2, `Syntax error; token: "LIKE", near: "a LIKE :p"`, "begins_with"},
	{FilterExpression, "a IN ()", 6, `Syntax error; token: ")", near: "()"`, ""},
	{FilterExpression, "a IN :v", 5, `Syntax error; token: ":v", near: "IN :v"`, ""},
	{FilterExpression, "a IN (:x :y)", 9, `Syntax error; token: ":y", near: ":x :y)"`, `"," or ")"`},
	{FilterExpression, "a <> <> b", 5, `Syntax error; token: "<>", near: "<> <> b"`, ""},
	{FilterExpression, "a != :v", 2, `Syntax error; token: "!", near: "a !="`, `"<>"`},
	{FilterExpression, "a = :v && b = :w", 7, `Syntax error; token: "&", near: ":v &&"`, "AND, OR and NOT"},
	{FilterExpression, "a = :v;", 6, `Syntax error; token: ";", near: ":v;"`, ""},
	{FilterExpression, "size(a) + 1", 8, `Syntax error; token: "+", near: ") + 1"`, ""},
	{FilterExpression, "f() = :v", 2, `Syntax error; token: ")", near: "() ="`, ""},
	{FilterExpression, "a.b(c) = :v", 3, `Syntax error; token: "(", near: "b(c"`, ""},
	{FilterExpression, "#f(a) = :v", 2, `Syntax error; token: "(", near: "#f(a"`, ""},
	{FilterExpression, "begins_with(a, :v", 17, `Syntax error; token: "<EOF>", near: ":v"`, "in the call of begins_with"},
	{FilterExpression, "a = :v AND AND b = :w", 11, `Syntax error; token: "AND", near: "AND AND b"`, ""},
	{FilterExpression, "BETWEEN = :v", 0, `Syntax error; token: "BETWEEN", near: "BETWEEN ="`, "keyword"},
	{KeyConditionExpression, "pk = :pk AND sk >", 17, `Syntax error; token: "<EOF>", near: ">"`, ""},
	// update
	{UpdateExpression, "SET a = :v,", 11, `Syntax error; token: "<EOF>", near: ","`, ""},
	{UpdateExpression, "SET a = :v REMOVE", 17, `Syntax error; token: "<EOF>", near: "REMOVE"`, ""},
	{UpdateExpression, "SET a :v", 6, `Syntax error; token: ":v", near: "a :v"`, `"=" after the path`},
	{UpdateExpression, "SET a = (b + c) + d", 16, `Syntax error; token: "+", near: ") + d"`, "one + or -"},
	{UpdateExpression, "SET a = b + (c + d)", 15, `Syntax error; token: "+", near: "c + d"`, ""},
	{UpdateExpression, "SET a = ((b + c) + d)", 17, `Syntax error; token: "+", near: ") + d"`, "one + or -"},
	{UpdateExpression, "SET = :v", 4, `Syntax error; token: "=", near: "SET = :v"`, ""},
	{UpdateExpression, "SET set = :v", 4, `Syntax error; token: "set", near: "SET set ="`, "keyword"},
	{UpdateExpression, "UPDATE a = :v", 0, `Syntax error; token: "UPDATE", near: "UPDATE a"`, ""},
	{UpdateExpression, "REMOVE", 6, `Syntax error; token: "<EOF>", near: "REMOVE"`, ""},
	{UpdateExpression, "SET a = :v AND b = :w", 11, `Syntax error; token: "AND", near: ":v AND b"`, ""},
	{UpdateExpression, "SET a = :v + 1", 13, `Syntax error; token: "1", near: "+ 1"`, "no literal numbers"},
	{UpdateExpression, "SET a = b, c", 12, `Syntax error; token: "<EOF>", near: "c"`, ""},
	{UpdateExpression, "SET a = :v, REMOVE b", 12, `Syntax error; token: "REMOVE", near: ", REMOVE b"`, "remove the \",\" before REMOVE"},
	{UpdateExpression, "ADD a :v + :w", 9, `Syntax error; token: "+", near: ":v + :w"`, ""},
	// projection
	{ProjectionExpression, "a,", 2, `Syntax error; token: "<EOF>", near: ","`, ""},
	{ProjectionExpression, "a b", 2, `Syntax error; token: "b", near: "a b"`, ""},
	{ProjectionExpression, "a, :v", 3, `Syntax error; token: ":v", near: ", :v"`, ""},
	{ProjectionExpression, "a.", 2, `Syntax error; token: "<EOF>", near: "."`, ""},
	{ProjectionExpression, "size(a)", 4, `Syntax error; token: "(", near: "size(a"`, "document paths only"},
	{ProjectionExpression, "(a)", 0, `Syntax error; token: "(", near: "(a"`, ""},
}

func TestEmptyExpression(t *testing.T) {
	for k := KeyConditionExpression; k <= UpdateExpression; k++ {
		e, err := Parse(k, "")
		var se *SyntaxError
		if e != nil || !errors.As(err, &se) {
			t.Fatalf("Parse(%s, \"\") = %v, %v", k, e, err)
		}
		if want := "Invalid " + k.String() + ": The expression can not be empty;"; se.DynamoMsg != want {
			t.Errorf("DynamoMsg = %q, want %q", se.DynamoMsg, want)
		}
		if se.Reason != ReasonEmpty || se.Offset != 0 || se.End != 0 || !strings.Contains(se.Msg, "empty") {
			t.Errorf("Parse(%s, \"\") = %+v", k, se)
		}
	}
}

// TestDeepNesting checks that absurd nesting ends in an error, not a stack
// overflow, and that DynamoDB's answer for it is its size limit.
func TestDeepNesting(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("(", 20000) + "a = :v" + strings.Repeat(")", 20000),
		strings.Repeat("NOT ", 20000) + "a = :v",
		"a = " + strings.Repeat("size(", 20000) + "a" + strings.Repeat(")", 20000),
		strings.Repeat("a = :v AND ", 20000) + "a = :v",
	} {
		_, err := Parse(FilterExpression, in)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Reason != ReasonTooLong ||
			!strings.HasPrefix(se.DynamoMsg, "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: ") {
			t.Errorf("deep nesting (%d bytes): %v", len(in), err)
		}
	}
	// The deepest nesting that fits DynamoDB's 4096 characters parses.
	in := strings.Repeat("(", 2045) + "a=:v" + strings.Repeat(")", 2045)
	if len(in) > 4096 {
		t.Fatal("test expression too long")
	}
	if _, err := Parse(FilterExpression, in); err != nil {
		t.Errorf("4094-character nesting: %v", err)
	}
	in = strings.Repeat("a=:v AND ", 454) + "a=:v"
	if _, err := Parse(FilterExpression, in); err != nil || len(in) > 4096 {
		t.Errorf("%d-character AND chain: %v", len(in), err)
	}
}

func TestSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{{"", 0}, {"a = :v", 6}, {"é", 1}, {"€", 1}, {"😀", 2}, {"a😀b", 4}, {"\xff", 1}} {
		if got := Size(tt.in); got != tt.want {
			t.Errorf("Size(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestNear(t *testing.T) {
	// near never reaches outside the expression and always contains the
	// offending token.
	for _, in := range []string{"a", "a b", " a ", "a  =  = b  ", "(((", "a.b.", "=", " = "} {
		toks := lex(in, nil)
		for i, tk := range toks {
			n := near(in, toks, i)
			if tk.kind != tEOF && !strings.Contains(n, in[tk.start:tk.end]) {
				t.Errorf("near(%q, %d) = %q lacks the token", in, i, n)
			}
		}
	}
}
