package lint

import (
	"github.com/dynexpr/dynexpr/appcode"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
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
	req := partiql.Single(st)
	req.Statements[0].ParamsPos = src.Pos(site.Pos)
	params, paramsAt, given := appcode.Params(site)
	if given {
		vals := make([]*grammar.Value, len(params))
		for i, p := range params {
			vals[i] = &grammar.Value{Pos: src.Pos(p.Pos), Type: grammar.ValueType(p.Type), Text: p.Text}
			if p.Type == "" { // the code computes it: no value the rules can read
				vals[i].Type, vals[i].FromParam = grammar.TypeParam, "?"
			}
		}
		req.Statements[0] = req.Statements[0].Bind(vals)
		req.Statements[0].ParamsPos = src.Pos(paramsAt)
	}
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
