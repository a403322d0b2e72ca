package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// A finding is silenced where it stands by a comment on the line before its
// statement:
//
//	# dynexpr:ignore limit-with-filter -- the dashboard pages on
//	scan Tickets filter priority = 1 limit 10
//
// The reason after "--" is required, and an ignore that silences nothing is
// itself reported, so ignores do not outlive the code they excused.

const ignoreDirective = "dynexpr:ignore"

type ignore struct {
	pos    diag.Pos
	rules  []string
	reason string
	used   map[string]bool
}

// ApplyIgnores drops the findings that ignore comments in src silence, and
// adds findings for ignores that are stale, unknown or lack a reason.
// findings are those of stmts, all parsed from src (named file).
func ApplyIgnores(file, src string, stmts []*grammar.Statement, findings []Finding, cfg *Config) []Finding {
	if !strings.Contains(src, ignoreDirective) {
		return findings
	}
	lines := strings.Split(src, "\n")
	// For each statement, the ignore on the line before its first line.
	type span struct {
		from, to int
		ig       *ignore
	}
	var spans []span
	var extra []Finding
	report := func(r *Rule, pos diag.Pos, format string, args ...any) {
		sev := cfg.severity(r, r.Severity)
		if sev != Off {
			extra = append(extra, Finding{Pos: pos, Rule: r.Name, Severity: sev, Message: fmt.Sprintf(format, args...)})
		}
	}
	for _, st := range stmts {
		n := st.Pos.Line - 1 // 1-based line before the statement
		if n < 1 || n > len(lines) {
			continue
		}
		ig := parseIgnore(file, n, lines[n-1])
		if ig == nil {
			continue
		}
		if ig.reason == "" {
			report(ignoreWithoutReason, ig.pos, "this ignore has no reason: write one after \"--\", like # dynexpr:ignore %s -- why it is fine here", strings.Join(ig.rules, ", "))
			continue
		}
		for _, r := range ig.rules {
			if _, err := RuleNamed(r); err != nil {
				report(unusedIgnore, ig.pos, "%v (`dynexpr rules` lists them)", err)
			}
		}
		spans = append(spans, span{st.Pos.Line, st.EndPos.Line, ig})
	}
	out := findings[:0:0]
	for _, f := range findings {
		silenced := false
		for _, s := range spans {
			if f.Pos.Line >= s.from && f.Pos.Line <= s.to && contains(s.ig.rules, f.Rule) {
				s.ig.used[f.Rule] = true
				silenced = true
			}
		}
		if !silenced {
			out = append(out, f)
		}
	}
	for _, s := range spans {
		for _, r := range s.ig.rules {
			if Lookup(r) != nil && !s.ig.used[r] {
				report(unusedIgnore, s.ig.pos, "%s does not fire on the next statement: remove it from this ignore", r)
			}
		}
	}
	out = append(out, extra...)
	SortFindings(out)
	return out
}

// parseIgnore reads `# dynexpr:ignore a, b -- reason` from a line, or nil.
func parseIgnore(file string, n int, line string) *ignore {
	// The directive is a comment line of its own: a "#" inside a string or
	// after a statement on the same line is not one.
	trimmed := strings.TrimLeft(line, " \t")
	if !strings.HasPrefix(trimmed, "#") {
		return nil
	}
	hash := len(line) - len(trimmed)
	text := strings.TrimSpace(trimmed[1:])
	if !strings.HasPrefix(text, ignoreDirective) {
		return nil
	}
	text = strings.TrimSpace(strings.TrimPrefix(text, ignoreDirective))
	names, reason, _ := strings.Cut(text, "--")
	ig := &ignore{pos: diag.Pos{File: file, Line: n, Col: hash + 1}, reason: strings.TrimSpace(reason), used: map[string]bool{}}
	ig.rules = strings.FieldsFunc(names, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	return ig
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
