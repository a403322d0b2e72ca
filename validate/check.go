package validate

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// Finding is one problem a rule found.
type Finding struct {
	Pos      diag.Pos
	End      diag.Pos // where the offending text ends; zero if unknown
	Rule     string
	Severity Severity
	Message  string
	// Suggestion is what to write instead, in the input's own language.
	Suggestion string
}

// Config adjusts the catalog for a run.
type Config struct {
	// Severities overrides rule severities by name (Off disables a rule).
	Severities map[string]Severity
}

// severity is the severity a finding of r gets under c.
func (c *Config) severity(r *Rule, found Severity) Severity {
	if c != nil {
		if s, ok := c.Severities[r.Name]; ok {
			return s
		}
	}
	return found
}

// Pass is one rule's view of one statement.
type Pass struct {
	Stmt *grammar.Statement
	// Schema is nil when no schema was given; then rules that NeedsSchema
	// do not run.
	Schema *schema.Schema
	// Table is the statement's table: nil without a schema or when the
	// schema has no such table.
	Table *schema.Table
	// Index is the index a query or scan reads: nil for the table itself,
	// and when the index is unknown.
	Index *schema.Index

	rule *Rule
	cfg  *Config
	out  *[]Finding

	// paths memoizes statementPaths, which several rules walk.
	paths []placedPath
}

// statementPaths is statementPaths(p.Stmt), computed once per statement.
func (p *Pass) statementPaths() []placedPath {
	if p.paths == nil {
		p.paths = statementPaths(p.Stmt)
	}
	return p.paths
}

// Reportf reports a finding at the rule's severity.
func (p *Pass) Reportf(at diag.Pos, format string, args ...any) {
	p.report(p.rule.Severity, at, "", fmt.Sprintf(format, args...))
}

// ReportAt reports a finding at an explicit severity (for rules whose
// severity depends on what they found, like unprojected-attribute) with an
// optional suggestion of what to write instead.
func (p *Pass) ReportAt(sev Severity, at diag.Pos, suggestion, format string, args ...any) {
	p.report(sev, at, suggestion, fmt.Sprintf(format, args...))
}

func (p *Pass) report(sev Severity, at diag.Pos, suggestion, msg string) {
	sev = p.cfg.severity(p.rule, sev)
	if sev == Off {
		return
	}
	*p.out = append(*p.out, Finding{
		Pos:        at,
		Rule:       p.rule.Name,
		Severity:   sev,
		Message:    msg,
		Suggestion: suggestion,
	})
}

// Check runs every rule of the catalog over st. sch may be nil: rules that
// need a schema are then skipped (the caller says so once per run). Findings
// come sorted by position, then rule name.
func Check(st *grammar.Statement, sch *schema.Schema, cfg *Config) []Finding {
	return check(st, sch, cfg, true)
}

// check is Check; refusals says whether the builder's refusals are
// findings too. They are for a statement written in the DSL, which build
// must be able to build; not for one made from request JSON, which is sent
// as it is written: what the DSL cannot say of it is import's to report.
func check(st *grammar.Statement, sch *schema.Schema, cfg *Config, refusals bool) []Finding {
	var out []Finding
	if st.Kind.IsGroup() {
		// Every rule of one request applies to each member; the
		// builder's refusals are the group's, each member in its context.
		for _, m := range st.Members {
			out = append(out, check(m, sch, cfg, false)...)
		}
		if refusals {
			checkBuildRefusals(&Pass{Stmt: st, Schema: sch, cfg: cfg, out: &out})
		}
		SortFindings(out)
		return out
	}
	p := Pass{Stmt: st, Schema: sch, cfg: cfg, out: &out}
	if sch != nil {
		p.Table = sch.Table(st.Table.Name)
		if p.Table != nil && st.Index != nil {
			p.Index = p.Table.Index(st.Index.Name)
		}
	}
	for _, r := range catalog {
		if r.check == nil || r.NeedsSchema && sch == nil {
			continue
		}
		if cfg != nil && cfg.Severities[r.Name] == Off {
			if _, set := cfg.Severities[r.Name]; set {
				continue
			}
		}
		p.rule = r
		r.check(&p)
	}
	if refusals {
		checkBuildRefusals(&p)
	}
	SortFindings(out)
	return out
}

// SortFindings orders findings by file, line, column, then rule name.
func SortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(comparePlace(a, b), strings.Compare(a.Rule, b.Rule))
	})
}

// sortByPlace orders findings by file, line and column, keeping the order
// in which they were found at one place (CheckRequest's: DynamoDB's order).
func sortByPlace(fs []Finding) { slices.SortStableFunc(fs, comparePlace) }

// comparePlace orders two findings by file, line and column.
func comparePlace(a, b Finding) int {
	p, q := a.Pos, b.Pos
	return cmp.Or(strings.Compare(p.File, q.File), cmp.Compare(p.Line, q.Line), cmp.Compare(p.Col, q.Col))
}

// NeedsSchema reports whether any enabled rule was skipped for want of a
// schema, so the caller can print its one notice.
func NeedsSchema(cfg *Config) []string {
	var names []string
	for _, r := range All() {
		if r.NeedsSchema && r.check != nil && cfg.severity(r, r.Severity) != Off {
			names = append(names, r.Name)
		}
	}
	return names
}
