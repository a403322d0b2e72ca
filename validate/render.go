package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// This file is the one place findings are rendered, in every format of
// `dynexpr lint --format`. Printers stream: each finding is written as it
// comes, so memory does not grow with the number of files linted.

// Formats are the names --format takes.
var Formats = []string{"text", "json", "sarif", "github"}

// PrintOptions configure a printer.
type PrintOptions struct {
	// Color writes ANSI colours (text only; the caller decides: a terminal,
	// and NO_COLOR unset).
	Color bool
	// Caret writes the offending line and a caret under each text finding.
	Caret bool
	// Line returns line n of a file, for the caret and for counting the
	// columns in characters; nil for none (columns are then bytes).
	Line func(file string, n int) string
	// Version is dynexpr's version, for SARIF.
	Version string
	// Rules are rules besides the catalog's whose findings are printed,
	// for SARIF's list of rules (dynexpr report's, which judge a
	// repository's requests together).
	Rules []*Rule
}

// line is the text of the line p is on, "" when it cannot be read.
func (o PrintOptions) line(p diag.Pos) string {
	if o.Line == nil || !p.IsValid() {
		return ""
	}
	return o.Line(p.File, p.Line)
}

// columns are f's start and end columns in characters (diag.Column).
func (o PrintOptions) columns(f Finding) (start, end int) {
	return diag.Column(o.line(f.Pos), f.Pos.Col), diag.Column(o.line(f.End), f.End.Col)
}

// Printer writes findings as they come.
type Printer interface {
	Print(f Finding) error
	// Close ends the document (closing brackets) and flushes.
	Close() error
}

// NewPrinter returns the printer for a --format name.
func NewPrinter(format string, w io.Writer, opt PrintOptions) (Printer, error) {
	switch format {
	case "text":
		return &textPrinter{w: w, opt: opt}, nil
	case "json":
		return &jsonPrinter{w: w, opt: opt}, nil
	case "sarif":
		p := &sarifPrinter{w: w, opt: opt}
		return p, p.begin()
	case "github":
		return &githubPrinter{w: w, opt: opt}, nil
	}
	return nil, fmt.Errorf("--format %q: choose %s", format, strings.Join(Formats, ", "))
}

type textPrinter struct {
	w   io.Writer
	opt PrintOptions
}

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
	ansiGreen  = "\x1b[32m"
)

func (p *textPrinter) Print(f Finding) error {
	var b strings.Builder
	line := p.opt.line(f.Pos)
	// What quotes the input (the file's name, the message) is shown
	// Printable: the input's control characters must not reach a terminal.
	where, msg, sev := diag.Printable(f.Pos.Where(line)), diag.Printable(f.Message), f.Severity.String()
	if p.opt.Color {
		color := map[Severity]string{Error: ansiRed, Warning: ansiYellow, Info: ansiCyan}[f.Severity]
		fmt.Fprintf(&b, "%s%s:%s %s%s:%s %s %s(%s)%s\n", ansiBold, where, ansiReset, color+ansiBold, sev, ansiReset, msg, ansiCyan, f.Rule, ansiReset)
	} else {
		b.WriteString(headline(where, sev, msg, f.Rule) + "\n")
	}
	if p.opt.Caret && line != "" {
		caret := "^"
		if p.opt.Color {
			caret = ansiGreen + ansiBold + "^" + ansiReset
		}
		b.WriteString(diag.Caret(line, f.Pos.Col, caret))
	}
	_, err := io.WriteString(p.w, b.String())
	return err
}

func (p *textPrinter) Close() error { return nil }

// headline is how a finding's text starts: `where: severity: message (rule)`.
func headline(where, severity, message, rule string) string {
	return where + ": " + severity + ": " + message + " (" + rule + ")"
}

// jsonFinding is a finding as --format json writes it; its fields are part of
// the output format users script against.
type jsonFinding struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	EndLine    int    `json:"endLine,omitempty"`
	EndColumn  int    `json:"endColumn,omitempty"`
	Rule       string `json:"rule"`
	Severity   string `json:"severity"`
	Message    string `json:"message"`
	Suggestion string `json:"suggestion,omitempty"`
}

type jsonPrinter struct {
	w   io.Writer
	opt PrintOptions
	n   int
}

func (p *jsonPrinter) Print(f Finding) error {
	col, endCol := p.opt.columns(f)
	b, err := marshal(jsonFinding{
		File: f.Pos.File, Line: f.Pos.Line, Column: col, EndLine: f.End.Line, EndColumn: endCol,
		Rule: f.Rule, Severity: f.Severity.String(), Message: f.Message, Suggestion: f.Suggestion,
	})
	if err != nil {
		return err
	}
	return writeElement(p.w, &p.n, "[\n  ", ",\n  ", b)
}

// writeElement writes one element of a JSON array being streamed: first
// before the first, sep before the others; n counts the elements written.
func writeElement(w io.Writer, n *int, first, sep string, b []byte) error {
	if *n == 0 {
		sep = first
	}
	*n++
	_, err := io.WriteString(w, sep+string(b))
	return err
}

func (p *jsonPrinter) Close() error {
	end := "\n]\n"
	if p.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(p.w, end)
	return err
}

// marshal encodes v without HTML escaping and without a trailing newline.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

type githubPrinter struct {
	w   io.Writer
	opt PrintOptions
}

// Print writes a GitHub Actions workflow command:
// ::error file=F,line=L,col=C,endLine=..,endColumn=..,title=RULE::MESSAGE
// The log shows it as a terminal would, so what quotes the input is
// Printable once CR and LF are escaped (they are lines of the annotation).
func (p *githubPrinter) Print(f Finding) error {
	cmd := map[Severity]string{Error: "error", Warning: "warning", Info: "notice"}[f.Severity]
	props := []string{"file=" + diag.Printable(ghProperty(filepath.ToSlash(f.Pos.File)))}
	col, endCol := p.opt.columns(f)
	if f.Pos.Line > 0 {
		props = append(props, "line="+strconv.Itoa(f.Pos.Line), "col="+strconv.Itoa(col))
	}
	if f.End.Line > 0 {
		props = append(props, "endLine="+strconv.Itoa(f.End.Line), "endColumn="+strconv.Itoa(endCol))
	}
	props = append(props, "title="+ghProperty(f.Rule))
	msg := f.Message
	if f.Suggestion != "" && !strings.Contains(f.Message, f.Suggestion) {
		msg += "\nsuggestion: " + f.Suggestion
	}
	_, err := fmt.Fprintf(p.w, "::%s %s::%s\n", cmd, strings.Join(props, ","), diag.Printable(ghData(msg)))
	return err
}

func (p *githubPrinter) Close() error { return nil }

// ghData escapes a workflow command's message: %, CR and LF.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value: also : and ,.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// sarifPrinter writes SARIF 2.1.0: one run, the whole catalog as the tool's
// rules (with help text), results streamed as they come. It is written by
// hand rather than through a SARIF library: the one maintained Go library
// pulls net/http into the binary (its schema validator) and doubles the
// start-up time of every dynexpr process; the tests validate this output
// against the SARIF 2.1.0 schema with that library instead.
type sarifPrinter struct {
	w     io.Writer
	opt   PrintOptions
	n     int
	index map[string]int
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string    `json:"id"`
	Name                 string    `json:"name"`
	ShortDescription     sarifText `json:"shortDescription"`
	FullDescription      sarifText `json:"fullDescription"`
	Help                 sarifText `json:"help"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
	HelpURI string `json:"helpUri,omitempty"`
}

func sarifLevel(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "note"
}

func (p *sarifPrinter) begin() error {
	rules := append(All(), p.opt.Rules...)
	p.index = make(map[string]int, len(rules))
	srules := make([]sarifRule, len(rules))
	for i, r := range rules {
		p.index[r.Name] = i
		sr := sarifRule{ID: r.Name, Name: camelName(r.Name)}
		sr.ShortDescription.Text = r.Title
		sr.FullDescription.Text = oneParagraph(r.Why)
		sr.Help.Text = HelpText(r)
		sr.Help.Markdown = Markdown(r)
		sr.DefaultConfiguration.Level = sarifLevel(r.Severity)
		srules[i] = sr
	}
	driver := map[string]any{
		"name":           "dynexpr",
		"informationUri": ProjectURL,
		"version":        p.opt.Version,
		"rules":          srules,
	}
	d, err := marshal(driver)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(p.w, `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":{"driver":%s},"columnKind":"utf16CodeUnits","results":[`, d)
	return err
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region *sarifRegion `json:"region,omitempty"`
	} `json:"physicalLocation"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

func (p *sarifPrinter) Print(f Finding) error {
	r := sarifResult{RuleID: f.Rule, RuleIndex: p.index[f.Rule], Level: sarifLevel(f.Severity)}
	r.Message.Text = f.Message
	if f.Suggestion != "" && !strings.Contains(f.Message, f.Suggestion) {
		r.Message.Text += " Suggestion: " + f.Suggestion
	}
	r.Locations = make([]sarifLocation, 1)
	loc := &r.Locations[0].PhysicalLocation
	loc.ArtifactLocation.URI = fileURI(f.Pos.File)
	if f.Pos.Line > 0 {
		col := diag.UTF16Column(p.opt.line(f.Pos), f.Pos.Col)
		endCol := diag.UTF16Column(p.opt.line(f.End), f.End.Col)
		loc.Region = &sarifRegion{StartLine: f.Pos.Line, StartColumn: col, EndLine: f.End.Line, EndColumn: endCol}
	}
	b, err := marshal(r)
	if err != nil {
		return err
	}
	return writeElement(p.w, &p.n, "", ",", b)
}

func (p *sarifPrinter) Close() error {
	_, err := io.WriteString(p.w, "]}]}\n")
	return err
}

// fileURI makes a relative URI reference of a file name: forward slashes,
// each segment escaped ("<stdin>" becomes "%3Cstdin%3E").
func fileURI(name string) string {
	parts := strings.Split(filepath.ToSlash(name), "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	uri := strings.Join(parts, "/")
	// A colon before the first slash would read as a URI scheme ("v2:q.dx").
	if i := strings.IndexByte(uri, ':'); i >= 0 && !strings.Contains(uri[:i], "/") {
		uri = "./" + uri
	}
	return uri
}

// camelName turns a rule name into SARIF's PascalCase rule name.
func camelName(s string) string {
	parts := strings.Split(s, "-")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "")
}

func oneParagraph(s string) string { return strings.Join(strings.Fields(s), " ") }
