// Package report gathers a repository's requests per table and per index
// (dynexpr report): the requests that read each, the writes and what each
// does to each index, and the findings that follow (an index no request
// reads, a projection wider than its reads, a write that moves an index
// key, a scan, a filter). Its input is lint's: every reader's requests as
// the statements the rules read (lint.Access); it describes no DynamoDB
// rule of its own but the capacity package's effects of a write.
//
// What the requests do not show is never taken for absent: a request
// whose table or index the code computes is listed as unresolved, and an
// index such a request may read is possibly unused, not unused.
package report

import (
	"slices"
	"sort"

	"github.com/dynexpr/dynexpr/capacity"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/schema"
)

// Report is what a repository's requests do, table by table.
type Report struct {
	Tables []*Table
	// Unresolved are the requests whose table is not known: the code
	// computes it (an environment variable, a parameter).
	Unresolved []Request
	Findings   []Finding
	// Cost is what the requests given a rate cost a month; nil without
	// rates.
	Cost *Cost

	sch *schema.Schema
}

// Table is one table's indexes, reads and writes.
type Table struct {
	Table string
	// Schema is the schema's table; nil for a table only requests name.
	Schema  *schema.Table
	Indexes []*Index
	Reads   []Read
	Writes  []Write
	// Unresolved are the requests on this table whose index or whose
	// effect cannot be told (an index the code computes, a request that
	// cannot be read as a statement).
	Unresolved []Request
}

// Index is one secondary index of a table and the requests that use it.
type Index struct {
	Schema *schema.Index
	Reads  int
	// Writes counts the writes that take a write on the index (every
	// effect but Untouched).
	Writes int
}

// Request is where a request is and what it is.
type Request struct {
	Pos   diag.Pos
	Label string
	Op    string
	// PartiQL is the operation a PartiQL statement is sent with; Op is
	// then what it runs as.
	PartiQL string
}

// Read is a request that reads a table or one of its indexes.
type Read struct {
	Request
	Index string // "" for the table
	// Attributes are the top-level attributes the read uses: those it
	// returns, its key condition's and its filter's; nil with All.
	Attributes []string
	// All is a read that returns every attribute (of the item, or that
	// the index projects).
	All bool
	// Filter are the attributes of its filter, when it has one.
	Filter []string
	Scan   bool
}

// Write is a request that writes an item of a table.
type Write struct {
	Request
	// Indexes are what it does to each index of the table, in the
	// schema's order.
	Indexes []capacity.IndexEffect
}

// ChangesKeyOf lists the indexes whose key the write changes.
func (w *Write) ChangesKeyOf() []string {
	var out []string
	for _, e := range w.Indexes {
		if e.Effect == capacity.ChangesKey {
			out = append(out, e.Index.Name)
		}
	}
	return out
}

// Builder gathers accesses into a report, in the order they come.
type Builder struct {
	r      *Report
	tables map[string]*Table
	cost   *costing // nil without rates
}

// NewBuilder starts a report on the tables of sch (nil: only the tables
// the requests name).
func NewBuilder(sch *schema.Schema) *Builder {
	b := &Builder{r: &Report{sch: sch}, tables: map[string]*Table{}}
	if sch != nil {
		for _, t := range sch.Tables {
			tb := &Table{Table: t.Name, Schema: t}
			for _, ix := range t.Indexes {
				tb.Indexes = append(tb.Indexes, &Index{Schema: ix})
			}
			b.r.Tables = append(b.r.Tables, tb)
			b.tables[t.Name] = tb
		}
	}
	return b
}

// table is the report's table a request names, by any name the schema
// knows it by; one the schema lacks is added.
func (b *Builder) table(name string) *Table {
	if b.r.sch != nil {
		if t := b.r.sch.Table(name); t != nil {
			return b.tables[t.Name]
		}
	}
	if tb := b.tables[name]; tb != nil {
		return tb
	}
	tb := &Table{Table: name}
	b.tables[name] = tb
	b.r.Tables = append(b.r.Tables, tb)
	return tb
}

// Add takes one access.
func (b *Builder) Add(a lint.Access) {
	req := Request{Pos: a.Pos, Label: a.Label, Op: a.Op, PartiQL: a.PartiQL}
	st := a.Stmt
	if st == nil {
		if a.Table == "" {
			b.r.Unresolved = append(b.r.Unresolved, req)
		} else {
			tb := b.table(a.Table)
			tb.Unresolved = append(tb.Unresolved, req)
		}
		return
	}
	if !st.Kind.IsGroup() {
		b.request(a, req, st, 0)
		return
	}
	for _, m := range st.Members {
		mr := req
		mr.Pos = a.Place(m.Pos)
		if a.At != nil {
			mr.Pos = a.Pos // code: the call's line
		}
		b.request(a, mr, m, st.Kind)
	}
}

// request takes one request, alone or a member of a group of kind group
// (0 alone).
func (b *Builder) request(a lint.Access, req Request, st *grammar.Statement, group grammar.Kind) {
	if st.Table == nil || st.Table.Unbound() {
		b.r.Unresolved = append(b.r.Unresolved, req)
		return
	}
	tb := b.table(st.Table.Name)
	if st.Index.Unbound() {
		tb.Unresolved = append(tb.Unresolved, req)
		return
	}
	if b.cost != nil {
		b.cost.add(b.r.sch, tb, req, st, group)
	}
	switch st.Kind {
	case grammar.KindGet, grammar.KindQuery, grammar.KindScan:
		rd := Read{Request: req, Scan: st.Kind == grammar.KindScan}
		if st.Index != nil {
			rd.Index = st.Index.Name
			if tb.Schema != nil {
				if ix := tb.Schema.Index(st.Index.Name); ix != nil {
					rd.Index = ix.Name
					tb.index(ix.Name).Reads++
				}
			}
		}
		rd.Attributes, rd.All = readAttributes(st)
		if st.Filter != nil {
			rd.Filter = topNames(grammar.ConditionPaths(st.Filter), nil)
		}
		tb.Reads = append(tb.Reads, rd)
	case grammar.KindPut, grammar.KindUpdate, grammar.KindDelete:
		w := Write{Request: req}
		if tb.Schema != nil {
			w.Indexes = capacity.Effects(st, tb.Schema)
			for _, e := range w.Indexes {
				if e.Effect != capacity.Untouched {
					tb.index(e.Index.Name).Writes++
				}
			}
		}
		tb.Writes = append(tb.Writes, w)
	}
}

func (tb *Table) index(name string) *Index {
	for _, ix := range tb.Indexes {
		if ix.Schema.Name == name {
			return ix
		}
	}
	return &Index{} // not the schema's: counted nowhere
}

// readAttributes are the top-level attributes a read uses (returns, tests
// in its key condition and filter); all is true when it returns every
// attribute there is.
func readAttributes(st *grammar.Statement) (attrs []string, all bool) {
	sel := st.Select
	switch {
	case sel == nil, sel.All, sel.Projected:
		return nil, true
	}
	var paths []*grammar.Path
	if !sel.Count {
		paths = sel.Paths
	}
	attrs = topNames(paths, nil)
	attrs = topNames(grammar.ConditionPaths(st.Key), attrs)
	attrs = topNames(grammar.ConditionPaths(st.Filter), attrs)
	return attrs, false
}

func topNames(paths []*grammar.Path, into []string) []string {
	for _, p := range paths {
		if p != nil && len(p.Elems) > 0 && !slices.Contains(into, p.Elems[0].Name) {
			into = append(into, p.Elems[0].Name)
		}
	}
	return into
}

// Report ends the gathering: the findings, sorted by place. rel names a
// file as the output shows it (a schema's absolute path relative to the
// working folder); nil keeps the names.
func (b *Builder) Report(rel func(string) string) *Report {
	r := b.r
	if b.cost != nil {
		b.cost.finish()
	}
	for _, tb := range r.Tables {
		r.Findings = append(r.Findings, tb.findings(r)...)
	}
	if rel != nil {
		for i := range r.Findings {
			r.Findings[i].Pos.File = rel(r.Findings[i].Pos.File)
		}
	}

	sort.SliceStable(r.Findings, func(i, j int) bool {
		a, c := r.Findings[i].Pos, r.Findings[j].Pos
		if a.Offset == 0 && c.Offset == 0 && a.File == c.File && a.Line == c.Line {
			return r.Findings[i].Rule < r.Findings[j].Rule
		}
		if a.File != c.File {
			return a.File < c.File
		}
		if a.Line != c.Line {
			return a.Line < c.Line
		}
		return a.Col < c.Col
	})
	return r
}
