package cli

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/config"
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

	// For lint -v's summary: what was read of each kind (lint.Readers),
	// what was skipped, and what could not be read.
	read       map[*lint.Reader]*readCount
	notRead    map[*lint.Reader]int // code no pattern names, met walking
	skipped    int
	unreadFile int
}

// readCount is what was read of one kind of input.
type readCount struct {
	files, statements, requests, codeSkips int
}

// skip counts a file not linted (lint -v says why).
func (t *tally) skip() { t.skipped++ }

func (t *tally) add(r lint.Result) {
	if rd := lint.ReaderFor(r.Name, r.Kind); rd != nil && !r.Unreadable {
		if t.read == nil {
			t.read = map[*lint.Reader]*readCount{}
		}
		c := t.read[rd]
		if c == nil {
			c = &readCount{}
			t.read[rd] = c
		}
		c.files++
		c.statements += r.Statements
		c.requests += r.Requests + r.Sites
		c.codeSkips += len(r.CodeSkips)
		// coverage: the code engineer's literal-expression counts join here
	} else {
		t.unreadFile++
	}
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

// readLines are lint -v's summary of what was read, one line a kind of
// input in the order of lint.Readers (kinds with no file left out), then
// what was skipped and what could not be read: a clean lint says it too,
// so that a user can tell what was never read.
//
//	read 2 DSL files: 7 statements
//	read 1 request JSON file: 3 requests
//	read 2 Go files: 4 requests, 1 member not checked
//	did not read 3 Python files: no code: pattern of .dynexpr.yaml nor --code names them
//	skipped 3 files (each said above, with why)
func (t *tally) readLines() []string {
	var out []string
	for _, rd := range lint.Readers() {
		c := t.read[rd]
		if c == nil {
			continue
		}
		files := diag.Plural(c.files, rd.Name+" file")
		var what []string
		switch rd.Kind {
		case lint.DSL, lint.PartiQL:
			what = append(what, diag.Plural(c.statements, "statement"))
		default:
			what = append(what, diag.Plural(c.requests, "request"))
		}
		if c.codeSkips > 0 {
			what = append(what, diag.Plural(c.codeSkips, "member")+" not checked (the code computes it)")
			if c.codeSkips > 1 {
				what[len(what)-1] = diag.Plural(c.codeSkips, "member") + " not checked (the code computes them)"
			}
		}
		// coverage: and are said here, after the members not checked
		out = append(out, "read "+files+": "+strings.Join(what, ", "))
	}
	var notRead []string
	for _, rd := range lint.Readers() {
		if n := t.notRead[rd]; n > 0 {
			notRead = append(notRead, diag.Plural(n, rd.Name+" file"))
		}
	}
	if len(notRead) > 0 {
		out = append(out, "did not read "+strings.Join(notRead, ", ")+": no code: pattern of "+config.FileName+" nor --code names them")
	}
	if t.skipped > 0 {
		out = append(out, "skipped "+diag.Plural(t.skipped, "file")+" (each said above, with why)")
	}
	if t.unreadFile > 0 {
		out = append(out, "could not read "+diag.Plural(t.unreadFile, "file"))
	}
	if len(out) == 0 {
		out = append(out, "read no file")
	}
	return out
}
