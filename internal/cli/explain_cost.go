package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/dynexpr/dynexpr/capacity"
	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/pflag"
)

// costFlags are explain's capacity flags: --cost, --format and what the
// requests do not show of the items (--item-size, --sample, --items).
type costFlags struct {
	cost     bool
	format   string
	itemSize string
	sample   string
	items    int64
}

func (c *costFlags) register(fl *pflag.FlagSet) {
	fl.BoolVar(&c.cost, "cost", false, "add each request's read and write units and each index's writes, by DynamoDB's capacity rules")
	fl.StringVar(&c.format, "format", "text", "output `FORMAT`: text or json (each request's explanation, units and findings)")
	registerItemFlags(fl, &c.itemSize, &c.sample, &c.items)
}

// hints reads what the flags say of the items.
func (c *costFlags) hints(e *env) (capacity.Hints, error) {
	if c.format != "text" && c.format != "json" {
		return capacity.Hints{}, fmt.Errorf("--format %q: choose text or json", c.format)
	}
	return itemHints(e, c.itemSize, c.sample, c.items)
}

// registerItemFlags adds --item-size, --sample and --items, which explain
// --cost and report --cost share.
func registerItemFlags(fl *pflag.FlagSet, itemSize, sample *string, items *int64) {
	fl.StringVar(itemSize, "item-size", "", "the size of the tables' items, `SIZE` such as 800, 3.5KB (1 KB is 1,024 bytes), for the units a request's text does not show")
	fl.StringVar(sample, "sample", "", "items as DynamoDB JSON in `FILE` (such as aws dynamodb scan's output): their mean to largest size stands for --item-size")
	fl.Int64Var(items, "items", 0, "the items a query matches or a scan evaluates, `N`, for their units")
}

// itemHints reads what --item-size, --sample and --items say of the items.
func itemHints(e *env, itemSize, sample string, items int64) (capacity.Hints, error) {
	var h capacity.Hints
	c := struct {
		itemSize, sample string
		items            int64
	}{itemSize, sample, items}
	if c.itemSize != "" && c.sample != "" {
		return h, fmt.Errorf("--item-size and --sample both give the items' size: give one")
	}
	if c.items < 0 {
		return h, fmt.Errorf("--items %d: give the number of items, 1 or more", c.items)
	}
	h.Items = c.items
	if c.itemSize != "" {
		n, err := schema.ParseSize(c.itemSize)
		if err != nil {
			return h, fmt.Errorf("--item-size: %v", err)
		}
		s := capacity.ExactSize(n)
		h.ItemSize = &s
	}
	if c.sample != "" {
		b, err := e.limit.Read(c.sample)
		if err != nil {
			return h, diag.Errorf(diag.Pos{File: c.sample}, "cannot read the sample: %v", config.Cause(err))
		}
		smp, err := capacity.ReadSample(b)
		if err != nil {
			return h, diag.Errorf(diag.Pos{File: c.sample}, "%v", err)
		}
		s := capacity.Size{Min: smp.Mean, Max: smp.Largest}
		h.ItemSize = &s
	}
	return h, nil
}

// jsonExplanation is one request's explanation as explain --format json
// writes it; its fields are part of the output format users script
// against.
type jsonExplanation struct {
	File        string                    `json:"file"`
	Line        int                       `json:"line"`
	Label       string                    `json:"label,omitempty"`
	Op          string                    `json:"op"`
	RunsAs      string                    `json:"runs_as,omitempty"` // a PartiQL statement: the operation it runs as
	Table       string                    `json:"table,omitempty"`
	Index       string                    `json:"index,omitempty"`
	Explanation []string                  `json:"explanation"`
	ReadUnits   capacity.Units            `json:"read_units"`
	WriteUnits  capacity.Units            `json:"write_units"`
	IndexWrites map[string]capacity.Units `json:"index_write_units"`
	IndexEffect map[string]string         `json:"index_effects"`
	ItemBytes   *capacity.Size            `json:"item_bytes,omitempty"`
	Ranges      []string                  `json:"ranges,omitempty"`
	Findings    []json.RawMessage         `json:"findings"`
}

// newJSONExplanation fills the figures of st's explanation; index names
// carry their table ("Table.index") when a group writes to several tables.
func newJSONExplanation(st *grammar.Statement, c capacity.Cost, lines []string) jsonExplanation {
	x := jsonExplanation{File: st.Pos.File, Line: st.Pos.Line, Op: st.Kind.Operation(), Explanation: lines,
		ReadUnits: c.Read, WriteUnits: c.Write, IndexWrites: map[string]capacity.Units{}, IndexEffect: map[string]string{},
		ItemBytes: c.ItemBytes, Ranges: c.Notes, Findings: []json.RawMessage{}}
	if st.Label != nil {
		x.Label = st.Label.Name
	}
	if st.Table != nil {
		x.Table = st.Table.Name
	}
	if st.Index != nil {
		x.Index = st.Index.Name
	}
	tables := map[string]bool{}
	for _, ic := range c.Indexes {
		tables[ic.Table] = true
	}
	for _, ic := range c.Indexes {
		name := ic.Index
		if len(tables) > 1 {
			name = ic.Table + "." + ic.Index
		}
		x.IndexWrites[name] = ic.Units
		x.IndexEffect[name] = ic.Effect.Word()
	}
	return x
}

// addFindings renders findings through validate's JSON printer, one
// element each.
func (x *jsonExplanation) addFindings(findings []validate.Finding, opt validate.PrintOptions) error {
	if len(findings) == 0 {
		return nil
	}
	var buf jsonBuffer
	p, err := validate.NewPrinter("json", &buf, opt)
	if err != nil {
		return err
	}
	for _, f := range findings {
		if err := p.Print(f); err != nil {
			return err
		}
	}
	if err := p.Close(); err != nil {
		return err
	}
	return json.Unmarshal(buf.b, &x.Findings)
}

type jsonBuffer struct{ b []byte }

func (j *jsonBuffer) Write(p []byte) (int, error) { j.b = append(j.b, p...); return len(p), nil }

// jsonArray streams the elements of a JSON array, one a line.
type jsonArray struct {
	w io.Writer
	n int
}

func (a *jsonArray) add(v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // a condition's < and > stay as written
	if err := enc.Encode(v); err != nil {
		return err
	}
	b := bytes.TrimRight(buf.Bytes(), "\n")
	sep := ",\n  "
	if a.n == 0 {
		sep = "[\n  "
	}
	a.n++
	_, err := io.WriteString(a.w, sep+string(b))
	return err
}

func (a *jsonArray) close() error {
	end := "\n]\n"
	if a.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(a.w, end)
	return err
}
