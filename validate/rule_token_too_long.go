package validate

import (
	"fmt"
	"unicode/utf16"

	"github.com/dynexpr/dynexpr/grammar"
)

// maxTokenLength is how long a ClientRequestToken may be, in UTF-16 code
// units (what a Java service's String.length counts).
const maxTokenLength = 36

const (
	msgTokenTooLong  = "failed to satisfy constraint: Member must have length less than or equal to 36"
	msgTokenTooShort = "failed to satisfy constraint: Member must have length greater than or equal to 1"
)

var tokenTooLong = &Rule{
	Name:     "token-too-long",
	Severity: Error,
	Title:    "a ClientRequestToken longer than 36 characters, or empty",
	Why: `A transact write's token (ClientRequestToken) makes it idempotent: DynamoDB
runs a request once for each token for ten minutes, and answers a repeated one
as it did the first. The token is 1 to 36 characters, room for a UUID; DynamoDB
refuses a longer or an empty one as a validation error at clientRequestToken.
dynexpr counts as DynamoDB, a Java service, counts a string's length: in UTF-16
code units, so a character outside the Basic Multilingual Plane (an emoji)
counts as two; an ASCII character counts as one. Use a UUID, or a hash of what makes the request unique cut to 36
characters.`,
	DynamoMessage: "1 validation error detected: Value 'registration-of-kp@example.com-2026-12-01' at 'clientRequestToken' " + msgTokenTooLong,
	Bad:           `transact write token "registration-of-kp@example.com-2026-12-01" { put Tickets item {id: "a91f"} }`,
	Good:          `transact write token "7f3a2c1e-5b4d-4e8f-9a0b-1c2d3e4f5a6b" { put Tickets item {id: "a91f"} }`,
	AppliesTo:     "transact write (token)",
	Groups:        true,
	check:         checkTokenTooLong,
}

func checkTokenTooLong(p *Pass) {
	tok := p.Stmt.Token
	if tok == nil || tok.Type != grammar.TypeS {
		return // an unbound parameter: checked once bound
	}
	n := len(utf16.Encode([]rune(tok.Text)))
	quote := func(msg string) string { return fmt.Sprintf("Value '%s' at 'clientRequestToken' %s", tok.Text, msg) }
	switch {
	case n > maxTokenLength:
		p.Reportf(tok.Pos, "the token is %d characters long as DynamoDB counts them (UTF-16 code units), and DynamoDB takes 1 to %d; it answers %q. Write a UUID, or a hash of what makes the request unique cut to %d characters",
			n, maxTokenLength, quote(msgTokenTooLong), maxTokenLength)
	case n == 0:
		p.Reportf(tok.Pos, "the token is empty, and DynamoDB takes 1 to %d characters; it answers %q. Write a UUID, or leave token out",
			maxTokenLength, quote(msgTokenTooShort))
	}
}
