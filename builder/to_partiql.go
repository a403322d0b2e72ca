package builder

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// The DSL's statements in PartiQL: `build --output partiql` writes the
// execute-statement request that does what a get, query, scan, put, update
// or delete does, so that users can move between the two.
//
// Values never enter the statement: each is a ? and its value an element
// of Parameters, typed as DynamoDB JSON, in the order the ?s stand, so a
// number keeps its decimal text and a string needs no quoting. Every name
// is a double-quoted identifier ("status", "meta"."tags"[2]), so a reserved
// word never breaks a statement; a map's attribute names in INSERT's VALUE
// are '...' strings, as PartiQL writes a tuple's.
//
// PartiQL's writes differ from the DSL's in what they do when the item is
// there or not: INSERT refuses an item that exists (DuplicateItemException)
// where put replaces it, and UPDATE refuses one that does not
// (ConditionalCheckFailedException) where update creates it. So a put is
// written only when its condition already says attribute_not_exists of a
// key attribute, and an update only when it says attribute_exists of one:
// then both do the same, and that part of the condition is what PartiQL
// does anyway. What PartiQL cannot say is refused at the clause, naming it.

// KeysOf gives the key attribute names of a table, or of its index when
// index is not "": the partition key, then the sort key if there is one;
// nil when unknown (no schema).
type KeysOf func(table, index string) []string

// PartiQL writes st, a get, query, scan, put, update or delete with its
// parameters bound, as the execute-statement request that does the same,
// for the given AWS CLI. It refuses first what Build refuses, then what
// PartiQL cannot say. keys may be nil.
func PartiQL(st *grammar.Statement, cli AWSCLI, keys KeysOf) (*Request, error) {
	if _, err := BuildFor(st, cli); err != nil {
		return nil, err
	}
	if keys == nil {
		keys = func(string, string) []string { return nil }
	}
	w := &partiqlWriter{b: newBuilder(), keys: keys}
	w.b.cli = cli
	w.b.st = st
	r := w.statement(st)
	switch len(w.b.errs) {
	case 0:
		return r, nil
	case 1:
		return nil, w.b.errs[0]
	}
	return nil, w.b.errs
}

// partiqlWriter writes one statement: its text and, in the order of its
// ?s, its parameters.
type partiqlWriter struct {
	b      *builder // the values (typed, for the CLI) and the errors
	keys   KeysOf
	sb     strings.Builder
	params []Value
}

func (w *partiqlWriter) fail(p diag.Pos, format string, args ...any) {
	w.b.refuse(ruleNone, p, format, args...)
}

func (w *partiqlWriter) statement(st *grammar.Statement) *Request {
	r := &Request{Command: CommandExecuteStatement, CLI: w.b.cli}
	if st.Kind.IsGroup() {
		w.fail(st.Pos, "--output partiql writes one statement (get, query, scan, put, update or delete); %s has no one-statement form in PartiQL (it is batch-execute-statement or execute-transaction)", st.Kind)
		return r
	}
	w.refuseClauses(st)
	switch st.Kind {
	case grammar.KindGet, grammar.KindQuery, grammar.KindScan:
		w.selectStatement(st, r)
	case grammar.KindPut:
		w.insert(st)
	case grammar.KindUpdate:
		w.update(st)
	case grammar.KindDelete:
		w.sb.WriteString("DELETE FROM ")
		w.tableName(st.Table)
		w.where(st.Key, st.If)
		if st.Return != nil && returnValue(st.Return.Name) == "ALL_OLD" {
			w.sb.WriteString(" RETURNING ALL OLD *")
		}
	}
	if st.Capacity != nil {
		r.ReturnConsumedCapacity = strings.ToUpper(st.Capacity.Name)
	}
	if st.ReturnOnFailure != nil && strings.EqualFold(st.ReturnOnFailure.Name, "old") {
		r.ReturnValuesOnConditionCheckFailure = "ALL_OLD"
	}
	r.Statement = w.sb.String()
	r.Parameters = w.params
	return r
}

// refuseClauses refuses the clauses PartiQL has no place for.
func (w *partiqlWriter) refuseClauses(st *grammar.Statement) {
	if st.After != nil {
		w.fail(st.After.Pos, "PartiQL has no after: ExecuteStatement resumes from the NextToken of the page before, not from a key; leave after out and pass --next-token to aws dynamodb execute-statement")
	}
	if st.Segment != nil {
		w.fail(st.Segment.Pos, "PartiQL has no segment: ExecuteStatement has no parallel scan; leave segment out, or keep the scan in the DSL")
	}
	if st.Metrics != nil {
		w.fail(st.Metrics.Pos, "PartiQL has no metrics: ExecuteStatement returns no item collection metrics; leave metrics out")
	}
	if st.Return != nil {
		switch v := returnValue(st.Return.Name); {
		case v == "NONE":
		case st.Kind == grammar.KindPut:
			w.fail(st.Return.Pos, "PartiQL's INSERT returns nothing: leave return %s out", st.Return.Name)
		case st.Kind == grammar.KindDelete && v != "ALL_OLD":
			w.fail(st.Return.Pos, "PartiQL's DELETE returns only the old item (RETURNING ALL OLD *): write return old, or leave return out")
		}
	}
}

// selectStatement writes a get, query or scan as SELECT.
func (w *partiqlWriter) selectStatement(st *grammar.Statement, r *Request) {
	w.sb.WriteString("SELECT ")
	w.projection(st)
	w.sb.WriteString(" FROM ")
	w.tableName(st.Table)
	if st.Index != nil {
		w.sb.WriteByte('.')
		w.name(st.Index.Pos, st.Index.Name)
	}
	switch st.Kind {
	case grammar.KindGet:
		w.where(st.Key, nil)
	case grammar.KindQuery:
		w.where(st.Key, st.Filter)
		w.order(st)
	case grammar.KindScan:
		if st.Filter != nil {
			w.where(nil, st.Filter)
		}
	}
	if st.Consistent != nil {
		t := true
		r.ConsistentRead = &t
	}
	if st.Limit != nil {
		// ExecuteStatement's Limit is Query's and Scan's: the number of
		// items read, not of items returned.
		if n, err := strconv.ParseInt(st.Limit.Text, 10, 32); err == nil {
			l := int32(n)
			r.Limit = &l
		}
	}
}

// projection writes what a read returns: its paths, or *.
func (w *partiqlWriter) projection(st *grammar.Statement) {
	sel := st.Select
	switch {
	case sel == nil:
		w.sb.WriteByte('*')
	case len(sel.Paths) > 0:
		for i, p := range sel.Paths {
			if len(p.Elems) > 1 {
				// PartiQL returns "meta"."seen"[0] as an attribute of its
				// own, named seen[0], where ProjectionExpression returns
				// meta holding seen holding the element.
				w.fail(p.Pos, "PartiQL returns the path %s as an attribute of its own (named after its last step), not inside %s as select does: select the whole attribute %s, or keep the statement in the DSL",
					grammar.FormatPath(p), p.Elems[0].Name, p.Elems[0].Name)
				continue
			}
			if i > 0 {
				w.sb.WriteString(", ")
			}
			w.path(p)
		}
	case sel.Count:
		w.fail(sel.Pos, "PartiQL cannot count: SELECT has no COUNT(*) in DynamoDB; select the key attributes and count the items, or keep the statement in the DSL")
	case sel.All && st.Index != nil:
		w.fail(sel.Pos, "PartiQL's * on an index reads what the index projects, not all attributes: write select projected, or select the attributes")
	default: // all, projected
		w.sb.WriteByte('*')
	}
}

// order writes desc as ORDER BY the sort key DESC, which needs its name.
func (w *partiqlWriter) order(st *grammar.Statement) {
	if st.Order == nil || !st.Order.Desc {
		return // ascending is the order without one
	}
	sortKey := ""
	idx := ""
	if st.Index != nil {
		idx = st.Index.Name
	}
	if parts, ok := keyParts(st.Key); ok && len(parts) == 2 {
		sortKey = parts[1].name
	} else if k := w.keys(st.Table.Name, idx); len(k) == 2 {
		sortKey = k[1]
	}
	if sortKey == "" {
		w.fail(st.Order.Pos, "PartiQL writes desc as ORDER BY the sort key DESC, and neither the key condition nor a schema names the sort key: give the schema (--schema), or a condition on the sort key")
		return
	}
	w.sb.WriteString(" ORDER BY ")
	w.name(st.Order.Pos, sortKey)
	w.sb.WriteString(" DESC")
}

// insert writes a put as INSERT, when its condition says the item must
// not exist (the package's comment above says why).
func (w *partiqlWriter) insert(st *grammar.Statement) {
	keys := w.keys(st.Table.Name, "")
	isKey := func(name string) bool {
		if keys == nil { // no schema: an attribute of the item
			for _, e := range st.Item.Map.Entries {
				if e.Key == name {
					return true
				}
			}
			return false
		}
		return slices.Contains(keys, name)
	}
	rest, found := w.dropExistence(st.If, "attribute_not_exists", isKey)
	switch {
	case !found:
		w.fail(st.Pos, "PartiQL's INSERT refuses an item that exists (DuplicateItemException), where put replaces it: add if attribute_not_exists(%s) to the put to say what INSERT does, or keep it in the DSL", keyHint(keys))
		return
	case len(rest) > 0:
		w.fail(rest[0].Pos, "PartiQL's INSERT takes no condition but that the item is new: leave the rest of the condition out, or keep the put in the DSL")
		return
	}
	w.sb.WriteString("INSERT INTO ")
	w.tableName(st.Table)
	w.sb.WriteString(" VALUE {")
	for i, e := range st.Item.Map.Entries {
		if i > 0 {
			w.sb.WriteString(", ")
		}
		w.sb.WriteString(quoteString(e.Key))
		w.sb.WriteString(": ")
		w.value(e.Value)
	}
	w.sb.WriteByte('}')
}

// keyHint names the partition key in a message, or says what to write.
func keyHint(keys []string) string {
	if len(keys) > 0 {
		return keys[0]
	}
	return "PARTITION_KEY"
}

// update writes an update as UPDATE, when its condition says the item
// must exist (the package's comment above says why).
func (w *partiqlWriter) update(st *grammar.Statement) {
	keyNames := keyNames(st.Key) // Build has checked there is one
	rest, found := w.dropExistence(st.If, "attribute_exists", func(name string) bool { return slices.Contains(keyNames, name) })
	if !found {
		w.fail(st.Pos, "PartiQL's UPDATE refuses an item that does not exist (ConditionalCheckFailedException), where update creates it: add if attribute_exists(%s) to the update to say what UPDATE does, or keep it in the DSL", keyNames[0])
	}
	for _, a := range st.Adds {
		p := grammar.FormatPath(a.Path)
		w.fail(a.Pos, "PartiQL has no add: SET %s = %s + VALUE (or set_add) fails where %s is missing, which add creates; write set %s = %s + VALUE if %s always exists, or keep the update in the DSL", p, p, p, p, p, p)
	}
	for _, a := range st.Deletes {
		w.fail(a.Pos, "PartiQL has no delete action: its set_delete is not known to do what delete does to a missing attribute; keep the update in the DSL")
	}
	if len(w.b.errs) > 0 {
		return
	}
	w.sb.WriteString("UPDATE ")
	w.tableName(st.Table)
	if len(st.Sets) > 0 {
		w.sb.WriteString(" SET ")
	}
	for i, a := range st.Sets {
		if i > 0 {
			w.sb.WriteString(", ")
		}
		w.path(a.Path)
		w.sb.WriteString(" = ")
		w.setOperand(a.Left)
		if a.Op != "" && a.Right != nil {
			w.sb.WriteString(" " + a.Op + " ")
			w.setOperand(a.Right)
		}
	}
	for _, p := range st.Removes {
		w.sb.WriteString(" REMOVE ")
		w.path(p)
	}
	w.where(st.Key, andOf(rest))
	if st.Return != nil {
		if ret := returning(returnValue(st.Return.Name)); ret != "" {
			w.sb.WriteString(" RETURNING " + ret + " *")
		}
	}
}

// keyNames lists the attribute names of a key clause in order.
func keyNames(c *grammar.Condition) []string {
	parts, _ := conjuncts(c, nil)
	var out []string
	for _, n := range parts {
		if n.Compare != nil {
			if name, ok := operandKey(n.Compare.Left); ok {
				out = append(out, name)
			}
		}
	}
	return out
}

// returning is UPDATE's RETURNING for a ReturnValues; "" for NONE.
func returning(v string) string {
	switch v {
	case "ALL_OLD":
		return "ALL OLD"
	case "ALL_NEW":
		return "ALL NEW"
	case "UPDATED_OLD":
		return "MODIFIED OLD"
	case "UPDATED_NEW":
		return "MODIFIED NEW"
	}
	return ""
}

// setOperand writes an operand of a set action's value.
func (w *partiqlWriter) setOperand(o *grammar.Operand) {
	if o.Call == nil {
		w.operand(o)
		return
	}
	switch fn(o.Call) {
	case "list_append":
		w.sb.WriteString("list_append(")
		w.setOperand(o.Call.Args[0])
		w.sb.WriteString(", ")
		w.setOperand(o.Call.Args[1])
		w.sb.WriteByte(')')
	default: // if_not_exists: Build has refused the others
		w.fail(o.Call.Pos, "PartiQL's UPDATE has no %s: keep the update in the DSL", fn(o.Call))
	}
}

// dropExistence finds, among the and-ed conditions of c, fn(NAME) (fn is
// attribute_exists or attribute_not_exists) on a name isKey takes, and
// returns the other conditions.
func (w *partiqlWriter) dropExistence(c *grammar.Condition, fn0 string, isKey func(string) bool) (rest []*grammar.NotCondition, found bool) {
	if c == nil {
		return nil, false
	}
	parts, ok := conjuncts(c, nil)
	if !ok {
		return nil, false
	}
	for _, n := range parts {
		if !found && n.Compare != nil && n.Compare.Op == "" && n.Compare.Low == nil && n.Compare.In == nil {
			if call := n.Compare.Left.Call; call != nil && fn(call) == fn0 && len(call.Args) == 1 {
				if name, ok := operandKey(call.Args[0]); ok && isKey(name) {
					found = true
					continue
				}
			}
		}
		rest = append(rest, n)
	}
	return rest, found
}

// andOf is the conditions and-ed, nil for none.
func andOf(conds []*grammar.NotCondition) *grammar.Condition {
	if len(conds) == 0 {
		return nil
	}
	return &grammar.Condition{Pos: conds[0].Pos, Or: []*grammar.AndCondition{{Pos: conds[0].Pos, And: conds}}}
}

// where writes WHERE key AND cond, either of which may be nil.
func (w *partiqlWriter) where(key, cond *grammar.Condition) {
	if key == nil && cond == nil {
		return
	}
	w.sb.WriteString(" WHERE ")
	if key != nil {
		w.condition(key, true)
	}
	if cond != nil {
		if key != nil {
			w.sb.WriteString(" AND ")
		}
		w.condition(cond, key != nil)
	}
}

// condition writes an OR of ANDs; inAnd says it stands beside AND, where
// an OR needs parentheses.
func (w *partiqlWriter) condition(c *grammar.Condition, inAnd bool) {
	paren := inAnd && len(c.Or) > 1
	if paren {
		w.sb.WriteByte('(')
	}
	for i, a := range c.Or {
		if i > 0 {
			w.sb.WriteString(" OR ")
		}
		for j, n := range a.And {
			if j > 0 {
				w.sb.WriteString(" AND ")
			}
			w.not(n)
		}
	}
	if paren {
		w.sb.WriteByte(')')
	}
}

func (w *partiqlWriter) not(n *grammar.NotCondition) {
	switch {
	case n.Not != nil:
		w.sb.WriteString("NOT ")
		w.not(n.Not)
	case n.Group != nil:
		w.sb.WriteByte('(')
		w.condition(n.Group, false)
		w.sb.WriteByte(')')
	case n.Compare != nil:
		w.comparison(n.Compare)
	}
}

func (w *partiqlWriter) comparison(c *grammar.Comparison) {
	switch {
	case c.Op != "":
		w.operand(c.Left)
		w.sb.WriteString(" " + c.Op + " ")
		w.operand(c.Right)
	case c.Low != nil:
		w.operand(c.Left)
		w.sb.WriteString(" BETWEEN ")
		w.operand(c.Low)
		w.sb.WriteString(" AND ")
		w.operand(c.High)
	case len(c.In) > 0:
		w.operand(c.Left)
		w.sb.WriteString(" IN [")
		for i, o := range c.In {
			if i > 0 {
				w.sb.WriteString(", ")
			}
			w.operand(o)
		}
		w.sb.WriteByte(']')
	default:
		w.conditionCall(c.Left.Call)
	}
}

// conditionCall writes a function standing as a condition (Build has
// refused any other bare operand).
func (w *partiqlWriter) conditionCall(call *grammar.Call) {
	switch name := fn(call); name {
	case "attribute_exists", "attribute_not_exists":
		w.operand(call.Args[0])
		if name == "attribute_exists" {
			w.sb.WriteString(" IS NOT MISSING")
		} else {
			w.sb.WriteString(" IS MISSING")
		}
	case "attribute_type":
		w.sb.WriteString("attribute_type(")
		w.operand(call.Args[0])
		w.sb.WriteString(", ")
		if t := call.Args[1]; t.Path != nil {
			// A bare type word (S, N, ...), as the DSL writes it.
			name, _ := topName(t.Path)
			w.param(Value{Kind: KindS, Text: strings.ToUpper(name)})
		} else if t.Value != nil && t.Value.Type == grammar.TypeNULL {
			w.param(Value{Kind: KindS, Text: "NULL"})
		} else {
			w.operand(t)
		}
		w.sb.WriteByte(')')
	default: // begins_with, contains
		w.sb.WriteString(name + "(")
		w.operand(call.Args[0])
		w.sb.WriteString(", ")
		w.operand(call.Args[1])
		w.sb.WriteByte(')')
	}
}

// operand writes a path, a value (as ?) or size(path).
func (w *partiqlWriter) operand(o *grammar.Operand) {
	switch {
	case o.Path != nil:
		w.path(o.Path)
	case o.Value != nil:
		w.value(o.Value)
	case o.Call != nil: // size, the one function Build takes as a value
		w.sb.WriteString("size(")
		w.operand(o.Call.Args[0])
		w.sb.WriteByte(')')
	}
}

// value writes ? and adds the value to the parameters.
func (w *partiqlWriter) value(v *grammar.Value) {
	w.param(w.b.literal(v))
}

func (w *partiqlWriter) param(v Value) {
	w.sb.WriteByte('?')
	w.params = append(w.params, v)
}

// path writes a document path: "a"."b"[2].
func (w *partiqlWriter) path(p *grammar.Path) {
	for i, e := range p.Elems {
		if e.IsIndex {
			w.sb.WriteByte('[')
			w.sb.WriteString(strconv.Itoa(e.Index))
			w.sb.WriteByte(']')
			continue
		}
		if i > 0 {
			w.sb.WriteByte('.')
		}
		w.name(e.Pos, e.Name)
	}
}

func (w *partiqlWriter) tableName(t *grammar.TableRef) { w.name(t.Pos, t.Name) }

// name writes a double-quoted identifier. A name with a double quote in it
// is refused: DynamoDB documents no escape for one.
func (w *partiqlWriter) name(pos diag.Pos, name string) {
	if strings.ContainsRune(name, '"') {
		w.fail(pos, "the name %q holds a double quote, which a PartiQL identifier (\"...\") cannot: keep the statement in the DSL", name)
		return
	}
	w.sb.WriteByte('"')
	w.sb.WriteString(name)
	w.sb.WriteByte('"')
}

// quoteString writes s as a PartiQL string literal: '...', a ' doubled.
func quoteString(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
