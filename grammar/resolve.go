package grammar

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// resolveStatement checks what the grammar cannot say (which clauses a
// statement kind takes, which it needs, numbers in range) and fills the
// derived fields: decoded literals, path elements, the statement's source.
func resolveStatement(st *Statement, src string) diag.List {
	var errs diag.List
	fail := func(p diag.Pos, format string, args ...any) {
		errs = append(errs, diag.Errorf(p, format, args...))
	}
	resolveRequest(st, src, fail)
	switch {
	case st.Kind == KindCheck:
		fail(st.Pos, "check is a member of a transaction: write it inside transact write { ... }")
	case st.Kind.IsGroup():
		resolveGroup(st, src, fail)
	}
	w := walker{errs: &errs}
	w.statement(st)
	for _, m := range st.Members {
		w.statement(m)
	}
	return errs
}

// resolveRequest checks one request or a group's head: its clauses, and
// what its kind needs.
func resolveRequest(st *Statement, src string, fail failFunc) {
	mode := ""
	if st.Mode != nil {
		mode = st.Mode.Name
	}
	st.Kind = kindOf(st.Verb, mode)
	if st.Pos.Offset <= st.EndPos.Offset && st.EndPos.Offset <= len(src) {
		st.Source = strings.TrimSpace(src[st.Pos.Offset:st.EndPos.Offset])
	}
	resolveTableRef(st.Table)
	var seen [len(clauseTable)]*ClauseAt
	for i := range st.Written {
		w := &st.Written[i]
		c := &clauseTable[w.Clause]
		switch prev := seen[w.Clause]; {
		case !c.takes(st.Kind):
			fail(w.Pos, "%s is not a clause of %s; %s takes: %s%s", c.name(), st.Kind, st.Kind, clauseList(st.Kind, false), c.hints[st.Kind])
		case prev != nil && !c.repeatable:
			fail(w.Pos, "%s is given twice in this %s (first at %d:%d); each clause appears at most once", c.name(), st.Kind, prev.Pos.Line, prev.Pos.Col)
		case prev == nil:
			seen[w.Clause] = w
			if c.check != nil {
				c.check(st, fail)
			}
		}
	}
	switch st.Kind {
	case KindQuery:
		if st.Key == nil {
			fail(st.Table.Pos, "query needs a key condition: add key PARTITION = VALUE (or use scan to read the whole table)")
		}
	case KindGet, KindUpdate, KindDelete, KindCheck:
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
}

// resolveGroup checks a group's members: at least one, each of a kind the
// group sends. The clauses a member may not have in its group (return in a
// transaction, an update in a batch write, ...) parse and resolve as they
// would alone: lint reports them, each under its rule, and build refuses
// them.
func resolveGroup(st *Statement, src string, fail failFunc) {
	if len(st.Members) == 0 {
		fail(st.Open, "%s needs at least one member inside { }, like %s", st.Kind, memberExample(st.Kind))
	}
	for _, m := range st.Members {
		resolveRequest(m, src, fail)
		verbs := memberVerbs(st.Kind)
		// A batch write takes put and delete only, but an update or a
		// check resolves there, for the lint rule that explains why not.
		lintOnly := st.Kind == KindBatchWrite && (m.Kind == KindUpdate || m.Kind == KindCheck)
		if !lintOnly && !slices.Contains(verbs, m.Kind.String()) {
			fail(m.Pos, "%s is not a member of %s: %s takes %s members%s", m.Verb, st.Kind, st.Kind, orList(verbs), memberHint(m.Kind))
		}
	}
}

// memberVerbs are the kinds of the members a group takes, in words.
func memberVerbs(group Kind) []string {
	switch group {
	case KindTransactWrite:
		return []string{"put", "update", "delete", "check"}
	case KindBatchWrite:
		return []string{"put", "delete"}
	case KindTransactGet, KindBatchGet:
		return []string{"get"}
	}
	return nil
}

func memberExample(group Kind) string {
	switch group {
	case KindTransactWrite, KindBatchWrite:
		return `{ put Users item {pk: "USER#1"} }`
	}
	return `{ get Users key pk = "USER#1" }`
}

func memberHint(member Kind) string {
	switch member {
	case KindQuery, KindScan:
		return " (a query or a scan is a request of its own)"
	case KindGet:
		return " (to read items, use transact get or batch get)"
	}
	return " (to write items, use transact write or batch write)"
}

// kindOf is the kind of a statement that begins with verb (and mode, a
// group's second word, or "").
func kindOf(verb, mode string) Kind {
	if mode != "" {
		for k := KindTransactWrite; k < kindEnd; k++ {
			if strings.EqualFold(kindWords[k], verb+" "+mode) {
				return k
			}
		}
		return 0
	}
	for k := KindQuery; k <= KindCheck; k++ {
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
	if param, ok := strings.CutPrefix(t.Raw, "$"); ok {
		// Name stays "$table" until Bind: see Unbound.
		t.Name, t.Param = t.Raw, param
		return
	}
	t.Name = strings.Trim(t.Raw, "`")
}

func positiveInt(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 32)
	return n, err == nil
}

func checkSegment(s *Segment, fail failFunc) {
	total, ok := positiveInt(s.Total.Text)
	if !ok || total < 1 || total > 1000000 {
		fail(s.Total.Pos, "segment ... of N takes N from 1 to 1000000, not %s", s.Total.Text)
		return
	}
	i, ok := positiveInt(s.Index.Text)
	if !ok || i < 0 || i >= total {
		fail(s.Index.Pos, "segment I of %d takes I from 0 to %d, not %s", total, total-1, s.Index.Text)
	}
}

// walker resolves every path and value below a statement.
type walker struct{ errs *diag.List }

func (w walker) fail(p diag.Pos, format string, args ...any) {
	*w.errs = append(*w.errs, diag.Errorf(p, format, args...))
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
	if st.Token != nil {
		w.value(st.Token)
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
		w.valueAction(a)
	}
	for _, a := range st.Deletes {
		w.valueAction(a)
	}
}

// valueAction resolves an add or delete action, folding the sign of
// `add n -5` into the number: the action then is the one a request's
// `ADD n :d` with :d -5 converts to, and resolving it again changes nothing.
func (w walker) valueAction(a *ValueAction) {
	w.path(a.Path)
	w.value(a.Value)
	if !a.Minus {
		return
	}
	v := a.Value
	if v.Type != TypeN || strings.HasPrefix(v.Text, "-") {
		w.fail(v.Pos, "a minus sign goes before a number, like add views -1")
		return
	}
	v.Text = "-" + v.Text
	number := v.Text
	v.Number, a.Minus = &number, false
}

func (w walker) cond(c *Condition) {
	EachComparison(c, func(c *Comparison) { eachOperand(c, w.operand) })
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
	seen := map[string]diag.Pos{}
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
			w.fail(e.Pos, "%q is given twice in this map (first at %d:%d)", e.Key, p.Line, p.Col)
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
