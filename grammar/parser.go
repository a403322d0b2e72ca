package grammar

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/dynexpr/dynexpr/diag"
)

// buildParser builds participle's parser for the grammar in ast.go: the
// executable specification that parseFast (fastparse.go), which Parse uses,
// is checked against (parseParticiple, FuzzParsersAgree). It is built on
// first use: building walks the whole grammar by reflection.
var buildParser = sync.OnceValue(func() *participle.Parser[File] {
	return participle.MustBuild[File](
		participle.Lexer(lexDef{}),
		participle.CaseInsensitive("Ident"),
		participle.UseLookahead(3),
	)
})

// Parse reads a file of statements. file names the input in messages
// ("queries.dx", "<arg>", "<stdin>"). The error, if any, is a *diag.Error
// or a diag.List.
func Parse(file, src string) (f *File, err error) {
	defer func() {
		// No input may reach the user as a stack trace.
		if r := recover(); r != nil {
			f, err = nil, diag.Errorf(diag.Pos{File: file}, "cannot parse this input (%v)", r)
		}
	}()
	f, perr := parseFast(file, src)
	if perr != nil {
		if de, ok := perr.(*diag.Error); ok {
			atLastToken(de, src)
			return nil, de
		}
		return nil, convertError(file, src, perr)
	}
	var errs diag.List
	for _, st := range f.Statements {
		if st == nil {
			continue
		}
		errs = append(errs, resolveStatement(st, src)...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	// Drop the empty statements that a trailing ";" leaves.
	out := f.Statements[:0]
	for _, st := range f.Statements {
		if st != nil {
			out = append(out, st)
		}
	}
	f.Statements = out
	return f, nil
}

// parseParticiple parses src with the participle parser, the executable
// specification of the grammar that parseFast must agree with: the tree as
// participle builds it (resolveStatement not run), or its error as a
// *diag.Error.
func parseParticiple(file, src string) (f *File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, diag.Errorf(diag.Pos{File: file}, "cannot parse this input (%v)", r)
		}
	}()
	f, err = buildParser().ParseString(file, src)
	if err != nil {
		return nil, convertError(file, src, err)
	}
	return f, nil
}

// ToPos converts a parser position into the diag position every message uses.
func ToPos(p Position) diag.Pos {
	return diag.Pos{File: p.Filename, Offset: p.Offset, Line: p.Line, Col: p.Column}
}

func convertError(file, src string, err error) error {
	var pos diag.Pos
	msg := err.Error()
	if pe, ok := err.(participle.Error); ok {
		pos = ToPos(pe.Position())
		msg = pe.Message()
	}
	if pos.File == "" {
		pos.File = file
	}
	if le, ok := err.(*LexError); ok {
		return &diag.Error{Pos: ToPos(le.Pos), Msg: le.Msg}
	}
	// A word that is not a verb where a statement starts parses as a label
	// missing its colon; say what is really expected, at the word.
	if strings.HasSuffix(msg, `(expected ":")`) {
		if start := previousWord(src, pos.Offset); start >= 0 {
			wpos := diag.PosAt(file, []byte(src), start)
			word := src[start:]
			if i := strings.IndexFunc(word, func(r rune) bool { return !isIdentChar(byte(r)) || r > 127 }); i >= 0 {
				word = word[:i]
			}
			return diag.Errorf(wpos, "unexpected %q; expected a statement: query, scan, get, put, update or delete (a label is written %s: query ...)", word, word)
		}
	}
	return &diag.Error{Pos: pos, Msg: friendlyMessage(msg, src, pos)}
}

// previousWord returns the offset of the identifier before off, or -1.
func previousWord(src string, off int) int {
	if off > len(src) {
		off = len(src)
	}
	i := off
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	end := i
	for i > 0 && isIdentChar(src[i-1]) {
		i--
	}
	if i == end {
		return -1
	}
	return i
}

// friendlyMessage rewrites participle's messages into the DSL's words.
func friendlyMessage(msg, src string, pos diag.Pos) string {
	msg = strings.ReplaceAll(msg, `unexpected token "<EOF>"`, "unexpected end of input")
	msg = strings.ReplaceAll(msg, "unexpected token ", "unexpected ")
	if i := strings.Index(msg, " (expected "); i >= 0 {
		want := strings.TrimSuffix(msg[i+len(" (expected "):], ")")
		msg = msg[:i] + "; expected " + describeExpected(want)
	}
	return msg
}

// describeExpected turns participle's grammar fragment into words.
func describeExpected(want string) string {
	switch {
	case strings.Contains(want, `"query"`):
		return `a statement: query, scan, get, put, update or delete`
	case strings.HasPrefix(want, "<name>") || strings.HasPrefix(want, "(<name> | <quoted>"):
		return "a table or index name"
	case strings.Contains(want, `"index"`) && strings.Contains(want, `"key"`):
		return `a clause (key, index, filter, select, limit, set, remove, ...) or ";"`
	case want == "Condition" || want == "NotCondition" || want == "Comparison":
		return "a condition, like attr = \"value\" or attribute_exists(attr)"
	case want == "Operand" || want == "Value":
		return `a value ("text", 42, true, null, [..], {..}, <<..>>, $param) or an attribute name`
	case want == "Path" || want == "PathName":
		return "an attribute name (bare, or in backticks: `my-name`)"
	case want == "Projection":
		return "attribute names, or count, all or projected"
	case want == "TableRef":
		return "a table or index name"
	case strings.Contains(want, "<string>") && strings.Contains(want, "<number>"):
		return `a value ("text", 42, true, null, [..], {..}, <<..>>, $param) or an attribute name`
	}
	return want
}

// clauseKinds lists, for each statement kind, the clauses it takes, in the
// order `dynexpr fmt` writes them.
var clauseKinds = map[Kind][]string{
	KindQuery:  {"index", "key", "filter", "select", "order", "limit", "consistent", "after"},
	KindScan:   {"index", "filter", "select", "limit", "consistent", "segment", "after"},
	KindGet:    {"key", "select", "consistent"},
	KindPut:    {"item", "if", "return"},
	KindUpdate: {"key", "set", "remove", "add", "delete", "if", "return"},
	KindDelete: {"key", "if", "return"},
}

// repeatable clauses may appear several times; the builder merges them.
var repeatable = map[string]bool{"set": true, "remove": true, "add": true, "delete": true}

func clauseKeyword(c *Clause) string {
	switch {
	case c.Index != nil:
		return "index"
	case c.Key != nil:
		return "key"
	case c.Filter != nil:
		return "filter"
	case c.Select != nil:
		return "select"
	case c.Asc, c.Desc:
		return "order"
	case c.Limit != nil:
		return "limit"
	case c.Consistent:
		return "consistent"
	case c.After != nil:
		return "after"
	case c.Segment != nil:
		return "segment"
	case c.Item != nil:
		return "item"
	case c.If != nil:
		return "if"
	case c.Return != nil:
		return "return"
	case c.Set != nil:
		return "set"
	case c.Remove != nil:
		return "remove"
	case c.Add != nil:
		return "add"
	case c.Delete != nil:
		return "delete"
	}
	return ""
}

func displayClause(kw string) string {
	if kw == "order" {
		return "asc/desc"
	}
	return kw
}

func resolveStatement(st *Statement, src string) diag.List {
	var errs diag.List
	fail := func(p Position, format string, args ...any) {
		errs = append(errs, diag.Errorf(ToPos(p), format, args...))
	}
	st.Kind = kindOf(st.Verb)
	if st.Pos.Offset <= st.EndPos.Offset && st.EndPos.Offset <= len(src) {
		st.Source = strings.TrimSpace(src[st.Pos.Offset:st.EndPos.Offset])
	}
	resolveTableRef(st.Table)
	allowed := clauseKinds[st.Kind]
	seen := map[string]*Clause{}
	for _, c := range st.Clauses {
		kw := clauseKeyword(c)
		c.Keyword = kw
		if !contains(allowed, kw) {
			fail(c.Pos, "%s is not a clause of %s; %s takes: %s%s", displayClause(kw), st.Verb, strings.ToLower(st.Verb), displayClauses(allowed), clauseHint(st.Kind, kw))
			continue
		}
		if prev := seen[kw]; prev != nil && !repeatable[kw] {
			fail(c.Pos, "%s is given twice in this %s (first at %d:%d); each clause appears at most once", displayClause(kw), strings.ToLower(st.Verb), prev.Pos.Line, prev.Pos.Column)
			continue
		}
		seen[kw] = c
		switch kw {
		case "index":
			resolveTableRef(c.Index)
			st.Index = c.Index
		case "key":
			st.Key = c.Key
		case "filter":
			st.Filter = c.Filter
		case "select":
			st.Select = c.Select
			if st.Kind == KindGet && len(c.Select.Paths) == 0 {
				fail(c.Select.Pos, "get takes only attribute paths in select (count, all and projected are for query and scan)")
			}
		case "order":
			st.Order = c
		case "limit":
			st.Limit = c.Limit
			if n, ok := positiveInt(c.Limit.Text); !ok || n < 1 {
				fail(c.Limit.Pos, "limit takes a whole number from 1 to 2147483647, not %s", c.Limit.Text)
			}
		case "consistent":
			st.Consistent = c
		case "after":
			st.After = c.After
		case "segment":
			st.Segment = c.Segment
			errs = append(errs, checkSegment(c.Segment)...)
		case "item":
			st.Item = c.Item
			if c.Item.Map == nil {
				fail(c.Item.Pos, "item takes a map of the item's attributes, like item {id: \"a91f\", subject: \"printer\"}")
			}
		case "if":
			st.If = c.If
		case "return":
			st.Return = c.Return
			word := strings.ToLower(c.Return.Name)
			c.Return.Name = word
			ok := word == "none" || word == "old"
			if st.Kind == KindUpdate {
				ok = ok || word == "new" || word == "updated_old" || word == "updated_new"
			}
			if !ok {
				if st.Kind == KindUpdate {
					fail(c.Return.Pos, "return takes none, old, new, updated_old or updated_new, not %q", word)
				} else {
					fail(c.Return.Pos, "%s returns only the old item: write return old (or return none)", st.Verb)
				}
			}
		case "set":
			st.Sets = append(st.Sets, c.Set...)
		case "remove":
			st.Removes = append(st.Removes, c.Remove...)
		case "add":
			st.Adds = append(st.Adds, c.Add...)
		case "delete":
			st.Deletes = append(st.Deletes, c.Delete...)
		}
	}
	switch st.Kind {
	case KindQuery:
		if st.Key == nil {
			fail(st.Table.Pos, "query needs a key condition: add key PARTITION = VALUE (or use scan to read the whole table)")
		}
	case KindGet, KindUpdate, KindDelete:
		if st.Key == nil {
			fail(st.Table.Pos, "%s needs the item's key: add key ATTR = VALUE", st.Verb)
		}
	case KindPut:
		if st.Item == nil {
			fail(st.Table.Pos, "put needs the item: add item {ATTR: VALUE, ...}")
		}
	}
	if st.Kind == KindUpdate && len(st.Sets)+len(st.Removes)+len(st.Adds)+len(st.Deletes) == 0 {
		fail(st.Table.Pos, "update needs at least one action: set, remove, add or delete")
	}
	w := walker{errs: &errs}
	w.statement(st)
	return errs
}

func clauseHint(k Kind, kw string) string {
	switch {
	case kw == "filter" && k == KindGet:
		return " (a get reads one item by its key: use query or scan to filter, or if on a write)"
	case kw == "filter" && (k == KindUpdate || k == KindDelete || k == KindPut):
		return " (a write's condition is written with if)"
	case kw == "if" && (k == KindQuery || k == KindScan):
		return " (a read's condition is written with filter)"
	case kw == "key" && k == KindScan:
		return " (a scan reads the whole table; to read by key, use query)"
	}
	return ""
}

func displayClauses(kws []string) string {
	out := make([]string, len(kws))
	for i, k := range kws {
		out[i] = displayClause(k)
	}
	return strings.Join(out, ", ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func kindOf(verb string) Kind {
	for k := KindQuery; k <= KindDelete; k++ {
		if strings.EqualFold(kindWords[k], verb) {
			return k
		}
	}
	return 0
}

func resolveTableRef(t *TableRef) {
	if t == nil {
		return
	}
	t.Name = strings.Trim(t.Raw, "`")
}

func positiveInt(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 32)
	return n, err == nil
}

func checkSegment(s *Segment) diag.List {
	var errs diag.List
	total, ok := positiveInt(s.Total.Text)
	if !ok || total < 1 || total > 1000000 {
		errs = append(errs, diag.Errorf(ToPos(s.Total.Pos), "segment ... of N takes N from 1 to 1000000, not %s", s.Total.Text))
		return errs
	}
	i, ok := positiveInt(s.Index.Text)
	if !ok || i < 0 || i >= total {
		errs = append(errs, diag.Errorf(ToPos(s.Index.Pos), "segment I of %d takes I from 0 to %d, not %s", total, total-1, s.Index.Text))
	}
	return errs
}

// walker resolves every path and value below a statement.
type walker struct{ errs *diag.List }

func (w walker) fail(p Position, format string, args ...any) {
	*w.errs = append(*w.errs, diag.Errorf(ToPos(p), format, args...))
}

func (w walker) statement(st *Statement) {
	w.cond(st.Key)
	w.cond(st.Filter)
	w.cond(st.If)
	if st.Select != nil {
		for _, p := range st.Select.Paths {
			w.path(p)
		}
	}
	if st.After != nil {
		w.cond(st.After.Key)
		if st.After.Map != nil {
			w.mapValue(st.After.Map)
		}
	}
	if st.Item != nil {
		w.value(st.Item)
	}
	for _, a := range st.Sets {
		w.path(a.Path)
		w.operand(a.Left)
		w.operand(a.Right)
	}
	for _, p := range st.Removes {
		w.path(p)
	}
	for _, a := range st.Adds {
		w.path(a.Path)
		w.value(a.Value)
		w.minus(a.Minus, a.Value)
	}
	for _, a := range st.Deletes {
		w.path(a.Path)
		w.value(a.Value)
		w.minus(a.Minus, a.Value)
	}
}

// minus folds the sign of `add n -5` into the number.
func (w walker) minus(minus bool, v *Value) {
	if !minus {
		return
	}
	if v.Type != TypeN || strings.HasPrefix(v.Text, "-") {
		w.fail(v.Pos, "a minus sign goes before a number, like add views -1")
		return
	}
	v.Text = "-" + v.Text
}

func (w walker) cond(c *Condition) {
	if c == nil {
		return
	}
	for _, a := range c.Or {
		for _, n := range a.And {
			w.not(n)
		}
	}
}

func (w walker) not(n *NotCondition) {
	switch {
	case n.Not != nil:
		w.not(n.Not)
	case n.Group != nil:
		w.cond(n.Group)
	case n.Compare != nil:
		c := n.Compare
		w.operand(c.Left)
		w.operand(c.Right)
		w.operand(c.Low)
		w.operand(c.High)
		for _, o := range c.In {
			w.operand(o)
		}
	}
}

func (w walker) operand(o *Operand) {
	if o == nil {
		return
	}
	switch {
	case o.Call != nil:
		// Function names are words of the language, case-insensitive like
		// its keywords; the request carries them as DynamoDB spells them.
		o.Call.Func = strings.ToLower(o.Call.Func)
		for _, a := range o.Call.Args {
			w.operand(a)
		}
	case o.Value != nil:
		w.value(o.Value)
	case o.Path != nil:
		w.path(o.Path)
	}
}

func (w walker) path(p *Path) {
	if p == nil {
		return
	}
	p.Elems = p.Elems[:0]
	p.Elems = append(p.Elems, PathElem{Pos: p.First.Pos, Name: p.First.name()})
	for _, s := range p.Steps {
		if s.Field != nil {
			p.Elems = append(p.Elems, PathElem{Pos: s.Field.Pos, Name: s.Field.name()})
			continue
		}
		n, err := strconv.Atoi(s.Index)
		if err != nil || n < 0 || strings.ContainsAny(s.Index, ".eE+-") {
			w.fail(s.Pos, "a list index is a whole number from 0, like [2], not [%s]", s.Index)
			continue
		}
		p.Elems = append(p.Elems, PathElem{Pos: s.Pos, Index: n, IsIndex: true})
	}
}

func (n *PathName) name() string {
	if n.Quoted != "" {
		return n.Quoted[1 : len(n.Quoted)-1]
	}
	return n.Ident
}

func (w walker) mapValue(m *Map) {
	seen := map[string]Position{}
	for _, e := range m.Entries {
		e.Key = e.RawKey
		switch e.RawKey[0] {
		case '"', '\'':
			e.Key = unquote(e.RawKey)
		case '`':
			e.Key = e.RawKey[1 : len(e.RawKey)-1]
		}
		if e.Key == "" {
			w.fail(e.Pos, "an attribute name cannot be empty")
		}
		if p, dup := seen[e.Key]; dup {
			w.fail(e.Pos, "%q is given twice in this map (first at %d:%d)", e.Key, p.Line, p.Column)
		}
		seen[e.Key] = e.Pos
		w.value(e.Value)
	}
}

func (w walker) value(v *Value) {
	if v == nil {
		return
	}
	switch {
	case v.String != nil:
		v.Type, v.Text = TypeS, unquote(*v.String)
	case v.Binary != nil:
		v.Type, v.Text = TypeB, (*v.Binary)[2:len(*v.Binary)-1]
	case v.Number != nil:
		v.Type, v.Text = TypeN, *v.Number
	case v.Bool != "":
		v.Type, v.Text = TypeBOOL, strings.ToLower(v.Bool)
	case v.Null:
		v.Type = TypeNULL
	case v.Param != nil:
		v.Type, v.FromParam = TypeParam, (*v.Param)[1:]
	case v.List != nil:
		v.Type = TypeL
		for _, it := range v.List.Items {
			w.value(it)
		}
	case v.Map != nil:
		v.Type = TypeM
		w.mapValue(v.Map)
	case v.Set != nil:
		for _, it := range v.Set.Items {
			w.value(it)
			if it.Type != TypeS && it.Type != TypeN && it.Type != TypeB && it.Type != TypeParam {
				w.fail(it.Pos, "a set holds strings, numbers or binary values, not %s", TypeWord(it.Type))
			}
		}
		v.Type = SetType(v.Set)
	}
}

// SetType is the type of a set literal, from its first typed element
// (SS when it has none: an empty set, which the linter reports).
func SetType(s *SetValue) ValueType {
	for _, it := range s.Items {
		switch it.Type {
		case TypeS:
			return TypeSS
		case TypeN:
			return TypeNS
		case TypeB:
			return TypeBS
		}
	}
	return TypeSS
}

// TypeWord names a type for messages.
func TypeWord(t ValueType) string {
	switch t {
	case TypeS:
		return "a string"
	case TypeN:
		return "a number"
	case TypeB:
		return "binary"
	case TypeBOOL:
		return "a boolean"
	case TypeNULL:
		return "null"
	case TypeL:
		return "a list"
	case TypeM:
		return "a map"
	case TypeSS:
		return "a string set"
	case TypeNS:
		return "a number set"
	case TypeBS:
		return "a binary set"
	case TypeParam:
		return "a parameter"
	}
	return fmt.Sprintf("%q", string(t))
}

// atLastToken moves an "unexpected end of input" error from the end of the
// input (after the last newline, or a trailing comment) to just after the
// last token, where the statement stops short, so that its caret stands
// under something the user wrote.
func atLastToken(de *diag.Error, src string) {
	if !strings.HasPrefix(de.Msg, "unexpected end of input") {
		return
	}
	_, ends, err := Trivia(de.Pos.File, src)
	if err != nil || len(ends) == 0 {
		return
	}
	de.Pos = diag.PosAt(de.Pos.File, []byte(src), ends[len(ends)-1])
}
