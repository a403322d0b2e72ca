package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/capacity"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

// Finding is a finding of the report: validate's, with the table and the
// index it is about.
type Finding struct {
	validate.Finding
	Table, Index string
}

// The report's rules. They judge a repository's requests together, not
// one request, so they are not the catalog's: dynexpr report alone
// reports them, through validate's printers.
var (
	UnusedIndex = &validate.Rule{Name: "unused-index", Severity: validate.Warning,
		Title:     "no request reads the index, and every write to its table may pay for it",
		Why:       "A secondary index costs a write for each item written with its key (a global index from its own capacity, a local one from the table's) and storage for each entry. When no request of the repository reads it, that is paid for nothing: delete the index, or show the request that reads it to dynexpr (a file it does not read, --code, requests:).",
		AppliesTo: "the indexes of the schema, against every request dynexpr report reads"}
	PossiblyUnusedIndex = &validate.Rule{Name: "possibly-unused-index", Severity: validate.Info,
		Title:     "no request dynexpr could read reads the index, but some compute their table or index",
		Why:       "A request whose table or index name the code computes (an environment variable, a parameter) may read any index: dynexpr does not call the index unused, and names those requests. Resolve their names to turn this into a certain answer.",
		AppliesTo: "the indexes of the schema, against every request dynexpr report reads"}
	ProjectionWiderThanReads = &validate.Rule{Name: "projection-wider-than-reads", Severity: validate.Info,
		Title:     "the index projects attributes no read of it uses",
		Why:       "Every attribute an index projects is stored again in it and written again each time the item changes it. When every read of the index names the attributes it uses, an INCLUDE projection of those (the keys come with every projection) holds and writes less.",
		AppliesTo: "the ALL and INCLUDE indexes of the schema with reads that name their attributes"}
	IndexKeyRewrite = &validate.Rule{Name: "index-key-rewrite", Severity: validate.Info,
		Title:     "the write changes an index key: a delete and a put on the index",
		Why:       "When an update sets an attribute of an index's key on an item in the index, DynamoDB deletes the old entry and puts a new one: two index writes, each sized by the entry (Developer Guide: \"Global secondary indexes\", writes).",
		AppliesTo: "updates that set an index key attribute"}
	FullScan = &validate.Rule{Name: "full-scan", Severity: validate.Warning,
		Title:     "the request reads every item of the table or index",
		Why:       "A Scan, or a PartiQL SELECT whose WHERE does not give the partition key, reads every item and pays for each, whatever it returns; its cost grows with the table. Query a key (add an index for the access pattern) where the request serves an application path.",
		AppliesTo: "scans, and PartiQL SELECTs that run as one"}
	FilteredRead = &validate.Rule{Name: "filtered-read", Severity: validate.Info,
		Title:     "the request reads items its filter then discards, and pays for them",
		Why:       "A filter runs after the read: every item the key condition picks (every item, for a scan) is read and paid for, and the filter only leaves some out of the answer (Developer Guide: \"Filter expressions for Query\"). A key condition or an index that picks only the wanted items costs less.",
		AppliesTo: "queries and scans with a filter"}
)

// Rules are the report's rules, for SARIF's rule list and --fail-on.
var Rules = []*validate.Rule{UnusedIndex, PossiblyUnusedIndex, ProjectionWiderThanReads, IndexKeyRewrite, FullScan, FilteredRead}

func finding(r *validate.Rule, pos diag.Pos, table, index, format string, args ...any) Finding {
	return Finding{Finding: validate.Finding{Pos: pos, Rule: r.Name, Severity: r.Severity, Message: fmt.Sprintf(format, args...)}, Table: table, Index: index}
}

// mayRead reports whether an unresolved request may read an index: what
// it runs as is a Query or a Scan, or is not known.
func mayRead(q Request) bool {
	switch q.Op {
	case "Query", "Scan", "":
		return true
	}
	return false
}

// places writes up to five requests' places, and how many more.
func places(qs []Request) string {
	var out []string
	for i, q := range qs {
		if i == 5 {
			out = append(out, fmt.Sprintf("and %d more", len(qs)-5))
			break
		}
		s := fmt.Sprintf("%s:%d", q.Pos.File, q.Pos.Line)
		if q.Op != "" {
			s += " (" + q.Op + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

// indexPos is where the schema declares ix, else its table.
func indexPos(t *schema.Table, ix *schema.Index) diag.Pos {
	if ix.Pos.IsValid() {
		return ix.Pos
	}
	return t.Pos
}

func (tb *Table) findings(r *Report) []Finding {
	var out []Finding
	var unknown []Request // requests that may read this table's indexes
	for _, q := range r.Unresolved {
		if mayRead(q) {
			unknown = append(unknown, q)
		}
	}
	for _, q := range tb.Unresolved {
		if mayRead(q) {
			unknown = append(unknown, q)
		}
	}
	for _, ix := range tb.Indexes {
		sx := ix.Schema
		pos := indexPos(tb.Schema, sx)
		if ix.Reads == 0 {
			var writes []Request
			for _, w := range tb.Writes {
				for _, e := range w.Indexes {
					if e.Index == sx && e.Effect != capacity.Untouched {
						writes = append(writes, w.Request)
					}
				}
			}
			maintained := "no write of the repository maintains it"
			if len(writes) > 0 {
				maintained = fmt.Sprintf("%d %s maintain it anyway: %s", len(writes), plural(len(writes), "write", "writes"), places(writes))
			}
			if len(unknown) > 0 {
				out = append(out, finding(PossiblyUnusedIndex, pos, tb.Table, sx.Name,
					"no request dynexpr read reads index %s of table %s (%s); %d %s the code computes may: %s",
					sx.Name, tb.Table, maintained, len(unknown), plural(len(unknown), "request whose table or index", "requests whose table or index"), places(unknown)))
			} else {
				out = append(out, finding(UnusedIndex, pos, tb.Table, sx.Name,
					"no request reads index %s of table %s; %s. Delete the index, or show dynexpr the request that reads it",
					sx.Name, tb.Table, maintained))
			}
			continue
		}
		if f, ok := tb.widerThanReads(sx, pos); ok {
			out = append(out, f)
		}
	}
	for _, w := range tb.Writes {
		for _, e := range w.Indexes {
			if e.Effect == capacity.ChangesKey {
				out = append(out, finding(IndexKeyRewrite, w.Pos, tb.Table, e.Index.Name,
					"%s sets %s, %s of index %s: on an item in the index that is a delete of its entry and a put of a new one, two index writes",
					opOf(w.Request), strings.Join(e.Attributes, " and "), plural(len(e.Attributes), "a key attribute", "key attributes"), e.Index.Name))
			}
		}
	}
	for _, rd := range tb.Reads {
		what := "table " + tb.Table
		if rd.Index != "" {
			what = "index " + rd.Index + " of table " + tb.Table
		}
		if rd.Scan {
			out = append(out, finding(FullScan, rd.Pos, tb.Table, rd.Index,
				"%s reads every item of %s and pays for each, whatever it returns: its cost grows with the %s", opOf(rd.Request), what,
				map[bool]string{true: "index", false: "table"}[rd.Index != ""]))
		}
		if len(rd.Filter) > 0 {
			picks := "every item the key condition picks"
			if rd.Scan {
				picks = "every item"
			}
			out = append(out, finding(FilteredRead, rd.Pos, tb.Table, rd.Index,
				"%s reads and pays for %s of %s, then its filter on %s discards those that fail it", opOf(rd.Request), picks, what, strings.Join(rd.Filter, ", ")))
		}
	}
	return out
}

// widerThanReads is projection-wider-than-reads for an index with reads,
// when every read names what it uses and the projection holds more.
func (tb *Table) widerThanReads(sx *schema.Index, pos diag.Pos) (Finding, bool) {
	if sx.Projection != schema.ProjectAll && sx.Projection != schema.ProjectInclude {
		return Finding{}, false
	}
	var used []string
	for _, rd := range tb.Reads {
		if rd.Index != sx.Name {
			continue
		}
		if rd.All {
			return Finding{}, false
		}
		for _, a := range rd.Attributes {
			if !slices.Contains(used, a) {
				used = append(used, a)
			}
		}
	}
	keys := sx.KeyAttributes()
	for _, a := range tb.Schema.Key.Attributes() {
		if !slices.Contains(keys, a) {
			keys = append(keys, a)
		}
	}
	var include []string // the non-key attributes the reads use
	for _, a := range used {
		if !slices.Contains(keys, a) {
			include = append(include, a)
		}
	}
	serve := "KEYS_ONLY"
	if len(include) > 0 {
		serve = "INCLUDE " + strings.Join(include, ", ")
	}
	if sx.Projection == schema.ProjectAll {
		return finding(ProjectionWiderThanReads, pos, tb.Table, sx.Name,
			"index %s of table %s projects ALL, but its reads use only %s: a projection of %s would serve them, storing and writing less",
			sx.Name, tb.Table, strings.Join(append(slices.Clone(keys), include...), ", "), serve), true
	}
	var unused []string
	for _, a := range sx.Include {
		if !slices.Contains(used, a) {
			unused = append(unused, a)
		}
	}
	if len(unused) == 0 {
		return Finding{}, false
	}
	return finding(ProjectionWiderThanReads, pos, tb.Table, sx.Name,
		"index %s of table %s projects %s, which no read of it uses: a projection of %s would serve its reads",
		sx.Name, tb.Table, strings.Join(unused, ", "), serve), true
}

func opOf(q Request) string {
	switch {
	case q.PartiQL != "" && q.Op != "":
		return "this PartiQL statement (runs as " + q.Op + ")"
	case q.Label != "":
		return q.Label + " (" + q.Op + ")"
	case q.Op != "":
		return "this " + q.Op
	}
	return "this request"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
