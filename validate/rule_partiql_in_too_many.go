package validate

import "github.com/dynexpr/dynexpr/partiql"

// The most values DynamoDB's IN takes: on the partition key, and elsewhere.
const (
	maxInOnKey = 50
	maxIn      = 100
)

var partiqlInTooMany = &Rule{
	Name:     "partiql-in-too-many",
	Severity: Error,
	Title:    "IN with more values than DynamoDB takes",
	Why: `DynamoDB's PartiQL takes at most 50 values in an IN on a partition key and at
most 100 in an IN on any other attribute (DynamoDB's documentation of its
operators: "at max 50 hash attribute values or at max 100 non-key attribute
values"). Split the statement into several, each within the limit.`,
	Bad:         `SELECT * FROM "Tickets" WHERE id IN ['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10', 'k11', 'k12', 'k13', 'k14', 'k15', 'k16', 'k17', 'k18', 'k19', 'k20', 'k21', 'k22', 'k23', 'k24', 'k25', 'k26', 'k27', 'k28', 'k29', 'k30', 'k31', 'k32', 'k33', 'k34', 'k35', 'k36', 'k37', 'k38', 'k39', 'k40', 'k41', 'k42', 'k43', 'k44', 'k45', 'k46', 'k47', 'k48', 'k49', 'k50']`,
	Good:        `SELECT * FROM "Tickets" WHERE id IN ['k0', 'k1']`,
	AppliesTo:   "PartiQL IN",
	NeedsSchema: true,
	checkPartiQL: func(p *partiqlPass) {
		st := p.M.Stmt
		if p.table(st) == nil {
			return
		}
		key, _ := partiql.KeyOf(p.Schema, st)
		eachExpr(st, func(e partiql.Expr) {
			in, ok := e.(*partiql.In)
			if !ok {
				return
			}
			name, _ := partiql.TopName(in.X)
			max, what := maxIn, "an attribute that is no partition key"
			for _, k := range key.Partition {
				if k == name {
					max, what = maxInOnKey, "the partition key "+name
				}
			}
			if len(in.Values) > max {
				p.Reportf(in.Values[max].Start(), "this IN has %d values, and DynamoDB takes at most %d in an IN on %s: split the statement into statements of %d values or fewer",
					len(in.Values), max, what, max)
			}
		})
	},
}
