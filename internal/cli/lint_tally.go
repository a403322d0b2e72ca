package cli

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/validate"
)

// tally is what a lint run found, for the summary line and the exit
// status.
type tally struct {
	counts                      [4]int // findings by severity
	unreadable                  bool   // a file could not be read: exit status 2
	statements, requests, files int
	sites, codeSkips            int // requests in code, and what code computes
	unboundNames                int // statements whose table or index is an unbound $parameter
}

func (t *tally) add(r lint.Result) {
	t.files++
	t.unreadable = t.unreadable || r.Unreadable
	t.statements += r.Statements
	t.requests += r.Requests
	t.sites += r.Sites
	t.codeSkips += len(r.CodeSkips)
	t.unboundNames += r.UnboundNames
	for _, fd := range r.Findings {
		// A syntax error or an unknown table is a finding like any
		// other (exit 1, as ESLint, ruff and shellcheck do): only a file
		// lint could not read makes the status 2.
		t.counts[fd.Severity]++
	}
}

// found reports whether there is a finding to sum up.
func (t *tally) found() bool {
	return t.counts[validate.Error]+t.counts[validate.Warning]+t.counts[validate.Info] > 0
}

// failing reports whether a finding is at failOn or above.
func (t *tally) failing(failOn validate.Severity) bool {
	for s := failOn; s <= validate.Error; s++ {
		if t.counts[s] > 0 {
			return true
		}
	}
	return false
}

// inputWords says what was linted: "3 statements, 1 file", "2 requests, 1
// file", "3 statements, 2 requests, 2 files".
func (t *tally) inputWords() string {
	var parts []string
	if t.statements > 0 || t.requests == 0 && t.sites == 0 {
		parts = append(parts, diag.Plural(t.statements, "statement"))
	}
	if t.requests > 0 {
		parts = append(parts, diag.Plural(t.requests, "request"))
	}
	if t.sites > 0 {
		parts = append(parts, diag.Plural(t.sites, "request")+" in code")
	}
	return strings.Join(append(parts, diag.Plural(t.files, "file")), ", ")
}

// countWords says what was found: "1 error, 2 warnings".
func (t *tally) countWords() string {
	var parts []string
	for _, s := range []validate.Severity{validate.Error, validate.Warning, validate.Info} {
		if t.counts[s] > 0 {
			parts = append(parts, diag.Plural(t.counts[s], s.String()))
		}
	}
	return strings.Join(parts, ", ")
}

// unboundNote says that the statements naming their table or index by a
// $parameter were checked without the schema: lint binds no parameter,
// and which table the schema rules would check is known only once bound.
func (t *tally) unboundNote() string {
	verb, them := "name", "them"
	if t.unboundNames == 1 {
		verb, them = "names", "it"
	}
	return fmt.Sprintf("%s %s the table or index by a $parameter, which lint does not bind: the rules that need the schema were skipped for %s (build runs them once -p binds it)",
		diag.Plural(t.unboundNames, "statement"), verb, them)
}
