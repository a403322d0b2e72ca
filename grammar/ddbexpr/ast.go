package ddbexpr

// Span is a half-open byte range [Start, End) in the expression string.
// Every node embeds one.
type Span struct {
	Start, End int
}

// Bounds returns the span itself; nodes get it by embedding Span.
func (s Span) Bounds() Span { return s }

// Text returns the part of the expression the span covers.
func (s Span) Text(expr string) string {
	if s.Start < 0 || s.End > len(expr) || s.Start > s.End {
		return ""
	}
	return expr[s.Start:s.End]
}

// Node is any part of a parsed expression.
type Node interface {
	Bounds() Span
}

// Condition is what key conditions, filters and conditions are made of: *Comparison, *Between, *In, *Function, *Not, *Logical, *ParenCondition.
type Condition interface {
	Node
	isCondition()
}

// Operand is a value in an expression: *Path, *ValuePlaceholder, *Function,
// *ParenOperand and, as the value of an UpdateExpression SET action only,
// *Arithmetic.
type Operand interface {
	Node
	isOperand()
}

// Operator is a comparator, an arithmetic or a logical operator, spelled as
// DynamoDB names it in its messages.
type Operator string

// The operators.
const (
	Equal        Operator = "="
	NotEqual     Operator = "<>"
	Less         Operator = "<"
	LessEqual    Operator = "<="
	Greater      Operator = ">"
	GreaterEqual Operator = ">="
	Plus         Operator = "+"
	Minus        Operator = "-"
	And          Operator = "AND"
	Or           Operator = "OR"
)

// SegmentKind says what one element of a document path is.
type SegmentKind uint8

// The kinds of path segment.
const (
	// NameSegment is a bare attribute name, written as is: "a" in a.b.
	// Only these are checked against the reserved words.
	NameSegment SegmentKind = iota + 1
	// NamePlaceholder is an expression attribute name: "#n".
	NamePlaceholder
	// IndexSegment is a list element: "[3]".
	IndexSegment
	// ValueSegment is an expression attribute value after a dot: "a.:v".
	// DynamoDB's grammar accepts it; DynamoDB rejects it afterwards (see
	// ReasonValueInPath).
	ValueSegment
)

func (k SegmentKind) String() string {
	switch k {
	case NameSegment:
		return "name"
	case NamePlaceholder:
		return "name placeholder"
	case IndexSegment:
		return "index"
	case ValueSegment:
		return "value placeholder"
	}
	return "segment"
}

// Segment is one element of a document path. For an IndexSegment the span
// covers the brackets; otherwise it covers the name (with its # or :).
type Segment struct {
	Span
	Kind SegmentKind
	// Name is the text of a name or placeholder segment, with its "#" or
	// ":"; for an IndexSegment it is the index's digits.
	Name string
	// Index is the list index of an IndexSegment; -1 when it does not fit
	// DynamoDB's 32-bit index (see ReasonListIndex).
	Index int
}

// Path is a document path: a.b[2].#c. The first segment is a name or a
// name placeholder.
type Path struct {
	Span
	Segments []Segment
}

// Depth is the number of segments, the figure DynamoDB limits to 32
// ("The document path has too many nesting levels; nesting levels: 33").
func (p *Path) Depth() int { return len(p.Segments) }

// ValuePlaceholder is an expression attribute value: ":v".
type ValuePlaceholder struct {
	Span
	Name string // with the ":"
}

// Function is a function call. As a Condition it is a condition on its own
// (attribute_exists(a)); as an Operand it gives a value (size(a)).
type Function struct {
	Span
	Name     string
	NameSpan Span
	Args     []Operand
}

// ParenOperand is an operand in parentheses: (a) in (a) = :v. The inner
// parentheses of ((a)) are rejected by DynamoDB (see Expr.RedundantParens).
type ParenOperand struct {
	Span
	X Operand
}

// Arithmetic is operand + operand or operand - operand, allowed only as the
// whole value of a SET action (possibly in parentheses); DynamoDB accepts one
// operator per value.
type Arithmetic struct {
	Span
	Op          Operator // Plus or Minus
	OpSpan      Span
	Left, Right Operand
}

// Comparison is Left Op Right with one of = <> < <= > >=.
type Comparison struct {
	Span
	Op          Operator
	OpSpan      Span
	Left, Right Operand
}

// Between is X BETWEEN Low AND High.
type Between struct {
	Span
	X, Low, High Operand
}

// In is X IN (List...).
type In struct {
	Span
	X    Operand
	List []Operand
}

// Not is NOT X. NOT binds tighter than AND and OR.
type Not struct {
	Span
	X Condition
}

// Logical is Left AND Right or Left OR Right. AND binds tighter than OR; a
// chain a AND b AND c is grouped from the right, a AND (b AND c), as
// DynamoDB's parser does.
type Logical struct {
	Span
	Op          Operator // And or Or
	OpSpan      Span
	Left, Right Condition
}

// ParenCondition is a condition in parentheses.
type ParenCondition struct {
	Span
	X Condition
}

// Projection is a ProjectionExpression: comma-separated document paths.
type Projection struct {
	Span
	Paths []*Path
}

// SectionKind is the keyword that starts an UpdateExpression section.
type SectionKind uint8

// The four sections of an UpdateExpression.
const (
	Set SectionKind = iota + 1
	Remove
	Add
	Delete
)

func (k SectionKind) String() string {
	switch k {
	case Set:
		return "SET"
	case Remove:
		return "REMOVE"
	case Add:
		return "ADD"
	case Delete:
		return "DELETE"
	}
	return "?"
}

// Update is an UpdateExpression: sections in the order written.
type Update struct {
	Span
	Sections []*Section
}

// Section is one SET, REMOVE, ADD or DELETE section with its actions.
type Section struct {
	Span
	Kind        SectionKind
	KeywordSpan Span
	Actions     []*UpdateAction
}

// UpdateAction is one comma-separated action of a section. Value is nil for
// REMOVE, a *ValuePlaceholder for ADD and DELETE, and for SET an Operand:
// a path, a placeholder, a function call, an *Arithmetic or any of these in
// parentheses.
type UpdateAction struct {
	Span
	Kind  SectionKind // the section's kind
	Path  *Path
	Value Operand
}

func (*Comparison) isCondition()     {}
func (*Between) isCondition()        {}
func (*In) isCondition()             {}
func (*Function) isCondition()       {}
func (*Not) isCondition()            {}
func (*Logical) isCondition()        {}
func (*ParenCondition) isCondition() {}

func (*Path) isOperand()             {}
func (*ValuePlaceholder) isOperand() {}
func (*Function) isOperand()         {}
func (*ParenOperand) isOperand()     {}
func (*Arithmetic) isOperand()       {}

// binary is an operator between two operands or conditions: a *Comparison,
// a *Logical or an *Arithmetic, which walking and printing treat alike.
// Type switches name the concrete types and then assert binary (or parens):
// a case of an interface type would cost every node an interface lookup.
type binary interface {
	Node
	sides() (left Node, op Operator, right Node)
}

func (c *Comparison) sides() (Node, Operator, Node) { return c.Left, c.Op, c.Right }
func (l *Logical) sides() (Node, Operator, Node)    { return l.Left, l.Op, l.Right }
func (a *Arithmetic) sides() (Node, Operator, Node) { return a.Left, a.Op, a.Right }

// parens is a pair of parentheses: a *ParenCondition or a *ParenOperand.
// A condition's parentheses hold a condition and an operand's an operand,
// so a pair directly inside another is always of the same kind.
type parens interface {
	Node
	content() Node
}

func (p *ParenCondition) content() Node { return p.X }
func (p *ParenOperand) content() Node   { return p.X }

// Expr is a parsed expression. Exactly one of Condition, Projection and
// Update is set, according to Kind.
type Expr struct {
	Kind Kind
	Text string

	Condition  Condition   // KeyConditionExpression, FilterExpression, ConditionExpression
	Projection *Projection // ProjectionExpression
	Update     *Update     // UpdateExpression

	// Problems lists what DynamoDB rejects in an expression its grammar
	// accepts and that can be seen without the request's attribute maps:
	// unknown functions, functions where they are not allowed, the wrong
	// number of operands, size() where a string or collection is needed, an
	// operand that must be a document path, a section used twice, an
	// out-of-range list index, a value placeholder inside a path.
	// They are in the order DynamoDB meets them, so Problems[0] is what
	// DynamoDB would answer, unless it first finds redundant parentheses
	// (RedundantParens), a reserved word among the names that come earlier
	// in the expression, or an undefined placeholder among the paths and
	// values inside a function with the wrong number of operands.
	Problems []*SyntaxError
}

// Bounds makes *Expr a Node: it spans the whole expression.
func (e *Expr) Bounds() Span { return Span{0, len(e.Text)} }

// Root returns the top node: a Condition, a *Projection or an *Update.
func (e *Expr) Root() Node {
	switch {
	case e.Condition != nil:
		return e.Condition
	case e.Projection != nil:
		return e.Projection
	case e.Update != nil:
		return e.Update
	}
	return nil
}

// Unparen returns the operand inside any number of parentheses.
func Unparen(x Operand) Operand { return unparen[*ParenOperand](x) }

// UnparenCondition returns the condition inside any number of parentheses.
func UnparenCondition(c Condition) Condition { return unparen[*ParenCondition](c) }

// unparen returns x without the parentheses of type P around it.
func unparen[P interface{ inner() T }, T any](x T) T {
	for {
		p, ok := any(x).(P)
		if !ok {
			return x
		}
		x = p.inner()
	}
}

func (p *ParenOperand) inner() Operand     { return p.X }
func (p *ParenCondition) inner() Condition { return p.X }
