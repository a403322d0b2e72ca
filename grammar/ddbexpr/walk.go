package ddbexpr

// Inspect visits n and every node below it in source order, calling f
// before the children; when f returns false the children are skipped.
// Path segments are not nodes: read them from *Path.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	switch n := n.(type) {
	case *Expr:
		Inspect(n.Root(), f)
	case *Comparison, *Logical, *Arithmetic:
		left, _, right := n.(binary).sides()
		Inspect(left, f)
		Inspect(right, f)
	case *Between:
		Inspect(n.X, f)
		Inspect(n.Low, f)
		Inspect(n.High, f)
	case *In:
		Inspect(n.X, f)
		inspectAll(n.List, f)
	case *Function:
		inspectAll(n.Args, f)
	case *Not:
		Inspect(n.X, f)
	case *ParenCondition, *ParenOperand:
		Inspect(n.(parens).content(), f)
	case *Projection:
		inspectAll(n.Paths, f)
	case *Update:
		inspectAll(n.Sections, f)
	case *Section:
		inspectAll(n.Actions, f)
	case *UpdateAction:
		Inspect(n.Path, f)
		if n.Value != nil {
			Inspect(n.Value, f)
		}
	}
}

// inspectAll inspects each node of a list.
func inspectAll[T Node](nodes []T, f func(Node) bool) {
	for _, n := range nodes {
		Inspect(n, f)
	}
}

// Placeholder is one use of an expression attribute name (#n) or value (:v).
type Placeholder struct {
	Span
	Name string // with its "#" or ":"
}

// IsValue reports whether the placeholder is an expression attribute value.
func (p Placeholder) IsValue() bool { return p.Name != "" && p.Name[0] == ':' }

// Placeholders lists every use of a #name or :value placeholder, in source
// order, repeats included: what must be defined in ExpressionAttributeNames
// and ExpressionAttributeValues, and what uses their entries.
func (e *Expr) Placeholders() []Placeholder {
	var out []Placeholder
	Inspect(e, func(n Node) bool {
		switch n := n.(type) {
		case *Path:
			for _, s := range n.Segments {
				if s.Kind == NamePlaceholder || s.Kind == ValueSegment {
					out = append(out, Placeholder{s.Span, s.Name})
				}
			}
		case *ValuePlaceholder:
			out = append(out, Placeholder{n.Span, n.Name})
		}
		return true
	})
	return out
}

// BareNames lists every attribute name written as is (NameSegment), in
// source order: the names DynamoDB checks against its reserved words.
// Function names are not among them.
func (e *Expr) BareNames() []Segment {
	var out []Segment
	Inspect(e, func(n Node) bool {
		if p, ok := n.(*Path); ok {
			for _, s := range p.Segments {
				if s.Kind == NameSegment {
					out = append(out, s)
				}
			}
		}
		return true
	})
	return out
}

// ReservedNames lists the bare names that are reserved words, in source
// order: DynamoDB reports the first ("Attribute name is a reserved keyword;
// reserved keyword: status", with the name as written).
func (e *Expr) ReservedNames() []Segment {
	var out []Segment
	for _, s := range e.BareNames() {
		if IsReserved(s.Name) {
			out = append(out, s)
		}
	}
	return out
}

// Paths lists every document path in source order: operands, function
// arguments, projected paths and the targets of update actions.
func (e *Expr) Paths() []*Path { return nodesOf[*Path](e) }

// nodesOf lists the nodes of type T below n, in source order.
func nodesOf[T Node](n Node) []T {
	var out []T
	Inspect(n, func(x Node) bool {
		if t, ok := x.(T); ok {
			out = append(out, t)
		}
		return true
	})
	return out
}

// MaxPathDepth returns the depth of the deepest document path (0 if there
// are none); DynamoDB accepts at most 32.
func (e *Expr) MaxPathDepth() int {
	deepest := 0
	Inspect(e, func(n Node) bool {
		if p, ok := n.(*Path); ok {
			deepest = max(deepest, len(p.Segments))
		}
		return true
	})
	return deepest
}

// OperatorCount counts operators and functions as DynamoDB does for its
// limit of 300 per expression: every comparison, BETWEEN, IN, NOT, AND, OR,
// + or - and function call counts one; parentheses count nothing.
func (e *Expr) OperatorCount() int {
	n := 0
	Inspect(e, func(x Node) bool {
		switch x.(type) {
		case *Comparison, *Between, *In, *Not, *Logical, *Function, *Arithmetic:
			n++
		}
		return true
	})
	return n
}

// InConditions lists the IN conditions in source order. DynamoDB counts the
// operands inside the parentheses (len(List)) against its limit of 100.
func (e *Expr) InConditions() []*In { return nodesOf[*In](e) }

// RedundantParens reports the parentheses DynamoDB rejects with "The
// expression has redundant parentheses;": a pair whose content is itself
// entirely in parentheses, as in ((a = :v)), a > ((b)) or SET a = ((b + c)).
// Of several, it returns the one DynamoDB meets first (the one closed
// first); the span covers the outer pair. DynamoDB checks this before
// everything in Expr.Problems.
func (e *Expr) RedundantParens() (Span, bool) {
	return redundant(e.Root())
}

// RedundantParensError is RedundantParens as a *SyntaxError, or nil.
func (e *Expr) RedundantParensError() *SyntaxError {
	s, ok := e.RedundantParens()
	if !ok {
		return nil
	}
	return &SyntaxError{Offset: s.Start, End: s.End, Reason: ReasonRedundantParens,
		Msg:       "redundant parentheses: DynamoDB rejects a pair of parentheses directly inside another; remove one pair from " + quote(s.Text(e.Text)),
		DynamoMsg: e.Kind.Message("The expression has redundant parentheses")}
}

// redundant searches bottom-up, left to right: the order in which
// DynamoDB's parser closes parentheses.
func redundant(n Node) (Span, bool) {
	var found Span
	ok := false
	var visit func(Node)
	visit = func(n Node) {
		Inspect(n, func(x Node) bool {
			if ok {
				return false
			}
			switch x.(type) {
			case *ParenCondition, *ParenOperand:
				p := x.(parens)
				visit(p.content())
				if _, inner := p.content().(parens); inner && !ok {
					found, ok = p.Bounds(), true
				}
				return false
			}
			return true
		})
	}
	visit(n)
	return found, ok
}
