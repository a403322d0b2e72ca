package validate

import "github.com/dynexpr/dynexpr/diag"

var syntaxError = &Rule{
	Name:     "syntax-error",
	Severity: Error,
	Title:    "the input does not parse",
	Why: `A statement (or, in a request file, an expression) that does not parse cannot be
checked or sent. The message says what was expected at the place it points to.
In lint it is a finding like any other (exit status 1), in a DSL file as in a
request file; build, which has nothing to print, exits with status 2.`,
	DynamoMessages: []string{`Invalid UpdateExpression: Syntax error; token: "INVALID", near: "INVALID SYNTAX"`},
	Bad:            `query Tickets key id == "a91f"`,
	Good:           `query Tickets key id = "a91f"`,
	AppliesTo:      "every input",
	Unsilenceable: `what does not parse cannot be checked, nor sent: the rule cannot be turned
off nor given another severity in .dynexpr.yaml, and an ignore comment cannot
silence it (the comment would belong to a statement that does not parse).
Fix the input, or leave the file out of lint with exclude: in .dynexpr.yaml.`,
}

// SyntaxError is the finding for input that does not parse, or cannot be
// used as what it was given as, at pos.
func SyntaxError(pos diag.Pos, msg string) Finding {
	return Finding{Pos: pos, Rule: syntaxError.Name, Severity: syntaxError.Severity, Message: msg}
}
