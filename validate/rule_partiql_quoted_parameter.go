package validate

import "github.com/dynexpr/dynexpr/partiql"

var partiqlQuotedParameter = &Rule{
	Name:     "partiql-quoted-parameter",
	Severity: Warning,
	Title:    "'?' in quotes: the text ?, not a parameter",
	Why: `In PartiQL '...' is a string: '?' is the one-character text "?", compared or
written as it stands, and takes no element of Parameters. A parameter is a bare
?, as in WHERE id = ?.`,
	Bad:       `SELECT * FROM "Tickets" WHERE id = '?'`,
	Good:      `SELECT * FROM "Tickets" WHERE id = ?`,
	AppliesTo: "PartiQL statements",
	checkPartiQL: func(p *partiqlPass) {
		eachExpr(p.M.Stmt, func(e partiql.Expr) {
			if l, ok := e.(*partiql.Literal); ok && l.Kind == partiql.LitString && l.Text == "?" {
				p.ReportAt(Warning, l.Pos, "?", "'?' is the text \"?\", not a parameter: write ? without quotes to take the next value of Parameters")
			}
		})
	},
}

// eachExpr calls fn for every expression of a statement: its WHERE, its
// item, its actions' values, an EXISTS's SELECT.
func eachExpr(st *partiql.Statement, fn func(partiql.Expr)) {
	visit := func(e partiql.Expr) {
		partiql.Inspect(e, func(x partiql.Expr) bool {
			if x != nil {
				fn(x)
			}
			return true
		})
	}
	visit(st.Where)
	visit(st.Value)
	for _, a := range st.Actions {
		visit(a.Value)
	}
	if st.Exists != nil {
		eachExpr(st.Exists, fn)
	}
}
