package builder

import (
	"sort"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// Build turns a parsed statement, with its parameters bound (grammar.Bind),
// into its request for AWS CLI v2. The error, if any, is a *diag.Error or a
// diag.List, each positioned at the node it is about.
func Build(st *grammar.Statement) (*Request, error) {
	return BuildFor(st, CLIv2)
}

// BuildFor is Build for the given AWS CLI: the request's JSON writes binary
// values as that CLI reads them, and for v1 a binary value that is not
// UTF-8 text is an error at the value.
func BuildFor(st *grammar.Statement, cli AWSCLI) (*Request, error) {
	if st == nil {
		return nil, diag.Errorf(diag.Pos{}, "no statement to build")
	}
	b := newBuilder()
	b.cli = cli
	r := b.statement(st)
	switch len(b.errs) {
	case 0:
		return r, nil
	case 1:
		return nil, b.errs[0]
	}
	// Clauses are built in a fixed order; report in the order written.
	sort.SliceStable(b.errs, func(i, j int) bool { return b.errs[i].Pos.Offset < b.errs[j].Pos.Offset })
	return nil, b.errs
}

// builder holds the state of one Build.
type builder struct {
	errs diag.List
	cli  AWSCLI
	// st is the statement being built, for messages that name a second
	// place in it.
	st *grammar.Statement
	// rules are the lint rules of errs, one each (refusals.go).
	rules []string
	// memberOf is the group the statement is a member of; 0 for a
	// request of its own.
	memberOf grammar.Kind
	// refusalsOnly skips what cannot refuse: giving the expressions their
	// placeholders (Refusals wants the refusals, not the request).
	refusalsOnly bool

	// names are the attribute names the expressions use, by id: an
	// expression holds #id for a name until the placeholders are given
	// (placeholders.go), so that no name can be mistaken for a reference
	// or split at a dot or a bracket.
	names  []string
	nameID map[string]int

	// vals are the values the expressions use, by id (an expression holds
	// :id), each with the path it meets.
	vals []exprValue
}

type exprValue struct {
	val  Value
	hint string
}

func newBuilder() *builder {
	return &builder{
		names:  make([]string, 0, 8),
		nameID: make(map[string]int, 8),
		vals:   make([]exprValue, 0, 8),
	}
}

// exprs are a statement's expressions as written, with #id and :id
// references, before their placeholders are given.
type exprs struct {
	keyCondition, filter, condition, projection, update string
}

func (e *exprs) any() bool {
	return e.keyCondition != "" || e.filter != "" || e.condition != "" || e.projection != "" || e.update != ""
}

func (b *builder) statement(st *grammar.Statement) *Request {
	b.st = st
	if st.Kind.IsGroup() && b.memberOf == 0 {
		return b.group(st)
	}
	// A member's Command is "", and so is a check's, taken alone: it is
	// its ConditionCheck object, which only a transaction sends (the
	// parser refuses a check outside one; lint measures its expressions).
	r := &Request{Command: st.Kind.Command(), CLI: b.cli}
	if b.memberOf != 0 {
		r.Command = ""
	}
	switch {
	case st.Kind < grammar.KindQuery || st.Kind > grammar.KindCheck:
		b.fail(st.Pos, "unknown statement: write query, scan, get, put, update or delete, or a group of them (transact write, transact get, batch get, batch write)")
		return r
	case st.Table == nil:
		b.fail(st.Pos, "%s needs a table name", st.Kind)
		return r
	}
	if b.memberOf != 0 {
		b.memberClauses(st)
	} else {
		b.capacity(st, r)
		b.metrics(st, r)
	}
	r.TableName = st.Table.Name
	b.unboundName(st.Table)
	var e exprs
	switch st.Kind {
	case grammar.KindQuery:
		b.index(st, r)
		if st.Key == nil {
			b.fail(st.Table.Pos, "query needs a key condition: add key PARTITION = VALUE (or use scan to read the whole table)")
		} else {
			e.keyCondition = b.keyCondition(st.Key)
		}
		b.filter(st, &e)
		b.selection(st, r, &e)
		if st.Order != nil {
			forward := st.Order.Asc
			r.ScanIndexForward = &forward
		}
		b.limit(st, r)
		b.consistent(st, r)
		b.after(st, r)
	case grammar.KindScan:
		b.index(st, r)
		b.filter(st, &e)
		b.selection(st, r, &e)
		b.limit(st, r)
		b.consistent(st, r)
		b.segment(st, r)
		b.after(st, r)
	case grammar.KindGet:
		r.Key = b.key(st)
		b.selection(st, r, &e)
		b.consistent(st, r)
	case grammar.KindPut:
		if st.Item == nil {
			b.fail(st.Table.Pos, "put needs the item: add item {ATTR: VALUE, ...}")
		} else if st.Item.Map == nil {
			b.fail(st.Item.Pos, "item takes a map of the item's attributes, like item {id: \"a91f\", subject: \"printer\"}")
		} else {
			r.Item = b.itemMap(st.Item.Map)
		}
		b.ifCondition(st, &e)
		b.returnValues(st, r)
	case grammar.KindUpdate:
		r.Key = b.key(st)
		e.update = b.updateActions(st)
		b.ifCondition(st, &e)
		b.returnValues(st, r)
	case grammar.KindDelete:
		r.Key = b.key(st)
		b.ifCondition(st, &e)
		b.returnValues(st, r)
	case grammar.KindCheck:
		r.Key = b.key(st)
		b.ifCondition(st, &e)
	}
	if b.memberOf == 0 || b.memberOf == grammar.KindTransactWrite {
		b.returnOnFailure(st, r)
	}
	if len(b.errs) == 0 && e.any() && !b.refusalsOnly {
		b.expressions(r, &e)
	}
	return r
}

func (b *builder) index(st *grammar.Statement, r *Request) {
	if st.Index != nil {
		r.IndexName = st.Index.Name
		b.unboundName(st.Index)
	}
}

func (b *builder) filter(st *grammar.Statement, e *exprs) {
	if st.Filter != nil {
		e.filter = b.condition(st.Filter)
	}
}

func (b *builder) ifCondition(st *grammar.Statement, e *exprs) {
	if st.If != nil {
		e.condition = b.condition(st.If)
	}
}

func (b *builder) consistent(st *grammar.Statement, r *Request) {
	if st.Consistent != nil && b.memberOf != grammar.KindTransactGet {
		t := true
		r.ConsistentRead = &t
	}
}

// selection is select: paths (ProjectionExpression) or count, all,
// projected (Select).
func (b *builder) selection(st *grammar.Statement, r *Request, e *exprs) {
	sel := st.Select
	if sel == nil {
		return
	}
	switch {
	case len(sel.Paths) > 0:
		names := make([]string, len(sel.Paths))
		for i, p := range sel.Paths {
			names[i] = b.name(p)
		}
		e.projection = strings.Join(names, ", ")
		return
	case b.memberOf != 0:
		return // refused (memberClauses)
	case st.Kind == grammar.KindGet:
		b.fail(sel.Pos, "get takes only attribute paths in select (count, all and projected are for query and scan)")
	case sel.Count:
		r.Select = "COUNT"
	case sel.All:
		r.Select = "ALL_ATTRIBUTES"
	case sel.Projected:
		r.Select = "ALL_PROJECTED_ATTRIBUTES"
	default:
		b.fail(sel.Pos, "select takes attribute paths, or count, all or projected")
	}
}

func (b *builder) limit(st *grammar.Statement, r *Request) {
	if st.Limit == nil {
		return
	}
	if n, ok := b.count(st.Limit, 1, 1<<31-1, "limit takes a whole number from 1 to 2147483647"); ok {
		r.Limit = &n
	}
}

func (b *builder) segment(st *grammar.Statement, r *Request) {
	s := st.Segment
	if s == nil || s.Index == nil || s.Total == nil {
		return
	}
	total, ok := b.count(s.Total, 1, 1000000, "segment ... of N takes N from 1 to 1000000")
	if !ok {
		return
	}
	i, ok := b.count(s.Index, 0, int64(total)-1, "segment I of "+strconv.Itoa(int(total))+" takes I from 0 to "+strconv.Itoa(int(total)-1))
	if !ok {
		return
	}
	r.Segment, r.TotalSegments = &i, &total
}

// count reads a whole number clause argument.
func (b *builder) count(n *grammar.Number, lo, hi int64, msg string) (int32, bool) {
	v, err := strconv.ParseInt(n.Text, 10, 32)
	if err != nil || v < lo || v > hi {
		b.fail(n.Pos, "%s, not %s", msg, n.Text)
		return 0, false
	}
	return int32(v), true
}

// returnValue is the ReturnValues member a return word asks for, "" for
// none of them. A switch rather than a map: nothing to build at start-up.
func returnValue(word string) string {
	switch strings.ToLower(word) {
	case "none":
		return "NONE"
	case "old":
		return "ALL_OLD"
	case "new":
		return "ALL_NEW"
	case "updated_old":
		return "UPDATED_OLD"
	case "updated_new":
		return "UPDATED_NEW"
	}
	return ""
}

func (b *builder) returnValues(st *grammar.Statement, r *Request) {
	if st.Return == nil || b.memberOf != 0 {
		return // a member's return is refused (memberClauses)
	}
	v := returnValue(st.Return.Name)
	if v == "" {
		b.fail(st.Return.Pos, "return takes none, old, new, updated_old or updated_new, not %q", st.Return.Name)
		return
	}
	r.ReturnValues = v
}

// key is the item key of a get, update or delete.
func (b *builder) key(st *grammar.Statement) map[string]Value {
	if st.Key == nil {
		b.fail(st.Table.Pos, "%s needs the item's key: add key ATTR = VALUE", st.Kind)
		return nil
	}
	return b.itemKey(st.Key, 2, "a key is written k = VALUE [and k = VALUE]")
}

func (b *builder) after(st *grammar.Statement, r *Request) {
	a := st.After
	if a == nil {
		return
	}
	switch {
	case a.Map != nil:
		r.ExclusiveStartKey = b.itemMap(a.Map)
	case a.Key != nil:
		r.ExclusiveStartKey = b.itemKey(a.Key, 0, "after takes the key to start after, written k = VALUE [and k = VALUE ...] or {k: VALUE, ...}")
	}
}

// itemKey reads `k = V [and k = V ...]` into a key map; max > 0 limits the
// number of attributes.
func (b *builder) itemKey(c *grammar.Condition, max int, form string) map[string]Value {
	parts, ok := conjuncts(c, nil)
	if !ok {
		b.fail(c.Pos, "%s; \"or\" has no place in a key", form)
		return nil
	}
	key := make(map[string]Value, len(parts))
	seen := make(map[string]diag.Pos, len(parts))
	for i, n := range parts {
		if max > 0 && i == max {
			b.fail(n.Pos, "%s; a table's key has at most two attributes", form)
			return nil
		}
		cmp := n.Compare
		if cmp == nil || cmp.Op != "=" || cmp.Left == nil || cmp.Right == nil {
			b.fail(n.Pos, "%s", form)
			continue
		}
		if cmp.Left.Path == nil || cmp.Right.Value == nil {
			b.fail(cmp.Pos, "%s, with the attribute's name on the left and its value on the right", form)
			continue
		}
		p := cmp.Left.Path
		name, ok := topName(p)
		if !ok {
			b.fail(p.Pos, "%s; a key attribute is a top-level name, not the path %s", form, grammar.FormatPath(p))
			continue
		}
		if prev, dup := seen[name]; dup {
			b.fail(p.Pos, "%q is given twice in this key (first at %s)", name, diag.AtIn(b.st.Source, b.st.Pos, prev))
			continue
		}
		seen[name] = p.Pos
		b.checkUTF8(p.Pos, name, "attribute name")
		key[name] = b.literal(cmp.Right.Value)
	}
	return key
}

// itemMap reads a map literal into an item.
func (b *builder) itemMap(m *grammar.Map) map[string]Value {
	item := make(map[string]Value, len(m.Entries))
	for _, e := range m.Entries {
		b.checkUTF8(e.Pos, e.Key, "attribute name")
		item[e.Key] = b.literal(e.Value)
	}
	return item
}

// conjuncts lists the and-ed conditions of c, looking into parentheses;
// ok is false when c has an "or" at any of those levels.
func conjuncts(c *grammar.Condition, out []*grammar.NotCondition) ([]*grammar.NotCondition, bool) {
	if c == nil || len(c.Or) != 1 {
		return out, false
	}
	for _, n := range c.Or[0].And {
		if n.Group != nil {
			var ok bool
			if out, ok = conjuncts(n.Group, out); !ok {
				return out, false
			}
			continue
		}
		out = append(out, n)
	}
	return out, true
}

// topName is the name of a one-element path.
func topName(p *grammar.Path) (string, bool) {
	if p == nil || len(p.Elems) != 1 || p.Elems[0].IsIndex {
		return "", false
	}
	return p.Elems[0].Name, true
}

// LastName is the last name element of a path: what the values it meets
// are named after (package documentation, Placeholders).
func LastName(p *grammar.Path) string {
	if p == nil {
		return ""
	}
	for i := len(p.Elems) - 1; i >= 0; i-- {
		if !p.Elems[i].IsIndex {
			return p.Elems[i].Name
		}
	}
	return ""
}
