//go:build e2e

package e2e

import (
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Expect is what DynamoDB itself does with a request, as the rule pages
// (docs/rules/<rule>.md) describe it.
type Expect struct {
	Accept bool
	// When !Accept: the error code (empty means ValidationException) and a
	// substring of DynamoDB's message (empty means any message). Match on
	// substrings: real DynamoDB may wrap write errors in
	// "1 validation error detected: " (see validationEnvelope).
	Code    string
	Message string
	// AnyOf: other messages that also match (a statement several findings
	// flag: DynamoDB reports one of them).
	AnyOf []string
	// Or: other refusals that also match, with their own code (a statement
	// on a missing table that also breaks an expression rule).
	Or []Expect
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
	parts := []string{e.refusal()}
	for _, o := range e.Or {
		parts = append(parts, o.refusal())
	}
	return "refuses (" + strings.Join(parts, " or ") + ")"
}

func (e Expect) refusal() string {
	code := e.Code
	if code == "" {
		code = "ValidationException"
	}
	msgs := e.messages()
	if len(msgs) == 0 {
		return code
	}
	return fmt.Sprintf("%s: …%s…", code, strings.Join(msgs, "… or …"))
}

// refusedBy reports whether r is one of the refusals e expects.
func (e Expect) refusedBy(r Result) bool {
	if e.Accept || r.OK() {
		return false
	}
	if codeMatches(e.Code, r.Code) && e.matches(r.Message) {
		return true
	}
	// DynamoDB refuses some of a transaction's members one by one: it
	// cancels the transaction with a ValidationError at each, whose
	// message is the one the member alone would get.
	if codeMatches(e.Code, "ValidationException") {
		for _, c := range r.Reasons {
			if c.Code == "ValidationError" && e.matches(c.Message) {
				return true
			}
		}
	}
	for _, o := range e.Or {
		if o.refusedBy(r) {
			return true
		}
	}
	return false
}

// messages lists the messages that match, Message first.
func (e Expect) messages() []string {
	var m []string
	if e.Message != "" {
		m = append(m, e.Message)
	}
	for _, a := range e.AnyOf {
		if a != "" {
			m = append(m, a)
		}
	}
	return m
}

// matches reports whether msg is one of the expected messages (any message
// when none is given).
func (e Expect) matches(msg string) bool {
	msgs := e.messages()
	if len(msgs) == 0 {
		return true
	}
	for _, w := range msgs {
		if MessageMatches(msg, w) {
			return true
		}
	}
	return false
}

// validationEnvelope is the prefix real DynamoDB reportedly puts before many
// PutItem and UpdateItem errors since mid-2026 (dynoxide's changelog for
// 0.12.0, nubo-db/dynoxide #152, from answers captured against AWS; reads
// stay bare, and answers captured earlier had no prefix), and dynoxide after
// it: optional on both sides.
const validationEnvelope = "1 validation error detected: "

// MessageMatches reports whether got contains want (a substring, not the
// whole text: AWS's wording drifts). The "1 validation error detected: "
// envelope is optional, and the order of the names inside {…} and […] (sets
// DynamoDB prints in no fixed order) does not matter.
//
// A "..." in want stands for text a finding left out (a long name it
// abbreviates): the parts around it must appear in order.
func MessageMatches(got, want string) bool {
	want = strings.TrimPrefix(want, validationEnvelope)
	return containsElided(got, want) || containsElided(sortBracketItems(got), sortBracketItems(want))
}

func containsElided(got, want string) bool {
	for _, part := range strings.Split(want, "...") {
		j := strings.Index(got, part)
		if j < 0 {
			return false
		}
		got = got[j+len(part):]
	}
	return true
}

// sortBracketItems sorts the comma-separated items of every {…} and […]
// that holds no other bracket: "{#b, #a}" becomes "{#a, #b}".
func sortBracketItems(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexAny(s, "{[")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		closeCh := byte('}')
		if s[i] == '[' {
			closeCh = ']'
		}
		j := strings.IndexByte(s[i+1:], closeCh)
		inner := ""
		if j >= 0 {
			inner = s[i+1 : i+1+j]
		}
		if j < 0 || strings.ContainsAny(inner, "{}[]") {
			b.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		items := strings.Split(inner, ",")
		for k := range items {
			items[k] = strings.TrimSpace(items[k])
		}
		sort.Strings(items)
		b.WriteString(s[:i+1])
		b.WriteString(strings.Join(items, ", "))
		b.WriteByte(closeCh)
		s = s[i+2+j:]
	}
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
	// GapUnsupported: the emulator lacks what the case needs (a table it
	// cannot create), whatever it answers.
	GapUnsupported
)

func (k GapKind) String() string {
	switch k {
	case GapAccepts:
		return "accepts"
	case GapRefuses:
		return "refuses"
	case GapMessage:
		return "other message"
	case GapUnsupported:
		return "unsupported"
	}
	return "?"
}

// KnownGap is a recorded way an emulator differs from DynamoDB. A mismatch
// that a gap covers is counted as a known gap, not a disagreement.
type KnownGap struct {
	Server string  // KindDynoxide or KindDynalite; "" = both, a gap they share (gaps only: an issue names its server)
	Rule   string  // the rule name (validate's catalog) or row group; "" = any rule
	Case   string  // path.Match pattern on the case name; "" = every case of the rule
	Kind   GapKind // which mismatch it covers; 0 = any
	// Regular expressions that narrow the gap, each when set: the aws
	// dynamodb command, the request JSON, the server's answer (Outcome).
	Command, Input, Answer string
	Note                   string
	Ref                    string // the evidence: the rule page, the public sources that show DynamoDB's answer
}

// Verdict is the outcome of one request on one server.
type Verdict int

const (
	AcceptedAsExpected Verdict = iota + 1
	RefusedAsExpected
	KnownEmulatorGap
	Disagreement
	NotSendable
	// KnownDynexprIssue: a disagreement investigated and recorded in
	// knownIssues (issues_test.go) as dynexpr's, with the evidence.
	KnownDynexprIssue
)

func (v Verdict) String() string {
	return [...]string{"?", "accepted as expected", "refused as expected", "known emulator gap", "disagreement", "not sendable", "known dynexpr issue"}[v]
}

// Reporter is the part of testing.TB that the agreement table reports to.
type Reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

type rowKey struct{ rule, server string }

type agreementRow struct {
	cases, accepted, refused, gaps, notSendable, issues, disagreements int
}

// AgreementTable counts, per rule and server, how requests fared against what
// DynamoDB does. Tests add rows with Check; TestMain prints it at the end.
type AgreementTable struct {
	mu      sync.Mutex
	rows    map[rowKey]*agreementRow
	gaps    []KnownGap
	issues  []KnownGap // dynexpr's, recorded with their evidence (issues_test.go)
	details []string   // one line per gap, issue, case not sent and disagreement
}

// Agreement is the run's table.
var Agreement = NewAgreementTable(append(slices.Clip(knownGaps), partiqlArchiveGaps()...), knownIssues...)

// NewAgreementTable returns an empty table that knows gaps, and issues:
// disagreements recorded as dynexpr's own (each needs a Case pattern).
func NewAgreementTable(gaps []KnownGap, issues ...KnownGap) *AgreementTable {
	return &AgreementTable{rows: map[rowKey]*agreementRow{}, gaps: append([]KnownGap(nil), gaps...), issues: append([]KnownGap(nil), issues...)}
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
	var stale []KnownGap
	a.mu.Lock()
	if v == AcceptedAsExpected || v == RefusedAsExpected {
		// A recorded issue whose case now agrees is out of date: the case
		// counts as a disagreement until the entry goes.
		for _, is := range a.issues {
			if is.Server == r.Server && (is.Rule == "" || is.Rule == rule) && is.Case != "" {
				if ok, _ := path.Match(is.Case, caseName); ok {
					stale = append(stale, is)
				}
			}
		}
	}
	row := a.row(rule, r.Server)
	row.cases++
	switch {
	case len(stale) > 0:
		row.disagreements++
		for _, is := range stale {
			a.details = append(a.details, fmt.Sprintf("DISAGREEMENT %s %s %s (aws %s): stale known dynexpr issue, the case now agrees (%s): %s",
				rule, caseName, r.Server, r.CLI, r.Outcome(), is.Note))
		}
	case v == AcceptedAsExpected:
		row.accepted++
		if !r.OK() {
			a.details = append(a.details, fmt.Sprintf("ran          %s %s %s (aws %s): DynamoDB accepts; %s ran it: %s",
				rule, caseName, r.Server, r.CLI, r.Server, r.Outcome()))
		}
	case v == RefusedAsExpected:
		row.refused++
	case v == KnownEmulatorGap:
		row.gaps++
		a.details = append(a.details, fmt.Sprintf("gap          %s %s %s (aws %s): DynamoDB %s; %s: %s [%s: %s]",
			rule, caseName, r.Server, r.CLI, want, r.Server, r.Outcome(), gap.Ref, gap.Note))
	case v == KnownDynexprIssue:
		row.issues++
		a.details = append(a.details, fmt.Sprintf("ISSUE        %s %s %s (aws %s): dynexpr expects DynamoDB %s; %s: %s [%s: %s]",
			rule, caseName, r.Server, r.CLI, want, r.Server, r.Outcome(), gap.Ref, gap.Note))
	case v == Disagreement:
		row.disagreements++
		a.details = append(a.details, fmt.Sprintf("DISAGREEMENT %s %s %s (aws %s): DynamoDB %s; %s: %s",
			rule, caseName, r.Server, r.CLI, want, r.Server, r.Outcome()))
	}
	a.mu.Unlock()
	switch v {
	case KnownEmulatorGap:
		t.Logf("known emulator gap: %s on %s: DynamoDB %s, %s: %s (%s; %s)", rule, r.Server, want, r.Server, r.Outcome(), gap.Ref, gap.Note)
	case KnownDynexprIssue:
		t.Logf("KNOWN DYNEXPR ISSUE: %s %s on %s: dynexpr expects DynamoDB %s, %s: %s (%s; %s)", rule, caseName, r.Server, want, r.Server, r.Outcome(), gap.Ref, gap.Note)
	case Disagreement:
		t.Errorf("DISAGREEMENT with DynamoDB, not a known emulator gap: %s %s on %s: DynamoDB %s, but %s\n%s", rule, caseName, r.Server, want, r.Outcome(), r)
	}
	for _, is := range stale {
		t.Errorf("known dynexpr issue no longer reproduces: %s %s on %s now agrees (%s); remove it from issues_test.go: %s", rule, caseName, r.Server, r.Outcome(), is.Note)
	}
	if len(stale) > 0 {
		return Disagreement
	}
	return v
}

// row returns the row of rule and server, creating it. a.mu is held.
func (a *AgreementTable) row(rule, server string) *agreementRow {
	k := rowKey{rule, server}
	row := a.rows[k]
	if row == nil {
		row = &agreementRow{}
		a.rows[k] = row
	}
	return row
}

// Touch makes sure the table has a row for rule and server, even with no case.
func (a *AgreementTable) Touch(rule, server string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.row(rule, server)
}

// NotSendable counts a case that never reached server: dynexpr could not
// build the statement (exit 2: the SDK cannot express it), or the AWS CLI
// refused the request before sending it. why says which, and is listed
// under the table.
func (a *AgreementTable) NotSendable(t Reporter, rule, caseName, server string, want Expect, why string) {
	t.Helper()
	a.mu.Lock()
	row := a.row(rule, server)
	row.cases++
	row.notSendable++
	a.details = append(a.details, fmt.Sprintf("not sendable %s %s %s: DynamoDB %s; %s", rule, caseName, server, want, why))
	a.mu.Unlock()
	t.Logf("not sendable: %s %s on %s: %s", rule, caseName, server, why)
}

// Unsupported counts a case the server cannot run because it lacks something
// the case needs (gap.Note says what), as a known emulator gap whatever the
// server answered.
func (a *AgreementTable) Unsupported(t Reporter, rule, caseName string, r Result, want Expect, gap KnownGap) {
	t.Helper()
	a.mu.Lock()
	row := a.row(rule, r.Server)
	row.cases++
	row.gaps++
	a.details = append(a.details, fmt.Sprintf("gap          %s %s %s (aws %s): DynamoDB %s; %s: %s [%s: %s]",
		rule, caseName, r.Server, r.CLI, want, r.Server, r.Outcome(), gap.Ref, gap.Note))
	a.mu.Unlock()
	t.Logf("known emulator gap: %s on %s: DynamoDB %s, %s: %s (%s; %s)", rule, r.Server, want, r.Server, r.Outcome(), gap.Ref, gap.Note)
}

// ConditionalCheckFailed is the error of a request whose condition did not
// hold: DynamoDB validated the request and ran it, so it counts as accepted.
const ConditionalCheckFailed = "ConditionalCheckFailedException"

// RuntimeMessages are the errors DynamoDB gives while it runs a valid update
// against the item it finds, after validation: the item lacks an attribute
// or a path the expression reads, or holds another type.
// The request passed validation; the item decided.
var RuntimeMessages = []string{
	"The provided expression refers to an attribute that does not exist in the item",
	"The document path provided in the update expression is invalid for update",
	"An operand in the update expression has an incorrect data type",
	"The update expression attempted to update the secondary index key to unsupported type",
	"Item size to update has exceeded the maximum allowed size",
}

// RuntimeError returns the runtime message r carries, or "".
func RuntimeError(r Result) string {
	if r.OK() || r.Code != "ValidationException" {
		return ""
	}
	for _, m := range RuntimeMessages {
		if strings.Contains(r.Message, m) {
			return m
		}
	}
	return ""
}

// Ran reports whether the server validated the request and ran it: it
// answered OK, a failed condition, or a runtime error on the item's data.
func Ran(r Result) bool {
	return r.OK() || ConditionFailed(r) || RuntimeError(r) != ""
}

// TransactionCanceled is the error of a transaction DynamoDB ran and
// cancelled; its message ends with the reasons, one a member, in order:
// "... for specific reasons [None, ConditionalCheckFailed]".
const TransactionCanceled = "TransactionCanceledException"

var cancellationReasonsRE = regexp.MustCompile(`\[([A-Za-z, ]+)\]\s*$`)

// CancellationReasons reads the reason codes of a cancelled transaction
// from the CLI's message, one a member in the members' order (nil when r is
// no cancellation).
func CancellationReasons(r Result) []string {
	if r.Code != TransactionCanceled {
		return nil
	}
	m := cancellationReasonsRE.FindStringSubmatch(r.Message)
	if m == nil {
		return nil
	}
	var codes []string
	for _, c := range strings.Split(m[1], ",") {
		codes = append(codes, strings.TrimSpace(c))
	}
	return codes
}

// ConditionFailed reports whether r is a request DynamoDB validated and ran
// and whose condition did not hold: ConditionalCheckFailedException, or a
// transaction cancelled for failed conditions only (a ValidationError
// reason is a refusal, not a condition).
func ConditionFailed(r Result) bool {
	if r.Code == ConditionalCheckFailed {
		return true
	}
	reasons := CancellationReasons(r)
	failed := false
	for _, c := range reasons {
		switch c {
		case "None":
		case "ConditionalCheckFailed":
			failed = true
		default:
			return false
		}
	}
	return failed
}

func (a *AgreementTable) classify(rule, caseName string, r Result, want Expect) (Verdict, KnownGap) {
	var mismatch GapKind
	switch {
	case want.Accept && Ran(r):
		return AcceptedAsExpected, KnownGap{}
	case !want.Accept && want.refusedBy(r):
		return RefusedAsExpected, KnownGap{}
	case want.Accept:
		mismatch = GapRefuses
	case r.OK() || ConditionFailed(r):
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
		if g.covers(rule, caseName, r, mismatch) {
			return KnownEmulatorGap, g
		}
	}
	for _, g := range a.issues {
		if g.covers(rule, caseName, r, mismatch) {
			return KnownDynexprIssue, g
		}
	}
	return Disagreement, KnownGap{}
}

// covers reports whether the gap (or issue) explains mismatch on r.
func (g KnownGap) covers(rule, caseName string, r Result, mismatch GapKind) bool {
	if g.Server != "" && g.Server != r.Server || g.Rule != "" && g.Rule != rule || g.Kind != 0 && g.Kind != mismatch {
		return false
	}
	if g.Case != "" {
		if ok, _ := path.Match(g.Case, caseName); !ok {
			return false
		}
	}
	if !reMatch(g.Command, r.Command) || !reMatch(g.Input, string(r.Input)) || !reMatch(g.Answer, r.Outcome()) {
		return false
	}
	// A runtime error means the server let the request through its
	// validation: only a gap that names that answer covers it.
	return RuntimeError(r) == "" || g.Answer != ""
}

var gapREs sync.Map // pattern -> *regexp.Regexp

// reMatch reports whether s matches pattern ("" matches anything).
func reMatch(pattern, s string) bool {
	if pattern == "" {
		return true
	}
	re, ok := gapREs.Load(pattern)
	if !ok {
		re, _ = gapREs.LoadOrStore(pattern, regexp.MustCompile(pattern))
	}
	return re.(*regexp.Regexp).MatchString(s)
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

// Print writes the table with fixed-width columns, a total per server and
// in all, then one line per known gap, case not sent and disagreement met.
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
	ruleW := len("total")
	for _, k := range keys {
		ruleW = max(ruleW, len(k.rule))
	}
	fmt.Fprintf(w, "== agreement with DynamoDB ==\n")
	line := func(rule, server string, c ...any) {
		fmt.Fprintf(w, "%-*s  %-8s  %5v  %7v  %8v  %10v  %12v  %14v  %13v\n", ruleW, rule, server, c[0], c[1], c[2], c[3], c[4], c[5], c[6])
	}
	rule := strings.Repeat("-", ruleW+2+8+2+5+2+7+2+8+2+10+2+12+2+14+2+13)
	line("rule", "server", "cases", "refused", "accepted", "known-gaps", "not-sendable", "dynexpr-issues", "disagreements")
	fmt.Fprintln(w, rule)
	var tot agreementRow
	perServer := map[string]*agreementRow{}
	add := func(dst, r *agreementRow) {
		dst.cases += r.cases
		dst.accepted += r.accepted
		dst.refused += r.refused
		dst.gaps += r.gaps
		dst.notSendable += r.notSendable
		dst.issues += r.issues
		dst.disagreements += r.disagreements
	}
	for _, k := range keys {
		r := a.rows[k]
		line(k.rule, k.server, r.cases, r.refused, r.accepted, r.gaps, r.notSendable, r.issues, r.disagreements)
		add(&tot, r)
		if perServer[k.server] == nil {
			perServer[k.server] = &agreementRow{}
		}
		add(perServer[k.server], r)
	}
	if len(keys) == 0 {
		fmt.Fprintf(w, "(no rows)\n")
	}
	fmt.Fprintln(w, rule)
	srvs := make([]string, 0, len(perServer))
	for s := range perServer {
		srvs = append(srvs, s)
	}
	sort.Strings(srvs)
	for _, s := range srvs {
		r := perServer[s]
		line("total", s, r.cases, r.refused, r.accepted, r.gaps, r.notSendable, r.issues, r.disagreements)
	}
	line("total", "", tot.cases, tot.refused, tot.accepted, tot.gaps, tot.notSendable, tot.issues, tot.disagreements)
	fmt.Fprintf(w, "(refused/accepted: as DynamoDB does; accepted includes requests that passed validation and then met a failed condition\n"+
		" (ConditionalCheckFailedException, a transaction cancelled for ConditionalCheckFailed) or a runtime error on the item's data (an attribute it lacks, a type it holds), listed as \"ran\";\n"+
		" known-gaps: the emulator differs from DynamoDB in a way gaps_test.go records, with its evidence;\n"+
		" not-sendable: dynexpr cannot build the statement (exit 2), the AWS CLI refuses the request before sending it,\n"+
		"   or a transaction to dynalite (it has none);\n"+
		" dynexpr-issues: dynexpr expects what DynamoDB does not do, investigated and recorded in issues_test.go (ISSUE lines);\n"+
		" disagreements: anything else — the test fails)\n")
	if len(a.details) > 0 {
		d := append([]string(nil), a.details...)
		sort.Strings(d)
		fmt.Fprintln(w)
		for _, s := range d {
			fmt.Fprintln(w, s)
		}
	}
}
