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
	// Fix is what Suggestion says as edits of the input, where the rule
	// can say it exactly (an editor's quick fix applies them); nil
	// otherwise.
	Fix []Edit
}

// Edit is a change to an input: its text from Pos up to End becomes Text
// (End at Pos inserts Text there).
type Edit struct {
	Pos, End diag.Pos
	Text     string
	// anyReader says the edit is one request JSON, PartiQL and the string
	// literals of code take alike (a name between its quotes); every
	// other edit is of the DSL's text, and is made on a statement written
	// in the DSL only (Pass.ReportFix).
	anyReader bool
}

// after is the place n bytes after p, on p's line.
func after(p diag.Pos, n int) diag.Pos {
	p.Offset += n
	p.Col += n
	return p
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

// Pass is one rule's view of one statement: a request of its own, a
// member of a group (transact write, ...), or, for the rules that check
// groups (Rule.Kinds), the group itself.
type Pass struct {
	Stmt *grammar.Statement
	// Group is the group Stmt is a member of; nil for a request of its own
	// and for the group's own pass, whose Stmt is the group.
	Group *grammar.Statement
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
	// outside maps a place of a statement made from a request of
	// application code to the code (request.File.Outside); nil otherwise.
	outside func(off int) (diag.Pos, string)
	// sent says that the statement was made from text sent to DynamoDB as
	// it is written — request JSON, PartiQL, the literals of code — rather
	// than written in the DSL: its names are not resolved (tableNamed), and
	// the DSL's edits are not edits of its text.
	sent bool
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

// ReportFix is ReportAt with the edits that make the suggestion.
// On a statement made from text sent as written, the fix is kept only when
// every edit is one its text takes too (Edit.anyReader): an edit of the DSL's
// text is no edit of JSON or PartiQL.
func (p *Pass) ReportFix(sev Severity, at diag.Pos, suggestion string, fix []Edit, format string, args ...any) {
	if p.sent && slices.ContainsFunc(fix, func(e Edit) bool { return !e.anyReader }) {
		fix = nil
	}
	if p.report(sev, at, suggestion, fmt.Sprintf(format, args...)) {
		(*p.out)[len(*p.out)-1].Fix = fix
	}
}

// report adds a finding, unless the config turns the rule off; it says
// whether it did.
func (p *Pass) report(sev Severity, at diag.Pos, suggestion, msg string) bool {
	sev = p.cfg.severity(p.rule, sev)
	if sev == Off {
		return false
	}
	*p.out = append(*p.out, Finding{
		Pos:        at,
		Rule:       p.rule.Name,
		Severity:   sev,
		Message:    msg,
		Suggestion: suggestion,
	})
	return true
}

// Check runs every rule of the catalog over st. sch may be nil: rules that
// need a schema are then skipped (the caller says so once per run). Findings
// come sorted by position, then rule name.
func Check(st *grammar.Statement, sch *schema.Schema, cfg *Config) []Finding {
	return check(st, sch, cfg, true, nil)
}

// check is Check; refusals says whether the builder's refusals are
// findings too. They are for a statement written in the DSL, which build
// must be able to build; not for one made from request JSON, which is sent
// as it is written: what the DSL cannot say of it is import's to report.
//
// A group runs every rule of one request on each member, in the member's
// own pass (its table and index, its positions inside the block), then
// the rules that check groups once on the group; the builder's refusals
// are asked for once, of the group, which holds every member's.
//
// outside is request.File.Outside of the request st was made from, for
// the second places messages name; nil for a statement of its own. A
// statement made from a request (refusals false) carries its names as
// they are sent (Pass.sent).
func check(st *grammar.Statement, sch *schema.Schema, cfg *Config, refusals bool, outside func(int) (diag.Pos, string)) []Finding {
	var out []Finding
	for _, m := range st.Members {
		p := newPass(m, schemaFor(m, sch), cfg, &out)
		p.Group, p.outside, p.sent = st, outside, !refusals
		p.run()
	}
	p := newPass(st, schemaFor(st, sch), cfg, &out)
	p.outside, p.sent = outside, !refusals
	p.run()
	if refusals {
		checkBuildRefusals(&p)
	}
	SortFindings(out)
	return out
}

// schemaFor is sch, or nil for a statement whose table or index is a
// $parameter not bound: which table or index the schema rules would check
// is known only once it is bound, so lint runs them as without a schema
// (lint says so once, explain in its text; build always binds).
func schemaFor(st *grammar.Statement, sch *schema.Schema) *schema.Schema {
	if st.HasUnboundName() {
		return nil
	}
	return sch
}

// newPass is the pass of st, with its table and index from the schema.
func newPass(st *grammar.Statement, sch *schema.Schema, cfg *Config, out *[]Finding) Pass {
	p := Pass{Stmt: st, Schema: sch, cfg: cfg, out: out}
	p.Table = p.tableOf(st)
	if p.Table != nil && st.Index != nil {
		p.Index = p.Table.Index(st.Index.Name)
	}
	return p
}

// tableOf is the schema's table of st (a request or a member): nil without
// a schema, for a group, and when the schema has no such table.
func (p *Pass) tableOf(st *grammar.Statement) *schema.Table {
	if p.Schema == nil || st.Table == nil {
		return nil
	}
	return p.Schema.Table(st.Table.Name)
}

// run runs on p the catalog's rules whose check runs on its statement's
// kind (Rule.Kinds), each with the check it runs there. It runs for every
// statement and member, so the common case stays inline.
func (p *Pass) run() {
	for _, r := range catalog {
		if !r.runsOn(p.Stmt.Kind) || r.NeedsSchema && p.Schema == nil {
			continue
		}
		check := r.check
		if r.checkSchemaless != nil {
			check = r.schemalessOr(p)
		}
		if check == nil {
			continue
		}
		if p.cfg != nil && p.cfg.Severities[r.Name] == Off {
			if _, set := p.cfg.Severities[r.Name]; set {
				continue
			}
		}
		p.rule = r
		check(p)
	}
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
