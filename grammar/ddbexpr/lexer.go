package ddbexpr

import "unicode/utf8"

// tokKind is a token type of DynamoDB's expression lexer. Whitespace
// ([ \t\r\n]+) is not a token here; it is what lies between tokens.
type tokKind uint8

const (
	tEOF     tokKind = iota
	tComma           // ,
	tLParen          // (
	tRParen          // )
	tDot             // .
	tLBrack          // [
	tRBrack          // ]
	tEQ              // =
	tNE              // <>
	tLT              // <
	tLE              // <=
	tGT              // >
	tGE              // >=
	tPlus            // +
	tMinus           // -
	tIN              // IN (any case)
	tBETWEEN         // BETWEEN
	tNOT             // NOT
	tAND             // AND
	tOR              // OR
	tSET             // SET
	tADD             // ADD
	tDELETE          // DELETE
	tREMOVE          // REMOVE
	tIndex           // 0 | [1-9][0-9]*
	tID              // [A-Za-z][A-Za-z0-9_]*
	tName            // #[A-Za-z0-9_]+
	tValue           // :[A-Za-z0-9_]+
	tUnknown         // any other single character
)

// token is one on-channel token: its kind and its byte span in the source.
type token struct {
	kind       tokKind
	start, end int
}

func isIDStart(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isIDChar(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '_'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// keywords are the words DynamoDB's lexer reads as keywords.
var keywords = [...]struct {
	word string
	kind tokKind
}{
	{"in", tIN}, {"or", tOR}, {"and", tAND}, {"add", tADD}, {"not", tNOT}, {"set", tSET},
	{"delete", tDELETE}, {"remove", tREMOVE}, {"between", tBETWEEN},
}

// keyword returns the keyword token for an identifier, or tID.
// Keywords are matched case-insensitively, as DynamoDB's lexer does.
func keyword(s string) tokKind {
	if len(s) < 2 || len(s) > 7 {
		return tID
	}
	for _, k := range keywords {
		if len(k.word) == len(s) && eqFold(s, k.word) {
			return k.kind
		}
	}
	return tID
}

// eqFold compares an ASCII identifier with a lower-case ASCII word.
func eqFold(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}

// punctuation maps the characters that are a token alone to the token.
var punctuation = [256]tokKind{
	',': tComma, '(': tLParen, ')': tRParen, '.': tDot, '[': tLBrack, ']': tRBrack,
	'=': tEQ, '+': tPlus, '-': tMinus,
}

// lex appends the tokens of src to toks, ending with a tEOF token at
// len(src). It never fails: a character DynamoDB's lexer does not know is a
// tUnknown token, which the parser then reports.
func lex(src string, toks []token) []token {
	i := 0
	n := len(src)
	for {
		for i < n && isSpace(src[i]) {
			i++
		}
		if i >= n {
			return append(toks, token{tEOF, n, n})
		}
		start := i
		c := src[i]
		i++
		k := tUnknown
		switch {
		case punctuation[c] != 0:
			k = punctuation[c]
		case c == '<':
			k = tLT
			if i < n && src[i] == '>' {
				k = tNE
				i++
			} else if i < n && src[i] == '=' {
				k = tLE
				i++
			}
		case c == '>':
			k = tGT
			if i < n && src[i] == '=' {
				k = tGE
				i++
			}
		case c == '0':
			k = tIndex // "0" alone: "01" is two tokens, as in DynamoDB
		case c >= '1' && c <= '9':
			k = tIndex
			for i < n && src[i] >= '0' && src[i] <= '9' {
				i++
			}
		case isIDStart(c):
			for i < n && isIDChar(src[i]) {
				i++
			}
			k = keyword(src[start:i])
		case c == '#' || c == ':':
			if i < n && isIDChar(src[i]) {
				for i < n && isIDChar(src[i]) {
					i++
				}
				if c == '#' {
					k = tName
				} else {
					k = tValue
				}
			}
		case c >= utf8.RuneSelf:
			// One character, as DynamoDB's lexer sees it; an invalid byte
			// is one character too.
			_, size := utf8.DecodeRuneInString(src[start:])
			i = start + size
		}
		toks = append(toks, token{k, start, i})
	}
}

// describe says what a token is, for our own messages.
func describe(src string, t token) string {
	if t.kind == tEOF {
		return "the end of the expression"
	}
	return quote(src[t.start:t.end])
}

// quote puts s in double quotes for a message, escaping only what would make
// the message ambiguous.
func quote(s string) string {
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\t':
			b = append(b, '\\', 't')
		case '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}
