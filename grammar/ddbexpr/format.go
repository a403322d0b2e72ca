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
		formatList(b, ", ", n.Args)
		b.WriteByte(')')
	case *ParenCondition, *ParenOperand:
		b.WriteByte('(')
		format(b, n.(parens).content())
		b.WriteByte(')')
	case *Comparison, *Logical, *Arithmetic:
		formatBinary(b, n.(binary))
	case *Between:
		format(b, n.X)
		b.WriteString(" BETWEEN ")
		format(b, n.Low)
		b.WriteString(" AND ")
		format(b, n.High)
	case *In:
		format(b, n.X)
		b.WriteString(" IN (")
		formatList(b, ", ", n.List)
		b.WriteByte(')')
	case *Not:
		b.WriteString("NOT ")
		format(b, n.X)
	case *Projection:
		formatList(b, ", ", n.Paths)
	case *Update:
		formatList(b, " ", n.Sections)
	case *Section:
		b.WriteString(n.Kind.String())
		b.WriteByte(' ')
		formatList(b, ", ", n.Actions)
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

// formatList writes nodes with sep between them.
func formatList[T Node](b *strings.Builder, sep string, nodes []T) {
	for i, n := range nodes {
		if i > 0 {
			b.WriteString(sep)
		}
		format(b, n)
	}
}

// formatBinary writes left op right.
func formatBinary(b *strings.Builder, n binary) {
	left, op, right := n.sides()
	format(b, left)
	b.WriteString(" " + string(op) + " ")
	format(b, right)
}
