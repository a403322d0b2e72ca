package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// A finding is silenced where it stands by a comment naming its rule:
//
//	# dynexpr:ignore limit-with-filter -- the dashboard pages on
//	scan Tickets filter priority = 1 limit 10
//
// The comment applies to one statement: the one whose lines it stands on
// (after it on its last line, or between its clauses), else the next one,
// when nothing but other comments stands between them. A blank line breaks
// the link, as it separates paragraphs: a comment above a blank line is
// about what follows as a whole, not the statement under it, so it applies
// to nothing; so does one with no statement after it. Such a comment is
// reported (unused-ignore), never silently dropped. The reason after "--"
// is required, and an ignore that silences nothing is itself reported, so
// ignores do not outlive the code they excused.
//
// Inside the braces of a group (transact write { ... }), the members are
// statements in this sense: a comment there applies to the member whose
// lines it stands on, else the next one, and silences only that member's
// findings. One on the group's own lines outside any member (after "{",
// before "}") applies to the whole group.

// IgnoreDirective starts an ignore comment: # dynexpr:ignore RULE -- REASON.
const IgnoreDirective = "dynexpr:ignore"

// The comment markers of the inputs that take ignore comments.
const (
	dslComment     = "#"
	partiqlComment = "--"
)

// IgnoreForm is a kind of input that takes ignore comments, and the
// comment it writes one in.
type IgnoreForm struct{ Input, Comment string }

// IgnoreForms are the inputs that take ignore comments: what lint's help
// lists. Request JSON has none: JSON has no comments.
var IgnoreForms = []IgnoreForm{
	{"DSL files (*.dx)", dslComment},
	{"PartiQL scripts (*.partiql)", partiqlComment},
	{"application code (# in Python)", "//"},
}

type ignore struct {
	pos    diag.Pos
	rules  []string
	reason string
	// on: the comment stands on the statement's own lines, rather than
	// before it.
	on bool
	// stray, when not empty, says why the comment applies to no statement;
	// it is reported with the statement next to it.
	stray string
	// member is the member of a group the comment applies to, whose
	// findings alone it silences; nil for a whole statement.
	member *grammar.Statement
	// code, for an ignore in application code (ignore_code.go), is what
	// it applies to; nil in a DSL file.
	code *CodeIgnore
}

// Ignores are the ignore comments of one DSL file, each with the statement
// it applies to (or is reported with). Index a file once, then Apply per
// statement: the cost is one pass over the file, however many statements
// are checked.
//
// The statements may come one at a time (NewIgnores, Add, Done), as a
// command that keeps no tree but the current one reads them: a statement's
// ignores are all known once the statement after it is added (a comment on
// its last line, or after it with no statement following, is its).
type Ignores struct {
	of map[*grammar.Statement][]*ignore
	// loose are those of a file without statements.
	loose []*ignore

	// While statements are added: the file, its token ends, its ignore
	// comments not yet placed, and the statement added last.
	src     string
	ends    []int
	pending []pendingIgnore
	prev    *grammar.Statement
}

type pendingIgnore struct {
	c  grammar.Comment
	ig *ignore
}

// IndexIgnores finds the ignore comments of src (named file), whose
// statements are stmts, all of them, as parsed, in order.
func IndexIgnores(file, src string, stmts []*grammar.Statement) *Ignores {
	x := NewIgnores(file, src)
	for _, st := range stmts {
		x.Add(st)
	}
	x.Done()
	return x
}

// NewIgnores starts indexing the ignore comments of src (named file), whose
// statements are then given to Add, all of them, as parsed, in order, and
// Done called.
func NewIgnores(file, src string) *Ignores { return newIgnores(file, src, false) }

// newIgnores is NewIgnores, for a file some statements of which may not
// lex when alone is set.
func newIgnores(file, src string, alone bool) *Ignores {
	x := &Ignores{}
	if !strings.Contains(src, IgnoreDirective) {
		return x
	}
	var comments []grammar.Comment
	var ends []int
	if alone {
		comments, ends = grammar.TriviaAlone(file, src)
	} else {
		var err error
		if comments, ends, err = grammar.Trivia(file, src); err != nil {
			return x // src was parsed, so it lexes; nothing to index otherwise
		}
	}
	x.of, x.src, x.ends = map[*grammar.Statement][]*ignore{}, src, ends
	for _, c := range comments {
		if ig := parseIgnore(c); ig != nil {
			x.pending = append(x.pending, pendingIgnore{c, ig})
		}
	}
	return x
}

// EachStatement parses the DSL file src (named file) one statement at a
// time, as grammar.ParseEach does, and gives fn each statement with the
// ignore comments of the file, all of the statement's known: a statement is
// given once the next one is parsed. The index forgets each statement once
// fn returns, so that nothing keeps a tree the caller dropped. The ignores
// that apply to nothing (a file without statements) are Loose after it.
func EachStatement(file, src string, fn func(*grammar.Statement, *Ignores) error) (*Ignores, error) {
	x := NewIgnores(file, src)
	var last *grammar.Statement
	give := func() error {
		err := fn(last, x)
		delete(x.of, last)
		return err
	}
	err := grammar.ParseEach(file, src, func(st *grammar.Statement) error {
		x.Add(st)
		if last != nil {
			if err := give(); err != nil {
				return err
			}
		}
		last = st
		return nil
	})
	if err != nil {
		return nil, err
	}
	x.Done()
	if last != nil {
		if err := give(); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// EachStatementAlone is EachStatement over grammar.ParseEachAlone: each
// statement stands alone, and one that does not parse or resolve goes to
// bad (in the order of the file, between the statements given to fn)
// while fn sees the others. The ignore comments of a statement that does
// not parse apply to it, and to nothing else: they are judged once it
// parses.
func EachStatementAlone(file, src string, fn func(*grammar.Statement, *Ignores) error, bad func(error)) (*Ignores, error) {
	x := newIgnores(file, src, true)
	var last *grammar.Statement
	broken := map[*grammar.Statement]bool{} // stand-ins for statements that do not parse
	give := func() error {
		var err error
		if !broken[last] {
			err = fn(last, x)
		}
		delete(x.of, last)
		delete(broken, last)
		return err
	}
	add := func(st *grammar.Statement) error {
		x.Add(st)
		if last != nil {
			if err := give(); err != nil {
				return err
			}
		}
		last = st
		return nil
	}
	err := grammar.ParseEachAlone(file, src, add, func(from, to diag.Pos, err error) {
		st := &grammar.Statement{Pos: from, EndPos: to}
		broken[st] = true
		// A statement's error comes after the findings of the one before.
		if add(st) == nil {
			bad(err)
		}
	})
	if err != nil {
		return nil, err
	}
	x.Done()
	if last != nil {
		if err := give(); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// Add places the ignore comments before st, the next statement of the
// file: after Add(st), the statement before st has all of its ignores.
func (x *Ignores) Add(st *grammar.Statement) {
	for len(x.pending) > 0 && x.pending[0].c.Pos.Offset < st.Pos.Offset {
		x.place(x.pending[0], st)
		x.pending = x.pending[1:]
	}
	x.prev = st
}

// Done places the comments after the last statement.
func (x *Ignores) Done() {
	for _, p := range x.pending {
		x.place(p, nil)
	}
	x.pending, x.prev = nil, nil
}

// place gives the comment p its statement: the one added last (x.prev),
// when the comment stands on its lines, else next, the first statement
// after it (nil for none).
func (x *Ignores) place(p pendingIgnore, next *grammar.Statement) {
	c, ig, prev := p.c, p.ig, x.prev
	j := sort.SearchInts(x.ends, c.Pos.Offset+1) // ends[j] ends the first token after the comment
	var owner *grammar.Statement
	if prev != nil {
		// On the previous statement's lines: a token of it (or its ";")
		// before the comment on the same line, or after the comment.
		trailing := j > 0 && !strings.ContainsAny(x.src[x.ends[j-1]:c.Pos.Offset], "\r\n")
		inside := j < len(x.ends) && x.ends[j] <= prev.EndPos.Offset
		if trailing || inside {
			owner, ig.on = prev, true
		}
	}
	if owner == nil && next != nil {
		owner = next
		ig.stray = between(x.src, c, owner)
	}
	if owner == nil {
		ig.stray = "no statement follows it"
		owner = prev
	}
	if owner == nil {
		x.loose = append(x.loose, ig)
		return
	}
	if ig.on && owner.Kind.IsGroup() && owner.Open.Offset < c.Pos.Offset {
		ig.member, ig.stray = memberOfComment(x.src, c, owner, x.ends, j)
	}
	x.of[owner] = append(x.of[owner], ig)
}

// Apply drops the findings of st that its ignore comments silence, and adds
// findings for its ignores that are stale, stray, unknown or lack a reason.
// findings are those of st.
func (x *Ignores) Apply(st *grammar.Statement, findings []Finding, cfg *Config) []Finding {
	igs := x.of[st]
	if len(igs) == 0 {
		return findings
	}
	return apply(igs, findings, cfg)
}

// Loose reports the ignore comments of a file without statements: each
// applies to nothing.
func (x *Ignores) Loose(cfg *Config) []Finding {
	return apply(x.loose, nil, cfg)
}

func apply(igs []*ignore, findings []Finding, cfg *Config) []Finding {
	var extra []Finding
	report := func(r *Rule, pos diag.Pos, format string, args ...any) {
		sev := cfg.severity(r, r.Severity)
		if sev != Off {
			extra = append(extra, Finding{Pos: pos, Rule: r.Name, Severity: sev, Message: fmt.Sprintf(format, args...)})
		}
	}
	silenced := make([]bool, len(findings))
	for _, ig := range igs {
		if ig.stray != "" {
			report(unusedIgnore, ig.pos, "this ignore applies to no statement: %s; put it on the line just before the statement it is for, or remove it", ig.stray)
			continue
		}
		if ig.reason == "" {
			comment := "#"
			if ig.code != nil {
				comment = ig.code.Comment
			}
			report(ignoreWithoutReason, ig.pos, "this ignore has no reason: write one after \"--\", like %s dynexpr:ignore %s -- why it is fine here", comment, strings.Join(ig.rules, ", "))
			continue
		}
		for _, r := range ig.rules {
			rule, err := RuleNamed(r)
			if err != nil {
				report(unusedIgnore, ig.pos, "%v (`dynexpr rules` lists them)", err)
				continue
			}
			if rule.Unsilenceable != "" {
				report(unusedIgnore, ig.pos, "%s", cannotIgnore(rule))
				continue
			}
			used := false
			for i, f := range findings {
				if f.Rule == r && ig.covers(f) {
					silenced[i], used = true, true
				}
			}
			switch {
			case used:
			case ig.code != nil:
				report(unusedIgnore, ig.pos, "%s does not fire on %s: remove it from this ignore", r, ig.code.Target)
			case ig.member != nil:
				report(unusedIgnore, ig.pos, "%s does not fire on this member (%s): remove it from this ignore", r, ig.member.Kind)
			case ig.on:
				report(unusedIgnore, ig.pos, "%s does not fire on this statement: remove it from this ignore", r)
			default:
				report(unusedIgnore, ig.pos, "%s does not fire on the next statement: remove it from this ignore", r)
			}
		}
	}
	out := findings[:0:0]
	for i, f := range findings {
		if !silenced[i] {
			out = append(out, f)
		}
	}
	out = append(out, extra...)
	SortFindings(out)
	return out
}

// cannotIgnore is what an ignore comment naming an unsilenceable rule is
// told.
func cannotIgnore(r *Rule) string {
	return fmt.Sprintf("%s cannot be ignored: %s", r.Name, r.WhyNotSilenced())
}

// WhyNotSilenced is, for a rule that cannot be silenced, why and what to do
// instead, on one line; "" for any other rule.
func (r *Rule) WhyNotSilenced() string { return oneParagraph(r.Unsilenceable) }

// UnsilenceableIgnores reports the ignore comments of the DSL file src
// (named file), which does not parse, that name a rule nothing silences:
// such a comment is for the statement that does not parse, so it is never
// applied, and saying nothing would let the user believe it worked. Other
// ignores of the file are not looked at: its statements were not checked.
func UnsilenceableIgnores(file, src string, cfg *Config) []Finding {
	if !strings.Contains(src, IgnoreDirective) {
		return nil
	}
	comments, _, err := grammar.Trivia(file, src)
	if err != nil {
		// It does not lex: the comments are those that stand on lines of
		// their own, the form ignore comments take.
		comments = nil
		starts := diag.LineStarts(src)
		for i, start := range starts {
			end := len(src)
			if i+1 < len(starts) {
				end = starts[i+1]
			}
			line := src[start:end]
			text := strings.TrimLeft(line, " \t")
			if strings.HasPrefix(text, "#") {
				off := start + len(line) - len(text)
				comments = append(comments, grammar.Comment{Pos: diag.PosAt(file, []byte(src), off), Text: strings.TrimRight(text, "\r\n")})
			}
		}
	}
	var out []Finding
	for _, c := range comments {
		ig := parseIgnore(c)
		if ig == nil {
			continue
		}
		for _, name := range ig.rules {
			if r, err := RuleNamed(name); err == nil && r.Unsilenceable != "" {
				if sev := cfg.severity(unusedIgnore, unusedIgnore.Severity); sev != Off {
					out = append(out, Finding{Pos: ig.pos, Rule: unusedIgnore.Name, Severity: sev, Message: cannotIgnore(r)})
				}
			}
		}
	}
	return out
}

// covers reports whether f is within what the ignore applies to: its
// member, or the whole statement.
func (ig *ignore) covers(f Finding) bool {
	if ig.code != nil {
		return ig.code.Covers(f)
	}
	m := ig.member
	return m == nil || m.Pos.Offset <= f.Pos.Offset && f.Pos.Offset < m.EndPos.Offset
}

// parseIgnore reads `# dynexpr:ignore a, b -- reason` from a comment, or nil.
func parseIgnore(c grammar.Comment) *ignore {
	text := strings.TrimSpace(strings.TrimPrefix(c.Text, dslComment))
	if !strings.HasPrefix(text, IgnoreDirective) {
		return nil
	}
	return ignoreOf(c.Pos, strings.TrimPrefix(text, IgnoreDirective))
}

// ignoreOf reads what follows "dynexpr:ignore": `a, b -- reason`.
func ignoreOf(pos diag.Pos, text string) *ignore {
	names, reason, _ := strings.Cut(strings.TrimSpace(text), "--")
	rules := strings.FieldsFunc(names, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	return &ignore{pos: pos, rules: rules, reason: strings.TrimSpace(reason)}
}

// memberOfComment is the member of group g that comment c, inside g's
// braces, applies to: the one whose lines it stands on (after it on its
// last line, or between its clauses), else the next one, and why that one
// is too far (between); nil for a comment on the group's own lines (after
// its "{", before its "}"). ends and j are as IndexIgnores has them.
func memberOfComment(src string, c grammar.Comment, g *grammar.Statement, ends []int, j int) (*grammar.Statement, string) {
	trailing := j > 0 && !strings.ContainsAny(src[ends[j-1]:c.Pos.Offset], "\r\n")
	for _, m := range g.Members {
		switch {
		case m.Pos.Offset > c.Pos.Offset:
			if trailing {
				return nil, "" // after the group's "{" on its line
			}
			return m, between(src, c, m)
		case j < len(ends) && ends[j] <= m.EndPos.Offset:
			return m, "" // between its clauses
		case trailing && (m.EndPos.Offset >= c.Pos.Offset || strings.Trim(src[m.EndPos.Offset:c.Pos.Offset], " \t;") == ""):
			return m, "" // after it, or its ";", on its last line
		}
	}
	return nil, ""
}

// between says what stands between comment c and statement st after it,
// other than comments: a blank line or another line, or "" when nothing.
func between(src string, c grammar.Comment, st *grammar.Statement) string {
	gap := src[c.Pos.Offset:st.Pos.Offset]
	// The lines after the comment's own, up to the statement's (the last
	// line of gap); lines end as the lexer ends them, a lone CR too.
	starts := diag.LineStarts(gap)
	for k := 1; k < len(starts)-1; k++ {
		n := c.Pos.Line + k
		switch line := strings.TrimSpace(gap[starts[k]:starts[k+1]]); {
		case line == "":
			return fmt.Sprintf("a blank line (line %d) stands between it and the statement on line %d", n, st.Pos.Line)
		case line[0] != '#':
			return fmt.Sprintf("line %d stands between it and the statement on line %d", n, st.Pos.Line)
		}
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
