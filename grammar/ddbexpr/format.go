package ddbexpr

import "strings"

// Format prints a node in DynamoDB's syntax with single spaces, upper-case
// keywords and the parentheses as written. Parsing the result gives the same
// tree (spans aside).
func Format(n Node) string {
	var b strings.Builder
	format(&b, n)
	return b.String()
}

func format(b *strings.Builder, n Node) {
	switch n := n.(type) {
	case *Expr:
		format(b, n.Root())
	case *Path:
		for i, s := range n.Segments {
			switch {
			case s.Kind == IndexSegment:
				b.WriteByte('[')
				b.WriteString(s.Name)
				b.WriteByte(']')
			case i > 0:
				b.WriteByte('.')
				b.WriteString(s.Name)
			default:
				b.WriteString(s.Name)
			}
		}
	case *ValuePlaceholder:
		b.WriteString(n.Name)
	case *Function:
		b.WriteString(n.Name)
		b.WriteByte('(')
		for i, a := range n.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			format(b, a)
		}
		b.WriteByte(')')
	case *ParenOperand:
		b.WriteByte('(')
		format(b, n.X)
		b.WriteByte(')')
	case *Arithmetic:
		format(b, n.Left)
		b.WriteString(" " + string(n.Op) + " ")
		format(b, n.Right)
	case *Comparison:
		format(b, n.Left)
		b.WriteString(" " + string(n.Op) + " ")
		format(b, n.Right)
	case *Between:
		format(b, n.X)
		b.WriteString(" BETWEEN ")
		format(b, n.Low)
		b.WriteString(" AND ")
		format(b, n.High)
	case *In:
		format(b, n.X)
		b.WriteString(" IN (")
		for i, o := range n.List {
			if i > 0 {
				b.WriteString(", ")
			}
			format(b, o)
		}
		b.WriteByte(')')
	case *Not:
		b.WriteString("NOT ")
		format(b, n.X)
	case *Logical:
		format(b, n.Left)
		b.WriteString(" " + string(n.Op) + " ")
		format(b, n.Right)
	case *ParenCondition:
		b.WriteByte('(')
		format(b, n.X)
		b.WriteByte(')')
	case *Projection:
		for i, p := range n.Paths {
			if i > 0 {
				b.WriteString(", ")
			}
			format(b, p)
		}
	case *Update:
		for i, s := range n.Sections {
			if i > 0 {
				b.WriteByte(' ')
			}
			format(b, s)
		}
	case *Section:
		b.WriteString(n.Kind.String())
		b.WriteByte(' ')
		for i, a := range n.Actions {
			if i > 0 {
				b.WriteString(", ")
			}
			format(b, a)
		}
	case *UpdateAction:
		format(b, n.Path)
		switch {
		case n.Value == nil:
		case n.Kind == Set:
			b.WriteString(" = ")
			format(b, n.Value)
		default:
			b.WriteByte(' ')
			format(b, n.Value)
		}
	}
}
