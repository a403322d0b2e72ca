package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

// CheckRequest checks hand-written request JSON: the files teams keep for
// `aws dynamodb ... --cli-input-json`, with DynamoDB's own expression
// syntax and placeholder maps. The request rules (RequestOnly, each with a
// checkRequest hook) look at the request as it stands in its file; then
// the request is turned into a DSL statement and the whole catalog runs on
// it, so one linter covers both. This file is what the hooks share:
// reading the members (the operation's, in request's one table of
// members), reporting at places in the file, silencing the catalog where
// a request rule already reported the cause, and running the catalog.
//
// The request rules' Bad and Good examples are request JSON, not DSL:
// TestRuleExamples (which parses the DSL) skips RequestOnly rules, and
// TestRequestRuleExamples checks that each Bad fires its rule and each Good
// does not.

// requestApplies is the AppliesTo of most request rules.
const requestApplies = "request JSON files (query, scan, get-item, put-item, update-item, delete-item, transact-write-items, transact-get-items, batch-get-item and batch-write-item inputs, and each member of the last four)"

// reqExpr is one expression of a request.
type reqExpr struct {
	param  string
	kind   ddbexpr.Kind
	member *request.Member
	lit    *request.Value // the JSON string
	raw    string         // its source text, quotes included
	e      *ddbexpr.Expr  // nil when it does not parse
	known  bool           // a member of the request's operation
	uses   []ddbexpr.Placeholder
}

// placeholders returns the expression's uses of placeholders, read once.
func (x *reqExpr) placeholders() []ddbexpr.Placeholder {
	if x.uses == nil && x.e != nil {
		x.uses = x.e.Placeholders()
	}
	return x.uses
}

// fileSpan is a range of bytes of the file where findings of the catalog's
// rules are dropped, because a request rule already reported the cause
// there. rule "" drops every rule's.
type fileSpan struct {
	from, to int
	rule     string
}

type requestPass struct {
	r   *request.Request
	cfg *Config
	sch *schema.Schema // nil without a schema
	out []Finding
	// rule is the rule whose hook is running (runHook), which its findings
	// are filed under; nil between hooks, where what is reported names its
	// rule.
	rule *Rule

	cmd string
	// shape names the members the request takes in request's table: its
	// command, or for a member of a group its Part (Put, Get, ...).
	shape   string
	members []string // the operation's members; every operation's when unknown
	// present holds the members whose JSON type is right, by name.
	present map[string]*request.Member
	exprs   []*reqExpr
	// broken: an expression did not parse, so what it uses is unknown.
	broken bool
	// blocked: a request rule found something, which explains why the
	// request may not become a statement.
	blocked bool
	// names and values are the placeholder maps when they are objects.
	names, values *request.Value
	// badKeys are the map keys invalid-placeholder-key reported.
	badKeys map[string]bool
	// misspelt maps a member's name to the unknown member that is most
	// likely it misspelt (KeyConditionExpresion), so that what follows from
	// the misspelling (no key condition, values without an expression) is
	// not reported again.
	misspelt map[string]*request.Member
	quiet    []fileSpan
	// exprsRead: exprs are read and parsed (expressions).
	exprsRead bool
	// stmt is the statement the request makes, for the catalog's rules;
	// nil when it makes none.
	stmt *grammar.Statement
	// modern is the request's expression form when it has legacy
	// parameters and stmt is made from that (legacy_statement.go).
	modern *request.Request
	// later are the value problems the catalog's rules (invalid-set,
	// number-out-of-range) report on the statement; CheckRequest reports
	// them itself only when the catalog cannot run on the request.
	later []Finding
}

// CheckRequest checks one request of a request file: first the rules that
// only hand-written requests can break (its members, values, placeholder
// maps and DynamoDB expressions), then, when the request can be written as
// a statement (request.Request.Convert), every rule of the catalog via
// Check. sch may be nil. Findings point into the file — inside an
// expression's string at the character concerned — and come sorted by
// place; where two are at one place, in the order DynamoDB checks.
//
// Findings do not cascade: when a request rule explains why the request
// cannot become a statement (an undefined placeholder, a malformed value),
// that is what is reported, and the catalog's rules stay silent about the
// same place.
func CheckRequest(r *request.Request, sch *schema.Schema, cfg *Config) []Finding {
	if request.IsGroup(r.Command) {
		return checkGroupRequest(r, sch, cfg)
	}
	c := newRequestPass(r, sch, cfg)
	c.runHooks()
	c.runCatalog(sch)
	sortByPlace(c.out)
	return c.out
}

// newRequestPass reads the members of a request, or of a member of a
// group, as the AWS CLI does (readMembers).
func newRequestPass(r *request.Request, sch *schema.Schema, cfg *Config) *requestPass {
	c := &requestPass{r: r, cfg: cfg, sch: sch, cmd: r.Command, shape: r.Shape(),
		present: make(map[string]*request.Member, len(r.Obj.Members)), badKeys: map[string]bool{}}
	c.members = request.Members(c.shape)
	if c.members == nil {
		c.members = request.AllMembers()
	}
	c.readMembers()
	return c
}

// runHooks runs every request rule's hook. Every hook runs, whatever the
// config says of its rule: what a rule found silences others (blocked,
// silence) even when its own findings are off.
func (c *requestPass) runHooks() {
	for _, rule := range catalog {
		if rule.checkRequest != nil {
			c.runHook(rule)
		}
	}
}

// runHook runs r's hook with r as the rule it reports (c.rule), which the
// hook cannot name by its variable (Rule.checkRequest says why).
func (c *requestPass) runHook(r *Rule) {
	c.rule = r
	r.checkRequest(c)
	c.rule = nil
}

func (c *requestPass) pos(off int) diag.Pos { return c.r.File.Pos(off) }

// exprOffset maps a byte offset in an expression's decoded text to the file.
func (c *requestPass) exprOffset(x *reqExpr, off int) int {
	return x.lit.Start + ddbexpr.MapOffset(x.raw, off)
}

// report adds a finding of rule at file bytes [from, to) (to < 0: no
// end). What a request rule finds explains why the request may not become
// a statement: the request is blocked.
func (c *requestPass) report(r *Rule, sev Severity, from, to int, suggestion, format string, args ...any) {
	c.blocked = true
	c.add(r, sev, from, to, suggestion, format, args...)
}

// add is report without blocking the request, for unchecked-request's
// notice, which says that the request did not become a statement rather
// than why.
func (c *requestPass) add(r *Rule, sev Severity, from, to int, suggestion, format string, args ...any) {
	sev = c.cfg.severity(r, sev)
	if sev == Off {
		return
	}
	f := Finding{Pos: c.pos(from), Rule: r.Name, Severity: sev, Message: fmt.Sprintf(format, args...), Suggestion: suggestion}
	if to > from {
		f.End = c.pos(to)
	}
	c.out = append(c.out, f)
}

// finding makes a finding of rule at file bytes [from, to), at the rule's
// severity, without reporting it.
func (c *requestPass) finding(r *Rule, from, to int, format string, args ...any) Finding {
	return Finding{Pos: c.pos(from), End: c.pos(to), Rule: r.Name, Severity: r.Severity, Message: fmt.Sprintf(format, args...)}
}

// reportExpr reports at bytes [from, to) of an expression.
func (c *requestPass) reportExpr(r *Rule, x *reqExpr, from, to int, suggestion, format string, args ...any) {
	end := -1
	if to > from {
		end = c.exprOffset(x, to)
	}
	c.report(r, r.Severity, c.exprOffset(x, from), end, suggestion, format, args...)
}

func (c *requestPass) silence(from, to int, rule string) {
	c.quiet = append(c.quiet, fileSpan{from, to, rule})
}

// member returns the member called name if its JSON type is right.
func (c *requestPass) member(name string) *request.Member { return c.present[name] }

func (c *requestPass) value(name string) *request.Value {
	if m := c.present[name]; m != nil {
		return m.Value
	}
	return nil
}

// memberOf returns member name, or the member that misspells it.
func (c *requestPass) memberOf(name string) *request.Member {
	if m := c.r.Obj.Member(name); m != nil {
		return m
	}
	return c.misspelt[name]
}

// given reports whether the request has member name (not null), or a
// misspelling of it.
func (c *requestPass) given(name string) bool {
	if v := c.r.Obj.Get(name); v != nil && v.Kind != request.Null {
		return true
	}
	return c.misspelt[name] != nil
}

// guessNote explains, where the operation was guessed, how.
func (c *requestPass) guessNote() string {
	if !c.r.CommandGuessed || c.cmd == "" || c.r.Group != nil {
		return ""
	}
	return fmt.Sprintf(` (dynexpr took this request for a %s from its members; add "command" if it is another)`, c.cmd)
}

// readMembers reads the request's members as the AWS CLI does before
// anything else: the members of its operation whose JSON type is right go
// into present, and the others are reported (invalid-request-member's
// checkType); unknown members are unknown-request-member's. The placeholder
// maps are then the ones present.
func (c *requestPass) readMembers() {
	for i := range c.r.Obj.Members {
		m := &c.r.Obj.Members[i]
		if m.Name == request.CommandMember && c.r.Group == nil {
			continue
		}
		if m.Repeated {
			c.report(invalidRequestMember, Warning, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
				"%q is given a second time here; JSON readers, the AWS CLI's among them, keep only the last one and silently drop the first: keep one", m.Name)
		}
		if !c.known(m.Name) {
			c.readUnknown(m)
			continue
		}
		if spec, _ := request.Spec(m.Name); c.checkType(m.Value, c.r.ParamPath(m.Name), spec) {
			c.present[m.Name] = m
		}
	}
	c.names, c.values = c.value("ExpressionAttributeNames"), c.value("ExpressionAttributeValues")
}

func (c *requestPass) known(name string) bool {
	for _, m := range c.members {
		if m == name {
			return true
		}
	}
	return false
}

// defined reports whether a placeholder is a key of its map.
func (c *requestPass) defined(name string) bool {
	mp := c.names
	if name[0] == ':' {
		mp = c.values
	}
	return mp != nil && mp.Get(name) != nil
}

// exprLimitMessages are the parts of the catalog's expression-limit
// findings about an expression's own text, which checkExpression measures
// exactly on the request (the statement's expressions are the DSL's, not
// the request's).
var exprLimitMessages = []string{
	"Expression size has exceeded the maximum allowed size",
	"The document path has too many nesting levels",
	"The expression contains too many operators",
	"The IN operator is provided with too many operands",
}

// runCatalog runs the catalog on the statement the request makes
// (unchecked-request's hook made it), or, when there is none, reports what
// the catalog's value rules would have.
func (c *requestPass) runCatalog(sch *schema.Schema) {
	st := c.stmt
	// The value problems are reported from the request itself where no
	// statement is made, and for legacy parameters, whose statement's
	// values stand elsewhere (legacyCovered).
	if st == nil || c.modern != nil {
		for _, f := range c.later {
			if sev := c.cfg.severity(Lookup(f.Rule), f.Severity); sev != Off {
				f.Severity = sev
				c.out = append(c.out, f)
			}
		}
	}
	if st == nil {
		return
	}
	mine := make(map[string]bool, len(c.out))
	for _, f := range c.out {
		mine[f.Rule+"@"+f.Pos.String()] = true
	}
	for _, f := range check(st, sch, c.cfg, false, c.r.File.Outside) {
		if c.modern != nil {
			var keep bool
			if f, keep = c.fromModern(f); !keep {
				continue
			}
		}
		if mine[f.Rule+"@"+f.Pos.String()] || c.quieted(f) {
			continue
		}
		c.out = append(c.out, f)
	}
}

// quieted reports whether a finding of the catalog falls where a request
// rule already reported its cause.
func (c *requestPass) quieted(f Finding) bool {
	if f.Rule == expressionLimit.Name {
		for _, m := range exprLimitMessages {
			if strings.Contains(f.Message, m) {
				return true
			}
		}
	}
	off := f.Pos.Offset
	if f.Pos.Line > 0 && off == 0 {
		// A position without its offset: compute it from line and column.
		off = lineColOffset(c.r.File, f.Pos.Line, f.Pos.Col)
	}
	for _, s := range c.quiet {
		if (s.rule == "" || s.rule == f.Rule) && off >= s.from && off < s.to {
			return true
		}
	}
	return false
}

func lineColOffset(f *request.File, line, col int) int {
	n := 1
	for i := 0; i < len(f.Src); i++ {
		if n == line {
			return i + col - 1
		}
		if f.Src[i] == '\n' {
			n++
		}
	}
	return len(f.Src)
}

// placeholderMap is one of a request's placeholder maps.
type placeholderMap struct {
	v      *request.Value // nil when absent, not an object, or dropped
	name   string
	prefix byte
}

// placeholderMaps returns ExpressionAttributeNames and
// ExpressionAttributeValues, as names-without-expressions left them.
func (c *requestPass) placeholderMaps() [2]placeholderMap {
	return [2]placeholderMap{{c.names, "ExpressionAttributeNames", '#'}, {c.values, "ExpressionAttributeValues", ':'}}
}
