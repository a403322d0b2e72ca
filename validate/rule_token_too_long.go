package validate

import (
	"fmt"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/grammar"
)

// maxTokenLength is how long a ClientRequestToken may be. It is counted in
// UTF-8 bytes: the strictest reading of a limit whose unit outside ASCII is
// not on record (see Why).
const maxTokenLength = 36

var tokenTooLong = &Rule{
	Name:     "token-too-long",
	Severity: Error,
	Title:    "a ClientRequestToken longer than 36 characters, or empty",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "a .partiql file holds statements and the batch and transaction markers only: an execute-transaction's ClientRequestToken is a member of its request JSON"},
	},
	Why: `A transact write's token (ClientRequestToken) makes it idempotent: DynamoDB
runs a request once for each token for ten minutes, and answers a repeated one
as it did the first. The token is 1 to 36 characters, room for a UUID; DynamoDB
refuses a longer or an empty one as a validation error at clientRequestToken.
DynamoDB's model gives the length, 1 to 36, without saying what it counts in a
token of other than ASCII characters; the local emulators count UTF-8 bytes.
dynexpr counts bytes too, the strictest reading, so that a token it calls clean
is taken whatever DynamoDB counts: for ASCII, a character is a byte. Use a UUID, or a hash of what makes the request unique cut to 36
characters.`,
	DynamoMessages: []string{"1 validation error detected: Value 'registration-of-kp@example.com-2026-12-01' at 'clientRequestToken' " + msgTokenTooLong},
	Bad:            `transact write token "registration-of-kp@example.com-2026-12-01" { put Tickets item {id: "a91f"} }`,
	Good:           `transact write token "7f3a2c1e-5b4d-4e8f-9a0b-1c2d3e4f5a6b" { put Tickets item {id: "a91f"} }`,
	AppliesTo:      "transact write (token)",
	Kinds:          []grammar.Kind{grammar.KindTransactWrite},
	check:          checkTokenTooLong,
}

func checkTokenTooLong(p *Pass) {
	tok := p.Stmt.Token
	if tok == nil || tok.Type != grammar.TypeS {
		return // an unbound parameter: checked once bound
	}
	n := len(tok.Text)
	quote := func(msg string) string { return fmt.Sprintf("Value '%s' at 'clientRequestToken' %s", tok.Text, msg) }
	switch {
	case n > maxTokenLength && utf8.RuneCountInString(tok.Text) == n:
		p.Reportf(tok.Pos, "the token is %d characters, and DynamoDB takes 1 to %d; it answers %q. Write a UUID, or a hash of what makes the request unique cut to %d characters",
			n, maxTokenLength, quote(msgTokenTooLong), maxTokenLength)
	case n > maxTokenLength:
		p.Reportf(tok.Pos, "the token is %d bytes of UTF-8 (%d characters), and DynamoDB takes 1 to %d, counting characters outside ASCII in a way not on record (the local emulators count bytes); it may answer %q. Write a UUID, or another token of at most %d ASCII characters",
			n, utf8.RuneCountInString(tok.Text), maxTokenLength, quote(msgTokenTooLong), maxTokenLength)
	case n == 0:
		p.Reportf(tok.Pos, "the token is empty, and DynamoDB takes 1 to %d characters; it answers %q. Write a UUID, or leave token out",
			maxTokenLength, quote(msgTokenTooShort))
	}
}
