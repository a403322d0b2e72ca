// Package explain tells in words what a statement's request does, as
// dynexpr explain prints it: which table or index it reads or writes, what
// its key condition picks, what the filter still reads and pays for, which
// attributes come back, and, for writes, how the item moves in and out of
// the secondary indexes (the sparse-index story of the examples). A
// transaction or a batch is its command's promise, then each member,
// numbered from 0 (group.go). It
// describes; what DynamoDB would refuse, or the user regret, is the lint
// rules' to say, and dynexpr explain prints their findings after it. It
// reads the schema when there is one; without it, it says what it cannot
// know.
package explain

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// Statement explains st, a parsed statement (parameters bound or not),
// against sch (nil when there is none). The text is lines of prose, each a
// sentence or two, ending with a newline.
func Statement(st *grammar.Statement, sch *schema.Schema) string {
	if st.Kind.IsGroup() {
		return group(st, sch)
	}
	e := newExplainer(st, sch)
	e.request()
	e.options()
	return strings.Join(e.lines, "\n") + "\n"
}

func newExplainer(st *grammar.Statement, sch *schema.Schema) *explainer {
	e := &explainer{st: st, sch: sch}
	if sch != nil && st.Table != nil {
		e.table = sch.Table(st.Table.Name)
		if e.table != nil && st.Index != nil {
			e.index = e.table.Index(st.Index.Name)
		}
		if e.table != nil {
			e.tables = []*schema.Table{e.table}
		}
	}
	return e
}

// request says what one request, alone or a member, does.
func (e *explainer) request() {
	st := e.st
	switch st.Kind {
	case grammar.KindQuery, grammar.KindScan:
		e.read()
	case grammar.KindGet:
		e.get()
	case grammar.KindPut:
		e.put()
	case grammar.KindUpdate:
		e.update()
	case grammar.KindDelete:
		e.delete()
	case grammar.KindCheck:
		e.check()
	}
	// A write's condition and what it returns close its explanation: the
	// grammar gives a read neither.
	e.condition()
	e.returnValues()
	e.returnOnFailure()
}

type explainer struct {
	st    *grammar.Statement
	sch   *schema.Schema // nil without a schema
	table *schema.Table  // nil without a schema, or for an unknown table
	index *schema.Index  // the index read, when known
	lines []string
	// tables are the tables the schema describes that st, or a group's
	// members, send requests to, once each.
	tables []*schema.Table

	// For a member: its group's kind and its number in the group (the
	// index of its entry in CancellationReasons); group is 0 for a request
	// of its own. quiet leaves the schema notes to the group, which says
	// once which tables no schema describes.
	group grammar.Kind
	n     int
	quiet bool
}

// op is the name of the operation st is sent as, as the request JSON and
// DynamoDB's documentation call it: PutItem alone, Put in a transaction,
// PutRequest in a batch write.
func (e *explainer) op() string {
	k := e.st.Kind
	switch e.group {
	case grammar.KindTransactWrite, grammar.KindTransactGet:
		return builder.MemberOp(e.group, k)
	case grammar.KindBatchWrite:
		if op := builder.MemberOp(e.group, k); op != "" {
			return op
		}
		return map[grammar.Kind]string{grammar.KindUpdate: "Update", grammar.KindCheck: "ConditionCheck"}[k] + " (not a batch write request)"
	case grammar.KindBatchGet:
		return "Keys of RequestItems." + e.st.Table.Name
	}
	return map[grammar.Kind]string{grammar.KindGet: "GetItem", grammar.KindPut: "PutItem", grammar.KindUpdate: "UpdateItem",
		grammar.KindDelete: "DeleteItem", grammar.KindCheck: "ConditionCheck"}[k]
}

// say adds a line. The names it quotes are the input's and the schema's,
// as they are: a control, bidi or invisible character in one is escaped
// (diag.Printable), and a line break too, so a line stays a line.
func (e *explainer) say(format string, args ...any) {
	e.lines = append(e.lines, diag.Printable(fmt.Sprintf(format, args...)))
}

// tableName is "table Tickets"; schemaNote says when the schema does not know it.
func (e *explainer) tableName() string {
	if t := e.st.Table; t.Param != "" && !t.Unbound() {
		return "table " + t.Name + " (bound to $" + t.Param + ")"
	}
	return "table " + e.st.Table.Name
}

// schemaNote says what the schema cannot tell: a table or index that is a
// $parameter not bound, an unknown table or index.
func (e *explainer) schemaNote() {
	unbound := func(what string, t *grammar.TableRef, learn string) {
		e.say("(The %s is the parameter $%s, not bound here: give it with -p %s=NAME to learn %s from the schema, and for lint's rules that need them.)", what, t.Param, t.Param, learn)
	}
	switch {
	case e.st.Table.Unbound():
		unbound("table", e.st.Table, "its keys and indexes")
	case e.st.Index.Unbound():
		unbound("index", e.st.Index, "its key and projection")
	case e.quiet && e.table == nil:
		// A member: the group has named the tables no schema describes.
	case e.table == nil:
		e.say("(%s)", noSchemaNote(e.sch, []string{e.st.Table.Name}))
	case e.st.Index != nil && e.index == nil:
		e.say("(Table %s has no index %s.)", e.table.Name, e.st.Index.Name)
	}
}

// noSchemaNote says that no table of the schema is called any of names:
// without a schema, pass --schema; with one, which files were read, what
// they hold and the name closest to each (a schema found through
// .dynexpr.yaml is read without a --schema, and "pass --schema" would send
// the user looking for a flag they do not need).
func noSchemaNote(sch *schema.Schema, names []string) string {
	tables := "table"
	if len(names) > 1 {
		tables = "tables"
	}
	if sch == nil || len(sch.Tables) == 0 {
		return fmt.Sprintf("No schema describes %s %s: pass --schema to learn about keys and indexes.", tables, andList(names))
	}
	var files []string
	wd, _ := os.Getwd()
	for _, t := range sch.Tables {
		f := t.Pos.File
		// A schema .dynexpr.yaml names is read by its absolute path: shown
		// from the working folder, as a --schema path is.
		if rel, err := filepath.Rel(wd, f); err == nil && filepath.IsAbs(f) && wd != "" && !strings.HasPrefix(rel, "..") {
			f = rel
		}
		if f != "" && !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	msg := fmt.Sprintf("No table of the schema is called %s", orList(names))
	if len(files) > 0 {
		msg += fmt.Sprintf(" (read from %s)", andList(files))
	}
	names2 := sch.TableNames()
	held := names2
	if len(held) > 10 {
		held = append(slices.Clone(held[:10]), fmt.Sprintf("%d more", len(names2)-10))
	}
	msg += fmt.Sprintf("; it holds %s", andList(held))
	var means []string
	for _, n := range names {
		if m := schema.Suggest(n, names2); m != "" && len(names) == 1 {
			means = append(means, m)
		} else if m != "" {
			means = append(means, fmt.Sprintf("%s for %s", m, n))
		}
	}
	if len(means) > 0 {
		msg += "; did you mean " + orList(means) + "?"
	} else {
		msg += "."
	}
	return msg
}

// ---------------------------------------------------------------------------
// query and scan

func (e *explainer) read() {
	st := e.st
	what := e.tableName()
	if st.Index != nil {
		kind := "index"
		if e.index != nil {
			kind = map[bool]string{true: "global secondary index", false: "local secondary index"}[e.index.Global]
		}
		what = kind + " " + st.Index.Name + " of " + what
	}
	if st.Kind == grammar.KindQuery {
		e.say("Query: reads %s, only the items its key condition picks.", what)
	} else {
		e.say("Scan: reads every item of %s; what it costs grows with the %s, not with the answer.", what, map[bool]string{true: "index", false: "table"}[st.Index != nil])
	}
	e.schemaNote()
	if e.index != nil {
		e.describeIndex()
	}
	if st.Segment != nil {
		e.say("Segment %s of %s of a parallel scan: this request reads only that share of the items.", st.Segment.Index.Text, st.Segment.Total.Text)
	}
	if st.Key != nil {
		e.keyCondition()
	}
	if st.Kind == grammar.KindQuery {
		order := "ascending"
		if st.Order != nil && st.Order.Desc {
			order = "descending"
		}
		if sort := e.sortKey(); len(sort) > 0 {
			e.say("Items come in %s order of %s.", order, joinList(sort, "then"))
		} else if st.Order != nil {
			e.say("Items come in %s order of the sort key.", order)
		}
	}
	if st.After != nil {
		e.say("It starts after the item whose key is given in after (ExclusiveStartKey): the next page of an earlier request.")
	}
	if st.Filter != nil {
		e.filter()
	}
	if st.Limit != nil {
		if st.Filter != nil {
			e.say("Limit %s: DynamoDB stops after reading %s items, before the filter drops any, so a page can hold fewer (even none) while more remain; go on from LastEvaluatedKey.", st.Limit.Text, st.Limit.Text)
		} else {
			e.say("Limit %s: at most %s items in a page; go on from LastEvaluatedKey.", st.Limit.Text, st.Limit.Text)
		}
	}
	e.returned()
	e.consistency()
}

// describeIndex says what the index holds and projects.
func (e *explainer) describeIndex() {
	ix, t := e.index, e.table
	var own []string // index key attributes that are not table keys
	for _, a := range ix.KeyAttributes() {
		if !t.IsKey(a) {
			own = append(own, a)
		}
	}
	if len(own) > 0 {
		e.say("The index holds only the items that have %s: an item without %s is not in it (a sparse index).", andList(own), orList(own))
	}
	switch ix.Projection {
	case schema.ProjectAll:
		e.say("It projects every attribute.")
	case schema.ProjectKeysOnly:
		e.say("It projects only keys: %s.", andList(e.projectedKeys()))
	case schema.ProjectInclude:
		e.say("It projects %s, and the keys (%s).", andList(ix.Include), andList(e.projectedKeys()))
	}
}

// projectedKeys are the attributes every index projects: its own key and
// the table's.
func (e *explainer) projectedKeys() []string {
	out := slices.Clone(e.index.KeyAttributes())
	for _, a := range e.table.Key.Attributes() {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// readKey is the key of what the statement reads: the index's, else the
// table's; ok is false when the schema does not say.
func (e *explainer) readKey() (schema.Key, bool) {
	switch {
	case e.index != nil:
		return e.index.Key, true
	case e.table != nil && e.st.Index == nil:
		return e.table.Key, true
	}
	return schema.Key{}, false
}

func (e *explainer) sortKey() []string {
	k, ok := e.readKey()
	if !ok {
		return nil
	}
	return k.Sort
}

func (e *explainer) keyCondition() {
	st := e.st
	e.say("Key condition: %s.", grammar.FormatCondition(st.Key))
	k, ok := e.readKey()
	if !ok {
		return
	}
	tested := topNames(st.Key)
	if len(k.Partition) == 0 || !containsAll(tested, k.Partition) {
		return // key-condition-invalid's business
	}
	var sortTested []string
	for _, a := range k.Sort {
		if slices.Contains(tested, a) {
			sortTested = append(sortTested, a)
		}
	}
	if len(sortTested) > 0 {
		e.say("It reads one partition (%s), only the items whose %s matches.", andList(k.Partition), andList(sortTested))
	} else {
		e.say("It reads one partition (%s), all of its items.", andList(k.Partition))
	}
}

func (e *explainer) filter() {
	st := e.st
	attrs := topNames(st.Filter)
	e.say("Filter: %s. It runs after the read: every item the %s is read and paid for, and the filter only leaves some out of the answer. It reads %s.",
		grammar.FormatCondition(st.Filter), map[bool]string{true: "key condition picks", false: "scan meets"}[st.Kind == grammar.KindQuery], andList(attrs))
}

// returned says which attributes come back.
func (e *explainer) returned() {
	st := e.st
	sel := st.Select
	switch {
	case sel != nil && sel.Count:
		e.say("Returns only the count of matching items (Select COUNT), no attributes.")
		return
	case sel != nil && sel.All:
		e.say("Returns every attribute of each item (Select ALL_ATTRIBUTES).")
	case sel != nil && sel.Projected:
		e.say("Returns the attributes the index projects (Select ALL_PROJECTED_ATTRIBUTES).")
		return
	case sel != nil:
		var names []string
		for _, p := range sel.Paths {
			names = append(names, grammar.FormatPath(p))
		}
		e.say("Returns %s (ProjectionExpression): key attributes come back only when listed.", andList(names))
	case st.Index != nil:
		e.say("Returns the attributes the index projects (DynamoDB's default on an index).")
		return
	case st.Kind == grammar.KindGet:
		e.say("Returns every attribute of the item.")
		return
	default:
		e.say("Returns every attribute of each item.")
		return
	}
}

func (e *explainer) consistency() {
	st := e.st
	global := e.index != nil && e.index.Global
	switch {
	case global:
		e.say("Eventually consistent, as a global secondary index always is: a write may take a moment to show.")
	case st.Consistent != nil:
		e.say("Strongly consistent: it sees every write acknowledged before it, at twice the read cost.")
	default:
		e.say("Eventually consistent (the default): a very recent write may not show yet.")
	}
}

// ---------------------------------------------------------------------------
// get, put, update, delete

func (e *explainer) keyText() string {
	if e.st.Key == nil {
		return "(no key)"
	}
	return grammar.FormatCondition(e.st.Key)
}

func (e *explainer) get() {
	e.say("%s: reads the one item of %s whose key is %s, or nothing if there is none.", e.op(), e.tableName(), e.keyText())
	e.schemaNote()
	e.returned()
	if e.group != grammar.KindTransactGet { // the group says how a transaction reads
		e.consistency()
	}
}

func (e *explainer) put() {
	st := e.st
	e.say("%s: writes a whole item to %s, replacing any item with the same key: attributes it does not list are gone afterwards.", e.op(), e.tableName())
	e.schemaNote()
	var attrs []string
	if st.Item != nil && st.Item.Map != nil {
		for _, en := range st.Item.Map.Entries {
			attrs = append(attrs, en.Key)
		}
		e.say("Attributes: %s.", andList(attrs))
	}
	if e.table != nil && st.Item != nil && st.Item.Map != nil {
		for _, ix := range e.table.Indexes {
			var lacks []string
			for _, a := range ix.KeyAttributes() {
				if !slices.Contains(attrs, a) {
					lacks = append(lacks, a)
				}
			}
			if len(lacks) == 0 {
				e.say("The item is in index %s (it has %s).", ix.Name, andList(ix.KeyAttributes()))
			} else {
				e.say("The item is not in index %s: it has no %s.", ix.Name, orList(lacks))
			}
		}
	}
}

func (e *explainer) update() {
	st := e.st
	e.say("%s: changes the item of %s whose key is %s, creating it when there is none%s.", e.op(), e.tableName(), e.keyText(),
		map[bool]string{true: " (unless the condition forbids it)", false: ""}[st.If != nil])
	e.schemaNote()
	var set, removed []string
	for _, a := range st.Sets {
		set = append(set, grammar.FormatPath(a.Path))
	}
	for _, p := range st.Removes {
		removed = append(removed, grammar.FormatPath(p))
	}
	if len(set) > 0 {
		e.say("Sets %s.", andList(set))
	}
	if len(removed) > 0 {
		e.say("Removes %s.", andList(removed))
	}
	for _, a := range st.Adds {
		e.say("Adds %s to %s (a number is added to, a set gains the elements; a missing attribute starts from nothing).", grammar.FormatValue(a.Value), grammar.FormatPath(a.Path))
	}
	for _, a := range st.Deletes {
		e.say("Deletes the elements %s from the set %s.", grammar.FormatValue(a.Value), grammar.FormatPath(a.Path))
	}
	if e.table != nil {
		for _, ix := range e.table.Indexes {
			e.indexEffect(ix)
		}
	}
}

// indexEffect says how an update moves the item with respect to index ix:
// a removed key attribute takes it out, a set one puts it in or moves it.
func (e *explainer) indexEffect(ix *schema.Index) {
	st := e.st
	var removed, set []string
	for _, p := range st.Removes {
		if len(p.Elems) == 1 && slices.Contains(ix.KeyAttributes(), p.Elems[0].Name) {
			removed = append(removed, p.Elems[0].Name)
		}
	}
	var blanked []string
	for _, a := range st.Sets {
		if len(a.Path.Elems) == 1 && slices.Contains(ix.KeyAttributes(), a.Path.Elems[0].Name) {
			if v := a.Left.Value; a.Op == "" && v != nil && (v.Type == grammar.TypeS || v.Type == grammar.TypeB) && v.Text == "" {
				blanked = append(blanked, a.Path.Elems[0].Name)
				continue
			}
			set = append(set, a.Path.Elems[0].Name)
		}
	}
	if len(blanked) > 0 {
		e.say("Setting %s to an empty value does not take the item out of index %s; remove %s does.", andList(blanked), ix.Name, strings.Join(blanked, ", "))
	}
	for _, a := range st.Adds {
		if len(a.Path.Elems) == 1 && slices.Contains(ix.KeyAttributes(), a.Path.Elems[0].Name) {
			set = append(set, a.Path.Elems[0].Name)
		}
	}
	switch {
	case len(removed) > 0:
		e.say("Removing %s takes the item out of index %s.", andList(removed), ix.Name)
	case len(set) > 0:
		e.say("Setting %s puts the item into index %s, or moves it there, once it has %s.", andList(set), ix.Name, andList(ix.KeyAttributes()))
	}
}

func (e *explainer) delete() {
	e.say("%s: removes the item of %s whose key is %s, and with it its entries in every index; deleting an item that is not there is not an error.", e.op(), e.tableName(), e.keyText())
	e.schemaNote()
	if e.table != nil && len(e.table.Indexes) > 0 {
		if names := e.table.IndexNames(); len(names) == 1 {
			e.say("It takes the item out of index %s too, if it was there.", names[0])
		} else {
			e.say("It takes the item out of indexes %s too, those it was in.", andList(names))
		}
	}
}

// check is a transaction's ConditionCheck: a condition on an item the
// transaction does not write.
func (e *explainer) check() {
	e.say("%s: writes nothing; it tests the item of %s whose key is %s, and the transaction goes ahead only if the condition holds.", e.op(), e.tableName(), e.keyText())
	e.schemaNote()
}

func (e *explainer) condition() {
	if e.st.If == nil {
		return
	}
	cond := grammar.FormatCondition(e.st.If)
	if e.group == grammar.KindTransactWrite {
		e.say("Only if %s: otherwise DynamoDB cancels the whole transaction, TransactionCanceledException with CancellationReasons[%d] ConditionalCheckFailed, and no member writes.", cond, e.n)
		return
	}
	e.say("Only if %s: otherwise DynamoDB answers ConditionalCheckFailedException and changes nothing.", cond)
}

func (e *explainer) returnValues() {
	r := e.st.Return
	if r == nil {
		return
	}
	say := map[string]string{
		"none":        "Returns nothing.",
		"old":         "Returns the item as it was before (ReturnValues ALL_OLD).",
		"new":         "Returns the whole item as it is after (ReturnValues ALL_NEW).",
		"updated_old": "Returns the changed attributes as they were before (ReturnValues UPDATED_OLD).",
		"updated_new": "Returns the changed attributes as they are after (ReturnValues UPDATED_NEW).",
	}[r.Name]
	if say != "" {
		e.say("%s", say)
	}
}

// ---------------------------------------------------------------------------
// helpers

// topNames lists the top-level attributes a condition reads, in order, once.
func topNames(c *grammar.Condition) []string {
	var out []string
	for _, p := range grammar.ConditionPaths(c) {
		if len(p.Elems) > 0 && !slices.Contains(out, p.Elems[0].Name) {
			out = append(out, p.Elems[0].Name)
		}
	}
	return out
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// andList writes a, b and c; orList a, b or c.
func andList(xs []string) string { return joinList(xs, "and") }
func orList(xs []string) string  { return joinList(xs, "or") }

func joinList(xs []string, word string) string {
	switch len(xs) {
	case 0:
		return "nothing"
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + word + " " + xs[len(xs)-1]
}
