package validate

import (
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
)

// PartiQL requests: execute-statement, batch-execute-statement and
// execute-transaction, as the partiql package reads them (partiql.Request,
// from a script, request JSON, code or build's bound values). CheckPartiQL
// dispatches, as Check does for a group's members:
//
//   - each statement, one at a time, to the PartiQL rules that judge a
//     statement (Rule.checkPartiQL, which sees the statement and the
//     request it is in), and, made a DSL statement (partiql.Member.DSL),
//     to the DSL's rules whose meaning is the same in PartiQL
//     (Rule.partiql: names the schema must know, the values written and
//     compared, the keys), so that one fact about DynamoDB has one check;
//   - the request, once, to the rules that judge its statements together
//     (Rule.checkPartiQLGroup: counts, mixes, the same item twice).
//
// No rule loops over the statements itself.

// partiqlPass is one PartiQL rule's view of one request, and of the
// statement it looks at.
type partiqlPass struct {
	Req    *partiql.Request
	Schema *schema.Schema
	// I and M are the statement a statement rule looks at: Req.Statements[I].
	I    int
	M    *partiql.Member
	rule *Rule
	cfg  *Config
	out  *[]Finding
}

// Reportf reports a finding at the rule's severity.
func (p *partiqlPass) Reportf(at diag.Pos, format string, args ...any) {
	(&Pass{rule: p.rule, cfg: p.cfg, out: p.out}).Reportf(at, format, args...)
}

// ReportAt reports a finding at an explicit severity with a suggestion.
func (p *partiqlPass) ReportAt(sev Severity, at diag.Pos, suggestion, format string, args ...any) {
	(&Pass{rule: p.rule, cfg: p.cfg, out: p.out}).ReportAt(sev, at, suggestion, format, args...)
}

// table is the schema's table of s, nil when unknown.
func (p *partiqlPass) table(s *partiql.Statement) *schema.Table {
	if p.Schema == nil || s.Table == nil {
		return nil
	}
	return p.Schema.Table(s.Table.Name)
}

// runs reports whether rule r runs with schema sch and cfg.
func (r *Rule) runsWith(sch *schema.Schema, cfg *Config) bool {
	return !(r.NeedsSchema && sch == nil || disabled(cfg, r))
}

// CheckPartiQL runs the rules over a PartiQL request. sch may be nil:
// rules that need a schema are then skipped. Findings come sorted by
// position, then rule name.
func CheckPartiQL(req *partiql.Request, sch *schema.Schema, cfg *Config) []Finding {
	var out []Finding
	pp := partiqlPass{Req: req, Schema: sch, cfg: cfg, out: &out}
	for i, m := range req.Statements {
		pp.I, pp.M = i, m
		for _, r := range catalog {
			if r.checkPartiQL != nil && r.runsWith(sch, cfg) {
				pp.rule = r
				r.checkPartiQL(&pp)
			}
		}
		checkPartiQLAsDSL(m, sch, cfg, &out)
	}
	pp.I, pp.M = -1, nil
	for _, r := range catalog {
		if r.checkPartiQLGroup != nil && r.runsWith(sch, cfg) {
			pp.rule = r
			r.checkPartiQLGroup(&pp)
		}
	}
	out = applyPartiQLIgnores(req, out, cfg)
	SortFindings(out)
	return out
}

// checkPartiQLAsDSL runs the DSL's rules marked partiql on m made a DSL
// statement.
func checkPartiQLAsDSL(m *partiql.Member, sch *schema.Schema, cfg *Config, out *[]Finding) {
	if st := m.DSL(sch); st != nil {
		p := newPass(st, sch, cfg, out)
		p.sent = true // the table's name is sent as written: tableNamed reads it
		p.runEach((*Rule).partiqlCheckOn)
	}
}

// partiqlCheckOn is the check r runs on a statement made from PartiQL:
// none for a rule not marked partiql, partiqlCheck where it has one (on a
// statement whose table the schema knows), else its own.
func (r *Rule) partiqlCheckOn(p *Pass) func(*Pass) {
	switch {
	case !r.partiql:
		return nil
	case r.partiqlCheck == nil:
		return r.checkOn(p)
	case p.Table == nil:
		return nil
	}
	return r.partiqlCheck
}

// applyPartiQLIgnores drops the findings within a statement that its
// dynexpr:ignore comments silence, and reports the ignores that silence
// nothing or give no reason, as a DSL file's are (apply).
func applyPartiQLIgnores(req *partiql.Request, findings []Finding, cfg *Config) []Finding {
	var list []*ignore
	for _, s := range req.Statements {
		st := s.Stmt
		for _, ig := range s.Ignores {
			list = append(list, &ignore{pos: ig.Pos, rules: ig.Rules, reason: ig.Reason, code: &CodeIgnore{
				Pos: ig.Pos, Comment: partiqlComment, Target: "this statement",
				Covers: func(f Finding) bool {
					return f.Pos.File == st.Pos.File && st.Pos.Offset <= f.Pos.Offset && f.Pos.Offset < st.EndPos.Offset
				},
			}})
		}
	}
	if len(list) == 0 {
		return findings
	}
	return apply(list, findings, cfg)
}

// PartiQLStrayIgnores reports the ignore comments of a script that apply
// to no statement (unused-ignore), as a DSL file's are.
func PartiQLStrayIgnores(sc *partiql.Script, cfg *Config) []Finding {
	var list []*ignore
	for _, ig := range sc.Stray {
		list = append(list, &ignore{pos: ig.Pos, rules: ig.Rules, reason: ig.Reason,
			stray: "no statement starts on the line after it, nor ends on its line"})
	}
	return apply(list, nil, cfg)
}
