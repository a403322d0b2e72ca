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
			out[i] = statementRelocation(f, lit, fd.Pos.File).Finding(fd)
		}
	}
	SortFindings(out)
	return out
}

// statementRelocation moves the findings of a Statement's decoded text,
// parsed as a file called name, to the JSON string lit that writes it
// (ddbexpr.MapOffset, escapes and all).
func statementRelocation(f *request.File, lit *request.Value, name string) *Relocation {
	raw := string(f.Src[lit.Start:lit.End])
	return &Relocation{
		Inner:  lit.Text,
		In:     func(p diag.Pos) (int, bool) { return p.Offset, p.IsValid() && p.File == name },
		Host:   f.Src,
		Offset: func(i int) int { return lit.Start + ddbexpr.MapOffset(raw, i) },
		Pos:    f.Pos,
	}
}
