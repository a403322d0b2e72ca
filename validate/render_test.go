package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// The printers' tests run over a handful of findings: one at each severity,
// one with an end and a suggestion, one on standard input, one with no line
// (a file that could not be read).

var (
	errFinding = Finding{
		Pos: diag.Pos{File: "queries/tickets.dx", Line: 2, Col: 45}, End: diag.Pos{File: "queries/tickets.dx", Line: 2, Col: 47},
		Rule: "sparse-key-blanked", Severity: Error,
		Message:    `"openBucket" is the partition key of global secondary index open-tickets-index; DynamoDB rejects "" there`,
		Suggestion: "remove openBucket",
	}
	warnFinding = Finding{
		Pos:  diag.Pos{File: "queries/tickets.dx", Line: 3, Col: 40},
		Rule: "limit-with-filter", Severity: Warning,
		Message: "limit 10 counts the items read before the filter",
	}
	infoFinding = Finding{
		Pos:  diag.Pos{File: "<stdin>", Line: 1, Col: 1},
		Rule: "filter-instead-of-index", Severity: Info,
		Message: "open-tickets-index holds exactly these items: query it",
	}
	noLineFinding = Finding{
		Pos:  diag.Pos{File: "queries/gone.dx"},
		Rule: "syntax-error", Severity: Error,
		Message: "cannot read the file: no such file or directory",
	}
	findings = []Finding{errFinding, warnFinding, infoFinding, noLineFinding}
)

// source is the text the Line option reads the findings' lines from.
var source = map[string][]string{
	"queries/tickets.dx": {
		"# tickets",
		`update Tickets key id = "a91f" set openBucket = ""`,
		"scan Tickets filter priority = 1 limit 10",
	},
	"<stdin>": {"scan Tickets filter openBucket = \"OPEN\""},
}

func lineOf(file string, n int) string {
	lines := source[file]
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// render prints fs with a printer of format and returns the output.
func render(t *testing.T, format string, opt PrintOptions, fs ...Finding) string {
	t.Helper()
	var b bytes.Buffer
	p, err := NewPrinter(format, &b, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if err := p.Print(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestNewPrinterUnknownFormat(t *testing.T) {
	_, err := NewPrinter("xml", &bytes.Buffer{}, PrintOptions{})
	if err == nil || err.Error() != `--format "xml": choose text, json, sarif, github` {
		t.Errorf("NewPrinter(xml): %v", err)
	}
}

func TestTextPrinter(t *testing.T) {
	t.Run("plain", func(t *testing.T) {
		got := render(t, "text", PrintOptions{Line: lineOf}, findings...)
		want := `queries/tickets.dx:2:45: error: "openBucket" is the partition key of global secondary index open-tickets-index; DynamoDB rejects "" there (sparse-key-blanked)
queries/tickets.dx:3:40: warning: limit 10 counts the items read before the filter (limit-with-filter)
<stdin>:1:1: info: open-tickets-index holds exactly these items: query it (filter-instead-of-index)
queries/gone.dx: error: cannot read the file: no such file or directory (syntax-error)
`
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})

	t.Run("caret", func(t *testing.T) {
		got := render(t, "text", PrintOptions{Caret: true, Line: lineOf}, findings...)
		want := `queries/tickets.dx:2:45: error: "openBucket" is the partition key of global secondary index open-tickets-index; DynamoDB rejects "" there (sparse-key-blanked)
    update Tickets key id = "a91f" set openBucket = ""
                                                ^
queries/tickets.dx:3:40: warning: limit 10 counts the items read before the filter (limit-with-filter)
    scan Tickets filter priority = 1 limit 10
                                           ^
<stdin>:1:1: info: open-tickets-index holds exactly these items: query it (filter-instead-of-index)
    scan Tickets filter openBucket = "OPEN"
    ^
queries/gone.dx: error: cannot read the file: no such file or directory (syntax-error)
`
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})

	t.Run("colour", func(t *testing.T) {
		got := render(t, "text", PrintOptions{Color: true, Caret: true, Line: lineOf}, errFinding, warnFinding, infoFinding)
		want := "\x1b[1mqueries/tickets.dx:2:45:\x1b[0m \x1b[31m\x1b[1merror:\x1b[0m \"openBucket\" is the partition key of global secondary index open-tickets-index; DynamoDB rejects \"\" there \x1b[36m(sparse-key-blanked)\x1b[0m\n" +
			"    update Tickets key id = \"a91f\" set openBucket = \"\"\n" +
			"                                                \x1b[32m\x1b[1m^\x1b[0m\n" +
			"\x1b[1mqueries/tickets.dx:3:40:\x1b[0m \x1b[33m\x1b[1mwarning:\x1b[0m limit 10 counts the items read before the filter \x1b[36m(limit-with-filter)\x1b[0m\n" +
			"    scan Tickets filter priority = 1 limit 10\n" +
			"                                           \x1b[32m\x1b[1m^\x1b[0m\n" +
			"\x1b[1m<stdin>:1:1:\x1b[0m \x1b[36m\x1b[1minfo:\x1b[0m open-tickets-index holds exactly these items: query it \x1b[36m(filter-instead-of-index)\x1b[0m\n" +
			"    scan Tickets filter openBucket = \"OPEN\"\n" +
			"    \x1b[32m\x1b[1m^\x1b[0m\n"
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		// Stripped of its escapes, the coloured output is the plain one.
		plain := render(t, "text", PrintOptions{Caret: true, Line: lineOf}, errFinding, warnFinding, infoFinding)
		if diff := cmp.Diff(plain, regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(got, "")); diff != "" {
			t.Errorf("coloured output without its escapes differs from the plain output (-plain +stripped):\n%s", diff)
		}
	})

	t.Run("no colour without Color", func(t *testing.T) {
		if got := render(t, "text", PrintOptions{Caret: true, Line: lineOf}, findings...); strings.Contains(got, "\x1b") {
			t.Errorf("escape codes without Color:\n%q", got)
		}
	})

	// Tabs before the column stay tabs in the caret line, and every other
	// character (a multi-byte one too) is one space, so the caret lands under
	// the column whatever the tab width; the column counts é as one.
	t.Run("tabs and multi-byte characters", func(t *testing.T) {
		line := "\tkey\t= \"é\" x"
		f := Finding{Pos: diag.Pos{File: "t.dx", Line: 1, Col: strings.Index(line, "x") + 1}, Rule: "syntax-error", Severity: Error, Message: "m"}
		got := render(t, "text", PrintOptions{Caret: true, Line: func(string, int) string { return line }}, f)
		want := "t.dx:1:12: error: m (syntax-error)\n" +
			"    \tkey\t= \"é\" x\n" +
			"    \t   \t      ^\n"
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		lines := strings.Split(got, "\n")
		if expandTabs(lines[2]) != strings.Repeat(" ", len([]rune(expandTabs(lines[1][:strings.Index(lines[1], "x")]))))+"^" {
			t.Errorf("caret not under the x once tabs are expanded:\n%s\n%s", expandTabs(lines[1]), expandTabs(lines[2]))
		}
	})

	t.Run("no line, no caret", func(t *testing.T) {
		got := render(t, "text", PrintOptions{Caret: true, Line: func(string, int) string { return "" }}, warnFinding)
		if strings.Count(got, "\n") != 1 {
			t.Errorf("a caret without the line:\n%s", got)
		}
		got = render(t, "text", PrintOptions{Caret: true}, warnFinding)
		if strings.Count(got, "\n") != 1 {
			t.Errorf("a caret without a Line function:\n%s", got)
		}
	})
}

// expandTabs expands tabs to 8-column stops.
func expandTabs(s string) string {
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

func TestJSONPrinter(t *testing.T) {
	got := render(t, "json", PrintOptions{}, findings...)
	want := `[
  {"file":"queries/tickets.dx","line":2,"column":45,"endLine":2,"endColumn":47,"rule":"sparse-key-blanked","severity":"error","message":"\"openBucket\" is the partition key of global secondary index open-tickets-index; DynamoDB rejects \"\" there","suggestion":"remove openBucket"},
  {"file":"queries/tickets.dx","line":3,"column":40,"rule":"limit-with-filter","severity":"warning","message":"limit 10 counts the items read before the filter"},
  {"file":"<stdin>","line":1,"column":1,"rule":"filter-instead-of-index","severity":"info","message":"open-tickets-index holds exactly these items: query it"},
  {"file":"queries/gone.dx","line":0,"column":0,"rule":"syntax-error","severity":"error","message":"cannot read the file: no such file or directory"}
]
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}

	// A valid JSON array whose elements have the fields `lint --help`
	// documents, with these types, and no others.
	var arr []map[string]any
	if err := json.Unmarshal([]byte(got), &arr); err != nil {
		t.Fatalf("not a JSON array: %v", err)
	}
	if len(arr) != len(findings) {
		t.Fatalf("%d elements for %d findings", len(arr), len(findings))
	}
	fields := map[string]string{
		"file": "string", "line": "float64", "column": "float64", "endLine": "float64", "endColumn": "float64",
		"rule": "string", "severity": "string", "message": "string", "suggestion": "string",
	}
	for i, el := range arr {
		for k, v := range el {
			typ, ok := fields[k]
			if !ok {
				t.Errorf("element %d: field %q is not one of the documented fields", i, k)
			} else if got := fmt.Sprintf("%T", v); got != typ {
				t.Errorf("element %d: %s is a %s, want %s", i, k, got, typ)
			}
		}
		for _, k := range []string{"file", "line", "column", "rule", "severity", "message"} {
			if _, ok := el[k]; !ok {
				t.Errorf("element %d: no %q", i, k)
			}
		}
	}
	if len(arr[0]) != len(fields) {
		t.Errorf("a finding with an end and a suggestion has %d fields, want all %d documented fields: %v", len(arr[0]), len(fields), arr[0])
	}

	t.Run("no HTML escaping", func(t *testing.T) {
		got := render(t, "json", PrintOptions{}, Finding{Pos: diag.Pos{File: "a&b.dx", Line: 1, Col: 1}, Rule: "syntax-error", Severity: Error, Message: "expected <, > or &"})
		if !strings.Contains(got, `"expected <, > or &"`) || !strings.Contains(got, `"a&b.dx"`) {
			t.Errorf("HTML-escaped: %s", got)
		}
	})

	t.Run("empty", func(t *testing.T) {
		if got := render(t, "json", PrintOptions{}); got != "[]\n" {
			t.Errorf("no findings: %q, want \"[]\\n\"", got)
		}
	})
}

func TestGitHubPrinter(t *testing.T) {
	got := render(t, "github", PrintOptions{}, findings...)
	want := `::error file=queries/tickets.dx,line=2,col=45,endLine=2,endColumn=47,title=sparse-key-blanked::"openBucket" is the partition key of global secondary index open-tickets-index; DynamoDB rejects "" there%0Asuggestion: remove openBucket
::warning file=queries/tickets.dx,line=3,col=40,title=limit-with-filter::limit 10 counts the items read before the filter
::notice file=<stdin>,line=1,col=1,title=filter-instead-of-index::open-tickets-index holds exactly these items: query it
::error file=queries/gone.dx,title=syntax-error::cannot read the file: no such file or directory
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}

	// GitHub's escaping (actions/toolkit core/src/command.ts): the message
	// (data) escapes %, CR and LF; property values also : and ,. % first, so
	// an escape already in the text survives.
	msg := "100% sure: a, b\r\nc %0A d\n"
	f := Finding{Pos: diag.Pos{File: "C:/q,1/a:b.dx", Line: 1, Col: 2}, Rule: "syntax-error", Severity: Warning, Message: msg}
	got = render(t, "github", PrintOptions{}, f)
	want = "::warning file=C%3A/q%2C1/a%3Ab.dx,line=1,col=2,title=syntax-error::100%25 sure: a, b%0D%0Ac %250A d%0A\n"
	if got != want {
		t.Errorf("escaping:\n got %q\nwant %q", got, want)
	}
	if strings.Count(got, "\n") != 1 || strings.Contains(strings.TrimSuffix(got, "\n"), "\r") {
		t.Errorf("one finding is not one line: %q", got)
	}

	// What the runner reads back (it unescapes %0D, %0A, %3A, %2C, then %25)
	// is the original text.
	cmdLine := strings.TrimSuffix(got, "\n")
	props, data, ok := strings.Cut(strings.TrimPrefix(cmdLine, "::warning "), "::")
	if !ok {
		t.Fatalf("no :: after the properties: %q", got)
	}
	if u := ghUnescapeData(data); u != msg {
		t.Errorf("message reads back as %q, want %q", u, msg)
	}
	readProps := map[string]string{}
	for _, kv := range strings.Split(props, ",") {
		k, v, _ := strings.Cut(kv, "=")
		readProps[k] = ghUnescapeProperty(v)
	}
	wantProps := map[string]string{"file": "C:/q,1/a:b.dx", "line": "1", "col": "2", "title": "syntax-error"}
	if diff := cmp.Diff(wantProps, readProps); diff != "" {
		t.Errorf("properties read back (-want +got):\n%s", diff)
	}

	if got := render(t, "github", PrintOptions{}); got != "" {
		t.Errorf("no findings: %q, want nothing", got)
	}
}

// ghUnescapeData and ghUnescapeProperty undo the escaping as the Actions
// runner does (ActionCommand.cs): each escape replaced in turn, %25 last.
func ghUnescapeData(s string) string {
	for _, r := range [][2]string{{"%0D", "\r"}, {"%0A", "\n"}, {"%25", "%"}} {
		s = strings.ReplaceAll(s, r[0], r[1])
	}
	return s
}

func ghUnescapeProperty(s string) string {
	for _, r := range [][2]string{{"%0D", "\r"}, {"%0A", "\n"}, {"%3A", ":"}, {"%2C", ","}, {"%25", "%"}} {
		s = strings.ReplaceAll(s, r[0], r[1])
	}
	return s
}

// checkSARIF validates a SARIF document against the SARIF 2.1.0 JSON schema
// with go-sarif's Report.Validate.
//
// Validate does not read the bytes: it validates go-sarif's Report, encoded
// again. Two consequences, both handled here:
//   - go-sarif cannot leave out run.language, toolComponent.language and
//     run.newlineSequences (it writes "" and []), which the schema refuses.
//     When the document leaves them out, they take the schema's defaults
//     ("en-US", ["\r\n", "\n"]), which is what absent means.
//   - a member go-sarif does not know (a misspelt "startline") would be
//     dropped and never validated, though the schema forbids it: so every
//     member of the document must come back, with its value, in what is
//     validated.
func checkSARIF(raw []byte) error {
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	r, err := sarif.FromBytes(raw)
	if err != nil {
		return fmt.Errorf("go-sarif cannot read it: %v", err)
	}
	runs, _ := doc["runs"].([]any)
	for i, run := range r.Runs {
		if i >= len(runs) {
			break
		}
		rawRun, _ := runs[i].(map[string]any)
		if _, ok := rawRun["language"]; !ok {
			run.Language = "en-US"
		}
		if _, ok := rawRun["newlineSequences"]; !ok {
			run.NewlineSequences = []string{"\r\n", "\n"}
		}
		rawDriver, _ := dig(rawRun, "tool", "driver").(map[string]any)
		if _, ok := rawDriver["language"]; !ok && run.Tool != nil && run.Tool.Driver != nil {
			run.Tool.Driver.Language = "en-US"
		}
	}
	if err := r.Validate(); err != nil {
		return err
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	var validated any
	if err := json.Unmarshal(b, &validated); err != nil {
		return err
	}
	return contained("$", doc, validated)
}

// contained reports the first member or element of have that in does not
// hold with the same value.
func contained(path string, have, in any) error {
	switch h := have.(type) {
	case map[string]any:
		m, ok := in.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: an object, validated as %T", path, in)
		}
		for k, v := range h {
			w, ok := m[k]
			if !ok {
				return fmt.Errorf("%s.%s: not validated (go-sarif does not know it; the schema forbids unknown members)", path, k)
			}
			if err := contained(path+"."+k, v, w); err != nil {
				return err
			}
		}
	case []any:
		a, ok := in.([]any)
		if !ok || len(a) != len(h) {
			return fmt.Errorf("%s: an array of %d, validated as %v", path, len(h), in)
		}
		for i := range h {
			if err := contained(fmt.Sprintf("%s[%d]", path, i), h[i], a[i]); err != nil {
				return err
			}
		}
	default:
		if !reflect.DeepEqual(have, in) {
			return fmt.Errorf("%s: %v, validated as %v", path, have, in)
		}
	}
	return nil
}

func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// sarifLog is the part of SARIF these tests read.
type sarifLog struct {
	Version string `json:"version"`
	Runs    []struct {
		ColumnKind string `json:"columnKind"`
		Tool       struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string `json:"id"`
					ShortDescription struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
					Help struct {
						Text     string `json:"text"`
						Markdown string `json:"markdown"`
					} `json:"help"`
					DefaultConfiguration struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region *struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
						EndLine     int `json:"endLine"`
						EndColumn   int `json:"endColumn"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

func decodeSARIF(t *testing.T, out string) sarifLog {
	t.Helper()
	var l sarifLog
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(l.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(l.Runs))
	}
	return l
}

func TestSARIFValidatesAgainstSchema(t *testing.T) {
	cases := map[string][]Finding{
		"findings":    findings,
		"no findings": nil,
	}
	for name, fs := range cases {
		t.Run(name, func(t *testing.T) {
			out := render(t, "sarif", PrintOptions{Version: "1.2.3", Line: lineOf}, fs...)
			if err := checkSARIF([]byte(out)); err != nil {
				t.Errorf("not valid SARIF 2.1.0: %v", err)
			}
			if !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
				t.Errorf("want one line ending in a newline")
			}
		})
	}
}

// TestSARIFValidationCatchesBrokenDocuments makes sure checkSARIF (and so
// go-sarif's Validate) fails where the schema says the document is wrong:
// each case breaks our own valid output in one place.
func TestSARIFValidationCatchesBrokenDocuments(t *testing.T) {
	valid := render(t, "sarif", PrintOptions{Version: "1.2.3", Line: lineOf}, findings...)
	if err := checkSARIF([]byte(valid)); err != nil {
		t.Fatalf("the unbroken document does not validate: %v", err)
	}
	cases := []struct {
		name   string
		mutate func(doc map[string]any)
		want   string // in the error
	}{
		{"level not in the enum", func(d map[string]any) { result(d, 0)["level"] = "fatal" }, "level"},
		{"startLine 0", func(d map[string]any) { region(d, 0)["startLine"] = 0 }, "startLine"},
		{"startColumn 0", func(d map[string]any) { region(d, 1)["startColumn"] = 0 }, "startColumn"},
		{"ruleIndex below -1", func(d map[string]any) { result(d, 1)["ruleIndex"] = -2 }, "ruleIndex"},
		{"result without a message", func(d map[string]any) { delete(result(d, 0), "message") }, "message"},
		{"rule without an id", func(d map[string]any) { delete(rule(d, 0), "id") }, "id"},
		{"version 2.0.0", func(d map[string]any) { d["version"] = "2.0.0" }, "version"},
		{"misspelt member", func(d map[string]any) {
			r := region(d, 0)
			r["startline"] = r["startLine"]
			delete(r, "startLine")
		}, "startline"},
		{"run without a tool", func(d map[string]any) { delete(d["runs"].([]any)[0].(map[string]any), "tool") }, "tool"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var doc map[string]any
			if err := json.Unmarshal([]byte(valid), &doc); err != nil {
				t.Fatal(err)
			}
			c.mutate(doc)
			b, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			err = checkSARIF(b)
			if err == nil {
				t.Fatalf("broken document validates")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error does not name %q: %v", c.want, err)
			}
			t.Logf("caught: %v", err)
		})
	}

	// go-sarif's Validate alone passes a document with a member it does not
	// know: why checkSARIF also checks that nothing was dropped.
	var doc map[string]any
	json.Unmarshal([]byte(valid), &doc)
	region(doc, 0)["startline"] = 2
	b, _ := json.Marshal(doc)
	r, err := sarif.FromBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	r.Runs[0].Language, r.Runs[0].Tool.Driver.Language, r.Runs[0].NewlineSequences = "en-US", "en-US", []string{"\n"}
	if err := r.Validate(); err == nil {
		t.Logf("go-sarif's Validate alone passes a misspelt member: it validates its own re-encoding, which dropped it")
	} else {
		t.Logf("go-sarif now catches unknown members itself: %v", err)
	}
}

func result(d map[string]any, i int) map[string]any {
	return dig(d, "runs").([]any)[0].(map[string]any)["results"].([]any)[i].(map[string]any)
}

func region(d map[string]any, i int) map[string]any {
	return dig(result(d, i), "locations").([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["region"].(map[string]any)
}

func rule(d map[string]any, i int) map[string]any {
	return dig(d, "runs").([]any)[0].(map[string]any)["tool"].(map[string]any)["driver"].(map[string]any)["rules"].([]any)[i].(map[string]any)
}

func TestSARIFRunHasCatalog(t *testing.T) {
	l := decodeSARIF(t, render(t, "sarif", PrintOptions{Version: "1.2.3", Line: lineOf}, findings...))
	if l.Version != "2.1.0" {
		t.Errorf("version %q", l.Version)
	}
	run := l.Runs[0]
	if run.Tool.Driver.Name != "dynexpr" {
		t.Errorf("driver name %q", run.Tool.Driver.Name)
	}
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}
	all := All()
	rules := run.Tool.Driver.Rules
	if len(rules) != len(all) {
		t.Fatalf("%d rules in the run, %d in the catalog", len(rules), len(all))
	}
	for i, r := range all {
		sr := rules[i]
		if sr.ID != r.Name {
			t.Errorf("rule %d is %q, want %q", i, sr.ID, r.Name)
			continue
		}
		if sr.ShortDescription.Text != r.Title {
			t.Errorf("%s: shortDescription %q, want the title %q", r.Name, sr.ShortDescription.Text, r.Title)
		}
		if sr.Help.Text != HelpText(r) || sr.Help.Markdown != Markdown(r) || strings.TrimSpace(sr.Help.Text) == "" {
			t.Errorf("%s: help is not the rule's documentation", r.Name)
		}
		if want := sarifLevel(r.Severity); sr.DefaultConfiguration.Level != want {
			t.Errorf("%s: default level %q, want %q", r.Name, sr.DefaultConfiguration.Level, want)
		}
	}

	if len(run.Results) != len(findings) {
		t.Fatalf("%d results for %d findings", len(run.Results), len(findings))
	}
	levels := map[Severity]string{Error: "error", Warning: "warning", Info: "note"}
	for i, res := range run.Results {
		f := findings[i]
		if res.RuleID != f.Rule {
			t.Errorf("result %d: ruleId %q, want %q", i, res.RuleID, f.Rule)
		}
		if res.RuleIndex < 0 || res.RuleIndex >= len(rules) || rules[res.RuleIndex].ID != f.Rule {
			t.Errorf("result %d: ruleIndex %d does not point at %q", i, res.RuleIndex, f.Rule)
		}
		if res.Level != levels[f.Severity] {
			t.Errorf("result %d: level %q, want %q", i, res.Level, levels[f.Severity])
		}
		if !strings.HasPrefix(res.Message.Text, f.Message) || f.Suggestion != "" && !strings.Contains(res.Message.Text, f.Suggestion) {
			t.Errorf("result %d: message %q does not carry %q and its suggestion", i, res.Message.Text, f.Message)
		}
		if len(res.Locations) != 1 {
			t.Errorf("result %d: %d locations", i, len(res.Locations))
			continue
		}
		reg := res.Locations[0].PhysicalLocation.Region
		switch {
		case f.Pos.Line == 0 && reg != nil:
			t.Errorf("result %d: a region for a finding without a line: %+v", i, *reg)
		case f.Pos.Line > 0 && (reg == nil || reg.StartLine != f.Pos.Line || reg.StartColumn != f.Pos.Col):
			t.Errorf("result %d: region %+v, want line %d column %d", i, reg, f.Pos.Line, f.Pos.Col)
		}
	}
	if reg := run.Results[0].Locations[0].PhysicalLocation.Region; reg == nil || reg.EndLine != 2 || reg.EndColumn != 47 {
		t.Errorf("result 0: region %+v, want the end 2:47", reg)
	}
}

// rfc3986RelativeRef matches a relative-path or absolute-path reference
// without query or fragment (RFC 3986 §4.2): pchar segments, and no ":"
// in the first segment (else it reads as a scheme).
var rfc3986RelativeRef = regexp.MustCompile(`^(/?([A-Za-z0-9\-._~!$&'()*+,;=@]|%[0-9A-Fa-f]{2})+)(/([A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)*$`)

func TestSARIFArtifactURIs(t *testing.T) {
	cases := []struct {
		file, uri string // uri "": any valid reference to the file
		skip      string
	}{
		{"<stdin>", "%3Cstdin%3E", ""},
		{"queries/open tickets.dx", "queries/open%20tickets.dx", ""},
		{"queries/sub/a.dx", "queries/sub/a.dx", ""},
		{"100%.dx", "100%25.dx", ""},
		{"q#1/a?.dx", "q%231/a%3F.dx", ""},
		{"é.dx", "%C3%A9.dx", ""},
		{"v2:queries/a.dx", "./v2:queries/a.dx", ""},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			if c.skip != "" {
				t.Skip(c.skip)
			}
			f := Finding{Pos: diag.Pos{File: c.file, Line: 1, Col: 1}, Rule: "syntax-error", Severity: Error, Message: "m"}
			out := render(t, "sarif", PrintOptions{}, f)
			uri := decodeSARIF(t, out).Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI
			if c.uri != "" && uri != c.uri {
				t.Errorf("uri %q, want %q", uri, c.uri)
			}
			if !rfc3986RelativeRef.MatchString(uri) {
				t.Errorf("uri %q is not an RFC 3986 relative reference", uri)
			}
			u, err := url.Parse(uri)
			if err != nil || u.Scheme != "" || u.IsAbs() {
				t.Fatalf("uri %q: %v, scheme %q", uri, err, u.Scheme)
			}
			base, _ := url.Parse("file:///home/ci/repo/")
			if p := base.ResolveReference(u).Path; p != "/home/ci/repo/"+c.file {
				t.Errorf("uri %q resolves to %q, want the file %q", uri, p, c.file)
			}
			if err := checkSARIF([]byte(out)); err != nil {
				t.Errorf("not valid SARIF: %v", err)
			}
		})
	}
}

// SARIF counts columns in UTF-16 code units (the run says columnKind
// utf16CodeUnits); findings count bytes. A character of two UTF-8 bytes is
// one unit, one of four bytes (outside the BMP) two.
func TestSARIFColumnsInUTF16(t *testing.T) {
	line := `a = "é😀" and bad`
	col := strings.Index(line, "bad") + 1 // 18: bytes
	lines := func(string, int) string { return line }
	f := Finding{Pos: diag.Pos{File: "u.dx", Line: 1, Col: col}, Rule: "syntax-error", Severity: Error, Message: "m"}
	reg := decodeSARIF(t, render(t, "sarif", PrintOptions{Line: lines}, f)).Runs[0].Results[0].Locations[0].PhysicalLocation.Region
	if reg == nil || reg.StartColumn != 15 {
		t.Errorf("region %+v: want startColumn 15 (13 characters before, the emoji two units), from byte column %d", reg, col)
	}

	// Before the first multi-byte character, bytes and units agree.
	f.Pos.Col = 5
	reg = decodeSARIF(t, render(t, "sarif", PrintOptions{Line: lines}, f)).Runs[0].Results[0].Locations[0].PhysicalLocation.Region
	if reg == nil || reg.StartColumn != 5 {
		t.Errorf("region %+v: want startColumn 5", reg)
	}

	t.Run("end column", func(t *testing.T) {
		f := Finding{Pos: diag.Pos{File: "u.dx", Line: 1, Col: 5}, End: diag.Pos{File: "u.dx", Line: 1, Col: col}, Rule: "syntax-error", Severity: Error, Message: "m"}
		reg := decodeSARIF(t, render(t, "sarif", PrintOptions{Line: lines}, f)).Runs[0].Results[0].Locations[0].PhysicalLocation.Region
		if reg == nil || reg.EndColumn != 15 {
			t.Errorf("region %+v: want endColumn 15", reg)
		}
	})
}

// writeRecorder records every write, so a test can see what a printer has
// written before Close.
type writeRecorder struct {
	writes int
	buf    bytes.Buffer
}

func (w *writeRecorder) Write(p []byte) (int, error) {
	w.writes++
	return w.buf.Write(p)
}

// TestPrintersStream checks that every printer writes each finding when it
// is printed, not at Close: lint's memory must not grow with the number of
// findings, and findings must show while a long run goes on.
func TestPrintersStream(t *testing.T) {
	const n = 50
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			var w writeRecorder
			p, err := NewPrinter(format, &w, PrintOptions{Line: lineOf})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < n; i++ {
				before, size := w.writes, w.buf.Len()
				f := warnFinding
				f.Message = fmt.Sprintf("finding number %d.", i)
				if err := p.Print(f); err != nil {
					t.Fatal(err)
				}
				if w.writes == before {
					t.Fatalf("finding %d: nothing written when it was printed", i)
				}
				if !strings.Contains(w.buf.String()[size:], f.Message) {
					t.Fatalf("finding %d: what was written does not hold it: %q", i, w.buf.String()[size:])
				}
			}
			if w.writes < n {
				t.Errorf("%d writes for %d findings before Close", w.writes, n)
			}
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
			out := w.buf.String()
			switch format {
			case "json":
				var v []any
				if err := json.Unmarshal([]byte(out), &v); err != nil || len(v) != n {
					t.Errorf("streamed JSON: %v, %d elements", err, len(v))
				}
			case "sarif":
				if err := checkSARIF([]byte(out)); err != nil {
					t.Errorf("streamed SARIF: %v", err)
				}
			default:
				if c := strings.Count(out, "\n"); c != n {
					t.Errorf("%d lines for %d findings", c, n)
				}
			}
		})
	}
}
