package lsp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/explain"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

func (s *server) hover(params json.RawMessage) (any, *rpcError) {
	d, off, err := s.at(params)
	if err != nil || d == nil || d.lang.hover == nil {
		return nil, err
	}
	if h := d.lang.hover(s, d, off); h != nil {
		return h, nil
	}
	return nil, nil
}

// at is the open document and byte offset a position request names; nil
// for a document that is not open.
func (s *server) at(params json.RawMessage) (*document, int, *rpcError) {
	var p textDocumentPositionParams
	if err := decode(params, &p); err != nil {
		return nil, 0, err
	}
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return nil, 0, nil
	}
	return d, d.offset(p.Position), nil
}

func markdown(text string, d *document, from, to int) *hover {
	r := lspRange{d.position(from), d.position(to)}
	return &hover{Contents: markupContent{Kind: "markdown", Value: text}, Range: &r}
}

// dslHover: on a rule's name in an ignore comment, the rule; on a table or
// index name, its key and indexes; on an attribute, its type and the
// indexes that hold it; elsewhere on a statement, what explain says of it.
func dslHover(s *server, d *document, off int) *hover {
	if c, ok := commentAt(d.text, off); ok {
		w, from := wordAt(d.text, off)
		if r := validate.Lookup(w); r != nil && strings.Contains(c, validate.IgnoreDirective) {
			text := fmt.Sprintf("**%s** (%s): %s\n\n[%s](%s)", r.Name, r.Severity, r.Title, r.Name, validate.DocURL(r.Name))
			return markdown(text, d, from, from+len(w))
		}
		return nil
	}
	st := d.statementAt(off)
	if st == nil {
		return nil
	}
	sch := s.workspaceOf(d).sch
	if n := findNode(st, off); n != nil {
		if text := describe(n, sch); text != "" {
			return markdown(text, d, n.from, n.to)
		}
		return nil
	}
	var b strings.Builder
	b.WriteString("```dynexpr\n" + grammar.Format(st) + "\n```\n")
	explainList(&b, explain.Statement(st, sch))
	return markdown(b.String(), d, st.Pos.Offset, d.statementEnd(st, off))
}

// explainList writes what explain says, a line each, as a Markdown list
// (an indented line a nested item).
func explainList(b *strings.Builder, text string) {
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if rest, ok := strings.CutPrefix(line, "  "); ok {
			b.WriteString("  - " + rest + "\n")
		} else {
			b.WriteString("- " + line + "\n")
		}
	}
}

// describe is what the schema says of the name n is; "" where it says
// nothing (no schema, a table it does not have).
func describe(n *nodeAt, sch *schema.Schema) string {
	if sch == nil || n.stmt.Table == nil {
		return ""
	}
	t := sch.Table(n.stmt.Table.Name)
	if t == nil {
		return ""
	}
	switch {
	case n.table != nil:
		return describeTable(t)
	case n.index != nil:
		if ix := t.Index(n.index.Name); ix != nil {
			return describeIndex(t, ix)
		}
		return ""
	}
	return describeAttr(n.attr, t, n.stmt)
}

func describeTable(t *schema.Table) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**table %s**: key %s", t.Name, keyWords(t.Key))
	if t.TTL != "" {
		fmt.Fprintf(&b, "; time to live in `%s`", t.TTL)
	}
	b.WriteString("\n")
	for _, ix := range t.Indexes {
		b.WriteString("- " + indexLine(t, ix) + "\n")
	}
	return b.String()
}

func describeIndex(t *schema.Table, ix *schema.Index) string {
	return fmt.Sprintf("**%s** of table %s", indexLine(t, ix), t.Name)
}

// indexLine: "global index by-status: key status, projects ALL".
func indexLine(t *schema.Table, ix *schema.Index) string {
	kind := "local"
	if ix.Global {
		kind = "global"
	}
	proj := string(ix.Projection)
	if ix.Projection == schema.ProjectInclude {
		proj += " " + strings.Join(ix.Include, ", ")
	}
	return fmt.Sprintf("%s index %s: key %s, projects %s", kind, ix.Name, keyWords(ix.Key), proj)
}

// keyWords: "`id` (partition), `at` (sort)".
func keyWords(k schema.Key) string {
	var parts []string
	for _, a := range k.Partition {
		parts = append(parts, "`"+a+"` (partition)")
	}
	for _, a := range k.Sort {
		parts = append(parts, "`"+a+"` (sort)")
	}
	return strings.Join(parts, ", ")
}

// describeAttr: the attribute's declared type, its part in the table's
// and the indexes' keys, and which indexes hold it.
func describeAttr(attr string, t *schema.Table, st *grammar.Statement) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** in table %s: ", attr, t.Name)
	if ty := t.AttrType(attr); ty != "" {
		fmt.Fprintf(&b, "%s (%s)", ty, strings.ToLower(grammar.TypeWord(grammar.ValueType(ty))))
	} else {
		b.WriteString("type not declared")
	}
	switch {
	case slices.Contains(t.Key.Partition, attr):
		b.WriteString("; the table's partition key")
	case slices.Contains(t.Key.Sort, attr):
		b.WriteString("; the table's sort key")
	}
	b.WriteString("\n")
	var holding, not []string
	for _, ix := range t.Indexes {
		switch {
		case slices.Contains(ix.Key.Partition, attr):
			holding = append(holding, ix.Name+" (its partition key: an item without it is not in the index)")
		case slices.Contains(ix.Key.Sort, attr):
			holding = append(holding, ix.Name+" (its sort key: an item without it is not in the index)")
		case ix.Projects(attr, t):
			holding = append(holding, ix.Name)
		default:
			not = append(not, ix.Name)
		}
	}
	if len(holding) > 0 {
		b.WriteString("- held by " + strings.Join(holding, ", ") + "\n")
	}
	if len(not) > 0 {
		b.WriteString("- not in " + strings.Join(not, ", ") + "\n")
	}
	if len(t.Indexes) == 0 {
		b.WriteString("- the table has no indexes\n")
	}
	return b.String()
}

// commentAt reports whether off is inside a # comment, and returns the
// comment's text.
func commentAt(src string, off int) (string, bool) {
	start := strings.LastIndexAny(src[:min(off, len(src))], "\r\n") + 1
	end := len(src)
	if i := strings.IndexAny(src[start:], "\r\n"); i >= 0 {
		end = start + i
	}
	line := src[start:end]
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '"', '`':
			i = grammar.SkipQuoted(line, i)
		case '#':
			if start+i <= off {
				return line[i:], true
			}
			return "", false
		}
	}
	return "", false
}

// wordAt is the word (rule, table, attribute name) around off and where
// it starts.
func wordAt(src string, off int) (string, int) {
	from, to := off, off
	for from > 0 && isWordByte(src[from-1]) {
		from--
	}
	for to < len(src) && isWordByte(src[to]) {
		to++
	}
	return src[from:to], from
}
