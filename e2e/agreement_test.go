//go:build e2e

package e2e

import (
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
	"sync"
)

// Expect is what DynamoDB itself does with a request (reference, §3).
type Expect struct {
	Accept bool
	// When !Accept: the error code (empty means ValidationException) and a
	// substring of DynamoDB's message (empty means any message). Match on
	// substrings: real DynamoDB may wrap write errors in
	// "1 validation error detected: " (reference §0.7).
	Code    string
	Message string
}

// Accepted is the expectation that DynamoDB accepts the request.
func Accepted() Expect { return Expect{Accept: true} }

// Refused is the expectation that DynamoDB refuses the request with a
// ValidationException whose message contains msg.
func Refused(msg string) Expect { return Expect{Code: "ValidationException", Message: msg} }

func (e Expect) String() string {
	if e.Accept {
		return "accepts"
	}
	code := e.Code
	if code == "" {
		code = "ValidationException"
	}
	if e.Message == "" {
		return "refuses (" + code + ")"
	}
	return fmt.Sprintf("refuses (%s: …%s…)", code, e.Message)
}

// GapKind says how an emulator departs from DynamoDB.
type GapKind int

const (
	// GapAccepts: the emulator accepts a request DynamoDB refuses.
	GapAccepts GapKind = iota + 1
	// GapRefuses: the emulator refuses a request DynamoDB accepts.
	GapRefuses
	// GapMessage: both refuse, with different texts.
	GapMessage
)

func (k GapKind) String() string {
	switch k {
	case GapAccepts:
		return "accepts"
	case GapRefuses:
		return "refuses"
	case GapMessage:
		return "other message"
	}
	return "?"
}

// KnownGap is a recorded way an emulator differs from DynamoDB. A mismatch
// that a gap covers is counted as a known gap, not a disagreement.
type KnownGap struct {
	Server string  // KindDynoxide or KindDynalite
	Rule   string  // the rule name (validate's catalog) or row group
	Case   string  // path.Match pattern on the case name; "" = every case of the rule
	Kind   GapKind // which mismatch it covers
	Note   string
	Ref    string // where it is recorded: reference section / Appendix A rows
}

// Verdict is the outcome of one request on one server.
type Verdict int

const (
	AcceptedAsExpected Verdict = iota + 1
	RefusedAsExpected
	KnownEmulatorGap
	Disagreement
)

func (v Verdict) String() string {
	return [...]string{"?", "accepted as expected", "refused as expected", "known emulator gap", "disagreement"}[v]
}

// Reporter is the part of testing.TB that the agreement table reports to.
type Reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

type rowKey struct{ rule, server string }

type agreementRow struct {
	cases, accepted, refused, gaps, disagreements int
}

// AgreementTable counts, per rule and server, how requests fared against what
// DynamoDB does. Tests add rows with Check; TestMain prints it at the end.
type AgreementTable struct {
	mu      sync.Mutex
	rows    map[rowKey]*agreementRow
	gaps    []KnownGap
	details []string // one line per gap and disagreement
}

// Agreement is the run's table.
var Agreement = NewAgreementTable(knownGaps)

// NewAgreementTable returns an empty table that knows gaps.
func NewAgreementTable(gaps []KnownGap) *AgreementTable {
	return &AgreementTable{rows: map[rowKey]*agreementRow{}, gaps: append([]KnownGap(nil), gaps...)}
}

// AddKnownGap records another known emulator gap.
func (a *AgreementTable) AddKnownGap(g KnownGap) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.gaps = append(a.gaps, g)
}

// Check classifies what server did with one case of rule against want, adds
// it to the table, and reports a disagreement that no known gap covers as a
// test error.
func (a *AgreementTable) Check(t Reporter, rule, caseName string, r Result, want Expect) Verdict {
	t.Helper()
	v, gap := a.classify(rule, caseName, r, want)
	a.mu.Lock()
	k := rowKey{rule, r.Server}
	row := a.rows[k]
	if row == nil {
		row = &agreementRow{}
		a.rows[k] = row
	}
	row.cases++
	switch v {
	case AcceptedAsExpected:
		row.accepted++
	case RefusedAsExpected:
		row.refused++
	case KnownEmulatorGap:
		row.gaps++
		a.details = append(a.details, fmt.Sprintf("gap          %s %s %s (aws %s): DynamoDB %s; %s: %s [%s: %s]",
			rule, caseName, r.Server, r.CLI, want, r.Server, r.Outcome(), gap.Ref, gap.Note))
	case Disagreement:
		row.disagreements++
		a.details = append(a.details, fmt.Sprintf("DISAGREEMENT %s %s %s (aws %s): DynamoDB %s; %s: %s",
			rule, caseName, r.Server, r.CLI, want, r.Server, r.Outcome()))
	}
	a.mu.Unlock()
	switch v {
	case KnownEmulatorGap:
		t.Logf("known emulator gap: %s on %s: DynamoDB %s, %s: %s (%s; %s)", rule, r.Server, want, r.Server, r.Outcome(), gap.Ref, gap.Note)
	case Disagreement:
		t.Errorf("DISAGREEMENT with DynamoDB, not a known emulator gap: %s %s on %s: DynamoDB %s, but %s\n%s", rule, caseName, r.Server, want, r.Outcome(), r)
	}
	return v
}

func (a *AgreementTable) classify(rule, caseName string, r Result, want Expect) (Verdict, KnownGap) {
	var mismatch GapKind
	switch {
	case want.Accept && r.OK():
		return AcceptedAsExpected, KnownGap{}
	case !want.Accept && !r.OK() && codeMatches(want.Code, r.Code) && strings.Contains(r.Message, want.Message):
		return RefusedAsExpected, KnownGap{}
	case want.Accept:
		mismatch = GapRefuses
	case r.OK():
		mismatch = GapAccepts
	default:
		mismatch = GapMessage
	}
	if r.ClientSide() {
		// The CLI, not the server, refused it: no emulator gap can explain that.
		return Disagreement, KnownGap{}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, g := range a.gaps {
		if g.Server != r.Server || g.Rule != rule || g.Kind != mismatch {
			continue
		}
		if g.Case != "" {
			if ok, _ := path.Match(g.Case, caseName); !ok {
				continue
			}
		}
		return KnownEmulatorGap, g
	}
	return Disagreement, KnownGap{}
}

func codeMatches(want, got string) bool {
	if want == "" {
		want = "ValidationException"
	}
	return want == got
}

// Disagreements is the number of disagreements recorded so far.
func (a *AgreementTable) Disagreements() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for _, r := range a.rows {
		n += r.disagreements
	}
	return n
}

// Print writes the table with fixed-width columns, then one line per known gap
// and disagreement met.
func (a *AgreementTable) Print(w io.Writer) {
	a.mu.Lock()
	defer a.mu.Unlock()
	keys := make([]rowKey, 0, len(a.rows))
	for k := range a.rows {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].rule != keys[j].rule {
			return keys[i].rule < keys[j].rule
		}
		return keys[i].server < keys[j].server
	})
	ruleW := len("rule")
	for _, k := range keys {
		ruleW = max(ruleW, len(k.rule))
	}
	fmt.Fprintf(w, "== agreement with DynamoDB ==\n")
	line := func(rule, server string, c ...any) {
		fmt.Fprintf(w, "%-*s  %-8s  %5v  %8v  %7v  %10v  %13v\n", ruleW, rule, server, c[0], c[1], c[2], c[3], c[4])
	}
	line("rule", "server", "cases", "accepted", "refused", "known-gaps", "disagreements")
	fmt.Fprintf(w, "%s\n", strings.Repeat("-", ruleW+2+8+2+5+2+8+2+7+2+10+2+13))
	var tot agreementRow
	for _, k := range keys {
		r := a.rows[k]
		line(k.rule, k.server, r.cases, r.accepted, r.refused, r.gaps, r.disagreements)
		tot.cases += r.cases
		tot.accepted += r.accepted
		tot.refused += r.refused
		tot.gaps += r.gaps
		tot.disagreements += r.disagreements
	}
	if len(keys) == 0 {
		fmt.Fprintf(w, "(no rows)\n")
	}
	fmt.Fprintf(w, "%s\n", strings.Repeat("-", ruleW+2+8+2+5+2+8+2+7+2+10+2+13))
	line("total", "", tot.cases, tot.accepted, tot.refused, tot.gaps, tot.disagreements)
	fmt.Fprintf(w, "(accepted/refused: as DynamoDB does; known-gaps: the emulator differs from DynamoDB in a recorded way)\n")
	if len(a.details) > 0 {
		d := append([]string(nil), a.details...)
		sort.Strings(d)
		fmt.Fprintln(w)
		for _, s := range d {
			fmt.Fprintln(w, s)
		}
	}
}
