package lint

import (
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/validate"
)

// partiqlFile checks a PartiQL script: each request it sends (each
// statement, or the whole file under -- dynexpr:batch or
// -- dynexpr:transaction) through validate.CheckPartiQL. Its ?s are bound
// only when it is built, so nothing here counts them against Parameters.
func (l *Linter) partiqlFile(r Result) Result {
	sc, err := partiql.ParseScript(r.Name, r.Src)
	if err != nil {
		for _, d := range diag.Append(nil, err) {
			r.Findings = append(r.Findings, inputFinding(d))
		}
		return r
	}
	r.Statements = len(sc.Statements)
	for i, req := range validate.PartiQLRequests(sc) {
		r.Findings = append(r.Findings, validate.CheckPartiQL(req, l.Schema, l.Rules)...)
		if l.Accesses {
			label := ""
			if sc.Mode == partiql.ModeEach && i < len(sc.Names) {
				label = sc.Names[i]
			}
			r.Accesses = append(r.Accesses, l.partiqlAccesses(req, label, nil)...)
		}
	}
	r.Findings = append(r.Findings, validate.PartiQLStrayIgnores(sc, l.Rules)...)
	validate.SortFindings(r.Findings)
	return r
}
