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

func (l *Linter) partiqlSite(src *appcode.Source, site *appcode.Site, stmt appcode.Member) (findings []validate.Finding, checked bool) {
	v := stmt.Value
	if v.Kind != appcode.String {
		return nil, false
	}
	// The statement is parsed as a file of its own, so that its positions
	// are told from those in the code (Parameters') and mapped.
	at := func(p diag.Pos) diag.Pos {
		if p.File != statementFile {
			return p
		}
		off := max(0, min(p.Offset, len(v.Offsets)-1))
		return src.Pos(v.Offsets[off])
	}
	st, err := partiql.ParseStatement(statementFile, v.Text)
	if err != nil {
		for _, d := range diag.Append(nil, err) {
			d.Pos = at(d.Pos)
			findings = append(findings, inputFinding(d))
		}
		return findings, true
	}
	req := partiql.Single(st)
	req.Statements[0].ParamsPos = src.Pos(site.Pos)
	params, paramsAt, given := appcode.Params(site)
	if given {
		vals := make([]*grammar.Value, len(params))
		for i, p := range params {
			if p.Type != "" { // else the code computes it
				vals[i] = &grammar.Value{Pos: src.Pos(p.Pos), Type: grammar.ValueType(p.Type), Text: p.Text}
			}
		}
		req.Statements[0] = req.Statements[0].Bind(vals)
		req.Statements[0].ParamsPos = src.Pos(paramsAt)
	}
	for _, f := range validate.CheckPartiQL(req, l.Schema, l.Rules) {
		end := at(f.End)
		f.Pos, f.End = at(f.Pos), diag.Pos{}
		if end.IsValid() && end.Offset > f.Pos.Offset {
			f.End = end
		}
		f.Fix = nil // the edits are of the statement's text, not of the literal, escapes and all
		findings = append(findings, f)
	}
	return findings, true
}
