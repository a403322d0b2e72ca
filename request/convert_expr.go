package request

import (
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
)

// The converter's expressions: DynamoDB's expression syntax read into the
// DSL's conditions, paths, values and update actions.

// expr is one expression member being converted.
type expr struct {
	c     *converter
	m     *Member
	e     *ddbexpr.Expr
	raw   string // the JSON string literal, quotes included
	plain bool   // no escapes: offset i of the text is byte i+1 of raw
}

// parse reads an expression member; DynamoDB's grammar must take it.
func (c *converter) parse(m *Member, kind ddbexpr.Kind) *expr {
	v := m.Value
	if v.Kind != String {
		c.failAt(v.Start, "%s is a string, not %s", m.Name, v.Kind)
	}
	raw := string(c.src[v.Start:v.End])
	x := &expr{c: c, m: m, raw: raw, plain: !strings.Contains(raw, `\`)}
	e, err := ddbexpr.Parse(kind, v.Text)
	if err != nil {
		se, ok := err.(*ddbexpr.SyntaxError)
		if !ok {
			c.failAt(v.Start, "%s: %v", m.Name, err)
		}
		c.failPos(x.at(se.Offset), "%s: %s", m.Name, se.Msg)
	}
	x.e = e
	return x
}

// at is the position in the file of byte off of the expression.
func (x *expr) at(off int) diag.Pos {
	if x.plain {
		if off > len(x.raw)-2 {
			off = len(x.raw) - 2
		}
		return x.c.pos(x.m.Value.Start + 1 + off)
	}
	return x.c.pos(x.m.Value.Start + ddbexpr.MapOffset(x.raw, off))
}

func (c *converter) condition(m *Member, kind ddbexpr.Kind) *grammar.Condition {
	x := c.parse(m, kind)
	return x.cond(x.e.Condition)
}

// cond converts a condition: an OR of ANDs, as the DSL's grammar has it.
// DynamoDB's parser nests a AND b AND c as a AND (b AND c); without
// parentheses, that is the DSL's flat list.
func (x *expr) cond(n ddbexpr.Condition) *grammar.Condition {
	out := &grammar.Condition{Pos: x.at(n.Bounds().Start)}
	for _, a := range flatten(n, ddbexpr.Or, nil) {
		and := &grammar.AndCondition{Pos: x.at(a.Bounds().Start)}
		for _, t := range flatten(a, ddbexpr.And, nil) {
			and.And = append(and.And, x.not(t))
		}
		out.Or = append(out.Or, and)
	}
	return out
}

// flatten lists the operands of a chain of op, not looking into
// parentheses.
func flatten(n ddbexpr.Condition, op ddbexpr.Operator, out []ddbexpr.Condition) []ddbexpr.Condition {
	if l, ok := n.(*ddbexpr.Logical); ok && l.Op == op {
		out = flatten(l.Left, op, out)
		return flatten(l.Right, op, out)
	}
	return append(out, n)
}

func (x *expr) not(n ddbexpr.Condition) *grammar.NotCondition {
	at := x.at(n.Bounds().Start)
	out := &grammar.NotCondition{Pos: at}
	switch n := n.(type) {
	case *ddbexpr.Not:
		out.Not = x.not(n.X)
	case *ddbexpr.ParenCondition:
		out.Group = x.cond(n.X)
	case *ddbexpr.Logical:
		// Only in parentheses, which ParenCondition covers; kept for safety.
		out.Group = x.cond(n)
	case *ddbexpr.Comparison:
		out.Compare = &grammar.Comparison{Pos: at, Left: x.operand(n.Left), Op: string(n.Op), Right: x.operand(n.Right)}
	case *ddbexpr.Between:
		out.Compare = &grammar.Comparison{Pos: at, Left: x.operand(n.X), Low: x.operand(n.Low), High: x.operand(n.High)}
	case *ddbexpr.In:
		cmp := &grammar.Comparison{Pos: at, Left: x.operand(n.X)}
		for _, o := range n.List {
			cmp.In = append(cmp.In, x.operand(o))
		}
		out.Compare = cmp
	case *ddbexpr.Function:
		out.Compare = &grammar.Comparison{Pos: at, Left: x.operand(n)}
	default:
		x.c.failPos(at, "%s: this condition has no form in the DSL", x.m.Name)
	}
	return out
}

// operand converts a path, a :value or a function call; the DSL has no
// parentheses around operands, and needs none.
func (x *expr) operand(o ddbexpr.Operand) *grammar.Operand {
	o = ddbexpr.Unparen(o)
	at := x.at(o.Bounds().Start)
	out := &grammar.Operand{Pos: at}
	switch o := o.(type) {
	case *ddbexpr.Path:
		out.Path = x.path(o)
	case *ddbexpr.ValuePlaceholder:
		out.Value = x.value(o)
	case *ddbexpr.Function:
		call := &grammar.Call{Pos: at, Func: o.Name}
		for _, a := range o.Args {
			call.Args = append(call.Args, x.operand(a))
		}
		out.Call = call
	default:
		x.c.failPos(at, "%s: an operand with + or - stands only as the value of a SET action", x.m.Name)
	}
	return out
}

// path converts a document path, resolving #name placeholders.
func (x *expr) path(p *ddbexpr.Path) *grammar.Path {
	out := &grammar.Path{Pos: x.at(p.Start)}
	for i, s := range p.Segments {
		at := x.at(s.Start)
		if s.Kind == ddbexpr.IndexSegment {
			if s.Index < 0 {
				x.c.failPos(at, "%s: the list index %s is too large", x.m.Name, s.Name)
			}
			out.Steps = append(out.Steps, &grammar.PathStep{Pos: at, Index: strconv.Itoa(s.Index)})
			out.Elems = append(out.Elems, grammar.PathElem{Pos: at, Index: s.Index, IsIndex: true})
			continue
		}
		name := s.Name
		switch s.Kind {
		case ddbexpr.NamePlaceholder:
			name = x.name(s.Name, at)
		case ddbexpr.ValueSegment:
			x.c.failPos(at, "%s: a document path cannot hold the value placeholder %s", x.m.Name, s.Name)
		}
		pn := x.c.pathName(name, at, func() string {
			if s.Kind == ddbexpr.NamePlaceholder {
				return " (" + s.Name + " in ExpressionAttributeNames)"
			}
			return ""
		})
		if i == 0 {
			out.First = pn
		} else {
			// The "." stands right after the previous segment.
			out.Steps = append(out.Steps, &grammar.PathStep{Pos: x.at(p.Segments[i-1].End), Field: pn})
		}
		out.Elems = append(out.Elems, grammar.PathElem{Pos: at, Name: name})
	}
	return out
}

// name resolves a #name placeholder.
func (x *expr) name(ph string, at diag.Pos) string {
	def := x.c.names[ph]
	if def == nil {
		x.c.failPos(at, "%s: %s is not defined: add it to ExpressionAttributeNames, like %q: \"attributeName\"", x.m.Name, ph, ph)
	}
	x.c.used[ph] = true
	x.c.out.Placeholders = append(x.c.out.Placeholders, PlaceholderUse{Name: ph, Pos: at, Def: def})
	return def.Value.Text
}

// value resolves a :value placeholder into the literal it stands for,
// standing where the placeholder is used.
func (x *expr) value(ph *ddbexpr.ValuePlaceholder) *grammar.Value {
	at := x.at(ph.Start)
	def := x.c.values[ph.Name]
	if def == nil && x.c.r.Partial() {
		// Code that computes its map of values defines this one there.
		return x.c.unknownValue(at, ph.Name)
	}
	if def == nil {
		x.c.failPos(at, "%s: %s is not defined: add it to ExpressionAttributeValues, like %q: {\"S\": \"text\"}", x.m.Name, ph.Name, ph.Name)
	}
	x.c.used[ph.Name] = true
	v := x.c.value(def.Value, at, ph.Name)
	x.c.out.Placeholders = append(x.c.out.Placeholders, PlaceholderUse{Name: ph.Name, Pos: at, Def: def, Value: v})
	return v
}

// update converts an UpdateExpression: its sections of each kind become
// one DSL clause of that kind.
func (c *converter) update(m *Member, clause func(*Member, grammar.ClauseID) diag.Pos) {
	x := c.parse(m, ddbexpr.UpdateExpression)
	st := c.st
	var first [ddbexpr.Delete + 1]*ddbexpr.Section
	for _, s := range x.e.Update.Sections {
		if first[s.Kind] == nil {
			first[s.Kind] = s
		}
		for _, a := range s.Actions {
			at := x.at(a.Start)
			path := x.path(a.Path)
			switch s.Kind {
			case ddbexpr.Set:
				act := &grammar.SetAction{Pos: at, Path: path}
				if ar, ok := ddbexpr.Unparen(a.Value).(*ddbexpr.Arithmetic); ok {
					act.Left, act.Op, act.Right = x.operand(ar.Left), string(ar.Op), x.operand(ar.Right)
				} else {
					act.Left = x.operand(a.Value)
				}
				st.Sets = append(st.Sets, act)
			case ddbexpr.Remove:
				st.Removes = append(st.Removes, path)
			case ddbexpr.Add, ddbexpr.Delete:
				// A negative number prints as `add n -5`, which the DSL reads
				// back as the number -5 (grammar.ValueAction).
				v := x.value(a.Value.(*ddbexpr.ValuePlaceholder))
				if s.Kind == ddbexpr.Add {
					st.Adds = append(st.Adds, &grammar.ValueAction{Pos: at, Path: path, Value: v})
				} else {
					st.Deletes = append(st.Deletes, &grammar.ValueAction{Pos: at, Path: path, Value: v})
				}
			}
		}
	}
	ids := [...]grammar.ClauseID{ddbexpr.Set: grammar.ClauseSet, ddbexpr.Remove: grammar.ClauseRemove, ddbexpr.Add: grammar.ClauseAdd, ddbexpr.Delete: grammar.ClauseDelete}
	for k := ddbexpr.Set; k <= ddbexpr.Delete; k++ {
		if s := first[k]; s != nil {
			st.Written = append(st.Written, grammar.ClauseAt{Clause: ids[k], Pos: x.at(s.KeywordSpan.Start)})
		}
	}
}
