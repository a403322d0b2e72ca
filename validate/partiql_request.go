package validate

import (
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

// CheckPartiQLRequest checks the request JSON of a PartiQL command
// (request.IsPartiQL(r.Command)): its members as the AWS CLI reads them,
// the elements of Parameters that are no DynamoDB value (as Item's are
// checked), then the request partiql.ReadJSON reads, by CheckPartiQL,
// each finding placed at the character of the JSON file that wrote it
// (ddbexpr.MapOffset, as for an expression). A statement that does not
// parse is a syntax error there.
func CheckPartiQLRequest(r *request.Request, sch *schema.Schema, cfg *Config) []Finding {
	f := r.File
	c := newRequestPass(r, sch, cfg)
	for _, rule := range []*Rule{unknownRequestMember, invalidRequestMember, missingRequestMember} {
		c.runHook(rule)
	}
	jr := partiql.ReadJSON(r)
	// A value the DSL cannot hold is checked as request JSON's values
	// are; the others are checked, as the DSL's, on the statement.
	c.rule = invalidAttributeValue
	if !disabled(cfg, invalidAttributeValue) {
		for _, b := range jr.BadParams {
			c.checkAV(b.Value, b.Path, valueCtx{})
		}
	}
	out := c.out
	for _, fd := range c.later {
		if sev := cfg.severity(Lookup(fd.Rule), fd.Severity); sev != Off {
			fd.Severity = sev
			out = append(out, fd)
		}
	}
	for _, e := range jr.Errors {
		out = append(out, SyntaxError(e.Pos, e.Msg))
	}
	if len(jr.Statements) > 0 {
		out = append(out, CheckPartiQL(jr.Request, sch, cfg)...)
	}
	for i, fd := range out {
		if lit := jr.Texts[fd.Pos.File]; lit != nil {
			raw := string(f.Src[lit.Start:lit.End])
			out[i].Pos = f.Pos(lit.Start + ddbexpr.MapOffset(raw, fd.Pos.Offset))
			out[i].End, out[i].Fix = diag.Pos{}, nil // edits of the statement's text, not of the JSON
			if fd.End.IsValid() && fd.End.File == fd.Pos.File {
				out[i].End = f.Pos(lit.Start + ddbexpr.MapOffset(raw, fd.End.Offset))
			}
		}
	}
	SortFindings(out)
	return out
}
