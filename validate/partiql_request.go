package validate

import (
	"strconv"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

// CheckPartiQLRequest checks the request JSON of a PartiQL command
// (request.IsPartiQL(r.Command)): its Statement, or each of its
// Statements[] or TransactStatements[], parsed from the decoded string and
// checked with its Parameters by CheckPartiQL, each finding placed at the
// character of the JSON file that wrote it (ddbexpr.MapOffset, as for an
// expression). A statement that does not parse is a syntax error there.
func CheckPartiQLRequest(r *request.Request, sch *schema.Schema, cfg *Config) []Finding {
	f := r.File
	req := &PartiQLRequest{Command: r.Command, Pos: f.Pos(r.Obj.Start)}
	// The members as the AWS CLI reads them: unknown, mistyped, missing.
	c := newRequestPass(r, sch, cfg)
	for _, rule := range []*Rule{unknownRequestMember, invalidRequestMember, missingRequestMember} {
		c.runHook(rule)
	}
	out := c.out
	// Each statement is parsed as a file of its own name, so that a
	// finding tells which string it is in; lits are those strings.
	lits := map[string]*request.Value{}
	add := func(obj *request.Value) {
		lit := obj.Get("Statement")
		if lit == nil || lit.Kind != request.String {
			return // missing or not a string: the AWS CLI refuses it, and the member rules say so
		}
		name := "\x00statement " + strconv.Itoa(len(lits))
		lits[name] = lit
		st, err := partiql.ParseStatement(name, lit.Text)
		if err != nil {
			for _, d := range diag.Append(nil, err) {
				out = append(out, SyntaxError(d.Pos, d.Msg))
			}
			return
		}
		ps := &PartiQLStatement{Stmt: st, ParamsPos: f.Pos(lit.Start)}
		if params := obj.Get("Parameters"); params != nil {
			ps.HasParams, ps.ParamsPos = true, f.Pos(params.Start)
			for _, e := range params.Elems {
				p := PartiQLParam{Pos: f.Pos(e.Start)}
				if e.Kind == request.Object && len(e.Members) == 1 {
					p.Type, p.Text = e.Members[0].Name, e.Members[0].Value.Text
				}
				ps.Params = append(ps.Params, p)
			}
		}
		req.Statements = append(req.Statements, ps)
	}
	switch list := r.Obj.Get("Statements"); {
	case r.Command == "execute-statement":
		add(r.Obj)
	case list == nil:
		list = r.Obj.Get("TransactStatements")
		fallthrough
	default:
		if list != nil {
			for _, e := range list.Elems {
				if e.Kind == request.Object {
					add(e)
				}
			}
		}
	}
	if len(req.Statements) > 0 {
		out = append(out, CheckPartiQL(req, sch, cfg)...)
	}
	for i, fd := range out {
		if lit := lits[fd.Pos.File]; lit != nil {
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
