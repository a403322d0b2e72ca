package builder

import (
	"sort"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// Build turns a parsed statement, with its parameters bound (grammar.Bind),
// into its request. The error, if any, is a *diag.Error or a diag.List, each
// positioned at the node it is about.
func Build(st *grammar.Statement) (*Request, error) {
	if st == nil {
		return nil, diag.Errorf(diag.Pos{}, "no statement to build")
	}
	b := newBuilder()
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

	// names are the attribute names the expressions use, by id; the SDK
	// sees only their stand-ins (the id in decimal), never a name itself,
	// so no name can be mistaken for a stand-in or split at a dot or a
	// bracket.
	names  []exprName
	nameID map[string]int

	// vals are the values the expressions use, by id, each with the path
	// it meets; valID finds a value the SDK hands back by its pointer.
	vals  []exprValue
	valID map[types.AttributeValue]int

	// bin maps the first byte of each binary value to the base64 text it
	// was written as (Request.binText).
	bin map[*byte]string
}

type exprName struct {
	name, standIn string
}

type exprValue struct {
	av   types.AttributeValue
	hint string
	// operand, when set, is a path or size(path) standing where the SDK
	// takes only a value (the second argument of begins_with or contains):
	// the SDK gets a sentinel string, and its placeholder is replaced by
	// the operand's own text, not by a value.
	operand *grammar.Operand
}

func newBuilder() *builder {
	return &builder{
		names:  make([]exprName, 0, 8),
		nameID: make(map[string]int),
		vals:   make([]exprValue, 0, 8),
		valID:  make(map[types.AttributeValue]int),
	}
}

func (b *builder) fail(p diag.Pos, format string, args ...any) {
	b.errs = append(b.errs, diag.Errorf(p, format, args...))
}

// exprs are the SDK builders of a statement's expressions.
type exprs struct {
	builder expression.Builder
	any     bool
	// keyAsCondition is true when the key condition went into the SDK's
	// condition slot (a query has no ConditionExpression of its own).
	keyAsCondition bool
}

func (e *exprs) keyCondition(k expression.KeyConditionBuilder) {
	e.builder, e.any = e.builder.WithKeyCondition(k), true
}

func (e *exprs) filter(c expression.ConditionBuilder) {
	e.builder, e.any = e.builder.WithFilter(c), true
}

func (e *exprs) condition(c expression.ConditionBuilder) {
	e.builder, e.any = e.builder.WithCondition(c), true
}

func (e *exprs) projection(p expression.ProjectionBuilder) {
	e.builder, e.any = e.builder.WithProjection(p), true
}

func (e *exprs) update(u expression.UpdateBuilder) {
	e.builder, e.any = e.builder.WithUpdate(u), true
}

func (b *builder) statement(st *grammar.Statement) *Request {
	r := &Request{Command: st.Kind.Command()}
	if st.Kind < grammar.KindQuery || st.Kind > grammar.KindDelete {
		b.fail(st.Pos, "unknown statement: write query, scan, get, put, update or delete")
		return r
	}
	if st.Table == nil {
		b.fail(st.Pos, "%s needs a table name", st.Kind)
		return r
	}
	r.TableName = st.Table.Name
	var e exprs
	switch st.Kind {
	case grammar.KindQuery:
		b.index(st, r)
		if st.Key == nil {
			b.fail(st.Table.Pos, "query needs a key condition: add key PARTITION = VALUE (or use scan to read the whole table)")
		} else {
			b.keyCondition(st.Key, &e)
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
		b.updateActions(st, &e)
		b.ifCondition(st, &e)
		b.returnValues(st, r)
	case grammar.KindDelete:
		r.Key = b.key(st)
		b.ifCondition(st, &e)
		b.returnValues(st, r)
	}
	if len(b.errs) == 0 && e.any {
		b.expressions(st, r, &e)
	}
	if len(b.bin) > 0 {
		r.binText = b.bin
	}
	return r
}

func (b *builder) index(st *grammar.Statement, r *Request) {
	if st.Index != nil {
		r.IndexName = st.Index.Name
	}
}

func (b *builder) filter(st *grammar.Statement, e *exprs) {
	if st.Filter != nil {
		e.filter(b.condition(st.Filter))
	}
}

func (b *builder) ifCondition(st *grammar.Statement, e *exprs) {
	if st.If != nil {
		e.condition(b.condition(st.If))
	}
}

func (b *builder) consistent(st *grammar.Statement, r *Request) {
	if st.Consistent != nil {
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
		names := make([]expression.NameBuilder, len(sel.Paths))
		for i, p := range sel.Paths {
			names[i] = b.name(p)
		}
		e.projection(expression.NamesList(names[0], names[1:]...))
		return
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

var returnWords = map[string]string{
	"none":        "NONE",
	"old":         "ALL_OLD",
	"new":         "ALL_NEW",
	"updated_old": "UPDATED_OLD",
	"updated_new": "UPDATED_NEW",
}

func (b *builder) returnValues(st *grammar.Statement, r *Request) {
	if st.Return == nil {
		return
	}
	v, ok := returnWords[strings.ToLower(st.Return.Name)]
	if !ok {
		b.fail(st.Return.Pos, "return takes none, old, new, updated_old or updated_new, not %q", st.Return.Name)
		return
	}
	r.ReturnValues = v
}

// key is the item key of a get, update or delete.
func (b *builder) key(st *grammar.Statement) map[string]types.AttributeValue {
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
func (b *builder) itemKey(c *grammar.Condition, max int, form string) map[string]types.AttributeValue {
	parts, ok := conjuncts(c, nil)
	if !ok {
		b.fail(c.Pos, "%s; \"or\" has no place in a key", form)
		return nil
	}
	key := make(map[string]types.AttributeValue, len(parts))
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
			b.fail(p.Pos, "%q is given twice in this key (first at %d:%d)", name, prev.Line, prev.Col)
			continue
		}
		seen[name] = p.Pos
		b.checkUTF8(p.Pos, name, "attribute name")
		key[name] = b.literal(cmp.Right.Value)
	}
	return key
}

// itemMap reads a map literal into an item.
func (b *builder) itemMap(m *grammar.Map) map[string]types.AttributeValue {
	item := make(map[string]types.AttributeValue, len(m.Entries))
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
