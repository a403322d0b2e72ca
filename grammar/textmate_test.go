package grammar

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/internal/goldenfile"
)

// The TextMate grammar of .dx files (editors/vscode/syntaxes/dx.tmLanguage.json,
// which VS Code and most editors and highlighters read) is generated here
// from the language's own tables, so that it cannot drift from them: the
// statement words of kindWords, the clause words of clauseTable, and the
// lexer's keywords. `go test ./grammar -run TestTextMateGrammar -update`
// rewrites it.
//
// Its regular expressions keep to what both TextMate's engine (Oniguruma)
// and Go's (RE2) read: no lookaround, no backreferences, no \G, no ^ or $;
// so TestTextMateHighlightsCorpus can run the grammar itself, with Go's
// regexp, over every .dx file of the repository.

const textMatePath = "../editors/vscode/syntaxes/dx.tmLanguage.json"

// tmRule is a TextMate rule, its members in the order the file writes them.
type tmRule struct {
	Comment       string             `json:"comment,omitempty"`
	Name          string             `json:"name,omitempty"`
	Match         string             `json:"match,omitempty"`
	Begin         string             `json:"begin,omitempty"`
	End           string             `json:"end,omitempty"`
	Captures      map[string]tmScope `json:"captures,omitempty"`
	BeginCaptures map[string]tmScope `json:"beginCaptures,omitempty"`
	EndCaptures   map[string]tmScope `json:"endCaptures,omitempty"`
	Patterns      []tmRule           `json:"patterns,omitempty"`
	Include       string             `json:"include,omitempty"`
}

type tmScope struct {
	Name string `json:"name"`
}

type tmGrammar struct {
	Schema    string            `json:"$schema"`
	Comment   string            `json:"comment"`
	Name      string            `json:"name"`
	ScopeName string            `json:"scopeName"`
	FileTypes []string          `json:"fileTypes"`
	Patterns  []tmRule          `json:"patterns"`
	Repo      map[string]tmRule `json:"repository"`
}

// The scopes of the language's words.
const (
	scopeStatement = "keyword.control.statement.dx"
	scopeClause    = "keyword.control.clause.dx"
	scopeOperator  = "keyword.operator.word.dx"
	scopeWord      = "keyword.other.dx"
	scopeConstant  = "constant.language.dx"
)

// dxWords are the language's words by the scope they get.
type dxWords struct {
	statements, clauses, operators, constants, others []string
	// verbs begin a statement of one request (query, ..., check); a
	// group's two words are a head (transact, batch) and a mode (write, get).
	verbs, groupHeads, groupModes []string
}

// languageWords reads the words from the tables the lexer and parser use.
func languageWords() dxWords {
	var w dxWords
	add := func(list *[]string, word string) {
		if !slices.Contains(*list, word) {
			*list = append(*list, word)
		}
	}
	for k := KindQuery; k < kindEnd; k++ {
		words := strings.Fields(k.String())
		if k.IsGroup() {
			add(&w.groupHeads, words[0])
			add(&w.groupModes, words[1])
		} else {
			add(&w.verbs, words[0])
		}
		for _, word := range words {
			add(&w.statements, word)
		}
	}
	for _, c := range clauseTable {
		for _, word := range c.words {
			if !slices.Contains(w.statements, word) {
				w.clauses = append(w.clauses, word)
			}
		}
	}
	for word := range keywords {
		switch {
		case slices.Contains(w.clauses, word) || slices.Contains(w.statements, word):
		case word == "true" || word == "false" || word == "null": // parseValue's literals
			w.constants = append(w.constants, word)
		case keywordsBeforeOperand[word]:
			w.operators = append(w.operators, word)
		default:
			w.others = append(w.others, word)
		}
	}
	for _, list := range [][]string{w.statements, w.clauses, w.operators, w.constants, w.others, w.verbs, w.groupHeads, w.groupModes} {
		slices.Sort(list)
	}
	return w
}

// wordsRule matches any of words as a whole word, in any case (the lexer
// folds case).
func wordsRule(scope string, words []string) tmRule {
	return tmRule{Name: scope, Match: `(?i)\b(?:` + strings.Join(words, "|") + `)\b`}
}

func textMateGrammar() tmGrammar {
	w := languageWords()
	ident := `[A-Za-z_][A-Za-z0-9_]*`
	tableName := `[A-Za-z0-9_.-]+`                                              // as DynamoDB spells table and index names
	starts := strings.Join(append(slices.Clone(w.verbs), w.groupHeads...), "|") // what follows a label
	verbs := strings.Join(w.verbs, "|")
	scopes := func(names ...string) map[string]tmScope {
		m := map[string]tmScope{}
		for i, n := range names {
			if n != "" {
				m[string(rune('1'+i))] = tmScope{n}
			}
		}
		return m
	}
	escapes := tmRule{Name: "constant.character.escape.dx", Match: `\\(?:["'\\/bfnrt]|u[0-9A-Fa-f]{4})`}
	badEscape := tmRule{Name: "invalid.illegal.escape.dx", Match: `\\.`}
	str := func(scope, begin, end string) tmRule {
		return tmRule{Name: scope, Begin: begin, End: end,
			BeginCaptures: scopes("punctuation.definition.string.begin.dx"),
			EndCaptures:   scopes("punctuation.definition.string.end.dx"),
			Patterns:      []tmRule{escapes, badEscape}}
	}
	return tmGrammar{
		Schema:    "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
		Comment:   "Generated from dynexpr's grammar tables by grammar/textmate_test.go: go test ./grammar -run TestTextMateGrammar -update",
		Name:      "dynexpr",
		ScopeName: "source.dx",
		FileTypes: []string{"dx"},
		Patterns: []tmRule{
			{Include: "#comment"}, {Include: "#string"}, {Include: "#name"}, {Include: "#parameter"},
			{Include: "#label"}, {Include: "#table"}, {Include: "#clause-word"}, {Include: "#keyword"},
			{Include: "#function"}, {Include: "#number"}, {Include: "#identifier"}, {Include: "#operator"},
		},
		Repo: map[string]tmRule{
			"comment": {Name: "comment.line.number-sign.dx", Match: `(#).*`, Captures: scopes("punctuation.definition.comment.dx")},
			"string": {Patterns: []tmRule{
				str("string.quoted.double.binary.dx", `\b(b)(")`, `"`),
				str("string.quoted.single.binary.dx", `\b(b)(')`, `'`),
				str("string.quoted.double.dx", `"`, `"`),
				str("string.quoted.single.dx", `'`, `'`),
			}},
			"name":      {Comment: "an attribute, table or index name in backticks", Name: "variable.other.quoted.dx", Match: "`[^`]*`"},
			"parameter": {Name: "variable.parameter.dx", Match: `\$[A-Za-z0-9_]*`},
			"label": {Comment: "label: before the statement it names, with its table (a label's verb is the statement's, delete too) or a group's two words", Patterns: []tmRule{
				{Match: `(?i)\b(` + ident + `)\s*(:)\s*(` + verbs + `)\s+(` + tableName + `)`,
					Captures: scopes("entity.name.label.dx", "punctuation.separator.label.dx", scopeStatement, "entity.name.type.table.dx")},
				{Match: `(?i)\b(` + ident + `)\s*(:)\s*(` + strings.Join(w.groupHeads, "|") + `)\s+(` + strings.Join(w.groupModes, "|") + `)\b`,
					Captures: scopes("entity.name.label.dx", "punctuation.separator.label.dx", scopeStatement, scopeStatement)},
				{Match: `\b(` + ident + `)\s*(:)\s*((?i:` + starts + `))\b`,
					Captures: scopes("entity.name.label.dx", "punctuation.separator.label.dx", scopeStatement)},
			}},
			"table": {Comment: "the table or index name after a statement's verb or index (a group's words name none)", Patterns: []tmRule{
				{Match: `(?i)\b(` + strings.Join(w.groupHeads, "|") + `)\s+(` + strings.Join(w.groupModes, "|") + `)\b`,
					Captures: scopes(scopeStatement, scopeStatement)},
				{Match: `(?i)\b(` + verbs + `)\s+(` + tableName + `)(\s+)(key)\b`,
					Captures: scopes(scopeStatement, "entity.name.type.table.dx", "", scopeClause)},
				// delete is also update's clause (delete tags <<"x">>): its
				// table is known only before key, above.
				{Match: `(?i)\b(` + strings.Join(slices.DeleteFunc(slices.Clone(w.verbs), func(v string) bool { return v == "delete" }), "|") + `)\s+(` + tableName + `)`,
					Captures: scopes(scopeStatement, "entity.name.type.table.dx")},
				{Match: `(?i)\b(index)\s+(` + tableName + `)`,
					Captures: scopes(scopeClause, "entity.name.type.index.dx")},
			}},
			"clause-word": {Comment: "the word a return, return_on_failure or capacity clause takes",
				Match:    `(?i)\b(return|return_on_failure|capacity)\s+(` + ident + `)`,
				Captures: scopes(scopeClause, scopeConstant)},
			"keyword": {Patterns: []tmRule{
				wordsRule(scopeStatement, w.statements),
				wordsRule(scopeClause, w.clauses),
				wordsRule(scopeOperator, w.operators),
				wordsRule(scopeConstant, w.constants),
				wordsRule(scopeWord, w.others),
			}},
			"function": {Match: `\b(` + ident + `)\s*(\()`, Captures: scopes("support.function.dx", "punctuation.section.parens.begin.dx")},
			"number":   {Name: "constant.numeric.dx", Match: `-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?`},
			"identifier": {Comment: "an attribute name: matched whole, so that no word is highlighted inside it",
				Match: `\b` + ident + `\b`},
			"operator": {Name: "keyword.operator.dx", Match: `<=|>=|<>|<<|>>|[=<>+-]`},
		},
	}
}

// TestTextMateGrammar: the committed grammar is the one the tables give.
func TestTextMateGrammar(t *testing.T) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(textMateGrammar()); err != nil {
		t.Fatal(err)
	}
	goldenfile.Check(t, textMatePath, b.String())
}

// TestTextMateHighlightsCorpus runs the committed grammar over every .dx
// file of the repository (golden/**/input.dx, examples/*.dx, the grammar's
// own testdata) and checks it against the lexer: every keyword the lexer
// reads is scoped as a keyword (or a literal), every string as a string,
// every comment as a comment; and no keyword scope falls on what the lexer
// reads as a name, a number, a parameter or a string.
func TestTextMateHighlightsCorpus(t *testing.T) {
	g := loadTextMate(t, textMatePath)
	var files []string
	for _, pattern := range []string{"../golden/*/*/input.dx", "../examples/*.dx", "../docs/testdata/*.dx", "testdata/*.dx"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("only %d .dx files found", len(files))
	}
	w := languageWords()
	words := map[string]bool{}
	for _, list := range [][]string{w.statements, w.clauses, w.operators, w.constants, w.others} {
		for _, word := range list {
			words[word] = true
		}
	}
	keywordsSeen := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		scopes := g.tokenize(string(src))
		n := checkHighlighting(t, file, string(src), scopes, words)
		keywordsSeen += n
	}
	if keywordsSeen < 1000 {
		t.Errorf("only %d keywords checked in %d files", keywordsSeen, len(files))
	}
}

// TestTextMateNamesTablesAndIndexes runs the committed grammar over every
// .dx file of the repository and checks each statement's table and index
// names against the parser's: a table name (after a label too) is scoped as
// a table, an index name as an index, and the word index before it as a
// clause, not a statement.
func TestTextMateNamesTablesAndIndexes(t *testing.T) {
	g := loadTextMate(t, textMatePath)
	files, err := filepath.Glob("../golden/*/*/input.dx")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../examples/*.dx")
	files = append(files, more...)
	src := "open_tickets: query Tickets index open-tickets-index key openBucket = \"OPEN\";\n" +
		"q: get Tickets key id = \"a\";\nd: delete Tickets key id = \"a\";\n" +
		"query Tickets\n  index open-tickets-index key openBucket = \"OPEN\";\n" +
		"w: transact write { put Tickets item {id: \"a\"} };\n"
	tables, indexes := 0, 0
	check := func(name, src string) {
		scopes := g.tokenize(src)
		has := func(from, to int, scope string) bool {
			for o := from; o < to; o++ {
				if !slices.Contains(scopes[o], scope) {
					return false
				}
			}
			return true
		}
		report := func(off int, format string, args ...any) {
			p := posAt(name, src, off)
			t.Errorf("%s:%d:%d: "+format, append([]any{name, p.Line, p.Col}, args...)...)
		}
		var visit func(st *Statement)
		visit = func(st *Statement) {
			for _, m := range st.Members {
				visit(m)
			}
			if tr := st.Table; tr != nil && tr.Param == "" && !strings.HasPrefix(tr.Raw, "`") {
				tables++
				if from := tr.Pos.Offset; !has(from, from+len(tr.Raw), "entity.name.type.table.dx") {
					report(from, "table %s is scoped %v", tr.Raw, scopes[from])
				}
			}
			if ix := st.Index; ix != nil && ix.Param == "" && !strings.HasPrefix(ix.Raw, "`") {
				indexes++
				from := ix.Pos.Offset
				if !has(from, from+len(ix.Raw), "entity.name.type.index.dx") {
					report(from, "index %s is scoped %v", ix.Raw, scopes[from])
				}
				word := strings.LastIndex(strings.ToLower(src[:from]), "index")
				if word < 0 || !has(word, word+len("index"), scopeClause) || has(word, word+1, scopeStatement) {
					report(word, "the word index before %s is scoped %v", ix.Raw, scopes[max(word, 0)])
				}
			}
		}
		// Those of the statements that parse (some cases are errors).
		ParseEachAlone(name, src, func(st *Statement) error { visit(st); return nil }, func(_, _ diag.Pos, _ error) {})
	}
	check("cases.dx", src)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		check(f, string(b))
	}
	if tables < 300 || indexes < 50 {
		t.Errorf("only %d tables and %d indexes checked", tables, indexes)
	}
}

// isKeywordScope: the scopes the grammar gives the language's words.
func isKeywordScope(s string) bool {
	return strings.HasPrefix(s, "keyword.control.") || strings.HasPrefix(s, "keyword.other.") ||
		strings.HasPrefix(s, "keyword.operator.word.") || strings.HasPrefix(s, "constant.language.")
}

// checkHighlighting compares the scopes of src's bytes with its tokens and
// returns how many keywords it checked.
func checkHighlighting(t *testing.T, file, src string, scopes [][]string, words map[string]bool) int {
	t.Helper()
	has := func(off int, pred func(string) bool) bool { return slices.ContainsFunc(scopes[off], pred) }
	prefix := func(p string) func(string) bool { return func(s string) bool { return strings.HasPrefix(s, p) } }
	report := func(pos int, format string, args ...any) {
		p := posAt(file, src, pos)
		t.Errorf("%s:%d:%d: "+format, append([]any{file, p.Line, p.Col}, args...)...)
	}
	var comments []Comment
	l := newLexer(file, src)
	l.comments = &comments
	var toks []token
	lexed := len(src) // where the lexer stopped: a file with a lexical error is checked up to it
	for {
		tok, err := l.Next()
		if err != nil {
			lexed = l.off
			break
		}
		if tok.Type == tokEOF {
			break
		}
		toks = append(toks, tok)
	}
	ident := make([]bool, len(src)) // the bytes of identifier tokens
	checked := 0
	for i, tok := range toks {
		start, end := tok.Pos.Offset, tok.Pos.Offset+len(tok.Value)
		switch tok.Type {
		case tokIdent:
			for o := start; o < end; o++ {
				ident[o] = true
			}
			// A word the language has, unless it stands as a name: a
			// label or a map key (before ":"), an element of a path
			// (beside "."), or an attribute name where an operand goes.
			next := func(v string) bool { return i+1 < len(toks) && toks[i+1].Type == tokPunct && toks[i+1].Value == v }
			prev := func(v string) bool { return i > 0 && toks[i-1].Type == tokPunct && toks[i-1].Value == v }
			if !words[strings.ToLower(tok.Value)] || next(":") || next(".") || prev(".") {
				continue
			}
			checked++
			for o := start; o < end; o++ {
				if !has(o, isKeywordScope) {
					report(start, "keyword %q is not highlighted as a keyword (scopes %v)", tok.Value, scopes[o])
					break
				}
			}
		case tokString, tokBinary:
			for o := start; o < end; o++ {
				if !has(o, prefix("string.")) {
					report(start, "string %s is not highlighted as a string at byte %d (scopes %v)", tok.Value, o-start, scopes[o])
					break
				}
			}
		}
	}
	for _, c := range comments {
		for o := c.Pos.Offset; o < c.Pos.Offset+len(c.Text); o++ {
			if !has(o, prefix("comment.")) {
				report(c.Pos.Offset, "comment %q is not highlighted as a comment (scopes %v)", c.Text, scopes[o])
				break
			}
		}
	}
	for o := 0; o < lexed; o++ {
		if has(o, isKeywordScope) && !ident[o] {
			report(o, "%q is highlighted as a keyword (scopes %v) but is no word of the language there", lineAt(src, o), scopes[o])
			for o < lexed && has(o, isKeywordScope) {
				o++
			}
		}
	}
	return checked
}

func lineAt(src string, off int) string {
	start := strings.LastIndexAny(src[:off], "\r\n") + 1
	end := strings.IndexAny(src[off:], "\r\n")
	if end < 0 {
		end = len(src) - off
	}
	return src[start : off+end]
}

// A TextMate tokenizer, enough for the grammar above: match rules with
// captures, begin/end rules with their captures and patterns, includes of
// the repository; the leftmost match wins, the first rule on a tie, and an
// end pattern before the rule's own patterns.

type tmCompiled struct {
	name                   string
	match, begin, end      *regexp.Regexp
	captures, beginCapture map[int]string
	endCapture             map[int]string
	patterns               []*tmCompiled
}

type textMate struct{ top []*tmCompiled }

func loadTextMate(t *testing.T, path string) *textMate {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g tmGrammar
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if g.ScopeName != "source.dx" || !slices.Contains(g.FileTypes, "dx") {
		t.Errorf("scopeName %q, fileTypes %v", g.ScopeName, g.FileTypes)
	}
	compiled := map[string][]*tmCompiled{}
	var compileAll func(rules []tmRule) []*tmCompiled
	re := func(s string) *regexp.Regexp {
		if s == "" {
			return nil
		}
		if strings.Contains(s, "(?=") || strings.Contains(s, "(?!") || strings.Contains(s, "(?<") || strings.Contains(s, `\G`) {
			t.Fatalf("%s: lookaround or \\G, which Go's regexp lacks: %s", path, s)
		}
		r, err := regexp.Compile(s)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return r
	}
	caps := func(m map[string]tmScope) map[int]string {
		out := map[int]string{}
		for k, v := range m {
			out[int(k[0]-'0')] = v.Name
		}
		return out
	}
	compileAll = func(rules []tmRule) []*tmCompiled {
		var out []*tmCompiled
		for _, r := range rules {
			if r.Include != "" {
				name := strings.TrimPrefix(r.Include, "#")
				if _, done := compiled[name]; !done {
					rr, ok := g.Repo[name]
					if !ok {
						t.Fatalf("%s: include %q: no such rule", path, r.Include)
					}
					compiled[name] = nil // a cycle would stop here
					compiled[name] = compileAll([]tmRule{rr})
				}
				out = append(out, compiled[name]...)
				continue
			}
			if r.Match == "" && r.Begin == "" {
				out = append(out, compileAll(r.Patterns)...) // a group of patterns
				continue
			}
			out = append(out, &tmCompiled{name: r.Name, match: re(r.Match), begin: re(r.Begin), end: re(r.End),
				captures: caps(r.Captures), beginCapture: caps(r.BeginCaptures), endCapture: caps(r.EndCaptures),
				patterns: compileAll(r.Patterns)})
		}
		return out
	}
	return &textMate{top: compileAll(g.Patterns)}
}

// tokenize returns the scopes of each byte of src, outermost first.
func (g *textMate) tokenize(src string) [][]string {
	scopes := make([][]string, len(src))
	var stack []*tmCompiled // the open begin/end rules
	set := func(from, to int, names ...string) {
		for o := from; o < to; o++ {
			for _, n := range names {
				if n != "" {
					scopes[o] = append(scopes[o], n)
				}
			}
		}
	}
	stackNames := func() []string {
		var out []string
		for _, r := range stack {
			out = append(out, r.name)
		}
		return out
	}
	for lineStart := 0; lineStart < len(src); {
		lineEnd := lineStart
		for lineEnd < len(src) && src[lineEnd] != '\n' && src[lineEnd] != '\r' {
			lineEnd++
		}
		line := src[lineStart:lineEnd]
		for pos := 0; pos <= len(line); {
			patterns := g.top
			if len(stack) > 0 {
				patterns = stack[len(stack)-1].patterns
			}
			// The leftmost match from pos; the end pattern first on a tie.
			var best []int
			var bestRule *tmCompiled
			isEnd := false
			try := func(r *tmCompiled, re *regexp.Regexp, end bool) {
				m := re.FindStringSubmatchIndex(line[pos:])
				if m != nil && (best == nil || m[0] < best[0]) {
					best, bestRule, isEnd = m, r, end
				}
			}
			if len(stack) > 0 {
				try(stack[len(stack)-1], stack[len(stack)-1].end, true)
			}
			for _, r := range patterns {
				if r.match != nil {
					try(r, r.match, false)
				} else {
					try(r, r.begin, false)
				}
			}
			if best == nil {
				if len(stack) > 0 {
					set(lineStart+pos, lineStart+len(line), stackNames()...)
				}
				break
			}
			for i := range best {
				if best[i] >= 0 {
					best[i] += pos
				}
			}
			if len(stack) > 0 {
				set(lineStart+pos, lineStart+best[0], stackNames()...) // the text before the match
			}
			abs := func(i int) int { return lineStart + best[i] }
			captures := func(m map[int]string) {
				for n, name := range m {
					if 2*n+1 < len(best) && best[2*n] >= 0 {
						set(abs(2*n), abs(2*n+1), name)
					}
				}
			}
			switch {
			case isEnd:
				outer := stackNames()
				set(abs(0), abs(1), outer...)
				captures(bestRule.endCapture)
				stack = stack[:len(stack)-1]
			case bestRule.match != nil:
				outer := append(stackNames(), bestRule.name)
				set(abs(0), abs(1), outer...)
				captures(bestRule.captures)
			default:
				stack = append(stack, bestRule)
				set(abs(0), abs(1), stackNames()...)
				captures(bestRule.beginCapture)
			}
			if best[1] == pos {
				pos++ // an empty match: move on
			} else {
				pos = best[1]
			}
		}
		// The next line starts after "\n", "\r\n" or a lone "\r" (a
		// begin rule still open stays open, as in an editor).
		lineStart = lineEnd + 1
		if strings.HasPrefix(src[lineEnd:], "\r\n") {
			lineStart++
		}
	}
	return scopes
}
