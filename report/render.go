package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/dynexpr/dynexpr/capacity"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

// Formats are the names report's --format takes.
var Formats = []string{"text", "markdown", "json", "sarif"}

// Write prints r in format to w; opt is for validate's printers (the
// findings of text and SARIF).
func (r *Report) Write(w io.Writer, format string, opt validate.PrintOptions) error {
	opt.Rules = Rules
	switch format {
	case "text":
		return r.text(w, opt)
	case "markdown":
		return r.markdown(w)
	case "json":
		return r.json(w)
	case "sarif":
		p, err := validate.NewPrinter("sarif", w, opt)
		if err != nil {
			return err
		}
		for _, f := range r.Findings {
			if err := p.Print(f.Finding); err != nil {
				return err
			}
		}
		return p.Close()
	}
	return fmt.Errorf("--format %q: choose %s", format, strings.Join(Formats, ", "))
}

// indexLine describes an index: its kind, key and projection.
func indexLine(t *schema.Table, ix *schema.Index) string {
	kind := map[bool]string{true: "global", false: "local"}[ix.Global]
	proj := string(ix.Projection)
	if ix.Projection == schema.ProjectInclude {
		proj += " " + strings.Join(ix.Include, ", ")
	}
	return fmt.Sprintf("%s, key %s, projects %s", kind, strings.Join(ix.KeyAttributes(), "/"), proj)
}

// readWhat is what a read uses, in words.
func readWhat(rd Read) string {
	if rd.All {
		if rd.Index != "" {
			return "every projected attribute"
		}
		return "every attribute"
	}
	return strings.Join(rd.Attributes, ", ")
}

// effectText is what write w does to one index, in words.
func effectText(w Write, e capacity.IndexEffect) string {
	s := e.Index.Name + ": " + e.Effect.String()
	switch {
	case len(e.Attributes) == 0 || e.Effect == capacity.PutsEntry:
	case e.Effect == capacity.TakesOut && w.Op == "PutItem":
		s += " (the item has no " + strings.Join(e.Attributes, " or ") + ")"
	default:
		s += " (" + strings.Join(e.Attributes, ", ") + ")"
	}
	return s
}

// where is a request's place and label: "queries/orders.dx:7 sku_sales".
func where(q Request) string {
	s := fmt.Sprintf("%s:%d", q.Pos.File, q.Pos.Line)
	if q.Label != "" {
		s += " " + q.Label
	}
	return s
}

func op(q Request) string {
	if q.PartiQL != "" {
		if q.Op == "" {
			return q.PartiQL
		}
		return q.PartiQL + " as " + q.Op
	}
	if q.Op == "" {
		return "a request"
	}
	return q.Op
}

func (r *Report) text(w io.Writer, opt validate.PrintOptions) error {
	b := &printableWriter{w: w}
	for i, tb := range r.Tables {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(b, "Table %s", tb.Table)
		if tb.Schema == nil {
			b.WriteString(" (no schema describes it)")
		}
		b.WriteByte('\n')
		for _, ix := range tb.Indexes {
			fmt.Fprintf(b, "  Index %s (%s): %d %s, %d %s\n", ix.Schema.Name, indexLine(tb.Schema, ix.Schema),
				ix.Reads, plural(ix.Reads, "read", "reads"), ix.Writes, plural(ix.Writes, "write that takes an index write", "writes that take an index write"))
		}
		if len(tb.Reads) > 0 {
			b.WriteString("  Reads:\n")
		}
		for _, rd := range tb.Reads {
			on := ""
			if rd.Index != "" {
				on = " of index " + rd.Index
			}
			fmt.Fprintf(b, "    %s: %s%s, uses %s\n", where(rd.Request), op(rd.Request), on, readWhat(rd))
		}
		if len(tb.Writes) > 0 {
			b.WriteString("  Writes:\n")
		}
		for _, wr := range tb.Writes {
			var effects []string
			for _, e := range wr.Indexes {
				effects = append(effects, effectText(wr, e))
			}
			line := fmt.Sprintf("    %s: %s", where(wr.Request), op(wr.Request))
			if len(effects) > 0 {
				line += "; " + strings.Join(effects, "; ")
			}
			b.WriteString(line + "\n")
		}
		for _, q := range tb.Unresolved {
			fmt.Fprintf(b, "  Unresolved: %s: %s, its index or what it does not known\n", where(q), op(q))
		}
	}
	if len(r.Unresolved) > 0 {
		fmt.Fprintf(b, "\nRequests whose table is not known (%d):\n", len(r.Unresolved))
		for _, q := range r.Unresolved {
			fmt.Fprintf(b, "  %s: %s\n", where(q), op(q))
		}
	}
	if r.Cost != nil {
		var s strings.Builder
		r.Cost.text(&s)
		b.WriteString(s.String())
	}
	if len(r.Findings) > 0 {
		b.WriteString("\nFindings:\n")
		p, err := validate.NewPrinter("text", b, opt)
		if err != nil {
			return err
		}
		for _, f := range r.Findings {
			if err := p.Print(f.Finding); err != nil {
				return err
			}
		}
		if err := p.Close(); err != nil {
			return err
		}
	}
	return b.err
}

// printableWriter writes through to w what it is given, each line
// Printable (a name from the input never reaches a terminal raw), and
// keeps the first error, so that the report streams: what it writes is as
// large as the repository's requests.
type printableWriter struct {
	w   io.Writer
	err error
}

func (p *printableWriter) Write(b []byte) (int, error) {
	if p.err == nil {
		_, p.err = io.WriteString(p.w, diag.PrintableLines(string(b)))
	}
	return len(b), p.err
}

func (p *printableWriter) WriteString(s string) (int, error) { return p.Write([]byte(s)) }

func (p *printableWriter) WriteByte(c byte) error {
	_, err := p.Write([]byte{c})
	return err
}

// md escapes text for a Markdown table cell.
func md(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "`", "'", "<", "&lt;", ">", "&gt;").Replace(diag.Printable(s))
}

func (r *Report) markdown(w io.Writer) error {
	var b bytes.Buffer
	b.WriteString("## DynamoDB access patterns\n")
	for _, tb := range r.Tables {
		fmt.Fprintf(&b, "\n### Table `%s`\n\n", md(tb.Table))
		if len(tb.Indexes) > 0 {
			b.WriteString("| Index | Key and projection | Reads | Index writes |\n|---|---|---|---|\n")
			for _, ix := range tb.Indexes {
				fmt.Fprintf(&b, "| `%s` | %s | %d | %d |\n", md(ix.Schema.Name), md(indexLine(tb.Schema, ix.Schema)), ix.Reads, ix.Writes)
			}
			b.WriteByte('\n')
		}
		if len(tb.Reads)+len(tb.Writes)+len(tb.Unresolved) > 0 {
			b.WriteString("| Where | Request | Index | What |\n|---|---|---|---|\n")
		}
		for _, rd := range tb.Reads {
			fmt.Fprintf(&b, "| %s | %s | %s | uses %s |\n", md(where(rd.Request)), md(op(rd.Request)), md(rd.Index), md(readWhat(rd)))
		}
		for _, wr := range tb.Writes {
			var effects []string
			for _, e := range wr.Indexes {
				effects = append(effects, effectText(wr, e))
			}
			fmt.Fprintf(&b, "| %s | %s |  | %s |\n", md(where(wr.Request)), md(op(wr.Request)), md(strings.Join(effects, "; ")))
		}
		for _, q := range tb.Unresolved {
			fmt.Fprintf(&b, "| %s | %s | ? | not known |\n", md(where(q)), md(op(q)))
		}
	}
	if len(r.Unresolved) > 0 {
		fmt.Fprintf(&b, "\n### Requests whose table is not known (%d)\n\n", len(r.Unresolved))
		for _, q := range r.Unresolved {
			fmt.Fprintf(&b, "- %s: %s\n", md(where(q)), md(op(q)))
		}
	}
	if r.Cost != nil {
		var s strings.Builder
		r.Cost.markdown(&s)
		b.WriteString(s.String())
	}
	if len(r.Findings) > 0 {
		b.WriteString("\n### Findings\n\n| Where | Rule | Message |\n|---|---|---|\n")
		for _, f := range r.Findings {
			fmt.Fprintf(&b, "| %s | %s `%s` | %s |\n", md(f.Pos.String()), f.Severity, f.Rule, md(f.Message))
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// The JSON document; its fields are part of the output format users
// script against.
type jsonReport struct {
	Tables     []jsonTable   `json:"tables"`
	Unresolved []jsonRequest `json:"unresolved"`
	Findings   []jsonFinding `json:"findings"`
	Cost       *jsonCost     `json:"cost,omitempty"`
}

type jsonTable struct {
	Table      string        `json:"table"`
	Described  bool          `json:"described"`
	Indexes    []jsonIndex   `json:"indexes"`
	Reads      []jsonRead    `json:"reads"`
	Writes     []jsonWrite   `json:"writes"`
	Unresolved []jsonRequest `json:"unresolved"`
}

type jsonIndex struct {
	Index      string   `json:"index"`
	Type       string   `json:"type"`
	Key        []string `json:"key"`
	Projection string   `json:"projection"`
	Include    []string `json:"include,omitempty"`
	Reads      int      `json:"reads"`
	Writes     int      `json:"writes"`
}

type jsonRequest struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Op      string `json:"op"`
	Label   string `json:"label,omitempty"`
	PartiQL string `json:"partiql,omitempty"`
}

type jsonRead struct {
	jsonRequest
	Index      string   `json:"index"`
	Attributes []string `json:"attributes"` // null: every attribute
	Filter     []string `json:"filter,omitempty"`
}

type jsonEffect struct {
	Index      string   `json:"index"`
	Effect     string   `json:"effect"`
	Attributes []string `json:"attributes,omitempty"`
}

type jsonWrite struct {
	jsonRequest
	Index      string       `json:"index"`
	ChangesKey []string     `json:"changes_key_of"`
	Effects    []jsonEffect `json:"indexes"`
}

type jsonFinding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Table    string `json:"table"`
	Index    string `json:"index"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Message  string `json:"message"`
}

func jsonReq(q Request) jsonRequest {
	return jsonRequest{File: q.Pos.File, Line: q.Pos.Line, Op: q.Op, Label: q.Label, PartiQL: q.PartiQL}
}

func (r *Report) json(w io.Writer) error {
	doc := jsonReport{Tables: []jsonTable{}, Unresolved: []jsonRequest{}, Findings: []jsonFinding{}}
	for _, tb := range r.Tables {
		jt := jsonTable{Table: tb.Table, Described: tb.Schema != nil, Indexes: []jsonIndex{}, Reads: []jsonRead{}, Writes: []jsonWrite{}, Unresolved: []jsonRequest{}}
		for _, ix := range tb.Indexes {
			sx := ix.Schema
			jt.Indexes = append(jt.Indexes, jsonIndex{Index: sx.Name, Type: map[bool]string{true: "global", false: "local"}[sx.Global],
				Key: sx.KeyAttributes(), Projection: string(sx.Projection), Include: sx.Include, Reads: ix.Reads, Writes: ix.Writes})
		}
		for _, rd := range tb.Reads {
			jt.Reads = append(jt.Reads, jsonRead{jsonRequest: jsonReq(rd.Request), Index: rd.Index, Attributes: rd.Attributes, Filter: rd.Filter})
		}
		for _, wr := range tb.Writes {
			jw := jsonWrite{jsonRequest: jsonReq(wr.Request), ChangesKey: []string{}, Effects: []jsonEffect{}}
			jw.ChangesKey = append(jw.ChangesKey, wr.ChangesKeyOf()...)
			for _, e := range wr.Indexes {
				jw.Effects = append(jw.Effects, jsonEffect{Index: e.Index.Name, Effect: e.Effect.Word(), Attributes: e.Attributes})
			}
			jt.Writes = append(jt.Writes, jw)
		}
		for _, q := range tb.Unresolved {
			jt.Unresolved = append(jt.Unresolved, jsonReq(q))
		}
		doc.Tables = append(doc.Tables, jt)
	}
	for _, q := range r.Unresolved {
		doc.Unresolved = append(doc.Unresolved, jsonReq(q))
	}
	for _, f := range r.Findings {
		doc.Findings = append(doc.Findings, jsonFinding{Rule: f.Rule, Severity: f.Severity.String(), Table: f.Table, Index: f.Index,
			File: f.Pos.File, Line: f.Pos.Line, Message: f.Message})
	}
	if r.Cost != nil {
		doc.Cost = r.Cost.json()
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
