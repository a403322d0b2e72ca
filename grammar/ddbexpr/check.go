package ddbexpr

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// funcSpec describes one of DynamoDB's functions.
type funcSpec struct {
	arity     int
	update    bool // an update function (SET values); otherwise a condition function
	firstPath bool // the first operand must be a document path
	noSize    bool // size() is not an acceptable operand (it gives a number)
}

// lookupFunction finds a function by its exact, case-sensitive name.
func lookupFunction(name string) (funcSpec, bool) {
	switch name {
	case "attribute_exists", "attribute_not_exists":
		return funcSpec{arity: 1, firstPath: true}, true
	case "attribute_type", "contains":
		return funcSpec{arity: 2}, true
	case "begins_with":
		return funcSpec{arity: 2, noSize: true}, true
	case "size":
		return funcSpec{arity: 1, noSize: true}, true
	case "if_not_exists":
		return funcSpec{arity: 2, update: true, firstPath: true}, true
	case "list_append":
		return funcSpec{arity: 2, update: true}, true
	}
	return funcSpec{}, false
}

var (
	conditionFunctions = []string{"attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size"}
	updateFunctions    = []string{"if_not_exists", "list_append"}
)

// checker finds the problems DynamoDB reports after its grammar has accepted
// an expression. It walks the tree the way DynamoDB walks its parse tree:
// first a pass in source order that meets each function on the way in
// (names and places) and each section on the way out (duplicates), then a
// pass bottom-up that checks each function's operands.
type checker struct {
	kind     Kind
	src      string
	nesting  int // DynamoDB's nesting level: inside comparisons, IN, BETWEEN, + -, functions
	first    []*SyntaxError
	second   []*SyntaxError
	sections [Delete + 1]bool
}

func check(e *Expr) []*SyntaxError {
	c := checker{kind: e.Kind, src: e.Text}
	switch {
	case e.Condition != nil:
		c.condition(e.Condition)
	case e.Projection != nil:
		for _, p := range e.Projection.Paths {
			c.path(p)
		}
	case e.Update != nil:
		for _, s := range e.Update.Sections {
			for _, a := range s.Actions {
				c.path(a.Path)
				if a.Value != nil {
					c.operand(a.Value)
				}
			}
			if c.sections[s.Kind] {
				c.problem(&c.first, s.KeywordSpan, ReasonDuplicateSection,
					fmt.Sprintf("the %s section is used twice; put all its actions in one %s section, separated by commas", s.Kind, s.Kind),
					c.kind.Message(`The "`+s.Kind.String()+`" section can only be used once in an update expression`))
			}
			c.sections[s.Kind] = true
		}
	}
	if len(c.first) == 0 {
		return c.second
	}
	return append(c.first, c.second...)
}

func (c *checker) problem(list *[]*SyntaxError, s Span, r Reason, msg, dynamo string) {
	*list = append(*list, &SyntaxError{Offset: s.Start, End: s.End, Reason: r, Msg: msg, DynamoMsg: dynamo})
}

func (c *checker) condition(x Condition) {
	switch x := x.(type) {
	case *Comparison:
		c.nesting++
		c.operand(x.Left)
		c.operand(x.Right)
		c.nesting--
	case *In:
		c.nesting++
		c.operand(x.X)
		for _, o := range x.List {
			c.operand(o)
		}
		c.nesting--
	case *Between:
		c.nesting++
		c.operand(x.X)
		c.operand(x.Low)
		c.operand(x.High)
		c.nesting--
	case *Function:
		c.function(x)
	case *Not:
		c.condition(x.X)
	case *Logical:
		c.condition(x.Left)
		c.condition(x.Right)
	case *ParenCondition:
		c.condition(x.X)
	}
}

func (c *checker) operand(x Operand) {
	switch x := x.(type) {
	case *Path:
		c.path(x)
	case *Function:
		c.function(x)
	case *ParenOperand:
		c.operand(x.X)
	case *Arithmetic:
		c.nesting++
		c.operand(x.Left)
		c.operand(x.Right)
		c.nesting--
	}
}

func (c *checker) path(p *Path) {
	for _, s := range p.Segments {
		switch {
		case s.Kind == IndexSegment && s.Index < 0:
			c.problem(&c.first, s.Span, ReasonListIndex,
				fmt.Sprintf("list index %s is too large; the largest DynamoDB accepts is 2147483647", s.Name),
				c.kind.Message("List index is not within the allowable range", "index", "["+s.Name+"]"))
		case s.Kind == ValueSegment:
			c.problem(&c.second, s.Span, ReasonValueInPath,
				fmt.Sprintf("%s is a value placeholder and cannot name a document path element; use a #name placeholder", s.Name),
				c.kind.Message("The document path cannot contain attribute value parameters", "attribute value", s.Name))
		}
	}
}

func (c *checker) function(f *Function) {
	spec, known := lookupFunction(f.Name)
	c.place(f, spec, known)
	c.nesting++
	for _, a := range f.Args {
		c.operand(a)
	}
	c.nesting--
	if !known {
		return
	}
	if len(f.Args) != spec.arity {
		c.problem(&c.second, f.Span, ReasonOperandCount,
			fmt.Sprintf("%s takes %s, found %d", f.Name, diag.Plural(spec.arity, "operand"), len(f.Args)),
			c.kind.Message("Incorrect number of operands for operator or function",
				"operator or function", f.Name, "number of operands", strconv.Itoa(len(f.Args))))
		return
	}
	if spec.noSize {
		for _, a := range f.Args {
			if g, ok := Unparen(a).(*Function); ok && g.Name == "size" {
				c.problem(&c.second, a.Bounds(), ReasonOperandType,
					fmt.Sprintf("%s cannot take size(…): size gives a number, and %s needs %s", f.Name, f.Name, needs(f.Name)),
					c.kind.Message("Incorrect operand type for operator or function", "operator or function", f.Name, "operand type", "N"))
				break
			}
		}
	}
	if spec.firstPath {
		if _, ok := Unparen(f.Args[0]).(*Path); !ok {
			a := f.Args[0].Bounds()
			c.problem(&c.second, a, ReasonPathRequired,
				fmt.Sprintf("the first operand of %s must be a document path, not %s", f.Name, quote(a.Text(c.src))),
				c.kind.Message("Operator or function requires a document path", "operator or function", f.Name))
		}
	}
}

func needs(name string) string {
	if name == "size" {
		return "a string, binary, set, list or map"
	}
	return "a string or binary"
}

// place checks, as DynamoDB does on entering a function, that the function
// exists and may stand where it stands.
func (c *checker) place(f *Function, spec funcSpec, known bool) {
	at := f.NameSpan
	switch {
	case !known:
		c.problem(&c.first, at, ReasonFunctionName, unknownFunction(f.Name, c.kind),
			c.kind.Message("Invalid function name", "function", f.Name))
	case c.kind == UpdateExpression && !spec.update:
		c.problem(&c.first, at, ReasonFunctionPlace,
			fmt.Sprintf("%s is a condition function; an UpdateExpression can use only %s", f.Name, strings.Join(updateFunctions, " and ")),
			c.kind.Message("The function is not allowed in an update expression", "function", f.Name))
	case c.kind == UpdateExpression && c.nesting > 0 && f.Name != "if_not_exists":
		c.problem(&c.first, at, ReasonFunctionPlace,
			fmt.Sprintf("%s cannot be nested in another function or in + or -; only if_not_exists can", f.Name),
			c.kind.Message("The function is not allowed to be used this way in an expression", "function", f.Name))
	case c.kind != UpdateExpression && spec.update:
		c.problem(&c.first, at, ReasonFunctionPlace,
			fmt.Sprintf("%s is an update function; it can be used only in an UpdateExpression's SET values", f.Name),
			c.kind.Message("The function is not allowed in a condition expression", "function", f.Name))
	case c.kind != UpdateExpression && c.nesting == 0 && f.Name == "size":
		c.problem(&c.first, at, ReasonFunctionPlace,
			"size gives a number, not a condition: compare it, as in size(a) > :n",
			c.kind.Message("The function is not allowed to be used this way in an expression", "function", f.Name))
	case c.kind != UpdateExpression && c.nesting > 0 && f.Name != "size":
		c.problem(&c.first, at, ReasonFunctionPlace,
			fmt.Sprintf("%s is a condition on its own and cannot be used as an operand; only size can", f.Name),
			c.kind.Message("The function is not allowed to be used this way in an expression", "function", f.Name))
	}
}

func unknownFunction(name string, kind Kind) string {
	all := append(append([]string(nil), conditionFunctions...), updateFunctions...)
	for _, f := range all {
		if strings.EqualFold(f, name) {
			return fmt.Sprintf("unknown function %s: function names are case-sensitive; write %s", quote(name), f)
		}
	}
	list := conditionFunctions
	if kind == UpdateExpression {
		list = updateFunctions
	}
	return fmt.Sprintf("unknown function %s; the functions a %s can use are %s", quote(name), kind, strings.Join(list, ", "))
}
