package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// The traps dynexpr exists for: rules.md, "Mission traps".

const (
	msgIndexEmptyPut    = "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: %s, IndexKey: %s"
	msgIndexEmptyPutB   = "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty binary value. IndexName: %s, IndexKey: %s"
	msgIndexEmptyUpdate = "One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value."
)

var sparseKeyBlanked = &Rule{
	Name:     "sparse-key-blanked",
	Severity: Error,
	Title:    `"" or empty binary written to a secondary-index key attribute`,
	Why: `An item is in a secondary index only while it has the index's key attributes:
that is what makes a sparse index small. Blanking the key with "" does not take
the item out of the index; DynamoDB refuses the write. To take an item out of the
index, remove the attribute; to keep a new item out, leave the attribute out of it.`,
	DynamoMessage: fmt.Sprintf(msgIndexEmptyPut, "open-tickets-index", "openBucket") + " (put); " + msgIndexEmptyUpdate + " (update)",
	Bad:           `update Tickets key id = "77de" set openBucket = ""`,
	Good:          `update Tickets key id = "77de" remove openBucket`,
	AppliesTo:     "put (item), update (set, including if_not_exists fallbacks and bound parameters)",
	NeedsSchema:   true,
	check:         checkSparseKeyBlanked,
}

func checkSparseKeyBlanked(p *Pass) {
	if p.Table == nil {
		return
	}
	st := p.Stmt
	switch st.Kind {
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			return
		}
		for _, e := range st.Item.Map.Entries {
			if !isEmptyScalar(e.Value) || p.Table.IsKey(e.Key) || !typeFits(p.Table, e.Key, e.Value) {
				continue
			}
			ixs := p.Table.IndexesWithKey(e.Key)
			if len(ixs) == 0 {
				continue
			}
			msg := msgIndexEmptyPut
			if e.Value.Type == grammar.TypeB {
				msg = msgIndexEmptyPutB
			}
			p.ReportAt(Error, e.Value.Pos, "leave "+nameString(e.Key)+" out of the item",
				"%s; DynamoDB rejects %s there (%q). To keep the item out of the index, leave %s out of the item",
				keyRole(e.Key, ixs), emptyWord(e.Value), fmt.Sprintf(msg, ixs[0].Name, e.Key), nameString(e.Key))
		}
	case grammar.KindUpdate:
		for _, a := range st.Sets {
			attr := topName(a.Path)
			if len(a.Path.Elems) != 1 || p.Table.IsKey(attr) {
				continue
			}
			ixs := p.Table.IndexesWithKey(attr)
			if len(ixs) == 0 {
				continue
			}
			v := writtenEmpty(a)
			if v == nil || !typeFits(p.Table, attr, v) {
				continue
			}
			fix := "remove " + nameString(attr)
			p.ReportAt(Error, v.Pos, fix,
				"%s; DynamoDB rejects %s%s there (%q). To take the item out of the index, write: %s",
				keyRole(attr, ixs), emptyWord(v), boundFrom(v), msgIndexEmptyUpdate, fix)
		}
	}
}

// typeFits reports whether v has the declared type of attr (or attr has
// none): an empty value of the wrong type is key-type-mismatch's finding,
// not a second one here.
func typeFits(t *schema.Table, attr string, v *grammar.Value) bool {
	want := t.AttrType(attr)
	return want == "" || string(want) == string(v.Type)
}

// writtenEmpty returns the "" or empty binary a set action may write: its
// value, or the fallback of if_not_exists.
func writtenEmpty(a *grammar.SetAction) *grammar.Value {
	if a.Op != "" {
		return nil
	}
	switch o := a.Left; {
	case o.Value != nil && isEmptyScalar(o.Value):
		return o.Value
	case o.Call != nil && o.Call.Func == "if_not_exists" && len(o.Call.Args) == 2:
		if v := o.Call.Args[1].Value; isEmptyScalar(v) {
			return v
		}
	}
	return nil
}

// keyRole says which key attr is: `"openBucket" is the partition key of index x`.
func keyRole(attr string, ixs []*schema.Index) string {
	ix := ixs[0]
	role := "the sort key"
	for _, a := range ix.Key.Partition {
		if a == attr {
			role = "the partition key"
		}
	}
	if len(ix.Key.Partition) > 1 || len(ix.Key.Sort) > 1 {
		role = strings.Replace(role, "the ", "a ", 1) + " attribute"
	}
	kind := "global secondary index"
	if !ix.Global {
		kind = "local secondary index"
	}
	s := fmt.Sprintf("%q is %s of %s %s", attr, role, kind, ix.Name)
	if len(ixs) > 1 {
		var names []string
		for _, o := range ixs[1:] {
			names = append(names, o.Name)
		}
		s += " (and a key of " + strings.Join(names, ", ") + ")"
	}
	return s
}

func emptyWord(v *grammar.Value) string {
	if v.Type == grammar.TypeB {
		return `empty binary (b"")`
	}
	return `""`
}

func boundFrom(v *grammar.Value) string {
	if v.FromParam != "" {
		return " (bound to $" + v.FromParam + ")"
	}
	return ""
}

const msgTableEmpty = "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: %s"

var emptyKeyValue = &Rule{
	Name:     "empty-key-value",
	Severity: Error,
	Title:    `"" or empty binary as a table or index key value`,
	Why: `A key attribute's value may not be an empty string or empty binary: DynamoDB
refuses the request, whether it writes an item, names one by its key, or queries
a key.`,
	DynamoMessage: fmt.Sprintf(msgTableEmpty, "id"),
	Bad:           `get Tickets key id = ""`,
	Good:          `get Tickets key id = "a91f"`,
	AppliesTo:     "get, update, delete (key), put (item), query (key condition), after (start key)",
	NeedsSchema:   true,
	check:         checkEmptyKeyValue,
}

func checkEmptyKeyValue(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil {
		return
	}
	report := func(attr string, v *grammar.Value, ix *schema.Index) {
		if !typeFits(t, attr, v) {
			return
		}
		msg := fmt.Sprintf(msgTableEmpty, attr)
		if ix != nil {
			msg = fmt.Sprintf(msgIndexEmptyPut, ix.Name, attr)
		}
		p.ReportAt(Error, v.Pos, "", "%s%s is not a valid value for key attribute %q: DynamoDB rejects it (%q)", emptyWord(v), boundFrom(v), attr, msg)
	}
	switch st.Kind {
	case grammar.KindPut:
		for _, k := range t.Key.Attributes() {
			if e := itemEntry(st, k); e != nil && isEmptyScalar(e.Value) {
				report(k, e.Value, nil)
			}
		}
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete:
		eachKeyEquality(st.Key, func(attr string, v *grammar.Value) {
			if t.IsKey(attr) && isEmptyScalar(v) {
				report(attr, v, nil)
			}
		})
	case grammar.KindQuery:
		grammar.EachComparison(st.Key, func(c *grammar.Comparison) {
			attr := topName(c.Left.Path)
			if c.Left.Path == nil || c.Op == "" && c.Low == nil {
				return
			}
			var ix *schema.Index
			if st.Index != nil {
				if ix = p.Index; ix == nil || !ix.Key.Has(attr) {
					return
				}
			} else if !t.IsKey(attr) {
				return
			}
			for _, o := range []*grammar.Operand{c.Right, c.Low, c.High} {
				if o != nil && isEmptyScalar(o.Value) {
					report(attr, o.Value, ix)
				}
			}
		})
	}
	if st.After != nil {
		eachAfterEntry(st.After, func(attr string, v *grammar.Value) {
			if t.IsKey(attr) && isEmptyScalar(v) {
				report(attr, v, nil)
			}
		})
	}
}

// eachKeyEquality calls fn for every `attr = value` in an item key.
func eachKeyEquality(c *grammar.Condition, fn func(attr string, v *grammar.Value)) {
	grammar.EachComparison(c, func(cmp *grammar.Comparison) {
		if cmp.Op != "=" || cmp.Left.Path == nil || cmp.Right == nil || cmp.Right.Value == nil || len(cmp.Left.Path.Elems) != 1 {
			return
		}
		fn(topName(cmp.Left.Path), cmp.Right.Value)
	})
}

// eachAfterEntry calls fn for each attribute of an `after` start key.
func eachAfterEntry(a *grammar.After, fn func(attr string, v *grammar.Value)) {
	if a.Map != nil {
		for _, e := range a.Map.Entries {
			fn(e.Key, e.Value)
		}
		return
	}
	eachKeyEquality(a.Key, fn)
}

var unprojectedAttribute = &Rule{
	Name:     "unprojected-attribute",
	Severity: Error,
	Title:    "select or filter paths that the index does not project",
	Why: `An index holds the table's key attributes, its own key attributes and what its
projection adds (INCLUDE lists them; KEYS_ONLY adds nothing; ALL holds all).
Asking a global secondary index for any other attribute is refused: a GSI cannot
fetch from its table. A local secondary index fetches the missing attributes from
the table, at the cost of an extra read per item (a warning). A query's filter on
an attribute the index does not hold is refused on both kinds. A scan's filter on
one is accepted and never matches: the scan returns nothing.`,
	DynamoMessage: "One or more parameter values were invalid: Global secondary index open-tickets-index does not project [body]; One or more parameter values were invalid: Secondary index open-tickets-index does not project one or more filter attributes: [body]",
	Bad:           `query Tickets index open-tickets-index key openBucket = "OPEN" select subject, body`,
	Good:          `query Tickets index open-tickets-index key openBucket = "OPEN" select id, subject`,
	AppliesTo:     "query and scan of a secondary index whose projection is not ALL",
	NeedsSchema:   true,
	check:         checkUnprojected,
}

func checkUnprojected(p *Pass) {
	ix, st := p.Index, p.Stmt
	if ix == nil || ix.Projection == schema.ProjectAll {
		return
	}
	if st.Select != nil {
		for _, path := range st.Select.Paths {
			attr := topName(path)
			if ix.Projects(attr, p.Table) {
				continue
			}
			if ix.Global {
				p.ReportAt(Error, path.Pos, "", "%s does not project %q; DynamoDB answers %q. Select what %s",
					ix.Name, attr, "One or more parameter values were invalid: Global secondary index "+ix.Name+" does not project "+quoteList([]string{attr}), projectsPhrase(ix, p.Table))
			} else {
				p.ReportAt(Warning, path.Pos, "", "%s does not project %q: DynamoDB fetches it from the table for every item, an extra read each; add it to the index's projection, or read it with get",
					ix.Name, attr)
			}
		}
	}
	seen := map[string]bool{}
	for _, path := range grammar.ConditionPaths(st.Filter) {
		attr := topName(path)
		if ix.Projects(attr, p.Table) || seen[attr] {
			continue
		}
		seen[attr] = true
		if st.Kind == grammar.KindQuery {
			p.ReportAt(Error, path.Pos, "", "%s does not project %q, so a query cannot filter on it; DynamoDB answers %q",
				ix.Name, attr, "One or more parameter values were invalid: Secondary index "+ix.Name+" does not project one or more filter attributes: "+quoteList([]string{attr}))
		} else {
			p.ReportAt(Warning, path.Pos, "", "%s does not project %q: no item of the index has it, so this filter never matches as written and the scan returns nothing it should",
				ix.Name, attr)
		}
	}
}

// projectsPhrase lists what an index holds, for messages.
func projectsPhrase(ix *schema.Index, t *schema.Table) string {
	var attrs []string
	seen := map[string]bool{}
	add := func(names ...string) {
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				attrs = append(attrs, n)
			}
		}
	}
	if t != nil {
		add(t.Key.Attributes()...)
	}
	add(ix.Key.Attributes()...)
	add(ix.Include...)
	return "it holds: " + strings.Join(attrs, ", ")
}

var selectAllOnIndex = &Rule{
	Name:     "select-all-on-index",
	Severity: Error,
	Title:    "select all on a GSI that does not project all; select projected without an index",
	Why: `A global secondary index can return only what it projects: select all
(ALL_ATTRIBUTES) on one whose projection is not ALL is refused. select projected
(ALL_PROJECTED_ATTRIBUTES) means "what the index projects" and is refused on a
request that reads the table itself.`,
	DynamoMessage: "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index open-tickets-index because its projection type is not ALL; ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
	Bad:           `query Tickets index open-tickets-index key openBucket = "OPEN" select all`,
	Good:          `query Tickets index open-tickets-index key openBucket = "OPEN" select projected`,
	AppliesTo:     "query and scan with select all or select projected",
	check:         checkSelectAll,
}

func checkSelectAll(p *Pass) {
	st := p.Stmt
	if st.Select == nil {
		return
	}
	switch {
	case st.Select.Projected && st.Index == nil:
		p.ReportAt(Error, st.Select.Pos, "select all", "select projected reads what an index projects, and this %s reads the table; DynamoDB answers %q. Write select all, or name an index",
			st.Verb, "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName")
	case st.Select.All && p.Index != nil && p.Index.Global && p.Index.Projection != schema.ProjectAll:
		p.ReportAt(Error, st.Select.Pos, "select projected", "%s projects %s, not all attributes; DynamoDB answers %q. Write select projected, or name the attributes",
			p.Index.Name, strings.ToLower(string(p.Index.Projection)),
			"One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index "+p.Index.Name+" because its projection type is not ALL")
	}
}

var consistentReadOnGSI = &Rule{
	Name:     "consistent-read-on-gsi",
	Severity: Error,
	Title:    "consistent read of a global secondary index",
	Why: `A global secondary index is updated asynchronously from its table, so it
cannot be read consistently: DynamoDB refuses ConsistentRead on a query or scan
of one. Read the table (or a local secondary index) when you need the latest
write.`,
	DynamoMessage: "Consistent reads are not supported on global secondary indexes",
	Bad:           `query Tickets index open-tickets-index key openBucket = "OPEN" consistent`,
	Good:          `query Tickets index open-tickets-index key openBucket = "OPEN"`,
	AppliesTo:     "query and scan of a global secondary index",
	NeedsSchema:   true,
	check:         checkConsistentGSI,
}

func checkConsistentGSI(p *Pass) {
	if p.Stmt.Consistent == nil || p.Index == nil || !p.Index.Global {
		return
	}
	p.ReportAt(Error, p.Stmt.Consistent.Pos, "", "%s is a global secondary index, which cannot be read consistently; DynamoDB answers %q. Drop consistent, or read the table",
		p.Index.Name, "Consistent reads are not supported on global secondary indexes")
}

var filterInsteadOfIndex = &Rule{
	Name:     "filter-instead-of-index",
	Severity: Warning,
	Title:    "a filter that picks what a sparse index already holds",
	Why: `A filter runs after the items are read: it does not reduce what the request
reads or what it costs. When the filter keeps exactly the items that carry a
sparse index's key (attribute_exists(openBucket), openBucket = "OPEN"), the index
already holds those items and nothing else: query (or scan) the index instead and
read only them.`,
	Bad:         `scan Tickets filter attribute_exists(openBucket)`,
	Good:        `query Tickets index open-tickets-index key openBucket = "OPEN"`,
	AppliesTo:   "scan and query of a table, or of another index",
	NeedsSchema: true,
	check:       checkFilterInsteadOfIndex,
}

func checkFilterInsteadOfIndex(p *Pass) {
	st, t := p.Stmt, p.Table
	if t == nil || st.Filter == nil || len(st.Filter.Or) != 1 {
		return
	}
	// Only conjuncts at the top of the filter restrict every item read.
	for _, n := range st.Filter.Or[0].And {
		c := n.Compare
		if c == nil {
			continue
		}
		var attr string
		var value *grammar.Value
		switch {
		case c.Left.Call != nil && c.Left.Call.Func == "attribute_exists" && len(c.Left.Call.Args) == 1 && c.Op == "":
			attr = topName(c.Left.Call.Args[0].Path)
		case c.Op == "=" && c.Left.Path != nil && c.Right != nil && c.Right.Value != nil:
			attr, value = topName(c.Left.Path), c.Right.Value
		default:
			continue
		}
		if attr == "" || t.IsKey(attr) {
			continue
		}
		for _, ix := range t.IndexesWithKey(attr) {
			if len(ix.Key.Partition) != 1 || ix.Key.Partition[0] != attr || p.Index == ix {
				continue
			}
			var fix string
			if value != nil {
				fix = fmt.Sprintf("query %s index %s key %s = %s", t.Name, ix.Name, nameString(attr), literalText(value))
			} else {
				fix = fmt.Sprintf("scan %s index %s", t.Name, ix.Name)
			}
			p.ReportAt(Warning, c.Pos, fix, "index %s holds exactly the items with %q, but this filter reads every item of the %s and bills each one; write instead: %s",
				ix.Name, attr, readTarget(st), fix)
			break
		}
	}
}

func readTarget(st *grammar.Statement) string {
	switch {
	case st.Index != nil:
		return "index " + st.Index.Name
	case st.Kind == grammar.KindQuery:
		return "partition"
	}
	return "table"
}

// literalText writes a scalar literal back in the DSL.
func literalText(v *grammar.Value) string {
	switch v.Type {
	case grammar.TypeS:
		return fmt.Sprintf("%q", v.Text)
	case grammar.TypeB:
		return `b"` + v.Text + `"`
	case grammar.TypeNULL:
		return "null"
	case grammar.TypeN, grammar.TypeBOOL:
		return v.Text
	}
	return "..."
}

var limitWithFilter = &Rule{
	Name:     "limit-with-filter",
	Severity: Warning,
	Title:    "limit together with filter",
	Why: `Limit counts the items a query or scan reads, before the filter runs. With a
filter, a page can come back with fewer items than the limit, or none at all,
while more matching items follow: page on with after (LastEvaluatedKey) until it
is absent, or drop the limit.`,
	Bad:       `scan Tickets filter priority = 1 limit 10`,
	Good:      `query Tickets index open-tickets-index key openBucket = "OPEN" limit 10`,
	AppliesTo: "query and scan",
	check:     checkLimitWithFilter,
}

func checkLimitWithFilter(p *Pass) {
	st := p.Stmt
	if st.Limit == nil || st.Filter == nil {
		return
	}
	p.ReportAt(Warning, st.Limit.Pos, "", "limit %s counts the items read before the filter: a page can hold fewer than %s matches, or none, while more follow; keep reading pages with after until there is no LastEvaluatedKey",
		st.Limit.Text, st.Limit.Text)
}
