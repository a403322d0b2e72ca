package request

import (
	"fmt"
	"strconv"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
)

// The converter's plain members (table, flags, numbers, ReturnValues,
// projection) and the attribute names it writes.

func (c *converter) tableRef(m *Member) *grammar.TableRef {
	v := m.Value
	if v.Kind != String {
		c.failAt(v.Start, "%s is a string, not %s", m.Name, v.Kind)
	}
	if !grammar.InBackticks(v.Text) {
		c.failAt(v.Start, "%s %q cannot be written in the DSL: a table or index name there is bare or in backticks, so it cannot be empty or hold a backtick or a line break", m.Name, v.Text)
	}
	// Raw is the JSON string as written, so that an edit of the name is
	// an edit of the JSON.
	return &grammar.TableRef{Pos: c.pos(v.Start), Raw: string(c.src[v.Start:v.End]), Name: v.Text}
}

func (c *converter) boolean(m *Member) bool {
	if m.Value.Kind != Bool {
		c.failAt(m.Value.Start, "%s is true or false, not %s", m.Name, m.Value.Kind)
	}
	return m.Value.Text == "true"
}

// number reads a whole-number member in [lo, hi].
func (c *converter) number(m *Member, lo, hi int64, msg string) *grammar.Number {
	v := m.Value
	if v.Kind != Number {
		c.failAt(v.Start, "%s is a number, not %s", m.Name, v.Kind)
	}
	n, err := strconv.ParseInt(v.Text, 10, 32)
	if err != nil || n < lo || n > hi {
		c.failAt(v.Start, "%s, not %s", msg, v.Text)
	}
	return &grammar.Number{Pos: c.pos(v.Start), Text: v.Text}
}

func (c *converter) segment(clause func(*Member, grammar.ClauseID) diag.Pos) {
	seg, total := c.r.Obj.Member("Segment"), c.r.Obj.Member("TotalSegments")
	switch {
	case seg == nil && total == nil:
		return
	case seg == nil:
		c.failAt(total.NamePos, "TotalSegments needs Segment: a parallel scan reads segment Segment of TotalSegments")
	case total == nil:
		c.failAt(seg.NamePos, "Segment needs TotalSegments: a parallel scan reads segment Segment of TotalSegments")
	}
	t := c.number(total, 1, 1000000, "TotalSegments takes a whole number from 1 to 1000000")
	n, _ := strconv.ParseInt(t.Text, 10, 32)
	i := c.number(seg, 0, n-1, fmt.Sprintf("Segment takes a whole number from 0 to %d (TotalSegments - 1)", n-1))
	first := seg
	if total.NamePos < seg.NamePos {
		first = total
	}
	c.st.Segment = &grammar.Segment{Pos: c.pos(seg.Value.Start), Index: i, Total: t}
	clause(first, grammar.ClauseSegment)
}

var returnWords = map[string]string{
	"NONE": "none", "ALL_OLD": "old", "ALL_NEW": "new", "UPDATED_OLD": "updated_old", "UPDATED_NEW": "updated_new",
}

func (c *converter) returnValues(m *Member) *grammar.Ident {
	v := m.Value
	word := ""
	if v.Kind == String {
		word = returnWords[v.Text]
	}
	switch {
	case word == "" && c.st.Kind == grammar.KindUpdate:
		c.failAt(v.Start, "ReturnValues takes NONE, ALL_OLD, ALL_NEW, UPDATED_OLD or UPDATED_NEW")
	case word != "none" && word != "old" && c.st.Kind != grammar.KindUpdate:
		c.failAt(v.Start, "ReturnValues of %s takes NONE or ALL_OLD (DynamoDB: \"ReturnValues can only be ALL_OLD or NONE\")", c.r.Command)
	}
	return &grammar.Ident{Pos: c.pos(v.Start), Name: word}
}

// projection reads ProjectionExpression and Select into the select clause,
// and the member the clause stands at.
func (c *converter) projection() (*grammar.Projection, *Member) {
	pe, sel := c.r.Obj.Member("ProjectionExpression"), c.r.Obj.Member("Select")
	if atg := c.r.Obj.Member("AttributesToGet"); atg != nil && c.r.Part == "KeysAndAttributes" {
		if pe != nil {
			c.failAt(atg.NamePos, "AttributesToGet beside a ProjectionExpression is a mix DynamoDB refuses: run dynexpr lint on the request")
		}
		return c.attributesToGet(atg), atg
	}
	word := ""
	if sel != nil {
		if sel.Value.Kind != String {
			c.failAt(sel.Value.Start, "Select is a string, not %s", sel.Value.Kind)
		}
		word = sel.Value.Text
	}
	switch word {
	case "", "SPECIFIC_ATTRIBUTES":
		if pe == nil {
			if sel != nil {
				c.failAt(sel.Value.Start, "Select SPECIFIC_ATTRIBUTES needs a ProjectionExpression naming the attributes (DynamoDB refuses it alone)")
			}
			return nil, nil
		}
		if sel != nil {
			c.drop(sel, true, "Select SPECIFIC_ATTRIBUTES is what a ProjectionExpression asks for")
		}
		x := c.parse(pe, ddbexpr.ProjectionExpression)
		p := &grammar.Projection{Pos: x.at(x.e.Projection.Start)}
		for _, path := range x.e.Projection.Paths {
			p.Paths = append(p.Paths, x.path(path))
		}
		return p, pe
	case "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES":
		if pe != nil {
			c.failAt(pe.NamePos, "a ProjectionExpression goes with Select SPECIFIC_ATTRIBUTES, not %s (DynamoDB refuses both); remove one", word)
		}
		p := &grammar.Projection{Pos: c.pos(sel.Value.Start), Count: word == "COUNT", All: word == "ALL_ATTRIBUTES", Projected: word == "ALL_PROJECTED_ATTRIBUTES"}
		return p, sel
	}
	c.failAt(sel.Value.Start, "Select takes ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, SPECIFIC_ATTRIBUTES or COUNT, not %q", word)
	return nil, nil
}

// attributesToGet reads a batch get's legacy AttributesToGet, top-level
// names, into the select clause.
func (c *converter) attributesToGet(m *Member) *grammar.Projection {
	v := m.Value
	if v.Kind != Array || len(v.Elems) == 0 {
		c.failAt(v.Start, "AttributesToGet is a list of attribute names, and this one has none")
	}
	p := &grammar.Projection{Pos: c.pos(v.Start)}
	for _, e := range v.Elems {
		if e.Kind != String {
			c.failAt(e.Start, "AttributesToGet lists names, JSON strings")
		}
		p.Paths = append(p.Paths, c.topPath(e.Text, c.pos(e.Start), "AttributesToGet"))
	}
	return p
}

// The attribute names the converter writes.

// pathName is one attribute name as a path segment: bare where the DSL
// reads it back as the same name, else in backticks.
func (c *converter) pathName(name string, at diag.Pos, where func() string) *grammar.PathName {
	if !grammar.InBackticks(name) {
		what := "is empty"
		if name != "" {
			what = fmt.Sprintf("%q holds a backtick or a line break", name)
		}
		c.failPos(at, "the attribute name %s%s, which a DSL name in backticks cannot hold", what, where())
	}
	w := grammar.Name(name)
	if w == name {
		return &grammar.PathName{Pos: at, Ident: name}
	}
	return &grammar.PathName{Pos: at, Quoted: w}
}

// topPath is a one-name path: a key attribute.
func (c *converter) topPath(name string, at diag.Pos, where string) *grammar.Path {
	first := c.pathName(name, at, func() string { return " (" + where + ")" })
	return &grammar.Path{Pos: at, First: first, Elems: []grammar.PathElem{{Pos: at, Name: name}}}
}
