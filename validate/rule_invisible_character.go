package validate

import (
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

var invisibleCharacter = &Rule{
	Name:     "invisible-character",
	Severity: Warning,
	Title:    "a character that does not show as itself, raw in an input file",
	Why: `A bidirectional control (U+202E reverses what follows it on the line), a
zero-width space or joiner, a soft hyphen, U+2028, a no-break space or a control
character shows as something other than what the file holds, or as nothing: a
reviewer reads one statement and DynamoDB is sent another (Trojan Source). DynamoDB
accepts them. In a string, write the escape ("\u202e"), which dynexpr fmt writes
for you; in a comment, remove it; a name in backticks has no escapes, so a name
that truly holds one stays raw (ignore the rule there, with the reason).
The characters are those docs/language.md lists under Files.`,
	Bad:       "put Tickets item {id: \"a91f\u200b\"}",
	Good:      `put Tickets item {id: "a91f\u200b"}`,
	AppliesTo: "the text of every statement as the file holds it (its strings, names and comments, a group's lines between its members; a request's JSON), not the comments on lines of their own between statements",
	Kinds: []grammar.Kind{grammar.KindQuery, grammar.KindScan, grammar.KindGet, grammar.KindPut, grammar.KindUpdate,
		grammar.KindDelete, grammar.KindCheck, grammar.KindTransactWrite, grammar.KindTransactGet, grammar.KindBatchGet, grammar.KindBatchWrite},
	check: checkInvisibleCharacter,
}

func checkInvisibleCharacter(p *Pass) {
	st := p.Stmt
	src := st.Source
	// A group's members are checked as statements of their own: the group
	// looks at its own lines only (head, braces, comments between members).
	var skip [][2]int
	for _, m := range st.Members {
		from := m.Pos.Offset - st.Pos.Offset
		skip = append(skip, [2]int{from, from + len(m.Source)})
	}
	for i := 0; i < len(src); {
		if len(skip) > 0 && i >= skip[0][0] {
			i = max(i, skip[0][1])
			skip = skip[1:]
			continue
		}
		r, w := utf8.DecodeRuneInString(src[i:])
		if r != '\t' && r != '\n' && r != '\r' && diag.Hidden(r) {
			p.Reportf(posIn(st, i), "raw %s, a character that does not show as itself: a reviewer does not see what the file holds; in a string write its escape %s (dynexpr fmt does, in a DSL file), elsewhere remove it",
				diag.Printable(string(r)), escapeOf(r))
		}
		i += w
	}
}

// escapeOf is r as a DSL string writes it, \uXXXX (a surrogate pair past
// U+FFFF).
func escapeOf(r rune) string {
	q := grammar.Quote(string(r))
	return q[1 : len(q)-1]
}

// posIn is the position of byte i of st's text.
func posIn(st *grammar.Statement, i int) diag.Pos {
	pos := st.Pos
	pos.Offset += i
	head := st.Source[:i]
	if nl := diag.LastLineStart(head); nl > 0 {
		pos.Line += diag.CountLineEnds(head)
		pos.Col = i - nl + 1
	} else {
		pos.Col += i
	}
	return pos
}
