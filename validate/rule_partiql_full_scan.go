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
DynamoDB's documentation ("PartiQL select statements for DynamoDB"): "Using the
SELECT statement can result in a full table scan if an equality or IN condition
with a partition key is not provided in the WHERE clause"; = in each branch of an
OR counts, as in its example OrderID = 100 OR OrderID = 200. Without a schema the
key is not known, but a SELECT whose WHERE fixes no attribute at all with = or IN
(no WHERE, inequalities only, an OR whose branches fix different attributes)
scans whatever the key is, and is named too. Give the partition key with = or IN,
read an index whose partition key the WHERE does fix, or set this rule to error
(rules: partiql-full-scan: error) to refuse every scan.`,
	Bad:       `SELECT * FROM "Tickets" WHERE priority > 2`,
	Good:      `SELECT * FROM "Tickets" WHERE id = 'a91f' AND priority > 2`,
	AppliesTo: "PartiQL SELECT; without a schema, a SELECT whose WHERE fixes no attribute with = or IN (none at all, inequalities only, an OR whose branches fix different attributes), which scans whatever the key is",
	checkPartiQL: func(p *partiqlPass) {
		st := p.M.Stmt
		if st.Kind != partiql.KindSelect {
			return
		}
		if p.Schema == nil {
			checkSchemalessScan(p, st)
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
		if partiql.AccessOf(st.Where, key, st.Index != nil) != partiql.AccessScan {
			return
		}
		p.Reportf(st.Pos, "this SELECT scans the whole %s: it reads and bills every item, however few the WHERE keeps, because the WHERE does not fix the partition key %s with = or IN; add %s to make it a Query%s",
			what, strings.Join(key.Partition, ", "), keyConditionHint(key), indexHint(t, st))
	},
}

// checkSchemalessScan reports, without a schema to give the key, a SELECT
// that scans whatever the key is: its WHERE fixes no attribute at all.
func checkSchemalessScan(p *partiqlPass, st *partiql.Statement) {
	if st.Table == nil || partiql.AccessOf(st.Where, schema.Key{}, st.Index != nil) != partiql.AccessScan {
		return
	}
	what := "table " + st.Table.Name
	if st.Index != nil {
		what = "index " + st.Index.Name + " of " + st.Table.Name
	}
	why := "it has no WHERE"
	if st.Where != nil {
		why = "its WHERE fixes no attribute with = or IN, so it fixes no partition key, whichever the key is"
	}
	p.Reportf(st.Pos, "this SELECT scans the whole %s: it reads and bills every item, because %s; give the partition key with = or IN (WHERE \"pk\" = ?) to make it a Query",
		what, why)
}

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
		if partiql.AccessOf(st.Where, ix.Key, true) == partiql.AccessQuery && (st.Index == nil || st.Index.Name != ix.Name) {
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
