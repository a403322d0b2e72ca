//go:build e2e

package e2e

// TestAgreement: every rule case of validate/testdata/rules, built with
// dynexpr and sent with the AWS CLI to dynoxide and dynalite.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/request"
	"github.com/rogpeppe/go-internal/txtar"
)

// CatalogRule is one line of `dynexpr rules`.
type CatalogRule struct{ Name, Severity string }

// ParseCatalog reads `dynexpr rules`: NAME SEVERITY [schema] DESCRIPTION.
func ParseCatalog(out string) []CatalogRule {
	var rules []CatalogRule
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		switch f[1] {
		case "error", "warning", "info":
			rules = append(rules, CatalogRule{Name: f[0], Severity: f[1]})
		}
	}
	return rules
}

// StatementSpan is one statement of a .dx file: from the line of its first
// token to the line before the next statement's (EndLine 0: to the end).
type StatementSpan struct {
	StartLine, StartCol int
	EndLine             int
	Start, End          int // byte offsets: first token, after its ';' (or the end)
}

// SplitStatements splits DSL source at the semicolons that end statements,
// skipping # comments, "…" and '…' strings (with \ escapes) and `…` names,
// and the semicolons between a group's members (inside { }). It only finds
// where statements are: dynexpr parses them.
func SplitStatements(src string) []StatementSpan {
	var spans []StatementSpan
	line, col := 1, 1
	cur := -1  // index in spans of the statement being read, -1 between statements
	depth := 0 // braces open: a group's members, an item's attributes
	for i := 0; i < len(src); {
		c := src[i]
		adv := func(n int) {
			for k := 0; k < n && i < len(src); k++ {
				if src[i] == '\n' {
					line, col = line+1, 1
				} else {
					col++
				}
				i++
			}
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			adv(1)
			continue
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				adv(1)
			}
			continue
		}
		if cur < 0 {
			spans = append(spans, StatementSpan{StartLine: line, StartCol: col, Start: i})
			cur = len(spans) - 1
		}
		switch c {
		case '{':
			depth++
			adv(1)
		case '}':
			depth = max(depth-1, 0)
			adv(1)
		case ';':
			adv(1)
			if depth > 0 {
				continue
			}
			spans[cur].End = i
			cur = -1
		case '"', '\'':
			adv(1)
			for i < len(src) && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' {
					adv(1)
				}
				adv(1)
			}
			adv(1)
		case '`':
			adv(1)
			for i < len(src) && src[i] != '`' && src[i] != '\n' {
				adv(1)
			}
			adv(1)
		default:
			adv(1)
		}
	}
	if cur >= 0 {
		spans[cur].End = len(src)
	}
	for k := range spans {
		if k+1 < len(spans) {
			spans[k].EndLine = spans[k+1].StartLine - 1
		}
	}
	return spans
}

// Text returns the statement alone, placed at its line and column of src
// (blank lines and spaces before it), so that dynexpr reports the same
// positions as for the whole file.
func (s StatementSpan) Text(src string) string {
	return strings.Repeat("\n", s.StartLine-1) + strings.Repeat(" ", s.StartCol-1) + src[s.Start:s.End]
}

// Contains reports whether line falls in the statement.
func (s StatementSpan) Contains(line int) bool {
	return line >= s.StartLine && (s.EndLine == 0 || line <= s.EndLine)
}

// LintFinding is one finding of `dynexpr lint --format json`.
type LintFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func (f LintFinding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s (%s)", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule)
}

var exceptionAfterRE = regexp.MustCompile(`^\s*\((\w+Exception)\)`)

// DynamoDBMessages extracts what a finding quotes of DynamoDB's answer: the
// double-quoted, Go-escaped strings after the first mention of DynamoDB that
// read as a message (readsAsMessage), and the error code when one follows
// in parentheses ("Requested resource not found" (ResourceNotFoundException)).
func DynamoDBMessages(finding string) (msgs []string, code string) {
	start := strings.Index(finding, "DynamoDB")
	if start < 0 {
		return nil, ""
	}
	s := finding[start:]
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			return msgs, code
		}
		q, err := strconv.QuotedPrefix(s[i:])
		if err != nil {
			s = s[i+1:]
			continue
		}
		rest := s[i+len(q):]
		if m, err := strconv.Unquote(q); err == nil && readsAsMessage(m) {
			msgs = append(msgs, m)
			if sub := exceptionAfterRE.FindStringSubmatch(rest); sub != nil && code == "" {
				code = sub[1]
			}
		}
		s = rest
	}
}

// readsAsMessage: DynamoDB's messages start with a capital or a digit and
// hold a space; names and values a finding quotes mostly do not.
func readsAsMessage(m string) bool {
	if !strings.Contains(m, " ") {
		return false
	}
	c := m[0]
	return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ExpectFromFindings is what DynamoDB does with a request whose findings
// (all rules) are given: refuse it, with one of the messages its error
// findings quote (each with its error code), when there is an error finding;
// accept it otherwise. An error finding that quotes no message allows any
// message of its code.
func ExpectFromFindings(fs []LintFinding) Expect {
	var alts []Expect // one per code, in the order met
	index := map[string]int{}
	anyMsg := map[string]bool{}
	for _, f := range fs {
		if f.Severity != "error" {
			continue
		}
		msgs, code := DynamoDBMessages(f.Message)
		if code == "" {
			code = "ValidationException"
		}
		i, ok := index[code]
		if !ok {
			i = len(alts)
			index[code] = i
			alts = append(alts, Expect{Code: code})
		}
		if len(msgs) == 0 {
			anyMsg[code] = true
		}
		alts[i].AnyOf = append(alts[i].AnyOf, msgs...)
	}
	if len(alts) == 0 {
		return Accepted()
	}
	for i := range alts {
		if anyMsg[alts[i].Code] {
			alts[i].AnyOf = nil
		}
	}
	e := alts[0]
	e.Or = alts[1:]
	return e
}

// ruleArchive is one validate/testdata/rules/<rule>.txtar (DSL files) or
// validate/testdata/requests/<rule>.txtar (request JSON files), written
// out to a folder: its files, its schema.
type ruleArchive struct {
	ID      string // <rule> or requests/<rule>
	Rule    string
	Dir     string
	Schemas []string // --schema arguments, absolute
	Files   []ruleFile
}

type ruleFile struct {
	Name  string // x.dx, x.json, x.jsonl or x.partiql
	Fires bool   // has x.findings
	Src   string
}

// ruleCase is one statement or request of a rule archive, built and linted.
type ruleCase struct {
	Name     string // <archive>/<file>:<line>
	Row      string // the agreement row: the archive's rule, or the rule that flags a near miss
	Text     string
	Findings []LintFinding // all rules, this statement's lines
	Want     Expect
	Command  string          // aws dynamodb command; "" when not sendable
	Input    json.RawMessage // the request
	Tables   []string        // the tables it names (a group's: each member's)
	BuildErr string          // why it cannot be sent
}

func loadRuleArchive(t *testing.T, file, id, dir string) *ruleArchive {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	a := &ruleArchive{ID: id, Rule: strings.TrimSuffix(filepath.Base(file), ".txtar"), Dir: dir}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	has := map[string]bool{}
	for _, f := range ar.Files {
		has[f.Name] = true
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if has["schema.yaml"] {
		a.Schemas = []string{filepath.Join(dir, "schema.yaml")}
	} else {
		for _, n := range []string{"tickets.yaml", "events.yaml", "orders.yaml"} {
			a.Schemas = append(a.Schemas, filepath.Join(repoRoot, "examples", n))
		}
	}
	for _, f := range ar.Files {
		ext := filepath.Ext(f.Name)
		if ext == ".dx" || ext == ".json" || ext == ".jsonl" || ext == ".partiql" {
			a.Files = append(a.Files, ruleFile{Name: f.Name, Fires: has[strings.TrimSuffix(f.Name, ext)+".findings"], Src: string(f.Data)})
		}
	}
	return a
}

func schemaArgs(schemas []string) []string {
	var args []string
	for _, s := range schemas {
		args = append(args, "--schema", s)
	}
	return args
}

// prepareCases lints every file of the archive and splits it: a .dx file
// into statements, each built alone with --no-lint; a request file into its
// requests, sent as they are.
func prepareCases(t *testing.T, a *ruleArchive) []*ruleCase {
	t.Helper()
	var cases []*ruleCase
	for _, f := range a.Files {
		findings := lintFile(t, a, f.Name)
		var fileCases []*ruleCase
		if strings.HasSuffix(f.Name, ".dx") {
			for i, sp := range SplitStatements(f.Src) {
				c := &ruleCase{Name: fmt.Sprintf("%s/%s:%d", a.ID, f.Name, sp.StartLine), Text: strings.TrimSpace(f.Src[sp.Start:sp.End])}
				c.Findings = findingsIn(findings, sp.StartLine, sp.EndLine)
				buildCase(t, a, c, f, sp, i)
				fileCases = append(fileCases, c)
			}
		} else {
			fileCases = requestCases(a, f, findings)
		}
		for _, c := range fileCases {
			c.Want = ExpectFromFindings(c.Findings)
			c.Row = rowOf(a.Rule, c.Findings)
			if c.Input != nil {
				c.Tables = RequestTables(c.Input)
			}
		}
		cases = append(cases, fileCases...)
	}
	return cases
}

// findingsIn are the findings on lines first..last (last 0: to the end).
func findingsIn(fs []LintFinding, first, last int) []LintFinding {
	var out []LintFinding
	for _, f := range fs {
		if f.Line >= first && (last == 0 || f.Line <= last) {
			out = append(out, f)
		}
	}
	return out
}

// rowOf is the agreement row of a case: the archive's rule, unless another
// rule alone flags it at error level (a near miss of this rule that breaks
// another one).
func rowOf(rule string, fs []LintFinding) string {
	other := ""
	for _, f := range fs {
		if f.Severity != "error" {
			continue
		}
		if f.Rule == rule {
			return rule
		}
		if other == "" {
			other = f.Rule
		}
	}
	if other != "" {
		return other
	}
	return rule
}

// lintFile runs `dynexpr lint --format json` on one file of the archive.
// Exit 1 (an error finding, an unknown table or index among them) still
// prints the findings.
func lintFile(t *testing.T, a *ruleArchive, name string) []LintFinding {
	t.Helper()
	args := append([]string{"lint", "--color", "never", "--format", "json"}, schemaArgs(a.Schemas)...)
	args = append(args, name)
	lr := Dynexpr(t, a.Dir, args...)
	var findings []LintFinding
	if err := json.Unmarshal([]byte(lr.Stdout), &findings); err != nil {
		t.Fatalf("%s/%s: dynexpr %s: exit %d, not a JSON array of findings: %v\n%s%s", a.ID, name, strings.Join(args, " "), lr.Exit, err, lr.Stdout, lr.Stderr)
	}
	return findings
}

func buildCase(t *testing.T, a *ruleArchive, c *ruleCase, f ruleFile, sp StatementSpan, i int) {
	t.Helper()
	dir := filepath.Join(a.Dir, fmt.Sprintf("stmt-%s-%d", strings.TrimSuffix(f.Name, ".dx"), i+1))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, f.Name), []byte(sp.Text(f.Src)), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"build", "--no-lint"}, schemaArgs(a.Schemas)...)
	args = append(args, "--output", "jsonl", "-f", f.Name)
	r := Dynexpr(t, dir, args...)
	switch r.Exit {
	case 0:
	case 2:
		c.BuildErr = "dynexpr build exit 2: " + strings.TrimSpace(r.Stderr)
		return
	default:
		t.Fatalf("%s: dynexpr %s: exit %d\n%s", c.Name, strings.Join(args, " "), r.Exit, r.Stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.Stdout), "\n")
	if len(lines) != 1 {
		t.Fatalf("%s: dynexpr build: want one jsonl line for one statement, got %d:\n%s", c.Name, len(lines), r.Stdout)
	}
	var l BuiltStatement
	if err := json.Unmarshal([]byte(lines[0]), &l); err != nil {
		t.Fatalf("%s: dynexpr build --output jsonl: %v\n%s", c.Name, err, lines[0])
	}
	// An unlabelled statement is named FILE:LINE: the split found the line
	// dynexpr's parser did.
	if want := fmt.Sprintf("%s:%d", f.Name, sp.StartLine); strings.Contains(l.Name, ":") && l.Name != want {
		t.Errorf("%s: dynexpr names the statement %q, the split says %q", c.Name, l.Name, want)
	}
	c.Command, c.Input = l.Command, l.Input
}

// RequestSpan is one request object of a request file.
type RequestSpan struct {
	StartLine, StartCol, EndLine int
	Start, End                   int // byte offsets
	Raw                          json.RawMessage
}

// SplitRequests reads a request file as dynexpr lint does: one JSON value,
// an array of objects, or values one after another (JSON Lines).
func SplitRequests(src []byte) ([]RequestSpan, error) {
	span := func(start, end int, raw json.RawMessage) RequestSpan {
		line := 1 + bytes.Count(src[:start], []byte("\n"))
		col := start - (bytes.LastIndexByte(src[:start], '\n') + 1) + 1
		return RequestSpan{StartLine: line, StartCol: col, EndLine: 1 + bytes.Count(src[:end], []byte("\n")), Start: start, End: end, Raw: raw}
	}
	skip := func(off int) int {
		for off < len(src) && strings.IndexByte(" \t\r\n,", src[off]) >= 0 {
			off++
		}
		return off
	}
	var vals []RequestSpan
	dec := json.NewDecoder(bytes.NewReader(src))
	for {
		start := skip(int(dec.InputOffset()))
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		vals = append(vals, span(start, int(dec.InputOffset()), raw))
	}
	if len(vals) == 1 && bytes.HasPrefix(bytes.TrimSpace(vals[0].Raw), []byte("[")) {
		// One array: its elements are the requests.
		base := skip(0)
		d := json.NewDecoder(bytes.NewReader(src[base:]))
		if _, err := d.Token(); err != nil {
			return nil, err
		}
		var elems []RequestSpan
		for d.More() {
			start := skip(base + int(d.InputOffset()))
			var raw json.RawMessage
			if err := d.Decode(&raw); err != nil {
				return nil, err
			}
			elems = append(elems, span(start, base+int(d.InputOffset()), raw))
		}
		return elems, nil
	}
	return vals, nil
}

// RequestCommand returns the request's members to send (a wrapper's
// "input", without dynexpr's own "command" member) and its aws dynamodb
// command: the "command" member, else told from the members present, as
// dynexpr does (KeyConditionExpression → query, UpdateExpression →
// update-item, Item → put-item, ...).
func RequestCommand(raw json.RawMessage) (json.RawMessage, string, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, "", fmt.Errorf("not a JSON object")
	}
	command := ""
	str := func(m map[string]json.RawMessage, k string) string {
		var s string
		if v, ok := m[k]; ok && json.Unmarshal(v, &s) == nil {
			return s
		}
		return ""
	}
	if in, ok := obj["input"]; ok && obj["TableName"] == nil {
		var inner map[string]json.RawMessage
		if json.Unmarshal(in, &inner) == nil {
			command = normalizeCommand(str(obj, "command"))
			obj = inner
		}
	}
	if command == "" {
		if _, ok := obj["command"]; ok {
			command = normalizeCommand(str(obj, "command"))
			if command == "" {
				return nil, "", fmt.Errorf("its \"command\" member names no aws dynamodb command: %s", obj["command"])
			}
		}
	}
	delete(obj, "command")
	if command == "" {
		command = groupCommand(obj)
	}
	if command == "" {
		command = request.GuessCommand(func(n string) bool { _, ok := obj[n]; return ok })
	}
	if command == "" {
		return nil, "", fmt.Errorf("no aws dynamodb command can be told from its members")
	}
	out, err := json.Marshal(obj)
	return out, command, err
}

// requestCases splits a request file into cases. A file that is not JSON
// is one case, not sendable.
func requestCases(a *ruleArchive, f ruleFile, findings []LintFinding) []*ruleCase {
	spans, err := SplitRequests([]byte(f.Src))
	if err != nil {
		return []*ruleCase{{
			Name: fmt.Sprintf("%s/%s:1", a.ID, f.Name), Text: strings.TrimSpace(f.Src), Findings: findings,
			BuildErr: fmt.Sprintf("the file is not JSON (%v): the AWS CLI cannot send it", err),
		}}
	}
	// A finding belongs to the request whose text holds its position (from
	// the request's first byte to the next request's).
	lineStarts := []int{0}
	for i, c := range []byte(f.Src) {
		if c == '\n' {
			lineStarts = append(lineStarts, i+1)
		}
	}
	offsetOf := func(fd LintFinding) int {
		if fd.Line < 1 || fd.Line > len(lineStarts) {
			return len(f.Src)
		}
		// lint's columns count characters; the spans count bytes.
		return lineStarts[fd.Line-1] + diag.ByteColumn([]byte(f.Src), fd.Line, max(fd.Column, 1)) - 1
	}
	startsOnLine := map[int]int{}
	for _, sp := range spans {
		startsOnLine[sp.StartLine]++
	}
	var cases []*ruleCase
	for i, sp := range spans {
		from, to := sp.Start, len(f.Src)+1
		if i == 0 {
			from = 0
		}
		if i+1 < len(spans) {
			to = spans[i+1].Start
		}
		name := fmt.Sprintf("%s/%s:%d", a.ID, f.Name, sp.StartLine)
		if startsOnLine[sp.StartLine] > 1 {
			name += fmt.Sprintf(":%d", sp.StartCol)
		}
		c := &ruleCase{Name: name, Text: string(sp.Raw)}
		for _, fd := range findings {
			if off := offsetOf(fd); off >= from && off < to {
				c.Findings = append(c.Findings, fd)
			}
		}
		in, command, err := RequestCommand(sp.Raw)
		if err != nil {
			c.BuildErr = "the request cannot be sent: " + err.Error()
		} else {
			c.Command, c.Input = command, in
		}
		cases = append(cases, c)
	}
	return cases
}

// renameKnown renames the request's tables that the schema has (tables
// outside the schema are left alone: they exist on no server), the top-level
// TableName or a group's. A request whose table names cannot be read (a
// number where the name goes) is sent as it is: DynamoDB's refusal of it is
// the case.
func renameKnown(in json.RawMessage, names map[string]string) json.RawMessage {
	changed := false
	out, err := renameTables(in, func(old string) (string, error) {
		if nu, ok := names[old]; ok {
			changed = true
			return nu, nil
		}
		return old, nil
	})
	if err != nil || !changed {
		// Unchanged, byte for byte: the case may be in its very bytes.
		return in
	}
	return out
}

// createTableDocs is `dynexpr schema --create-table` of every schema file.
func createTableDocs(t testing.TB, schemas []string) []json.RawMessage {
	t.Helper()
	var docs []json.RawMessage
	for _, s := range schemas {
		r := Dynexpr(t, "", "schema", "--create-table", s)
		if r.Exit != 0 {
			t.Fatalf("dynexpr schema --create-table %s: exit %d\n%s", s, r.Exit, r.Stderr)
		}
		d, err := DecodeJSONStream([]byte(r.Stdout))
		if err != nil || len(d) == 0 {
			t.Fatalf("dynexpr schema --create-table %s: want create-table inputs, got %v\n%s", s, err, r.Stdout)
		}
		docs = append(docs, d...)
	}
	return docs
}

// tableKeys maps each create-table document's table to its key attributes.
func tableKeys(docs []json.RawMessage) map[string][]string {
	keys := map[string][]string{}
	for _, doc := range docs {
		var d struct {
			TableName string
			KeySchema []struct{ AttributeName string }
		}
		if json.Unmarshal(doc, &d) == nil {
			for _, k := range d.KeySchema {
				keys[d.TableName] = append(keys[d.TableName], k.AttributeName)
			}
		}
	}
	return keys
}

// clearTables deletes every item of the case's tables, straight through the
// API (setup, not under test): each statement meets empty tables, whatever
// the statements before it wrote.
func clearTables(t *testing.T, srv *Server, names map[string]string, keys map[string][]string, skip map[string]string) {
	t.Helper()
	for old, table := range names {
		if _, ok := skip[old]; ok {
			continue
		}
		var start map[string]json.RawMessage
		for {
			in := map[string]any{"TableName": table}
			if start != nil {
				in["ExclusiveStartKey"] = start
			}
			var out struct {
				Items            []map[string]json.RawMessage
				LastEvaluatedKey map[string]json.RawMessage
			}
			if err := srv.API("Scan", in, &out); err != nil {
				t.Fatalf("clearing %s: %v", table, err)
			}
			for _, it := range out.Items {
				key := map[string]json.RawMessage{}
				for _, k := range keys[old] {
					key[k] = it[k]
				}
				if err := srv.API("DeleteItem", map[string]any{"TableName": table, "Key": key}, nil); err != nil {
					t.Fatalf("clearing %s: %v", table, err)
				}
			}
			if len(out.LastEvaluatedKey) == 0 {
				break
			}
			start = out.LastEvaluatedKey
		}
	}
}

// ruleArchiveDirs are the archives TestAgreement sends: DSL statements, and
// request files.
var ruleArchiveDirs = []struct{ dir, prefix string }{
	{"rules", ""},
	{"requests", "requests/"},
}

// TestAgreement sends every statement and request of every rule archive
// (validate/testdata/rules/*.txtar, validate/testdata/requests/*.txtar) to
// dynoxide and dynalite with AWS CLI v2: one with an error finding must be
// refused with the message the finding quotes, one without must be
// accepted. A difference that no known gap (gaps_test.go) covers fails the
// test.
func TestAgreement(t *testing.T) {
	var files []archiveFile
	for _, d := range ruleArchiveDirs {
		fs, err := filepath.Glob(filepath.Join(repoRoot, "validate", "testdata", d.dir, "*.txtar"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			files = append(files, archiveFile{f, d.prefix + strings.TrimSuffix(filepath.Base(f), ".txtar")})
		}
	}
	if len(files) == 0 {
		t.Fatal("no rule archives under validate/testdata/rules or validate/testdata/requests")
	}
	cat := ParseCatalog(Dynexpr(t, "", "rules").Stdout)
	if len(cat) == 0 {
		t.Fatal("dynexpr rules printed no rules")
	}
	srvs := AllServers(t)
	cli := AWSv2(t)
	severity := map[string]string{}
	for _, r := range cat {
		severity[r.Name] = r.Severity
	}
	has := map[string]bool{}
	for _, f := range files {
		has[strings.TrimSuffix(filepath.Base(f.file), ".txtar")] = true
	}
	for _, r := range cat {
		if r.Severity != "error" {
			continue
		}
		// Every error rule gets its rows, even with no case.
		for _, s := range srvs {
			Agreement.Touch(r.Name, s.Kind)
		}
		if !has[r.Name] {
			t.Logf("error rule %s has no archive under validate/testdata/rules or requests: no case to send (%s)", r.Name, noArchiveReason[r.Name])
		}
	}

	jobs, n := buildArchives(t, files, func(t *testing.T, f archiveFile, a *ruleArchive) []*ruleCase {
		rule := strings.TrimSuffix(filepath.Base(f.file), ".txtar")
		if severity[rule] == "" {
			t.Errorf("%s: no rule %q in `dynexpr rules`", f.file, rule)
		}
		return prepareCases(t, a)
	})
	if t.Failed() {
		return
	}
	t.Logf("%d statements and requests in %d archives, each sent to %d servers", n, len(jobs), len(srvs))
	t.Run("send", func(t *testing.T) {
		for _, j := range jobs {
			for _, srv := range srvs {
				j, srv := j, srv
				t.Run(j.a.ID+"/"+srv.Kind, func(t *testing.T) {
					t.Parallel()
					sendArchive(t, cli, srv, j.a, j.cases, j.docs)
				})
			}
		}
	})
}

// archiveFile is a rule archive and its id (its folder under the suite's
// temporary folder, the prefix of its rows' case names).
type archiveFile struct{ file, id string }

// archiveJob is one rule archive built: its cases and the create-table
// inputs of its tables.
type archiveJob struct {
	a     *ruleArchive
	cases []*ruleCase
	docs  []json.RawMessage
}

// buildArchives builds the cases of every archive first (dynexpr is fast),
// in parallel, prepare making each archive's cases; it returns them with
// the archives of most cases first, so that the slow CLI calls that follow
// spread evenly, and how many cases there are in all.
func buildArchives(t *testing.T, files []archiveFile, prepare func(*testing.T, archiveFile, *ruleArchive) []*ruleCase) ([]archiveJob, int) {
	var (
		jobs []archiveJob
		mu   sync.Mutex
	)
	t.Run("build", func(t *testing.T) {
		for _, f := range files {
			t.Run(f.id, func(t *testing.T) {
				t.Parallel()
				a := loadRuleArchive(t, f.file, f.id, filepath.Join(tmpDir, "rules", f.id))
				cases := prepare(t, f, a)
				docs := createTableDocs(t, a.Schemas)
				mu.Lock()
				jobs = append(jobs, archiveJob{a, cases, docs})
				mu.Unlock()
			})
		}
	})
	sort.Slice(jobs, func(i, j int) bool {
		if len(jobs[i].cases) != len(jobs[j].cases) {
			return len(jobs[i].cases) > len(jobs[j].cases)
		}
		return jobs[i].a.ID < jobs[j].a.ID
	})
	n := 0
	for _, j := range jobs {
		n += len(j.cases)
	}
	return jobs, n
}

// noArchiveReason says why an error rule has no cases to send.
var noArchiveReason = map[string]string{
	"syntax-error":          "a statement that does not parse has no request to build",
	"ignore-without-reason": "a dynexpr:ignore comment rule: nothing DynamoDB sees",
	"unreadable-input":      "a file dynexpr cannot read: nothing to send",
}

// multiAttributeRef is the evidence for multi-attribute GSI keys, which are
// newer than both emulators: AWS's documentation.
const multiAttributeRef = "AWS Developer Guide, GSI multi-attribute keys (newer than dynalite 4.0.0 and dynoxide 1.2.1)"

func sendArchive(t *testing.T, cli *CLI, srv *Server, a *ruleArchive, cases []*ruleCase, docs []json.RawMessage) {
	suffix := uniqueSuffix()
	names, refusedTables := createTablesTolerant(t, cli, srv, docs, suffix)
	for tbl, why := range refusedTables {
		t.Logf("%s: create-table %s refused: %s", srv.Kind, tbl, why)
	}
	keys := tableKeys(docs)
	for i, c := range cases {
		if c.Command == "" {
			Agreement.NotSendable(t, c.Row, c.Name, srv.Kind, c.Want, c.BuildErr)
			continue
		}
		if why := noTransactions(srv, c.Command); why != "" {
			Agreement.NotSendable(t, c.Row, c.Name, srv.Kind, c.Want, why)
			continue
		}
		in := freshToken(srv, renameKnown(c.Input, names), fmt.Sprintf("%s-%d", suffix, i))
		if i > 0 {
			clearTables(t, srv, names, keys, refusedTables)
		}
		r := cli.Run(t, srv, c.Command, in)
		readReasons(srv, &r)
		if r.ClientSide() && !c.Want.Accept {
			Agreement.NotSendable(t, c.Row, c.Name, srv.Kind, c.Want, "the AWS CLI refuses it before sending: "+firstLine(r.Message))
			continue
		}
		if why := newerThanCLI(r); why != "" && c.Want.Accept {
			Agreement.NotSendable(t, c.Row, c.Name, srv.Kind, c.Want, "the AWS CLI refuses it before sending: "+firstLine(r.Message)+" ("+why+")")
			continue
		}
		if table, why := refusedTable(c.Tables, refusedTables); why != "" {
			if v, _ := Agreement.classify(c.Row, c.Name, r, c.Want); v != AcceptedAsExpected && v != RefusedAsExpected {
				Agreement.Unsupported(t, c.Row, c.Name, r, c.Want, KnownGap{
					Note: "server lacks multi-attribute keys: create-table " + table + " refused (" + firstLine(why) + ")",
					Ref:  multiAttributeRef,
				})
				continue
			}
		}
		v := Agreement.Check(t, c.Row, c.Name, r, c.Want)
		t.Logf("%s %s: %s: %s", c.Name, srv.Kind, v, r.Outcome())
		if v == Disagreement {
			t.Errorf("%s: statement:\n%s\nfindings:\n%s\nrequest: aws dynamodb %s --cli-input-json '%s'\n%s answered: %s\nexpected: DynamoDB %s",
				c.Name, c.Text, findingsText(c.Findings), c.Command, in, srv.Kind, r.Outcome(), c.Want)
		}
	}
}

// membersNewerThanCLI are DynamoDB API members that Debian's aws-cli
// 2.9.19 (January 2023) does not know: it refuses them client-side.
var membersNewerThanCLI = map[string]string{
	"ReturnValuesOnConditionCheckFailure": "PutItem/UpdateItem/DeleteItem member added to the DynamoDB API in June 2023, after aws-cli 2.9.19's model",
}

var unknownParamRE = regexp.MustCompile(`^Unknown parameter in input: "(\w+)"`)

// newerThanCLI says why the CLI refused r, when it refused a member only
// newer API models know.
func newerThanCLI(r Result) string {
	if r.Code != "ParamValidation" {
		return ""
	}
	if m := unknownParamRE.FindStringSubmatch(r.Message); m != nil {
		return membersNewerThanCLI[m[1]]
	}
	return ""
}

func findingsText(fs []LintFinding) string {
	if len(fs) == 0 {
		return "(none)"
	}
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "  %s\n", f)
	}
	return strings.TrimRight(b.String(), "\n")
}
