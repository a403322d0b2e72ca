package appcode

import (
	"bytes"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/request"
)

// This file finds request members in the tokens of a Python, JavaScript,
// Java or Kotlin file and reads their values. The per-language files say
// which token shapes bind a member (a keyword argument, an object key, a
// builder call, an assignment in a builder block); what is shared is here:
// reading a value between two tokens, grouping members into sites, and
// what is opaque.

// maxDepth bounds how deep a value is read: a list in a map in a list ...
// deeper than this is opaque, so reading a value costs at most maxDepth
// visits of each token.
const maxDepth = 48

type finder struct {
	lang Lang
	src  []byte
	toks []token
	strs []strLit
	// stop[i] is the first separator (, or ;) or closing bracket after
	// token i at its depth: where a value starting at i ends at the latest.
	stop  []int
	sites map[int]*Site // by the token that opens the site (a bracket, a chain's first call)
	// pendingPartial are the chains a call has made partial before a
	// member of theirs was met.
	pendingPartial map[int]bool
	// chainEnd is, for a builder chain, the closing ) of its last call.
	chainEnd map[int]int
	res      *Result
	// style tells a site's value style, from what the file shows of its
	// client; nil for a language whose values are always typed.
	style func(f *finder, site int) ValueStyle
	// binds are the file's names bound once (bind.go).
	binds *binder
}

func newFinder(lang Lang, src []byte, syn *syntax) *finder {
	sc := scan(src, syn)
	f := &finder{lang: lang, src: src, toks: sc.toks, strs: sc.strs, sites: map[int]*Site{}, pendingPartial: map[int]bool{}, chainEnd: map[int]int{},
		res: &Result{Directives: sc.dirs}}
	f.stop = stops(src, f.toks)
	f.binds = f.bind()
	return f
}

// stops works out finder.stop in one backward pass: a bracket's closer is
// met before what it encloses, so the stop of each depth is the nearest
// separator or closer seen so far at that depth.
func stops(src []byte, toks []token) []int {
	depth := make([]int, len(toks))
	d := 0
	for i, t := range toks {
		if t.kind == tClose && t.match >= 0 {
			d--
		}
		depth[i] = d
		if t.kind == tOpen && t.match >= 0 {
			d++
		}
	}
	out := make([]int, len(toks))
	last := []int{len(toks)}
	for i := len(toks) - 1; i >= 0; i-- {
		t, d := toks[i], depth[i]
		for len(last) <= d+1 {
			last = append(last, len(toks))
		}
		out[i] = last[d]
		switch {
		case t.kind == tClose && t.match >= 0:
			last[d+1] = i
		case t.kind == tPunct && (src[t.start] == ',' || src[t.start] == ';') && t.end == t.start+1:
			last[d] = i
		}
	}
	return out
}

// text is what token i writes; "" for an index past either end, which
// the readers' look-behinds and look-aheads may ask for.
func (f *finder) text(i int) string {
	if i < 0 || i >= len(f.toks) {
		return ""
	}
	return string(f.src[f.toks[i].start:f.toks[i].end])
}

// is reports whether token i exists and is the punctuation or word s.
func (f *finder) is(i int, s string) bool {
	if i < 0 || i >= len(f.toks) {
		return false
	}
	t := f.toks[i]
	return t.end-t.start == len(s) && string(f.src[t.start:t.end]) == s && t.kind != tString
}

func (f *finder) isKind(i int, k tokKind) bool {
	return i >= 0 && i < len(f.toks) && f.toks[i].kind == k
}

// isOpen reports whether token i is the matched bracket c.
func (f *finder) isOpen(i int, c byte) bool {
	return f.isKind(i, tOpen) && f.src[f.toks[i].start] == c && f.toks[i].match > i
}

// memberOf returns the request member a name in code is (PascalCase, as
// request JSON writes it), and whether it is one a site gathers: every
// member of a request but the lists and maps of a group's members
// (TransactItems, RequestItems, Put, ...), which hold sites of their own,
// and PartiQL's Statement and Parameters (execute-statement's, which the
// member table does not hold).
func memberOf(name string) (string, bool) {
	if name == "Statement" || name == "Parameters" {
		return name, true
	}
	s, ok := request.Spec(name)
	if !ok {
		return "", false
	}
	switch s.Type {
	case request.ItemListMember, request.TableMapMember, request.PartMember:
		return "", false
	}
	return name, true
}

// groupOf reports whether name is the list or map of a group's member
// requests (TransactItems, RequestItems), which a call or object gathers
// as a member when the code writes it as a literal: the group is then one
// request, and the member requests inside it are not sites of their own.
func groupOf(name string) bool { return name == "TransactItems" || name == "RequestItems" }

// builderMember is memberOf for a builder's method or a Kotlin property:
// keyConditionExpression, or an SDK v1 withKeyConditionExpression.
func builderMember(name string) (string, bool) {
	if rest, ok := strings.CutPrefix(name, "with"); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
		return memberOf(rest)
	}
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return "", false
	}
	return memberOf(strings.ToUpper(name[:1]) + name[1:])
}

// triggers reports whether a member makes its site one: an expression, or
// a PartiQL statement. The other members are gathered only beside one.
func triggers(m Member) bool {
	if groupOf(m.Name) {
		return m.Value.Kind == List || m.Value.Kind == Map
	}
	if m.Name == "Statement" {
		return m.Value.Kind == String || m.Value.Kind == Opaque
	}
	return strings.HasSuffix(m.Name, "Expression")
}

// siteEnd is where a site ends: its bracket's end, or its last member's.
func (f *finder) siteEnd(open int, s *Site) int {
	end := s.Pos
	if f.isKind(open, tOpen) && f.toks[open].match > open {
		end = f.toks[f.toks[open].match].end
	}
	for _, m := range s.Members {
		end = max(end, m.Value.End)
	}
	return end
}

// batchGetPart makes a site with Keys, a batch get's KeysAndAttributes of
// one table ({"Tickets": {"Keys": [...], "ProjectionExpression": ...}}),
// the batch get it is a part of: its table is the key it is the value of
// (Call), and the batch's other tables are not seen (partial).
func batchGetPart(s *Site) {
	obj := Value{Kind: Map, Start: s.Pos, End: s.End}
	for _, m := range s.Members {
		obj.Entries = append(obj.Entries, Entry{Key: Value{Kind: String, Start: m.NamePos, End: m.NamePos, Text: m.Name, Offsets: constOffsets(m.Name, m.NamePos)}, Value: m.Value})
	}
	table := Value{Kind: Opaque, Start: s.Pos, End: s.Pos, Why: "a table the code names"}
	if s.Call != "" && CommandOfCall(s.Call) == "" {
		table = Value{Kind: String, Start: s.Pos, End: s.Pos, Text: s.Call, Offsets: constOffsets(s.Call, s.Pos)}
	}
	s.Members = []Member{{Name: "RequestItems", NamePos: s.Pos, Value: Value{Kind: Map, Start: s.Pos, End: s.End, Entries: []Entry{{Key: table, Value: obj}}}}}
	s.Command, s.Partial, s.Whole = "batch-get-item", true, false
}

// itemWrite reports whether a site without an expression is a request
// all the same: an Item or a Key given to a put, delete or get that the
// SDK receives whole (put_item(Item=...) on a boto3 client or Table, new
// PutCommand({Item}), PutItemRequest.builder()...), whose item and key
// the rules read.
func itemWrite(s *Site) bool {
	if !s.Whole && !(s.Call != "" && s.Call[0] >= 'A' && s.Call[0] <= 'Z' && dynamoType(s.Call)) {
		return false
	}
	switch CommandOfCall(s.Call) {
	case "put-item":
		return hasMember(s, "Item")
	case "delete-item", "get-item":
		return hasMember(s, "Key")
	}
	return false
}

// result is the sites with an expression among their members, in file
// order, and a Skip for each member of theirs the reader could not read.
func (f *finder) result() *Result {
	// A group written as a literal holds its members' requests: they are
	// not sites of their own.
	var groups [][2]int
	for _, s := range f.sites {
		for _, m := range s.Members {
			if groupOf(m.Name) && (m.Value.Kind == List || m.Value.Kind == Map) {
				groups = append(groups, [2]int{m.Value.Start, m.Value.End})
			}
		}
	}
	for open, s := range f.sites {
		for _, g := range groups {
			if s.Pos > g[0] && s.Pos < g[1] {
				delete(f.sites, open)
				break
			}
		}
	}
	opens := make([]int, 0, len(f.sites))
	for open, s := range f.sites {
		if itemWrite(s) {
			opens = append(opens, open)
			continue
		}
		for _, m := range s.Members {
			if triggers(m) {
				opens = append(opens, open)
				break
			}
		}
	}
	sort.Ints(opens)
	for _, open := range opens {
		s := f.sites[open]
		if s.End == 0 {
			s.End = f.siteEnd(open, s)
		}
		if hasMember(s, "Keys") {
			batchGetPart(s)
		}
		if f.style != nil {
			s.Style = f.style(f, open)
		}
		f.res.Sites = append(f.res.Sites, s)
		for _, m := range s.Members {
			if m.Value.Kind == Opaque {
				f.res.Skipped = append(f.res.Skipped, Skip{Pos: m.NamePos, Member: m.Name, Why: m.Value.Why})
			}
			if groupOf(m.Name) {
				f.skipInGroup(m.Name, m.Value, 0)
			}
		}
	}
	sort.SliceStable(f.res.Skipped, func(i, j int) bool { return f.res.Skipped[i].Pos < f.res.Skipped[j].Pos })
	return f.res
}

// skipInGroup lists the expressions the code computes in a group's
// member requests (TransactItems[...].Update.ConditionExpression).
func (f *finder) skipInGroup(path string, v Value, depth int) {
	if depth > 8 {
		return
	}
	for _, e := range v.Elems {
		f.skipInGroup(path, e, depth+1)
	}
	for _, e := range v.Entries {
		if e.Key.Kind != String {
			continue
		}
		name := path + "." + e.Key.Text
		if e.Value.Kind == Opaque && (strings.HasSuffix(e.Key.Text, "Expression") || strings.HasPrefix(e.Key.Text, "ExpressionAttribute")) {
			f.res.Skipped = append(f.res.Skipped, Skip{Pos: e.Key.Start, Member: name, Why: e.Value.Why})
			continue
		}
		f.skipInGroup(name, e.Value, depth+1)
	}
}

// setAtRunTime reads an expression member set at run time
// (params["KeyConditionExpression"] = ..., params.FilterExpression = ...),
// its name at token key and its value from token from: a literal is
// checked alone, in a partial site of its own (what the rest of the
// request holds is not known: only what the expression holds by itself is
// judged); anything else is skipped. A member set right after a literal
// passed later joins that literal's site instead (attachPassed).
func (f *finder) setAtRunTime(name string, key, from int) {
	if !strings.HasSuffix(name, "Expression") {
		return
	}
	pos := f.toks[key].start
	v := f.value(from, f.valueEnd(from, f.lang != Java), 0)
	if v.Kind != String {
		f.res.Skipped = append(f.res.Skipped, Skip{Pos: pos, Member: name, Why: "a member set at run time"})
		return
	}
	// Only in a file that shows DynamoDB: another service's params may
	// have a FilterExpression too (X-Ray's).
	if _, ok := memberOf(name); ok && (bytes.Contains(f.src, []byte("dynamodb")) || bytes.Contains(f.src, []byte("DynamoDB"))) {
		f.sites[key] = &Site{Pos: pos, End: v.End, Partial: true, Members: []Member{{Name: name, NamePos: pos, Value: v}}}
		return
	}
	f.res.Skipped = append(f.res.Skipped, Skip{Pos: pos, Member: name, Why: "a member set at run time"})
}

// valueEnd is where the value starting at token from ends: the separator
// or closer after it at its depth; in a Kotlin block, also the first line
// break that does not continue the expression.
func (f *finder) valueEnd(from int, lines bool) int {
	if from >= len(f.toks) {
		return len(f.toks)
	}
	end := f.stop[from]
	if f.isKind(from, tClose) || f.is(from, ",") || f.is(from, ";") {
		return from
	}
	if !lines {
		return end
	}
	j0 := from + 1
	if t := f.toks[from]; t.kind == tOpen && t.match > from && t.match < end {
		j0 = t.match + 1 // a bracket's lines are the value's
	}
	for j := j0; j < end; j++ {
		t := f.toks[j]
		if t.nl && !f.continues(j) {
			return j
		}
		if t.kind == tOpen && t.match > j {
			j = t.match
		}
	}
	return end
}

// continues reports whether the line that token j starts continues the
// expression before it (Kotlin): it starts with . or ?., or the line
// before ends with an operator.
func (f *finder) continues(j int) bool {
	if f.is(j, ".") || f.is(j, "?.") || f.is(j, "?:") || f.is(j, "&&") || f.is(j, "||") {
		return true
	}
	p := f.toks[j-1]
	if p.kind != tPunct {
		return f.is(j-1, "to")
	}
	switch f.text(j - 1) {
	case ")", "]", "}", "!!":
		return false
	}
	return true
}

// opaque is the value between tokens a and b (exclusive) as Opaque.
func (f *finder) opaque(a, b int, why string) Value {
	v := Value{Kind: Opaque, Why: why}
	if a < len(f.toks) {
		v.Start = f.toks[a].start
		v.End = v.Start
	}
	if b > a && b-1 < len(f.toks) {
		v.End = f.toks[b-1].end
	}
	return v
}

// value reads the value written by tokens a to b (exclusive).
func (f *finder) value(a, b, depth int) Value {
	if a >= b {
		return f.opaque(a, a, "no value")
	}
	if depth > maxDepth {
		return f.opaque(a, b, "a value nested too deeply")
	}
	v, next := f.primary(a, b, depth)
	if next >= b {
		return v
	}
	if f.is(next, "+") && v.Kind == String {
		if joined, ok := f.concatenation(v, next, b, depth); ok {
			return joined
		}
	}
	why := f.whyAt(next)
	if why == "a concatenation" && v.Kind != String && !f.isKind(next+1, tString) {
		why = "an expression" // arithmetic: version + 1
	}
	if v.Kind == Opaque && why == "an expression" && f.toks[a].kind == tString {
		why = v.Why
	}
	return f.opaque(a, b, why)
}

// whyAt says what a value is that token i continues.
func (f *finder) whyAt(i int) string {
	if f.lang == JavaScript && f.isKind(i, tString) {
		return "a tagged template" // String.raw`...`
	}
	switch f.text(i) {
	case "+":
		return "a concatenation"
	case "%":
		if f.lang == Python {
			return "a formatted string"
		}
	case ".", "?.":
		if f.lang == Python && f.is(i+1, "format") {
			return "a formatted string"
		}
		return "a call"
	case "(":
		return "a call"
	case "?", "if":
		return "a conditional"
	case "->", "=>", "lambda":
		return "a function"
	}
	return "an expression"
}

// primary reads the one value that starts at token a and returns the
// token after it.
func (f *finder) primary(a, b, depth int) (Value, int) {
	t := f.toks[a]
	switch t.kind {
	case tString:
		return f.stringValue(a, b)
	case tNumber:
		return Value{Kind: Number, Start: t.start, End: t.end, Text: f.text(a)}, a + 1
	case tPunct:
		if (f.is(a, "-") || f.is(a, "+")) && f.isKind(a+1, tNumber) && a+1 < b {
			n := f.toks[a+1]
			text := f.text(a + 1)
			if f.is(a, "-") {
				text = "-" + text
			}
			return Value{Kind: Number, Start: t.start, End: n.end, Text: text}, a + 2
		}
		if f.is(a, "...") || f.is(a, "*") || f.is(a, "**") {
			return f.opaque(a, b, "a spread"), b
		}
	case tOpen:
		if t.match < 0 {
			return f.opaque(a, b, "an unclosed bracket"), b
		}
		switch c := f.src[t.start]; {
		case c == '(':
			parts := f.split(a)
			if len(parts) != 1 {
				return f.opaque(a, t.match+1, "a tuple"), t.match + 1
			}
			v := f.value(parts[0][0], parts[0][1], depth+1)
			return v, t.match + 1
		case f.lang == Python || f.lang == JavaScript:
			if c == '{' {
				return f.mapLiteral(a, depth), t.match + 1
			}
			return f.listLiteral(a, depth), t.match + 1
		}
		return f.opaque(a, t.match+1, "a block"), t.match + 1
	case tIdent:
		return f.identValue(a, b, depth)
	}
	return f.opaque(a, b, "an expression"), b
}

// stringValue reads a string literal at token a; in Python, with the
// literals right after it, which the language joins into one string.
// A Kotlin raw string may be followed by .trimIndent().
func (f *finder) stringValue(a, b int) (Value, int) {
	first := f.strs[f.toks[a].str]
	v := Value{Kind: String, Start: f.toks[a].start, End: f.toks[a].end}
	why := first.why
	text := append([]byte(nil), first.text...)
	offs := append([]int(nil), first.offs...)
	next := a + 1
	for f.lang == Python && next < b && f.toks[next].kind == tString {
		lit := f.strs[f.toks[next].str]
		if why == "" {
			why = lit.why
		}
		text = append(text, lit.text...)
		offs = append(offs[:len(offs)-1], lit.offs...)
		v.End = f.toks[next].end
		next++
	}
	if why != "" {
		return f.opaque(a, next, why), next
	}
	if f.lang == Kotlin && first.raw && next == a+1 && f.is(next, ".") && f.is(next+1, "trimIndent") &&
		f.isOpen(next+2, '(') && f.toks[next+2].match == next+3 {
		text, offs = trimIndent(text, offs)
		v.End = f.toks[next+3].end
		next += 4
	}
	v.Text, v.Offsets = string(text), offs
	return v, next
}

// identValue reads a value that starts with a word: a literal word, a
// call of a constructor the language's reader knows, or a variable.
func (f *finder) identValue(a, b, depth int) (Value, int) {
	t := f.toks[a]
	word := f.text(a)
	switch f.lang {
	case Python:
		switch word {
		case "True", "False":
			return Value{Kind: Bool, Start: t.start, End: t.end, Text: strings.ToLower(word)}, a + 1
		case "None":
			return Value{Kind: Null, Start: t.start, End: t.end}, a + 1
		case "lambda":
			return f.opaque(a, b, "a function"), b
		}
	default:
		switch word {
		case "true", "false":
			return Value{Kind: Bool, Start: t.start, End: t.end, Text: word}, a + 1
		case "null":
			return Value{Kind: Null, Start: t.start, End: t.end}, a + 1
		case "undefined":
			if f.lang == JavaScript {
				return f.opaque(a, a+1, "undefined"), a + 1
			}
		case "new":
			if f.lang == Java {
				if v, next, ok := f.javaNew(a, b, depth); ok {
					return v, next
				}
			}
			return f.opaque(a, b, "a constructed object"), b
		}
	}
	if v, next, ok := f.envRead(a, b); ok {
		return v, next
	}
	// A dotted name, then perhaps a call.
	j := a + 1
	for j+1 < b && (f.is(j, ".") || f.is(j, "?.")) && f.isKind(j+1, tIdent) {
		j += 2
	}
	if j < b && f.isOpen(j, '(') {
		if v, next, ok := f.call(a, j, b, depth); ok {
			return v, next
		}
		return f.opaque(a, b, "a call"), b
	}
	if j == a+1 {
		if v, ok := f.named(a, depth); ok {
			return v, j
		}
	}
	if j == a+3 && (f.lang == Java || f.lang == Kotlin) && f.binds != nil && f.binds.classes[f.text(a)] {
		// DynamoDbCatalog.COL_VERSION inside the file's class of that
		// name: its constant, where the class is in scope.
		if v, ok := f.named(a+2, depth); ok {
			return v, j
		}
	}
	return f.opaque(a, j, "a variable"), j
}

// named is the value a name read at token a means: the literal of its one
// plain assignment in scope (bind.go). A string, number or boolean is its
// literal; a map or list only where nothing can change it: the name is
// read once, and only its members set right after it are added. ok is
// false for anything else, which stays a variable.
func (f *finder) named(a, depth int) (Value, bool) {
	bd, ok := f.resolve(a)
	if !ok || depth > maxDepth/2 {
		return Value{}, false
	}
	if !bd.valueRead {
		bd.valueRead = true // (a name whose value reads itself finds it opaque)
		bd.value = f.opaque(bd.from, bd.to, "a name that refers to itself")
		bd.value = f.value(bd.from, bd.to, depth+1)
	}
	v := bd.value
	v.Entries = append([]Entry(nil), v.Entries...)
	switch v.Kind {
	case String, Number, Bool:
		v.Joined = v.Joined || v.Kind == String
		return v, true
	case Map:
		if f.mutable(bd) {
			return Value{}, false
		}
		for _, m := range f.setAfter(bd) {
			key := f.memberKey(m.key)
			if key.Kind != String {
				return Value{}, false
			}
			v.Entries = append(v.Entries, Entry{Key: key, Value: f.value(m.from, m.to, depth+1)})
		}
		return v, true
	case List:
		if f.mutable(bd) || len(f.setAfter(bd)) > 0 {
			return Value{}, false
		}
		return v, true
	}
	return Value{}, false
}

// memberKey is the name a member set writes: params.X or params["X"].
func (f *finder) memberKey(k int) Value {
	if f.isKind(k, tString) {
		v, _ := f.stringValue(k, k+1)
		return v
	}
	return f.identKey(k)
}

// concatenation reads "a " + "b" + NAME, where every operand is a string
// the code shows (a literal, or a name bound once to one), as the one
// string it makes; first is the operand read, plus the + after it.
func (f *finder) concatenation(first Value, plus, b, depth int) (Value, bool) {
	v := first
	text := []byte(first.Text)
	offs := append([]int(nil), first.Offsets...)
	for j := plus; j < b; {
		if !f.is(j, "+") || j+1 >= b {
			return Value{}, false
		}
		part, next := f.primary(j+1, b, depth+1)
		if part.Kind != String || len(part.Offsets) != len(part.Text)+1 {
			return Value{}, false
		}
		text = append(text, part.Text...)
		offs = append(offs[:len(offs)-1], part.Offsets...)
		v.End = max(v.End, part.End)
		j = next
	}
	v.Text, v.Offsets, v.Joined = string(text), offs, true
	return v, true
}

// dotted is the name tokens a to j write: "Map.of", "AttributeValue.fromS".
func (f *finder) dotted(a, j int) string {
	return string(f.src[f.toks[a].start:f.toks[j-1].end])
}

// call reads a call of a constructor of values: the name is tokens a to
// open, the arguments inside open. ok is false for a call of anything
// else.
func (f *finder) call(a, open, b, depth int) (Value, int, bool) {
	name := f.dotted(a, open)
	// Only the last two parts name the constructor: java.util.Map.of is Map.of.
	if k := strings.LastIndexByte(name, '.'); k >= 0 {
		if k2 := strings.LastIndexByte(name[:k], '.'); k2 >= 0 {
			name = name[k2+1:]
		}
	}
	name = strings.ReplaceAll(name, "?.", ".")
	end := f.toks[open].match + 1
	start, stop := f.toks[a].start, f.toks[end-1].end
	switch f.lang {
	case Python:
		if (name == "Decimal" || name == "decimal.Decimal") && f.argCount(open) == 1 {
			arg := f.value(open+1, end-1, depth+1)
			if arg.Kind == String || arg.Kind == Number {
				return Value{Kind: Number, Start: start, End: stop, Text: arg.Text}, end, true
			}
		}
		return Value{}, 0, false
	case JavaScript:
		return Value{}, 0, false
	}
	// Java and Kotlin.
	switch name {
	case "Map.of", "ImmutableMap.of", "Collections.singletonMap":
		parts := f.split(open)
		if len(parts)%2 != 0 {
			return f.opaque(a, end, "a map with an odd argument list"), end, true
		}
		m := Value{Kind: Map, Start: start, End: stop}
		for k := 0; k < len(parts); k += 2 {
			m.Entries = append(m.Entries, Entry{
				Key:   f.value(parts[k][0], parts[k][1], depth+1),
				Value: f.value(parts[k+1][0], parts[k+1][1], depth+1)})
		}
		return m, end, true
	case "Map.ofEntries", "mapOf", "mutableMapOf", "hashMapOf", "linkedMapOf", "sortedMapOf":
		if f.lang == Java && name != "Map.ofEntries" {
			return Value{}, 0, false
		}
		m := Value{Kind: Map, Start: start, End: stop}
		for _, p := range f.split(open) {
			m.Entries = append(m.Entries, f.pair(p[0], p[1], depth+1))
		}
		return m, end, true
	case "List.of", "Arrays.asList", "Collections.singletonList", "Set.of", "ImmutableList.of",
		"listOf", "mutableListOf", "arrayListOf", "setOf", "mutableSetOf":
		l := Value{Kind: List, Start: start, End: stop}
		for _, p := range f.split(open) {
			l.Elems = append(l.Elems, f.value(p[0], p[1], depth+1))
		}
		return l, end, true
	case "Collections.emptyMap", "emptyMap":
		return Value{Kind: Map, Start: start, End: stop}, end, true
	}
	if typ, ok := attributeType(f.lang, name); ok {
		return f.typed(typ, open, start, depth), end, true
	}
	if name == "AttributeValue.builder" && f.toks[open].match == open+1 {
		return f.javaBuilder(a, end, b, depth)
	}
	return Value{}, 0, false
}

// attributeType is the type letter of a typed AttributeValue constructor:
// Java SDK v2's AttributeValue.fromS, Kotlin SDK's AttributeValue.S.
func attributeType(lang Lang, name string) (string, bool) {
	ctor, ok := strings.CutPrefix(name, "AttributeValue.")
	if !ok {
		return "", false
	}
	if rest, ok := strings.CutPrefix(ctor, "from"); ok {
		ctor = rest
	} else if lang != Kotlin {
		return "", false
	}
	return typeLetter(ctor)
}

// typeLetter is DynamoDB's type letter for an SDK's spelling of it: s, S,
// Bool, bool, nul, Null, ss, Ss ...
func typeLetter(s string) (string, bool) {
	switch strings.ToUpper(s) {
	case "S", "N", "B", "SS", "NS", "BS", "L", "M", "BOOL":
		return strings.ToUpper(s), true
	case "NUL", "NULL":
		return "NULL", true
	}
	return "", false
}

// typed is the value of a typed constructor's arguments: one value, or
// several for a set or list given as variable arguments.
func (f *finder) typed(typ string, open, start, depth int) Value {
	end := f.toks[open].match
	parts := f.split(open)
	var v Value
	switch {
	case len(parts) == 1:
		v = f.value(parts[0][0], parts[0][1], depth+1)
	case len(parts) > 1 && (typ == "SS" || typ == "NS" || typ == "BS" || typ == "L"):
		v = Value{Kind: List}
		for _, p := range parts {
			v.Elems = append(v.Elems, f.value(p[0], p[1], depth+1))
		}
	default:
		return f.opaque(open, end+1, "a typed value without one argument")
	}
	if typ == "B" || typ == "BS" {
		// Bytes are built by a call (SdkBytes.fromUtf8String ...): what
		// the reader sees is not the value DynamoDB gets.
		if v.Kind != Opaque {
			v = f.opaque(open+1, end, "a binary value")
		}
	}
	v.Type = typ
	v.Start, v.End = start, f.toks[end].end
	return v
}

// javaBuilder reads AttributeValue.builder().s("x").build(): from the
// token after builder(), one typed setter then build().
func (f *finder) javaBuilder(a, after, b, depth int) (Value, int, bool) {
	j := after
	if !(f.is(j, ".") && f.isKind(j+1, tIdent) && f.isOpen(j+2, '(')) {
		return f.opaque(a, b, "a builder"), b, true
	}
	typ, ok := typeLetter(f.text(j + 1))
	close := f.toks[j+2].match
	if !ok || !f.is(close+1, ".") || !f.is(close+2, "build") || !f.isOpen(close+3, '(') || f.toks[close+3].match != close+4 {
		return f.opaque(a, b, "a builder"), b, true
	}
	v := f.typed(typ, j+2, f.toks[a].start, depth)
	v.End = f.toks[close+4].end
	return v, close + 5, true
}

// javaNew reads SDK v1's new AttributeValue("x") and new
// AttributeValue().withN("1").
func (f *finder) javaNew(a, b, depth int) (Value, int, bool) {
	if !f.is(a+1, "AttributeValue") || !f.isOpen(a+2, '(') {
		return Value{}, 0, false
	}
	open := a + 2
	close := f.toks[open].match
	start := f.toks[a].start
	if close > open+1 {
		v := f.typed("S", open, start, depth)
		return v, close + 1, true
	}
	j := close + 1
	if !(f.is(j, ".") && f.isKind(j+1, tIdent) && f.isOpen(j+2, '(')) {
		return Value{}, 0, false
	}
	setter, _ := strings.CutPrefix(f.text(j+1), "with")
	typ, ok := typeLetter(setter)
	if !ok {
		return Value{}, 0, false
	}
	v := f.typed(typ, j+2, start, depth)
	return v, f.toks[j+2].match + 1, true
}

// pair reads one entry of Map.ofEntries (entry(k, v), Map.entry(k, v)) or
// of Kotlin's mapOf (k to v, Pair(k, v)).
func (f *finder) pair(a, b, depth int) Entry {
	for j := a; j < b; j++ {
		if f.is(j, "to") {
			return Entry{Key: f.value(a, j, depth), Value: f.value(j+1, b, depth)}
		}
		if f.isKind(j, tOpen) && f.toks[j].match > j {
			j = f.toks[j].match
		}
	}
	j := a
	for j+1 < b && f.is(j+1, ".") {
		j += 2
	}
	name := f.text(j)
	if (name == "entry" || name == "Pair" || name == "SimpleEntry" || name == "SimpleImmutableEntry") &&
		f.isOpen(j+1, '(') && f.toks[j+1].match == b-1 {
		if parts := f.split(j + 1); len(parts) == 2 {
			return Entry{Key: f.value(parts[0][0], parts[0][1], depth), Value: f.value(parts[1][0], parts[1][1], depth)}
		}
	}
	o := f.opaque(a, b, "an entry built by code")
	return Entry{Key: o, Value: o}
}

// argCount is the number of arguments inside bracket open.
func (f *finder) argCount(open int) int { return len(f.split(open)) }

// split cuts what bracket open encloses at its top-level commas: the
// token ranges of its elements (a trailing comma makes no element).
func (f *finder) split(open int) [][2]int {
	close := f.toks[open].match
	var out [][2]int
	from := open + 1
	for j := open + 1; j < close; j++ {
		t := f.toks[j]
		if t.kind == tOpen && t.match > j {
			j = t.match
			continue
		}
		if f.is(j, ",") {
			out = append(out, [2]int{from, j})
			from = j + 1
		}
	}
	if from < close {
		out = append(out, [2]int{from, close})
	}
	return out
}

// topLevel finds the first token in a..b, outside brackets, that is word.
func (f *finder) topLevel(a, b int, word string) int {
	for j := a; j < b; j++ {
		if f.isKind(j, tOpen) && f.toks[j].match > j {
			j = f.toks[j].match
			continue
		}
		if f.is(j, word) {
			return j
		}
	}
	return -1
}

// comprehension reports whether the elements of a Python bracket are a
// comprehension: [x for x in xs], {k: v for ...}.
func (f *finder) comprehension(parts [][2]int) bool {
	return f.lang == Python && len(parts) == 1 && f.topLevel(parts[0][0], parts[0][1], "for") >= 0
}

// mapLiteral reads a Python dict or set, or a JavaScript object, at open.
func (f *finder) mapLiteral(open, depth int) Value {
	close := f.toks[open].match
	m := Value{Kind: Map, Start: f.toks[open].start, End: f.toks[close].end}
	parts := f.split(open)
	if f.comprehension(parts) {
		return f.opaque(open, close+1, "a comprehension")
	}
	var set []Value
	for _, p := range parts {
		a, b := p[0], p[1]
		if f.is(a, "**") || f.is(a, "...") {
			o := f.opaque(a, b, "a spread")
			m.Entries = append(m.Entries, Entry{Key: o, Value: o})
			continue
		}
		colon := f.topLevel(a, b, ":")
		if f.lang == JavaScript {
			switch {
			case colon < 0 && b == a+1 && f.isKind(a, tIdent):
				// Shorthand: { TableName } is TableName: TableName.
				val, ok := f.named(a, depth+1)
				if !ok {
					val = f.opaque(a, b, "a variable")
				}
				m.Entries = append(m.Entries, Entry{Key: f.identKey(a), Value: val})
				continue
			case colon == a+1 && f.isKind(a, tIdent):
				m.Entries = append(m.Entries, Entry{Key: f.identKey(a), Value: f.value(colon+1, b, depth+1)})
				continue
			case colon > a && f.isOpen(a, '[') && f.toks[a].match == colon-1:
				m.Entries = append(m.Entries, Entry{Key: f.opaque(a, colon, "a computed key"), Value: f.value(colon+1, b, depth+1)})
				continue
			case colon < 0:
				o := f.opaque(a, b, "a method")
				m.Entries = append(m.Entries, Entry{Key: o, Value: o})
				continue
			}
		}
		if colon < 0 {
			set = append(set, f.value(a, b, depth+1))
			continue
		}
		m.Entries = append(m.Entries, Entry{Key: f.value(a, colon, depth+1), Value: f.value(colon+1, b, depth+1)})
	}
	if set == nil {
		return m
	}
	if len(m.Entries) > 0 {
		return f.opaque(open, close+1, "an expression")
	}
	// A Python set literal: boto3's resource writes a string set {"a", "b"}
	// and a number set {1, 2}.
	l := Value{Kind: List, Start: m.Start, End: m.End, Elems: set}
	for _, e := range set {
		switch {
		case e.Kind == String && l.Type != "NS":
			l.Type = "SS"
		case e.Kind == Number && l.Type != "SS":
			l.Type = "NS"
		default:
			return f.opaque(open, close+1, "a set of values that are not all strings or all numbers")
		}
	}
	return l
}

// identKey is a JavaScript object key written as a bare word: a string.
func (f *finder) identKey(a int) Value {
	t := f.toks[a]
	v := Value{Kind: String, Start: t.start, End: t.end, Text: f.text(a)}
	for o := t.start; o <= t.end; o++ {
		v.Offsets = append(v.Offsets, o)
	}
	return v
}

// listLiteral reads a Python or JavaScript list at open.
func (f *finder) listLiteral(open, depth int) Value {
	close := f.toks[open].match
	l := Value{Kind: List, Start: f.toks[open].start, End: f.toks[close].end}
	parts := f.split(open)
	if f.comprehension(parts) {
		return f.opaque(open, close+1, "a comprehension")
	}
	for _, p := range parts {
		e := f.value(p[0], p[1], depth+1)
		if e.Kind == Opaque && e.Why == "a spread" {
			return f.opaque(open, close+1, "a spread")
		}
		l.Elems = append(l.Elems, e)
	}
	return l
}

// callee is the call or name written right before token at: its first
// token and its name (the last word, or the one before "invoke" and
// "builder"). It walks back over a dotted name and argument lists, no
// further than a few tokens.
func (f *finder) callee(at int) (first int, name string) {
	first = at + 1
	for k, n := at, 0; k >= 0 && n < 64; n++ {
		switch {
		case f.isKind(k, tClose) && f.toks[k].match >= 0 && f.src[f.toks[k].start] == ')':
			k = f.toks[k].match - 1
			continue
		case f.isKind(k, tIdent):
			if w := f.text(k); name == "" && w != "invoke" && w != "builder" && w != "new" {
				name = w
			}
			first = k
			if f.is(k-1, ".") || f.is(k-1, "?.") {
				k -= 2
				continue
			}
			if f.is(k-1, "new") {
				first = k - 1
			}
		}
		break
	}
	return first, name
}

// trimIndent is Kotlin's String.trimIndent on a literal with its offsets:
// a blank first and last line go, and the indentation every non-blank line
// shares is cut from each line.
func trimIndent(text []byte, offs []int) ([]byte, []int) {
	type line struct{ from, to int }
	var lines []line
	from := 0
	for i, c := range text {
		if c == '\n' {
			lines = append(lines, line{from, i})
			from = i + 1
		}
	}
	lines = append(lines, line{from, len(text)})
	blank := func(l line) bool {
		for _, c := range text[l.from:l.to] {
			if c != ' ' && c != '\t' {
				return false
			}
		}
		return true
	}
	indent := -1
	for _, l := range lines {
		if blank(l) {
			continue
		}
		w := 0
		for l.from+w < l.to && (text[l.from+w] == ' ' || text[l.from+w] == '\t') {
			w++
		}
		if indent < 0 || w < indent {
			indent = w
		}
	}
	if indent < 0 {
		indent = 0
	}
	if len(lines) > 0 && blank(lines[0]) {
		lines = lines[1:]
	}
	if len(lines) > 0 && blank(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	var b litBuilder
	for n, l := range lines {
		if n > 0 {
			b.add('\n', offs[lines[n-1].to])
		}
		for j := min(l.from+indent, l.to); j < l.to; j++ {
			b.add(text[j], offs[j])
		}
	}
	end := offs[len(offs)-1]
	return b.text, append(b.offs, end)
}
