package request

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
)

// The normal form of a request, in which two requests DynamoDB treats the
// same come out the same.

// Normalize writes what the request asks DynamoDB for, in a form where two
// requests DynamoDB treats the same come out the same: every placeholder
// replaced by the name (quoted) or the value (DynamoDB JSON) it stands for;
// parentheses dropped, the grouping they make kept in the form; chains of
// AND and of OR flattened; a comparison with the value first mirrored (:v <
// a is a > :v); the sections of an UpdateExpression in the order SET,
// REMOVE, ADD, DELETE; members at DynamoDB's default left out
// (ConsistentRead false, ScanIndexForward true, ReturnValues NONE, Select
// SPECIFIC_ATTRIBUTES beside a ProjectionExpression, ReturnConsumedCapacity
// NONE, ...); the other members as canonical JSON. One member a line, in
// name order, after the command. A group's members are written each with
// its own placeholders, a line a member of theirs, under their path
// (TransactItems[0].Put TableName "Users"), so that the order of a
// transaction's members counts and the order of a batch's tables does not.
// An expression DynamoDB's grammar rejects, or an undefined placeholder, is
// an error.
func (r *Request) Normalize() (string, error) {
	lines, err := normalLines(r.Obj)
	if err != nil {
		return "", err
	}
	for _, p := range r.Parts() {
		more, err := normalLines(p.Obj)
		if err != nil {
			return "", fmt.Errorf("%s: %v", p.Path, err)
		}
		for _, l := range more {
			lines = append(lines, p.Path+" "+l)
		}
	}
	sort.Strings(lines)
	return "command " + r.Command + "\n" + strings.Join(lines, "\n") + "\n", nil
}

// normalLines writes the members of one request object in normal form, a
// line each, but a group's list of members.
func normalLines(obj *Value) ([]string, error) {
	n := &normalizer{names: map[string]string{}, values: map[string]*Value{}}
	if m := obj.Get("ExpressionAttributeNames"); m != nil {
		for _, e := range m.Members {
			if e.Value.Kind == String {
				n.names[e.Name] = e.Value.Text
			}
		}
	}
	if m := obj.Get("ExpressionAttributeValues"); m != nil {
		for _, e := range m.Members {
			n.values[e.Name] = e.Value
		}
	}
	var lines []string
	for _, m := range obj.Members {
		v := m.Value
		switch m.Name {
		case "command", "ExpressionAttributeNames", "ExpressionAttributeValues", "TransactItems", "RequestItems":
			continue
		case "ConsistentRead":
			if v.Kind == Bool && v.Text == "false" {
				continue
			}
		case "ScanIndexForward":
			if v.Kind == Bool && v.Text == "true" {
				continue
			}
		case "ReturnValues":
			if v.Kind == String && v.Text == "NONE" {
				continue
			}
		case "Select":
			if v.Kind == String && v.Text == "SPECIFIC_ATTRIBUTES" && obj.Get("ProjectionExpression") != nil {
				continue
			}
		}
		if def, ok := returnOnly[m.Name]; ok && v.Kind == String && v.Text == def {
			continue
		}
		if m.Name == "AttributesToGet" && v.Kind == Array {
			// Top-level names: the projection of those names.
			names := make([]string, len(v.Elems))
			for i, e := range v.Elems {
				names[i] = strconv.Quote(e.Text)
			}
			lines = append(lines, "ProjectionExpression PROJECT("+strings.Join(names, ", ")+")")
			continue
		}
		if kind, ok := ddbexpr.KindOf(m.Name); ok && v.Kind == String {
			e, err := ddbexpr.Parse(kind, v.Text)
			if e == nil {
				return nil, fmt.Errorf("%s: %v", m.Name, err)
			}
			n.b.Reset()
			n.node(e.Root())
			if n.err != nil {
				return nil, fmt.Errorf("%s: %v", m.Name, n.err)
			}
			lines = append(lines, m.Name+" "+n.b.String())
			continue
		}
		var b strings.Builder
		canonicalJSON(&b, v)
		lines = append(lines, m.Name+" "+b.String())
	}
	return lines, nil
}

type normalizer struct {
	names  map[string]string
	values map[string]*Value
	b      strings.Builder
	err    error
}

var mirrorOp = map[ddbexpr.Operator]ddbexpr.Operator{
	ddbexpr.Equal: ddbexpr.Equal, ddbexpr.NotEqual: ddbexpr.NotEqual,
	ddbexpr.Less: ddbexpr.Greater, ddbexpr.LessEqual: ddbexpr.GreaterEqual,
	ddbexpr.Greater: ddbexpr.Less, ddbexpr.GreaterEqual: ddbexpr.LessEqual,
}

func (n *normalizer) node(x ddbexpr.Node) {
	b := &n.b
	switch x := x.(type) {
	case ddbexpr.Condition:
		n.cond(x)
	case *ddbexpr.Projection:
		writeCall(n, "PROJECT", x.Paths)
	case *ddbexpr.Update:
		for k := ddbexpr.Set; k <= ddbexpr.Delete; k++ {
			for _, s := range x.Sections {
				if s.Kind != k {
					continue
				}
				b.WriteString(k.String() + "(")
				for i, a := range s.Actions {
					if i > 0 {
						b.WriteString("; ")
					}
					n.operand(a.Path)
					switch k {
					case ddbexpr.Set:
						b.WriteString(" = ")
						n.operand(a.Value)
					case ddbexpr.Add, ddbexpr.Delete:
						b.WriteString(" ")
						n.operand(a.Value)
					}
				}
				b.WriteString(") ")
			}
		}
	}
}

func flattenAll(c ddbexpr.Condition, op ddbexpr.Operator, out []ddbexpr.Condition) []ddbexpr.Condition {
	c = ddbexpr.UnparenCondition(c)
	if l, ok := c.(*ddbexpr.Logical); ok && l.Op == op {
		out = flattenAll(l.Left, op, out)
		return flattenAll(l.Right, op, out)
	}
	return append(out, c)
}

func isValuePlaceholder(o ddbexpr.Operand) bool {
	_, ok := ddbexpr.Unparen(o).(*ddbexpr.ValuePlaceholder)
	return ok
}

func (n *normalizer) cond(c ddbexpr.Condition) {
	b := &n.b
	switch c := ddbexpr.UnparenCondition(c).(type) {
	case *ddbexpr.Logical:
		b.WriteString(string(c.Op) + "(")
		for i, t := range flattenAll(c, c.Op, nil) {
			if i > 0 {
				b.WriteString(", ")
			}
			n.cond(t)
		}
		b.WriteString(")")
	case *ddbexpr.Not:
		b.WriteString("NOT(")
		n.cond(c.X)
		b.WriteString(")")
	case *ddbexpr.Comparison:
		l, r, op := c.Left, c.Right, c.Op
		if isValuePlaceholder(l) && !isValuePlaceholder(r) {
			l, r, op = r, l, mirrorOp[op]
		}
		b.WriteString("(")
		n.operand(l)
		b.WriteString(" " + string(op) + " ")
		n.operand(r)
		b.WriteString(")")
	case *ddbexpr.Between:
		b.WriteString("BETWEEN(")
		n.operand(c.X)
		b.WriteString(", ")
		n.operand(c.Low)
		b.WriteString(", ")
		n.operand(c.High)
		b.WriteString(")")
	case *ddbexpr.In:
		b.WriteString("IN(")
		n.operand(c.X)
		b.WriteString(";")
		for _, o := range c.List {
			b.WriteString(" ")
			n.operand(o)
		}
		b.WriteString(")")
	case *ddbexpr.Function:
		n.operand(c)
	}
}

func (n *normalizer) operand(o ddbexpr.Operand) {
	b := &n.b
	switch o := ddbexpr.Unparen(o).(type) {
	case *ddbexpr.Path:
		for i, s := range o.Segments {
			switch s.Kind {
			case ddbexpr.IndexSegment:
				b.WriteString("[" + strconv.Itoa(s.Index) + "]")
				continue
			case ddbexpr.NamePlaceholder:
				name, ok := n.names[s.Name]
				if !ok && n.err == nil {
					n.err = fmt.Errorf("%s is not defined in ExpressionAttributeNames", s.Name)
				}
				if i > 0 {
					b.WriteString(".")
				}
				b.WriteString(strconv.Quote(name))
			case ddbexpr.NameSegment:
				if i > 0 {
					b.WriteString(".")
				}
				b.WriteString(strconv.Quote(s.Name))
			default:
				if n.err == nil {
					n.err = fmt.Errorf("the document path holds the value placeholder %s", s.Name)
				}
			}
		}
	case *ddbexpr.ValuePlaceholder:
		v, ok := n.values[o.Name]
		if !ok {
			if n.err == nil {
				n.err = fmt.Errorf("%s is not defined in ExpressionAttributeValues", o.Name)
			}
			return
		}
		canonicalJSON(b, v)
	case *ddbexpr.Function:
		writeCall(n, o.Name, o.Args)
	case *ddbexpr.Arithmetic:
		b.WriteString("(")
		n.operand(o.Left)
		b.WriteString(" " + string(o.Op) + " ")
		n.operand(o.Right)
		b.WriteString(")")
	}
}

// canonicalJSON writes v with the members of every object in name order.
func canonicalJSON(b *strings.Builder, v *Value) {
	switch v.Kind {
	case Object:
		ms := make([]string, len(v.Members))
		idx := map[string]int{}
		for i, m := range v.Members {
			ms[i] = m.Name
			idx[m.Name] = i
		}
		sort.Strings(ms)
		b.WriteString("{")
		for i, name := range ms {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(strconv.Quote(name) + ":")
			canonicalJSON(b, v.Members[idx[name]].Value)
		}
		b.WriteString("}")
	case Array:
		b.WriteString("[")
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(",")
			}
			canonicalJSON(b, e)
		}
		b.WriteString("]")
	case String:
		b.WriteString(strconv.Quote(v.Text))
	case Null:
		b.WriteString("null")
	default:
		b.WriteString(v.Text)
	}
}

// writeCall writes name(a, b, ...), each operand in normal form.
func writeCall[T ddbexpr.Operand](n *normalizer, name string, args []T) {
	n.b.WriteString(name + "(")
	for i, a := range args {
		if i > 0 {
			n.b.WriteString(", ")
		}
		n.operand(a)
	}
	n.b.WriteString(")")
}
