package lint

import (
	"github.com/dynexpr/dynexpr/appcode"
	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/validate"
)

// PartiQL in code: a site with a Statement member is an execute-statement
// request. Its statement is parsed from the literal's text and checked by
// validate.CheckPartiQL, each finding moved to its byte inside the literal;
// its Parameters are bound when the code shows them (appcode.Params), and
// otherwise nothing is said of their count.

// partiqlSite checks the PartiQL site whose statement is stmt. checked is
// false when the code computes the statement: the reader has listed it as
// skipped, and nothing is said of it.
// statementFile names a statement's own text while it is checked.
const statementFile = "\x00statement"

func (l *Linter) partiqlSite(src *appcode.Source, site *appcode.Site, stmt appcode.Member) (findings []validate.Finding, checked bool, accesses []Access) {
	v := stmt.Value
	if v.Kind != appcode.String {
		if l.Accesses { // a statement the code computes: its table is not known
			accesses = []Access{{Pos: src.Pos(site.Pos), PartiQL: "ExecuteStatement"}}
		}
		return nil, false, accesses
	}
	// The statement is parsed as a file of its own, so that its positions
	// are told from those in the code (Parameters') and moved.
	move := &validate.Relocation{
		Inner: v.Text,
		In: func(p diag.Pos) (int, bool) {
			return max(0, min(p.Offset, len(v.Offsets)-1)), p.IsValid() && p.File == statementFile
		},
		Host:   src.Src,
		Offset: func(i int) int { return v.Offsets[max(0, min(i, len(v.Offsets)-1))] },
		Pos:    src.Pos,
	}
	st, err := partiql.ParseStatement(statementFile, v.Text)
	if err != nil {
		for _, d := range diag.Append(nil, err) {
			findings = append(findings, move.Finding(inputFinding(d)))
		}
		return findings, true, nil
	}
	ps := &validate.PartiQLStatement{Stmt: st, ParamsPos: src.Pos(site.Pos)}
	params, paramsAt, given := appcode.Params(site)
	if given {
		ps.HasParams = true
		ps.ParamsPos = src.Pos(paramsAt)
		for _, p := range params {
			ps.Params = append(ps.Params, validate.PartiQLParam{Pos: src.Pos(p.Pos), Type: p.Type, Text: p.Text})
		}
	}
	req := &validate.PartiQLRequest{Command: builder.CommandExecuteStatement, Pos: st.Pos, Statements: []*validate.PartiQLStatement{ps}}
	if l.Accesses {
		accesses = l.partiqlAccesses(req, "", placeIn(move))
		for i := range accesses {
			accesses[i].Pos = src.Pos(site.Pos) // the call's line
		}
	}
	for _, f := range validate.CheckPartiQL(req, l.Schema, l.Rules) {
		findings = append(findings, move.Finding(f))
	}
	return findings, true, accesses
}
