package lsp

import (
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

// A DSL file in the editor is mostly valid and partly being typed. The
// features that read one statement (hover, completion, definition) parse
// that statement alone, so that an error elsewhere in the file does not
// take them away: its span is cut out by grammar.Spans.

// statementAt parses the statement at off alone; nil if it does not parse.
// The rest of the file is blanked (line ends kept), so positions are the
// file's.
func (d *document) statementAt(off int) *grammar.Statement {
	s := grammar.SpanAt(d.text, off)
	var b strings.Builder
	b.Grow(len(d.text))
	blank := func(t string) {
		for i := 0; i < len(t); i++ {
			if c := t[i]; c == '\n' || c == '\r' {
				b.WriteByte(c)
			} else {
				b.WriteByte(' ')
			}
		}
	}
	blank(d.text[:s.From])
	b.WriteString(d.text[s.From:s.To])
	blank(d.text[s.To:])
	f, err := grammar.Parse(d.path, b.String())
	if err != nil || len(f.Statements) != 1 {
		return nil
	}
	return f.Statements[0]
}

// statementEnd is where st, the statement at off, ends: after its last
// token (st.EndPos is the token after it, the next statement's or the
// end of the file: a range to it would cover what follows).
func (d *document) statementEnd(st *grammar.Statement, off int) int {
	from, to := st.Pos.Offset, grammar.SpanAt(d.text, off).To
	if from > to {
		return from
	}
	_, ends, err := grammar.Trivia(d.path, d.text[from:to])
	if err != nil || len(ends) == 0 {
		return from
	}
	return from + ends[len(ends)-1]
}

// nodeAt is what the name at off is, in st: a table or index name, or an
// attribute (the first name of a path, a key of a put's item), with the
// statement (st, or the member of a group) it belongs to.
type nodeAt struct {
	stmt  *grammar.Statement
	table *grammar.TableRef // the statement's table
	index *grammar.TableRef // the statement's index
	attr  string            // an attribute's name
	from  int               // where the name starts
	to    int               // and ends
}

func findNode(st *grammar.Statement, off int) *nodeAt {
	var found *nodeAt
	var stack []grammar.Node // the nodes Inspect is inside
	stmt := func() *grammar.Statement {
		for i := len(stack) - 1; i >= 0; i-- {
			if st, ok := stack[i].(*grammar.Statement); ok {
				return st
			}
		}
		return st
	}
	covers := func(from int, raw string) bool { return from <= off && off <= from+len(raw) }
	at := func(n *nodeAt, from int, raw string) {
		n.stmt, n.from, n.to = stmt(), from, from+len(raw)
		found = n
	}
	grammar.Inspect(st, func(n grammar.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *grammar.Statement:
			if n.Table != nil && covers(n.Table.Pos.Offset, n.Table.Raw) {
				at(&nodeAt{table: n.Table}, n.Table.Pos.Offset, n.Table.Raw)
			}
			if n.Index != nil && covers(n.Index.Pos.Offset, n.Index.Raw) {
				at(&nodeAt{index: n.Index}, n.Index.Pos.Offset, n.Index.Raw)
			}
		case *grammar.Path:
			raw := n.First.Ident
			if raw == "" {
				raw = n.First.Quoted
			}
			if len(n.Elems) > 0 && covers(n.First.Pos.Offset, raw) {
				at(&nodeAt{attr: n.Elems[0].Name}, n.First.Pos.Offset, raw)
			}
		case *grammar.Value:
			// The keys of a put's item are its attributes.
			if top := stmt(); top.Item == n && n.Map != nil {
				for _, e := range n.Map.Entries {
					if covers(e.Pos.Offset, e.RawKey) {
						at(&nodeAt{attr: e.Key}, e.Pos.Offset, e.RawKey)
					}
				}
			}
		}
		return true
	})
	return found
}
