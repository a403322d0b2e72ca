package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
)

var partiqlFullScan = &Rule{
	Name:     "partiql-full-scan",
	Severity: Warning,
	Title:    "a PartiQL SELECT that scans the whole table or index",
	Why: `DynamoDB runs a SELECT as a Query only when its WHERE fixes the partition key
of the table or index with = or IN, and as a GetItem when it fixes the whole
primary key; any other SELECT is a Scan: it reads, and bills, every item of the
table or index, however few the WHERE keeps, with no error and no warning.
DynamoDB's documentation: "Using the SELECT statement can result in a full table
scan if an equality or IN condition with a partition key is not provided in the
WHERE clause." Give the partition key with = or IN, read an index whose
partition key the WHERE does fix, or set this rule to error (rules:
partiql-full-scan: error) to refuse every scan.`,
	Bad:         `SELECT * FROM "Tickets" WHERE priority > 2`,
	Good:        `SELECT * FROM "Tickets" WHERE id = 'a91f' AND priority > 2`,
	AppliesTo:   "PartiQL SELECT",
	NeedsSchema: true,
	checkPartiQL: func(p *partiqlPass) {
		for _, s := range p.Req.Statements {
			checkFullScan(p, s.Stmt)
		}
	},
}

func checkFullScan(p *partiqlPass, st *partiql.Statement) {
	if st.Kind != partiql.KindSelect {
		return
	}
	t := p.table(st)
	if t == nil {
		return // unknown-table's
	}
	key, what := t.Key, "table "+t.Name
	if st.Index != nil {
		ix := t.Index(st.Index.Name)
		if ix == nil {
			return // unknown-index's
		}
		key, what = ix.Key, "index "+ix.Name+" of "+t.Name
	}
	if len(key.Partition) == 0 || fixesPartition(st.Where, key.Partition) {
		return
	}
	p.Reportf(st.Pos, "this SELECT scans the whole %s: it reads and bills every item, however few the WHERE keeps, because the WHERE does not fix the partition key %s with = or IN; add %s to make it a Query%s",
		what, strings.Join(key.Partition, ", "), keyConditionHint(key), indexHint(t, st))
}

// fixesPartition reports whether a WHERE fixes every partition key
// attribute with = or IN in its AND-ed conditions, or, where it is an OR,
// in each of its alternatives.
func fixesPartition(where partiql.Expr, names []string) bool {
	if where == nil {
		return false
	}
	if b, ok := where.(*partiql.Binary); ok && b.Op == partiql.OpOr {
		return fixesPartition(b.X, names) && fixesPartition(b.Y, names)
	}
	conds := conjuncts0(where)
	for _, n := range names {
		if equalityOn(conds, n) == nil && inOn(conds, n) == nil {
			return false
		}
	}
	return true
}

// inOn is the conjunct NAME IN [...] among conds, nil if none.
func inOn(conds []partiql.Expr, name string) *partiql.In {
	for _, e := range conds {
		if in, ok := e.(*partiql.In); ok {
			if n, ok := topPathName(in.X); ok && n == name {
				return in
			}
		}
	}
	return nil
}

// keyConditionHint is the WHERE condition that would make a Query.
func keyConditionHint(k schema.Key) string {
	parts := make([]string, len(k.Partition))
	for i, n := range k.Partition {
		parts[i] = partiqlName(n) + " = ?"
	}
	return strings.Join(parts, " AND ")
}

// indexHint names the indexes whose partition key the WHERE fixes.
func indexHint(t *schema.Table, st *partiql.Statement) string {
	var names []string
	for _, ix := range t.Indexes {
		if len(ix.Key.Partition) > 0 && fixesPartition(st.Where, ix.Key.Partition) && (st.Index == nil || st.Index.Name != ix.Name) {
			names = append(names, `FROM "`+t.Name+`"."`+ix.Name+`"`)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return ", or read " + strings.Join(names, " or ") + ", whose partition key it fixes"
}

// partiqlName writes a name as PartiQL's double-quoted identifier.
func partiqlName(n string) string { return `"` + strings.ReplaceAll(n, `"`, `""`) + `"` }
