package lsp

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

func (s *server) completion(params json.RawMessage) (any, *rpcError) {
	d, off, err := s.at(params)
	if err != nil || d == nil || d.lang.complete == nil {
		return nil, err
	}
	items := d.lang.complete(s, d, off)
	if items == nil {
		items = []completionItem{}
	}
	return completionList{Items: items}, nil
}

// The words that begin a statement (every kind's words but check, which
// is only a member), a member of a group, and the groups.
var (
	statementVerbs []string
	memberVerbs    = []string{"put", "update", "delete", "check", "get"}
	groupKinds     = map[string]grammar.Kind{}
)

func init() {
	for k := grammar.KindQuery; k <= grammar.KindBatchWrite; k++ {
		if k != grammar.KindCheck {
			statementVerbs = append(statementVerbs, k.String())
		}
		if k.IsGroup() {
			groupKinds[k.String()] = k
		}
	}
}

// dslComplete offers what may be written at off, told from the words of
// the statement before it (which need not parse yet): a verb to start, a
// table after it, an index after index, else the clauses the statement
// may still take, the attributes of its table or index and the functions;
// a $parameter of the file after $; a rule after dynexpr:ignore.
func dslComplete(s *server, d *document, off int) []completionItem {
	if c, ok := commentAt(d.text, off); ok {
		if !strings.Contains(c, validate.IgnoreDirective) {
			return nil
		}
		var items []completionItem
		for _, r := range validate.All() {
			items = append(items, completionItem{Label: r.Name, Kind: kindRule, Detail: r.Title})
		}
		return items
	}
	sp := grammar.SpanAt(d.text, off)
	text := d.text[sp.From:off]
	toks, open := tokens(text)
	if open {
		return nil // inside a string or a backticked name
	}
	partial := ""
	if n := len(toks); n > 0 && strings.HasSuffix(text, toks[n-1]) && isWordByte(text[len(text)-1]) {
		partial, toks = toks[n-1], toks[:n-1]
	}
	if strings.HasPrefix(partial, "$") {
		return paramItems(d.text)
	}
	// Inside a group's braces, the member being written.
	member := false
	for i := len(toks) - 1; i >= 0; i-- {
		if toks[i] == "{" || toks[i] == ";" {
			toks, member = toks[i+1:], true
			break
		}
	}
	if len(toks) >= 2 && toks[1] == ":" {
		toks = toks[2:] // a label
	}
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = strings.ToLower(t)
	}
	if len(words) == 0 {
		if member {
			return keywordItems(memberVerbs)
		}
		return keywordItems(statementVerbs)
	}
	if len(words) >= 2 {
		if k, ok := groupKinds[words[0]+" "+words[1]]; ok {
			return clauseItems(k, words)
		}
	}
	kind, ok := kindOf(words[0])
	if !ok {
		return nil
	}
	ws := s.workspaceOf(d)
	if len(words) == 1 {
		if ws.sch == nil {
			return nil
		}
		var items []completionItem
		for _, t := range ws.sch.Tables {
			items = append(items, completionItem{Label: grammar.TableName(t.Name), Kind: kindClass, Detail: "table"})
		}
		return items
	}
	var t *schema.Table
	if ws.sch != nil {
		t = ws.sch.Table(unquote(toks[1]))
	}
	if words[len(words)-1] == "index" {
		if t == nil {
			return nil
		}
		var items []completionItem
		for _, ix := range t.Indexes {
			items = append(items, completionItem{Label: grammar.TableName(ix.Name), Kind: kindClass, Detail: indexLine(t, ix)})
		}
		return items
	}
	items := clauseItems(kind, words)
	var ix *schema.Index
	if i := slices.Index(words, "index"); i >= 0 && i+1 < len(toks) && t != nil {
		ix = t.Index(unquote(toks[i+1]))
	}
	items = append(items, attrItems(t, ix)...)
	cond, update := validate.FunctionNames()
	funcs := cond
	if lastClause(kind, words) == "set" {
		funcs = update
	}
	for _, f := range funcs {
		items = append(items, completionItem{Label: f, Kind: kindFunction})
	}
	return items
}

// kindOf is the kind of statement a verb begins.
func kindOf(verb string) (grammar.Kind, bool) {
	for k := grammar.KindQuery; k <= grammar.KindCheck; k++ {
		if k.String() == verb {
			return k, true
		}
	}
	return 0, false
}

func keywordItems(words []string) []completionItem {
	items := make([]completionItem, len(words))
	for i, w := range words {
		items[i] = completionItem{Label: w, Kind: kindKeyword}
	}
	return items
}

// clauseItems are the clauses a statement of kind may still take: those
// not written yet, and those that repeat.
func clauseItems(kind grammar.Kind, words []string) []completionItem {
	var items []completionItem
	for _, id := range grammar.ClausesOf(kind) {
		ws := id.Words()
		written := slices.ContainsFunc(ws, func(w string) bool { return slices.Contains(words[1:], w) })
		if written && !id.Repeats() {
			continue
		}
		for _, w := range ws {
			items = append(items, completionItem{Label: w, Kind: kindKeyword, Detail: "clause"})
		}
	}
	return items
}

// lastClause is the last clause keyword among words, "" if none.
func lastClause(kind grammar.Kind, words []string) string {
	for i := len(words) - 1; i > 0; i-- {
		for _, id := range grammar.ClausesOf(kind) {
			if slices.Contains(id.Words(), words[i]) {
				return words[i]
			}
		}
	}
	return ""
}

// attrItems are the attributes the schema knows of t: its key, the
// indexes' keys and included attributes, the declared ones; of an index
// read (ix), only those it holds.
func attrItems(t *schema.Table, ix *schema.Index) []completionItem {
	if t == nil {
		return nil
	}
	seen := map[string]string{}
	note := func(a, what string) {
		if _, ok := seen[a]; !ok {
			seen[a] = what
		}
	}
	for _, a := range t.Key.Attributes() {
		note(a, "key of "+t.Name)
	}
	for _, x := range t.Indexes {
		for _, a := range x.Key.Attributes() {
			note(a, "key of "+x.Name)
		}
		for _, a := range x.Include {
			note(a, "projected into "+x.Name)
		}
	}
	for a := range t.Attributes {
		note(a, "declared "+string(t.Attributes[a]))
	}
	names := make([]string, 0, len(seen))
	for a := range seen {
		if ix == nil || ix.Projects(a, t) {
			names = append(names, a)
		}
	}
	sort.Strings(names)
	items := make([]completionItem, len(names))
	for i, a := range names {
		items[i] = completionItem{Label: grammar.Name(a), Kind: kindField, Detail: seen[a]}
	}
	return items
}

// paramItems are the $parameters the file uses.
func paramItems(src string) []completionItem {
	seen := map[string]bool{}
	var items []completionItem
	toks, _ := tokens(src)
	for _, t := range toks {
		if len(t) > 1 && t[0] == '$' && !seen[t] {
			seen[t] = true
			items = append(items, completionItem{Label: t, Kind: kindVariable, Detail: "parameter"})
		}
	}
	return items
}

// tokens splits DSL text into words, quoted strings, backticked names and
// punctuation, leaving comments out; open says the text ends inside a
// string or a backticked name.
func tokens(text string) (toks []string, open bool) {
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '#':
			for i < len(text) && text[i] != '\n' && text[i] != '\r' {
				i++
			}
		case c == '"' || c == '`':
			j := grammar.SkipQuoted(text, i)
			if j >= len(text) || text[j] != c || j == i {
				return toks, true
			}
			toks = append(toks, text[i:j+1])
			i = j + 1
		case isWordByte(c):
			j := i
			for j < len(text) && isWordByte(text[j]) {
				j++
			}
			toks = append(toks, text[i:j])
			i = j
		default:
			toks = append(toks, text[i:i+1])
			i++
		}
	}
	return toks, false
}

// unquote is a table or index name without its backticks.
func unquote(t string) string {
	if len(t) >= 2 && t[0] == '`' && t[len(t)-1] == '`' {
		return t[1 : len(t)-1]
	}
	return t
}
