package capacity

import (
	"slices"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// Hints are what the user says of the items that the requests do not
// show.
type Hints struct {
	// ItemSize is the size of an item of the table a request names
	// (--item-size, or a sample's mean to largest); nil for the schema's
	// item_size, else not known.
	ItemSize *Size
	// Items is how many items a Query matches or a Scan evaluates; 0 when
	// not known.
	Items int64
}

// Cost is what one request consumes.
type Cost struct {
	// Read and Write are the table's units: a local index's writes and
	// reads are the table's too, and are counted here as well as in
	// Indexes.
	Read, Write Units
	// Indexes are the writes each secondary index takes, in the schema's
	// order, for every index of every table written.
	Indexes []IndexCost
	// ItemBytes is the size of the item written, when the request shows
	// it whole (a put's item); nil otherwise.
	ItemBytes *Size
	// Notes say why a figure is a range, once each.
	Notes []string
}

// IndexCost is the writes one index takes.
type IndexCost struct {
	Table  string
	Index  string
	Global bool
	Effect Effect
	Units  Units
}

func (c *Cost) note(s string) {
	if !slices.Contains(c.Notes, s) {
		c.Notes = append(c.Notes, s)
	}
}

// Of is what st consumes, a request or a group, against sch (nil when
// there is none).
func Of(st *grammar.Statement, sch *schema.Schema, h Hints) Cost {
	var c Cost
	if st.Kind.IsGroup() {
		for _, m := range st.Members {
			mc := member(m, st.Kind, sch, h)
			c.Read = c.Read.Add(mc.Read)
			c.Write = c.Write.Add(mc.Write)
			for _, ic := range mc.Indexes {
				c.addIndex(ic)
			}
			for _, n := range mc.Notes {
				c.note(n)
			}
		}
		return c
	}
	return member(st, 0, sch, h)
}

// addIndex sums the writes of one index over a group's members.
func (c *Cost) addIndex(ic IndexCost) {
	for i := range c.Indexes {
		if c.Indexes[i].Table == ic.Table && c.Indexes[i].Index == ic.Index {
			c.Indexes[i].Units = c.Indexes[i].Units.Add(ic.Units)
			if c.Indexes[i].Effect != ic.Effect && ic.Effect != Untouched {
				if c.Indexes[i].Effect == Untouched {
					c.Indexes[i].Effect = ic.Effect
				} else {
					c.Indexes[i].Effect = Unknown
				}
			}
			return
		}
	}
	c.Indexes = append(c.Indexes, ic)
}

// coster holds what one request's figures need.
type coster struct {
	st    *grammar.Statement
	group grammar.Kind
	table *schema.Table
	h     Hints
	c     Cost
}

func member(st *grammar.Statement, group grammar.Kind, sch *schema.Schema, h Hints) Cost {
	k := &coster{st: st, group: group, h: h}
	if sch != nil && st.Table != nil && !st.Table.Unbound() {
		k.table = sch.Table(st.Table.Name)
	}
	switch st.Kind {
	case grammar.KindGet:
		k.get()
	case grammar.KindQuery, grammar.KindScan:
		k.query()
	case grammar.KindPut, grammar.KindUpdate, grammar.KindDelete:
		k.write()
	case grammar.KindCheck:
		k.check()
	}
	return k.c
}

// itemSize is the size of an item of the table: the hint, else the
// schema's item_size, else anything up to the largest item.
func (k *coster) itemSize() Size {
	switch {
	case k.h.ItemSize != nil:
		return *k.h.ItemSize
	case k.table != nil && k.table.ItemSize > 0:
		return ExactSize(k.table.ItemSize)
	}
	k.c.note("the size of the table's items is not known (give --item-size, --sample, or item_size in the schema): from nothing to 400 KB")
	return Size{0, MaxItemBytes}
}

func (k *coster) readKind() Read {
	switch {
	case k.group == grammar.KindTransactGet:
		return Transactional
	case k.st.Consistent != nil:
		return Strong
	}
	return Eventual
}

// get is GetItem, or a member of BatchGetItem or TransactGetItems: the
// item rounded up to 4 KB; a projection does not lower it ("DynamoDB read
// and write operations", GetItem).
func (k *coster) get() {
	k.c.Read = ReadRange(k.itemSize(), k.readKind())
}

// query is a Query or a Scan: the sizes of the items it reads (matched,
// or evaluated by a Scan, before any filter) summed, then rounded up to
// 4 KB once ("DynamoDB read and write operations", Query and Scan; "Filter
// expressions for Query": a filter is applied after the read, so it does
// not lower the cost). An index read reads the index's entries; a query
// of a local index that asks for attributes the index does not project
// also reads each item from the table, rounded up to 4 KB one by one
// ("Local secondary indexes", provisioned throughput considerations for
// reads).
func (k *coster) query() {
	st := k.st
	r := k.readKind()
	var ix *schema.Index
	if k.table != nil && st.Index != nil {
		ix = k.table.Index(st.Index.Name)
	}
	if ix != nil && ix.Global {
		r = Eventual // a global secondary index is read eventually consistent only
	}
	item := k.itemSize()
	entry := item
	if ix != nil && ix.Projection != schema.ProjectAll {
		// An entry of a narrower projection is at most the item; how much
		// less depends on values the request does not show.
		entry = Size{0, item.Max}
		if !item.Known() || item.Max > 0 {
			k.c.note("an entry of an index that does not project every attribute is smaller than the item by what it leaves out: from nothing to the item's size")
		}
	}
	var total Size
	if ix == nil && k.pinsOneItem() {
		// The key condition names the whole primary key with =: one item
		// at most, as a PartiQL SELECT of one item runs.
		total = Size{0, item.Max}
	} else if n := k.h.Items; n > 0 {
		total = entry.Times(n)
	} else {
		// One request reads one page: at most 1 MB, or limit entries.
		most := int64(PageBytes)
		if st.Limit != nil {
			if l, ok := grammar.ParseDecimal(st.Limit.Text); ok && l.Exp < 6 {
				n := int64(0)
				for i := 0; i <= l.Exp; i++ {
					n *= 10
					if i < len(l.Digits) {
						n += int64(l.Digits[i] - '0')
					}
				}
				most = min(most, n*entry.Max)
			}
		}
		total = Size{0, most}
		k.c.note("how many items a query or scan reads is not known (give --items N): from none to one page of 1 MB")
	}
	k.c.Read = ReadRange(total, r)
	if ix != nil && !ix.Global && fetchesItems(st, k.table, ix) {
		fetched := k.h.Items
		per := ReadRange(item, r)
		if fetched > 0 {
			k.c.Read = k.c.Read.Add(per.Times(fetched))
		} else {
			k.c.Read.Max += per.Max * Half(max(1, PageBytes/max(entry.Max, 1)))
		}
		k.c.note("the local index does not project every attribute asked for: each item is read from the table too, rounded up to 4 KB one by one")
	}
}

// pinsOneItem reports whether a query's key condition, an AND of
// comparisons, sets every key attribute of the table with =.
func (k *coster) pinsOneItem() bool {
	c := k.st.Key
	if k.table == nil || c == nil || len(c.Or) != 1 || k.st.Kind != grammar.KindQuery {
		return false
	}
	eq := map[string]bool{}
	grammar.EachComparison(c, func(cmp *grammar.Comparison) {
		if cmp.Op == "=" && cmp.Left != nil && cmp.Left.Path != nil && len(cmp.Left.Path.Elems) == 1 {
			eq[cmp.Left.Path.Elems[0].Name] = true
		}
	})
	for _, a := range k.table.Key.Attributes() {
		if !eq[a] {
			return false
		}
	}
	return true
}

// fetchesItems reports whether a query of local index ix asks for
// attributes it does not project.
func fetchesItems(st *grammar.Statement, t *schema.Table, ix *schema.Index) bool {
	if ix.Projection == schema.ProjectAll {
		return false
	}
	sel := st.Select
	switch {
	case sel == nil, sel.Count, sel.Projected:
		return false
	case sel.All:
		return true
	}
	for _, p := range sel.Paths {
		if len(p.Elems) > 0 && !ix.Projects(p.Elems[0].Name, t) {
			return true
		}
	}
	return false
}

// write is a PutItem, UpdateItem or DeleteItem, alone or a member: the
// larger of the item before and after, rounded up to 1 KB ("DynamoDB read
// and write operations", capacity unit consumption for writes), doubled in
// a transaction; then each index's writes.
func (k *coster) write() {
	st := k.st
	tx := k.group == grammar.KindTransactWrite
	var written Size // the size of the item the write leaves, as far as known
	var before Size  // the item it replaces, changes or deletes
	newOnly := k.createsOnly()
	switch st.Kind {
	case grammar.KindPut:
		if st.Item != nil && st.Item.Map != nil {
			written = MapBytes(st.Item.Map)
			if written.Known() {
				s := written
				k.c.ItemBytes = &s
			}
		} else {
			written = Size{0, MaxItemBytes}
		}
		if newOnly {
			before = ExactSize(0)
		} else {
			before = Size{0, k.itemSize().Max}
			if before.Max > written.Min {
				k.c.note("a put costs by the larger of the new item and the item it replaces, which may not exist: a condition attribute_not_exists on the key says it does not")
			}
		}
	case grammar.KindUpdate:
		lower := k.updateBytes()
		size := k.itemSize()
		before = size
		written = Size{lower, max(lower, size.Max)}
		if newOnly {
			before, written = ExactSize(0), ExactSize(lower)
		} else if size.Known() {
			written = Size{max(lower, size.Min), max(lower, size.Max)}
		}
	case grammar.KindDelete:
		before = k.itemSize()
	}
	larger := Size{max(before.Min, written.Min), max(before.Max, written.Max)}
	k.c.Write = WriteRange(larger, tx)
	if k.table == nil {
		return
	}
	for _, e := range Effects(st, k.table) {
		k.c.Indexes = append(k.c.Indexes, k.indexCost(e, newOnly))
	}
}

// createsOnly reports whether the write's condition lets it succeed only
// when no item has its key (attribute_not_exists of a key attribute, alone
// or in an AND), so that there is no item before.
func (k *coster) createsOnly() bool {
	c := k.st.If
	if c == nil || len(c.Or) != 1 || k.table == nil {
		return false
	}
	for _, n := range c.Or[0].And {
		if n == nil || n.Compare == nil || n.Compare.Op != "" || n.Compare.Left == nil || n.Compare.Left.Call == nil {
			continue
		}
		call := n.Compare.Left.Call
		if call.Func != "attribute_not_exists" || len(call.Args) != 1 || call.Args[0].Path == nil {
			continue
		}
		if p := call.Args[0].Path; len(p.Elems) == 1 && k.table.IsKey(p.Elems[0].Name) {
			return true
		}
	}
	return false
}

// updateBytes is the least the updated item holds: its key, and each value
// a set writes as it is to a top-level attribute.
func (k *coster) updateBytes() int64 {
	var n int64
	grammar.EachComparison(k.st.Key, func(cmp *grammar.Comparison) {
		if cmp.Op != "=" || cmp.Left == nil || cmp.Left.Path == nil || cmp.Right == nil || cmp.Right.Value == nil || len(cmp.Left.Path.Elems) != 1 {
			return
		}
		if v, ok := ValueBytes(cmp.Right.Value); ok {
			n += int64(len(cmp.Left.Path.Elems[0].Name)) + v
		}
	})
	for _, a := range k.st.Sets {
		if a == nil || a.Op != "" || a.Left == nil || a.Left.Value == nil || a.Path == nil || len(a.Path.Elems) != 1 {
			continue
		}
		if v, ok := ValueBytes(a.Left.Value); ok {
			n += int64(len(a.Path.Elems[0].Name)) + v
		}
	}
	return n
}

// indexCost is the writes one index takes for effect e, sized by the
// index's entry ("Global secondary indexes", writes: the size of the index
// entry, not of the item, decides the units).
func (k *coster) indexCost(e IndexEffect, newOnly bool) IndexCost {
	ic := IndexCost{Table: k.table.Name, Index: e.Index.Name, Global: e.Index.Global, Effect: e.Effect}
	entry := WriteRange(k.entrySize(e.Index), false)
	one := entry
	switch e.Effect {
	case Untouched:
		return ic
	case PutsEntry:
		if newOnly {
			ic.Units = one
		} else {
			ic.Units = Units{one.Min, 2 * one.Max}
			k.c.note("a put that replaces an item whose index key differs is a delete and a put on the index: two writes, one for a new item")
		}
	case ChangesKey:
		least := Half(0)
		if k.setsWholeKey(e.Index) {
			least = one.Min
		}
		ic.Units = Units{least, 2 * one.Max}
		k.c.note("an update that sets an index key is two index writes (a delete and a put) when the item was in the index, one when it enters it")
	case TakesOut:
		if newOnly && k.st.Kind == grammar.KindPut {
			return IndexCost{Table: ic.Table, Index: ic.Index, Global: ic.Global, Effect: Untouched}
		}
		ic.Units = Units{0, one.Max}
		k.c.note("taking an item out of an index is one write when it was in it, none when it was not")
	case ChangesProjected:
		ic.Units = Units{0, one.Max}
		k.c.note("a change of projected attributes is one index write when the item is in the index, none when it is not")
	case Unknown:
		ic.Units = Units{0, 2 * one.Max}
		k.c.note("the request does not show what it writes: from no index write to two")
	}
	return ic
}

// setsWholeKey reports whether an update sets every key attribute of ix
// that is not a key of the table: then the item is in the index after it.
func (k *coster) setsWholeKey(ix *schema.Index) bool {
	set := map[string]bool{}
	for _, a := range k.st.Sets {
		if a != nil && a.Path != nil && len(a.Path.Elems) == 1 {
			set[a.Path.Elems[0].Name] = true
		}
	}
	for _, a := range k.st.Adds {
		if a != nil && a.Path != nil && len(a.Path.Elems) == 1 {
			set[a.Path.Elems[0].Name] = true
		}
	}
	for _, a := range ix.KeyAttributes() {
		if !set[a] && !k.table.IsKey(a) {
			return false
		}
	}
	return true
}

// entrySize is the size of ix's entry for the item written: exact for a
// put whose item is known (the attributes the index holds: both keys and
// what it projects), the item's size for an ALL projection, else up to it.
func (k *coster) entrySize(ix *schema.Index) Size {
	st := k.st
	if st.Kind == grammar.KindPut && st.Item != nil && st.Item.Map != nil {
		return entriesBytes(st.Item.Map, func(name string) bool { return ix.Projects(name, k.table) })
	}
	item := k.itemSize()
	if ix.Projection == schema.ProjectAll {
		return item
	}
	return Size{0, item.Max}
}

// check is a ConditionCheck of TransactWriteItems. The Developer Guide
// says a transaction's writes cost two units per KB but not what a
// check that writes nothing costs: from nothing to a transactional write
// of the item.
func (k *coster) check() {
	w := WriteRange(k.itemSize(), true)
	k.c.Write = Units{0, w.Max}
	k.c.note("what a ConditionCheck consumes is not stated by the Developer Guide: from nothing to a transactional write of the item")
}
