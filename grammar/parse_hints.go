package grammar

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Messages for input written in another language's habits: a label
// spelled like a table name (open-tickets:), PartiQL, and a $parameter
// joined with text where a table name stands ($table-dev). They replace the
// parser's message for input that fails to parse anyway, so they change
// what the user reads, never what parses (the grammar spec is unaffected).

// hintError returns the message that explains a parse error at pos better,
// with its position, or ok false when there is none. from is a statement's
// start at or before pos (the file's start will do), where reading begins.
func hintError(src string, from, pos diag.Pos) (at diag.Pos, msg string, ok bool) {
	start, ok := statementStart(src, from, pos.Offset)
	if !ok {
		return pos, "", false
	}
	if start.Offset == pos.Offset {
		if msg, ok := badLabel(src[start.Offset:]); ok {
			return start, msg, true
		}
	}
	if msg, at, ok := partiQL(src[start.Offset:]); ok {
		return posAt(pos.File, src, start.Offset+at), msg, true
	}
	if msg, at, ok := joinedParam(src, pos.Offset); ok {
		return posAt(pos.File, src, at), msg, true
	}
	if msg, at, ok := listAfterAction(src, start, pos.Offset); ok {
		return posAt(pos.File, src, at), msg, true
	}
	return pos, "", false
}

// listAfterAction explains `add a [1]` and `delete a [1]`, a list of one
// number meant as the value: the parser reads a [1] as the path a[1] and
// then finds no value after it. ADD takes a number or a set, DELETE a set
// (DynamoDB refuses a list for either); the message says what to write for
// a list. from is where the statement starts, off where the error is; at is
// where the "[" is.
func listAfterAction(src string, from diag.Pos, off int) (msg string, at int, ok bool) {
	l := newLexerAt(src, from)
	var toks []token
	for {
		t, err := l.Next()
		if err != nil || t.Type == tokEOF || t.Pos.Offset >= off {
			break
		}
		toks = append(toks, t)
	}
	n := len(toks)
	if n < 5 || !isPunct(toks[n-1], "]") || toks[n-2].Type != tokNumber || !isPunct(toks[n-3], "[") {
		return "", 0, false
	}
	open := toks[n-3].Pos.Offset
	before := toks[n-4]
	if before.Pos.Offset+len(before.Value) == open {
		return "", 0, false // a[1], written as a path
	}
	// The path before the "[": names, dots and indexes back to the action's
	// start, after its clause word or a ",".
	i := n - 4
	for i > 0 && (toks[i].Type == tokIdent || toks[i].Type == tokQuoted || isPunct(toks[i], ".") ||
		isPunct(toks[i], "]") || isPunct(toks[i], "[") || toks[i].Type == tokNumber) && !isPunct(toks[i-1], ",") && !isClauseWord(toks[i-1]) {
		i--
	}
	if i == 0 {
		return "", 0, false
	}
	verb := ""
	for j := i - 1; j >= 0 && verb == ""; j-- {
		if isClauseWord(toks[j]) {
			verb = strings.ToLower(toks[j].Value)
		}
	}
	path := strings.TrimRight(src[toks[i].Pos.Offset:open], " \t\r\n")
	index := toks[n-2].Value
	lead := fmt.Sprintf(`"%s %s [%s]" reads as the path %s[%s], an element of the list %s, with no value after it: `, verb, path, index, path, index, path)
	switch verb {
	case "add":
		return lead + fmt.Sprintf(`add takes a number or a set (add %s 1, add %s <<1>>, add %s <<"x">>), not a list; to append %s to the list %s, write set %s = list_append(%s, [%s])`,
			path, path, path, index, path, path, path, index), open, true
	case "delete":
		return lead + fmt.Sprintf("delete takes a set, the elements to take out of a set (delete %s <<%s>>), not a list; to remove the element %s[%s] of the list, write remove %s[%s]",
			path, index, path, index, path, index), open, true
	}
	return "", 0, false
}

func isPunct(t token, p string) bool { return t.Type == tokPunct && t.Value == p }

// isClauseWord reports whether t is the word of an update's action clause.
func isClauseWord(t token) bool {
	if t.Type != tokIdent {
		return false
	}
	switch strings.ToLower(t.Value) {
	case "add", "delete", "set", "remove":
		return true
	}
	return false
}

// joinedParam explains a table or index name written as a parameter
// joined with text, like $table-dev or $stage.users (the lexer reads $table,
// then "-"), when the error is at the "-" or "."; at is where the $ is.
func joinedParam(src string, off int) (msg string, at int, ok bool) {
	if off >= len(src) || src[off] != '-' && src[off] != '.' {
		return "", 0, false
	}
	at = off
	for at > 0 && isIdentChar(src[at-1]) {
		at--
	}
	if at == off || at == 0 || src[at-1] != '$' {
		return "", 0, false
	}
	at--
	before := strings.TrimRight(src[:at], " \t\r\n")
	if len(before) == len(src[:at]) {
		return "", 0, false
	}
	word := before[strings.LastIndexFunc(before, func(r rune) bool { return r > 127 || !isIdentChar(byte(r)) })+1:]
	if w := strings.ToLower(word); !verbs[w] && w != "index" {
		return "", 0, false
	}
	end := off
	for end < len(src) && isNameChar(src[end]) {
		end++
	}
	name, example := src[at+1:off], "Users-dev"
	if strings.EqualFold(word, "index") {
		example = "by-email-v2"
	}
	return fmt.Sprintf("%s: a $parameter stands for a whole table or index name, and the DSL does not join it with other text; write $%s and bind it to the full name, like -p %s=%s",
		diag.Printable(src[at:end]), name, name, example), at, true
}

// statementStart is the position of the first token of the statement that
// holds offset off (the token there, or the lexical error or end of input
// there): the first token after the last ";" before it.
func statementStart(src string, from diag.Pos, off int) (diag.Pos, bool) {
	l := newLexerAt(src, from)
	var first diag.Pos
	found := false
	for {
		t, err := l.Next()
		if err != nil || t.Type == tokEOF || t.Pos.Offset > off {
			return first, found
		}
		switch {
		case t.Type == tokPunct && t.Value == ";":
			found = false
		case !found:
			first, found = t.Pos, true
		}
	}
}

// badLabel explains a label written with characters a label cannot have,
// like open-tickets: (the lexer reads open, "-", tickets).
func badLabel(text string) (string, bool) {
	n := 0
	for n < len(text) && isNameChar(text[n]) {
		n++
	}
	word := text[:n]
	rest := strings.TrimLeft(text[n:], " \t")
	if !strings.HasPrefix(rest, ":") || !strings.ContainsAny(word, "-.") {
		return "", false
	}
	fixed := strings.Map(func(r rune) rune {
		if r == '-' || r == '.' {
			return '_'
		}
		return r
	}, word)
	verb := "query"
	if after := strings.Fields(rest[1:]); len(after) > 0 && verbs[strings.ToLower(after[0])] {
		verb = strings.ToLower(after[0])
	}
	return `"` + word + `" cannot be a label: labels are letters, digits and _; write ` + fixed + ": " + verb + " ...", true
}

// partiQL explains a statement written in PartiQL (SELECT ... FROM,
// INSERT INTO, UPDATE "T" ... WHERE, DELETE FROM), with the DSL statement
// that says the same. text starts at the statement; at is where its first
// word is in text (after a label).
func partiQL(text string) (msg string, at int, ok bool) {
	if i := strings.IndexByte(text, ';'); i >= 0 {
		text = text[:i]
	}
	words := strings.Fields(text)
	if len(words) > 1 && strings.HasSuffix(words[0], ":") {
		at = len(words[0]) + strings.Index(text[len(words[0]):], words[1])
		words = words[1:] // a label
	}
	if len(words) < 2 || strings.HasPrefix(words[1], ":") {
		return "", 0, false
	}
	quoted := strings.HasPrefix(words[1], `"`)
	var verb, after, form string
	switch strings.ToLower(words[0]) {
	case "select":
		if !hasWord(words, "from") {
			return "", 0, false
		}
		verb, after, form = "SELECT", "from", "query %s key PARTITION = VALUE, or scan %s filter CONDITION"
	case "insert":
		if !hasWord(words, "into") {
			return "", 0, false
		}
		verb, after, form = "INSERT", "into", "put %s item {ATTR: VALUE, ...}"
	case "update":
		// A DSL update with a where in it has its key clause.
		if !quoted && (!hasWord(words, "where") || hasWord(words, "key")) {
			return "", 0, false
		}
		verb, after, form = "UPDATE", "update", "update %s key PARTITION = VALUE set ATTR = VALUE"
	case "delete":
		if !strings.EqualFold(words[1], "from") || len(words) < 3 || !strings.HasPrefix(words[2], `"`) && !hasWord(words, "where") {
			return "", 0, false
		}
		verb, after, form = "DELETE", "from", "delete %s key PARTITION = VALUE"
	default:
		return "", 0, false
	}
	table := "TABLE"
	if name := nameAfter(text, after); name != "" {
		table = TableName(name)
	}
	return "this looks like PartiQL (" + verb + "), which dynexpr reads from a .partiql file (dynexpr build -f q.partiql, or the statement alone as build's argument); in the DSL, write it as " +
		strings.ReplaceAll(form, "%s", table), at, true
}

// LooksLikePartiQL reports whether the first statement of src is written
// in PartiQL (SELECT ... FROM, INSERT INTO, UPDATE "T" ... WHERE, DELETE
// FROM, EXISTS(...)): the command line reads such a text as PartiQL.
func LooksLikePartiQL(src string) bool {
	text := strings.TrimLeft(strings.TrimPrefix(src, ByteOrderMark), " \t\r\n")
	for strings.HasPrefix(text, "--") { // PartiQL's comments
		_, rest, _ := strings.Cut(text, "\n")
		text = strings.TrimLeft(rest, " \t\r\n")
	}
	if len(text) >= 6 && strings.EqualFold(text[:6], "exists") && strings.HasPrefix(strings.TrimLeft(text[6:], " \t\r\n"), "(") {
		return true
	}
	_, _, ok := partiQL(text)
	return ok
}

func hasWord(words []string, w string) bool {
	for _, x := range words {
		if strings.EqualFold(x, w) {
			return true
		}
	}
	return false
}

// nameAfter is the name after the word kw (lower case) in text: "quoted",
// or bare like a table name; "" when kw is not there.
func nameAfter(text, kw string) string {
	lower := []byte(text)
	for i, c := range lower {
		if c >= 'A' && c <= 'Z' {
			lower[i] = c + 'a' - 'A'
		}
	}
	for i := 0; ; {
		j := strings.Index(string(lower[i:]), kw)
		if j < 0 {
			return ""
		}
		j += i
		i = j + len(kw)
		if j > 0 && !isSpace(text[j-1]) || i >= len(text) || !isSpace(text[i]) {
			continue
		}
		rest := strings.TrimLeft(text[i:], " \t\r\n")
		if strings.HasPrefix(rest, `"`) {
			if k := strings.IndexByte(rest[1:], '"'); k > 0 {
				return rest[1 : k+1]
			}
			return ""
		}
		n := 0
		for n < len(rest) && isNameChar(rest[n]) {
			n++
		}
		return rest[:n]
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
