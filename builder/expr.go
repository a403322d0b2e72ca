package builder

import (
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// nameStandIn is the token the SDK gets for an attribute name: its id in
// decimal. It has no dot and no bracket, so the SDK takes it as one name.
func (b *builder) nameStandIn(name string) string {
	if id, ok := b.nameID[name]; ok {
		return b.names[id].standIn
	}
	id := len(b.names)
	s := strconv.Itoa(id)
	b.names = append(b.names, exprName{name: name, standIn: s})
	b.nameID[name] = id
	return s
}

// name builds a document path for the SDK, element by element, so that a
// name with a dot stays one name and a list index stays an index.
func (b *builder) name(p *grammar.Path) expression.NameBuilder {
	if p == nil || len(p.Elems) == 0 || p.Elems[0].IsIndex {
		pos := diag.Pos{}
		if p != nil {
			pos = p.Pos
		}
		b.fail(pos, "this path was not resolved by grammar.Parse")
		return expression.NameNoDotSplit("0")
	}
	for _, e := range p.Elems {
		if !e.IsIndex {
			b.checkUTF8(e.Pos, e.Name, "attribute name")
		}
	}
	nb := expression.NameNoDotSplit(b.nameStandIn(p.Elems[0].Name))
	for _, e := range p.Elems[1:] {
		if e.IsIndex {
			nb = nb.AppendName(expression.NameNoDotSplit("[" + strconv.Itoa(e.Index) + "]"))
		} else {
			nb = nb.AppendName(expression.NameNoDotSplit(b.nameStandIn(e.Name)))
		}
	}
	return nb
}

// value registers a value used in an expression, with the hint its
// placeholder is named from, and returns what the SDK takes for it: the
// AttributeValue pointer itself (ValueBuilder.BuildOperand uses an
// AttributeValue as is), which the SDK's Values() hands back, so the
// placeholder the SDK gave it is found by pointer identity.
func (b *builder) value(v *grammar.Value, hint string) expression.ValueBuilder {
	return expression.Value(b.exprAV(v, hint))
}

// exprAV registers a value used in an expression and returns its
// AttributeValue pointer.
func (b *builder) exprAV(v *grammar.Value, hint string) types.AttributeValue {
	av := b.literal(v)
	b.valID[av] = len(b.vals)
	b.vals = append(b.vals, exprValue{av: av, hint: hint})
	return av
}

// sentinelPrefix starts the text of a stand-in value: where the SDK takes a
// Go string rather than an AttributeValue (begins_with, attribute_type), it
// gets sentinelPrefix + the value's id, and the value it makes of it is
// replaced by the literal when the placeholders are written.
const sentinelPrefix = "\x00dynexpr-value\x00"

// sentinel registers a value the SDK takes as a Go string and returns the
// string to give it.
func (b *builder) sentinel(v *grammar.Value, hint string) string {
	id := len(b.vals)
	b.vals = append(b.vals, exprValue{av: b.literal(v), hint: hint})
	return sentinelPrefix + strconv.Itoa(id)
}

// operandStandIn registers a path or size(path) that stands where the SDK
// takes a value (the second argument of begins_with and contains, which
// DynamoDB takes as any operand) and returns the sentinel string to give
// the SDK; the path's names get their stand-ins now, in the order met.
func (b *builder) operandStandIn(o *grammar.Operand) string {
	p := o.Path
	if p == nil {
		p = o.Call.Args[0].Path
	}
	b.name(p) // registers and checks the path's names
	id := len(b.vals)
	b.vals = append(b.vals, exprValue{av: &types.AttributeValueMemberS{Value: sentinelPrefix + strconv.Itoa(id)}, operand: o})
	return sentinelPrefix + strconv.Itoa(id)
}

// isSizeOfPath reports whether o is size(PATH).
func isSizeOfPath(o *grammar.Operand) bool {
	return o.Call != nil && strings.EqualFold(o.Call.Func, "size") && len(o.Call.Args) == 1 && o.Call.Args[0].Path != nil
}

// sentinelS is sentinel for a string value made by the builder (a type
// name of attribute_type).
func (b *builder) sentinelS(s, hint string) string {
	id := len(b.vals)
	b.vals = append(b.vals, exprValue{av: &types.AttributeValueMemberS{Value: s}, hint: hint})
	return sentinelPrefix + strconv.Itoa(id)
}

// keyCondition builds a query's key condition: with the SDK's
// KeyConditionBuilder when the condition has a shape it takes, and as a
// condition otherwise.
func (b *builder) keyCondition(c *grammar.Condition, e *exprs) {
	if parts, ok := keyParts(c); ok {
		kcs := make([]expression.KeyConditionBuilder, len(parts))
		for i, p := range parts {
			kcs[i] = b.keyPart(p)
		}
		if len(kcs) == 1 {
			e.keyCondition(kcs[0])
		} else {
			e.keyCondition(expression.KeyAnd(kcs...))
		}
		return
	}
	e.keyAsCondition = true
	e.condition(b.condition(c))
}

// keyPart is one condition of a key condition the KeyConditionBuilder takes.
type keyPart struct {
	name string
	op   string // = < <= > >= between begins_with
	vals []*grammar.Value
}

// mirrored lists the comparisons of a key condition, and turns `V op k`
// into `k op' V`.
var mirrored = map[string]string{"=": "=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}

// keyParts reads c as a KeyConditionBuilder condition: KEY = V, then any
// number of further KEY = V and, last, at most one other sort-key
// condition, each on a different top-level attribute.
func keyParts(c *grammar.Condition) ([]keyPart, bool) {
	conds, ok := conjuncts(c, nil)
	if !ok || len(conds) == 0 {
		return nil, false
	}
	parts := make([]keyPart, 0, len(conds))
	for i, n := range conds {
		p, ok := keyPartOf(n)
		if !ok || i < len(conds)-1 && p.op != "=" || i == 0 && p.op != "=" {
			return nil, false
		}
		for _, q := range parts {
			if q.name == p.name {
				return nil, false
			}
		}
		parts = append(parts, p)
	}
	return parts, true
}

func keyPartOf(n *grammar.NotCondition) (keyPart, bool) {
	c := n.Compare
	if c == nil || c.Left == nil {
		return keyPart{}, false
	}
	switch {
	case c.Op != "":
		if c.Right == nil {
			return keyPart{}, false
		}
		mirror, isKeyOp := mirrored[c.Op] // <> is not
		if !isKeyOp {
			break
		}
		if name, ok := operandKey(c.Left); ok && c.Right.Value != nil {
			return keyPart{name: name, op: c.Op, vals: []*grammar.Value{c.Right.Value}}, true
		}
		if name, ok := operandKey(c.Right); ok && c.Left.Value != nil {
			return keyPart{name: name, op: mirror, vals: []*grammar.Value{c.Left.Value}}, true
		}
	case c.Low != nil:
		if name, ok := operandKey(c.Left); ok && c.Low.Value != nil && c.High != nil && c.High.Value != nil {
			return keyPart{name: name, op: "between", vals: []*grammar.Value{c.Low.Value, c.High.Value}}, true
		}
	case c.In != nil:
	default:
		call := c.Left.Call
		if call != nil && fn(call) == "begins_with" && len(call.Args) == 2 {
			if name, ok := operandKey(call.Args[0]); ok && call.Args[1].Value != nil {
				return keyPart{name: name, op: "begins_with", vals: []*grammar.Value{call.Args[1].Value}}, true
			}
		}
	}
	return keyPart{}, false
}

func operandKey(o *grammar.Operand) (string, bool) {
	if o == nil || o.Path == nil {
		return "", false
	}
	return topName(o.Path)
}

func (b *builder) keyPart(p keyPart) expression.KeyConditionBuilder {
	k := expression.Key(b.nameStandIn(p.name))
	switch p.op {
	case "=":
		return k.Equal(b.value(p.vals[0], p.name))
	case "<":
		return k.LessThan(b.value(p.vals[0], p.name))
	case "<=":
		return k.LessThanEqual(b.value(p.vals[0], p.name))
	case ">":
		return k.GreaterThan(b.value(p.vals[0], p.name))
	case ">=":
		return k.GreaterThanEqual(b.value(p.vals[0], p.name))
	case "between":
		return k.Between(b.value(p.vals[0], p.name), b.value(p.vals[1], p.name))
	case "begins_with":
		return k.BeginsWith(b.sentinel(p.vals[0], p.name))
	}
	panic("builder: unknown key condition operator " + p.op)
}

// fn is a function's name as the DSL compares it: case-insensitively, the
// way it compares its keywords. The request always spells it in lower case,
// as DynamoDB wants.
func fn(c *grammar.Call) string { return strings.ToLower(c.Func) }

// condition builds a filter, condition or (other-shaped) key condition.
func (b *builder) condition(c *grammar.Condition) expression.ConditionBuilder {
	if len(c.Or) == 1 {
		return b.and(c.Or[0])
	}
	ors := make([]expression.ConditionBuilder, len(c.Or))
	for i, a := range c.Or {
		ors[i] = b.and(a)
	}
	return expression.Or(ors[0], ors[1], ors[2:]...)
}

func (b *builder) and(a *grammar.AndCondition) expression.ConditionBuilder {
	if len(a.And) == 1 {
		return b.not(a.And[0])
	}
	ands := make([]expression.ConditionBuilder, len(a.And))
	for i, n := range a.And {
		ands[i] = b.not(n)
	}
	return expression.And(ands[0], ands[1], ands[2:]...)
}

func (b *builder) not(n *grammar.NotCondition) expression.ConditionBuilder {
	switch {
	case n.Not != nil:
		return expression.Not(b.not(n.Not))
	case n.Group != nil:
		return b.condition(n.Group)
	case n.Compare != nil:
		return b.comparison(n.Compare)
	}
	b.fail(n.Pos, "empty condition")
	return noCondition
}

// noCondition stands in where an error was reported; it is never built.
var noCondition = expression.AttributeExists(expression.NameNoDotSplit("0"))

func (b *builder) comparison(c *grammar.Comparison) expression.ConditionBuilder {
	hint := ComparisonHint(c)
	switch {
	case c.Op != "":
		l, r := b.operand(c.Left, hint), b.operand(c.Right, hint)
		switch c.Op {
		case "=":
			return expression.Equal(l, r)
		case "<>":
			return expression.NotEqual(l, r)
		case "<":
			return expression.LessThan(l, r)
		case "<=":
			return expression.LessThanEqual(l, r)
		case ">":
			return expression.GreaterThan(l, r)
		case ">=":
			return expression.GreaterThanEqual(l, r)
		}
		b.fail(c.Pos, "unknown operator %q: write =, <>, <, <=, > or >=", c.Op)
		return noCondition
	case c.Low != nil:
		return expression.Between(b.operand(c.Left, hint), b.operand(c.Low, hint), b.operand(c.High, hint))
	case len(c.In) > 0:
		left := b.operand(c.Left, hint)
		list := make([]expression.OperandBuilder, len(c.In))
		for i, o := range c.In {
			list[i] = b.operand(o, hint)
		}
		return expression.In(left, list[0], list[1:]...)
	}
	return b.bareCondition(c.Left)
}

// ComparisonHint is what the values of a comparison are named after
// (package documentation, Placeholders): the last name of its first path,
// a function's arguments included; "" when it has no path (:v).
func ComparisonHint(c *grammar.Comparison) string {
	for _, o := range grammar.Operands(c) {
		if h := operandHint(o); h != "" {
			return h
		}
	}
	return ""
}

// operandHint is the last name of the first path in an operand.
func operandHint(o *grammar.Operand) string {
	h := ""
	grammar.EachPath(o, func(p *grammar.Path) {
		if h == "" {
			h = LastName(p)
		}
	})
	return h
}

// operand builds one side of a comparison: a path, a value or size(path).
func (b *builder) operand(o *grammar.Operand, hint string) expression.OperandBuilder {
	switch {
	case o == nil:
	case o.Path != nil:
		return b.name(o.Path)
	case o.Value != nil:
		return b.value(o.Value, hint)
	case o.Call != nil:
		call := o.Call
		switch name := fn(call); name {
		case "size":
			if b.arity(call, 1, "size(PATH)") {
				if p := b.pathArg(call, 0, "size(PATH)"); p != nil {
					return b.name(p).Size()
				}
			}
		case "attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains":
			b.fail(call.Pos, "%s(...) is a condition, not a value: use it on its own, like %s", name, conditionExample(name))
		case "if_not_exists", "list_append":
			b.fail(call.Pos, "%s is for the value of a set action (set a = %s(...)); in a condition, write attribute_exists or attribute_not_exists", name, name)
		default:
			b.unknownFunc(call, conditionFuncs)
		}
		return noOperand
	}
	b.fail(diag.Pos{}, "empty operand")
	return noOperand
}

// noOperand stands in where an error was reported; it is never built.
var noOperand = expression.NameNoDotSplit("0")

const conditionFuncs = "attribute_exists, attribute_not_exists, attribute_type, begins_with, contains and size"

func conditionExample(name string) string {
	switch name {
	case "attribute_exists", "attribute_not_exists":
		return name + "(ATTR)"
	case "attribute_type":
		return "attribute_type(ATTR, S)"
	case "begins_with":
		return `begins_with(ATTR, "prefix")`
	}
	return `contains(ATTR, "part")`
}

// likelyFuncs maps names people often write to the function they mean.
var likelyFuncs = map[string]string{
	"starts_with":       "begins_with",
	"startswith":        "begins_with",
	"beginswith":        "begins_with",
	"exists":            "attribute_exists",
	"attribute_exist":   "attribute_exists",
	"not_exists":        "attribute_not_exists",
	"attribute_missing": "attribute_not_exists",
	"type":              "attribute_type",
	"length":            "size",
	"len":               "size",
	"includes":          "contains",
	"if_not_exist":      "if_not_exists",
	"ifnotexists":       "if_not_exists",
	"append":            "list_append",
	"list_concat":       "list_append",
}

func (b *builder) unknownFunc(call *grammar.Call, known string) {
	if want, ok := likelyFuncs[fn(call)]; ok {
		b.fail(call.Pos, "unknown function %q: write %s (the functions here are %s)", call.Func, want, known)
		return
	}
	b.fail(call.Pos, "unknown function %q: the functions here are %s", call.Func, known)
}

// arity checks a call's number of arguments.
func (b *builder) arity(call *grammar.Call, n int, form string) bool {
	if len(call.Args) == n {
		return true
	}
	word := "arguments"
	if n == 1 {
		word = "argument"
	}
	b.fail(call.Pos, "%s takes %d %s, not %d: write %s", fn(call), n, word, len(call.Args), form)
	return false
}

// pathArg is argument i of a call, which must be a document path.
func (b *builder) pathArg(call *grammar.Call, i int, form string) *grammar.Path {
	a := call.Args[i]
	if a.Path != nil {
		return a.Path
	}
	if a.Value != nil && a.Value.Type == grammar.TypeS && a.Value.Text != "" && !strings.Contains(a.Value.Text, "`") {
		b.fail(a.Pos, "%s takes an attribute name, not a value: write %s(%s) (names are written bare or in backticks, not in quotes)",
			fn(call), fn(call), grammar.Name(a.Value.Text)+restArgs(call, i))
		return nil
	}
	b.fail(a.Pos, "%s takes an attribute path as argument %d: write %s", fn(call), i+1, form)
	return nil
}

// restArgs writes the other arguments of a one- or two-argument call back,
// for a suggestion.
func restArgs(call *grammar.Call, i int) string {
	if i == 0 && len(call.Args) == 2 {
		return ", ..."
	}
	return ""
}

// bareCondition is an operand standing alone as a condition: one of the
// condition functions.
func (b *builder) bareCondition(o *grammar.Operand) expression.ConditionBuilder {
	switch {
	case o == nil:
		return noCondition
	case o.Path != nil:
		t := grammar.FormatPath(o.Path)
		b.fail(o.Pos, "%s alone is not a condition: write attribute_exists(%s), or compare it, like %s = VALUE", t, t, t)
		return noCondition
	case o.Value != nil:
		b.fail(o.Pos, "a value alone is not a condition: compare it with an attribute, like ATTR = VALUE")
		return noCondition
	}
	call := o.Call
	name := fn(call)
	hint := operandHint(o)
	switch name {
	case "attribute_exists", "attribute_not_exists":
		form := name + "(PATH)"
		if !b.arity(call, 1, form) {
			return noCondition
		}
		p := b.pathArg(call, 0, form)
		if p == nil {
			return noCondition
		}
		if name == "attribute_exists" {
			return expression.AttributeExists(b.name(p))
		}
		return expression.AttributeNotExists(b.name(p))
	case "attribute_type":
		form := "attribute_type(PATH, S|SS|N|NS|B|BS|BOOL|NULL|L|M)"
		if !b.arity(call, 2, form) {
			return noCondition
		}
		p := b.pathArg(call, 0, form)
		t := b.attributeType(call.Args[1], hint)
		if p == nil || t == "" {
			return noCondition
		}
		return expression.AttributeType(b.name(p), expression.DynamoDBAttributeType(t))
	case "begins_with":
		form := `begins_with(PATH, "prefix")` // or begins_with(PATH, PATH)
		if !b.arity(call, 2, form) {
			return noCondition
		}
		p := b.pathArg(call, 0, form)
		if arg := call.Args[1]; arg.Path != nil {
			// begins_with(a, b) compares two attributes (reference §3.4).
			if p == nil {
				return noCondition
			}
			return expression.BeginsWith(b.name(p), b.operandStandIn(arg))
		}
		v := b.valueArg(call, 1, form)
		if p == nil || v == nil {
			return noCondition
		}
		return expression.BeginsWith(b.name(p), b.sentinel(v, hint))
	case "contains":
		form := `contains(PATH, VALUE)` // or contains(PATH, PATH | size(PATH))
		if !b.arity(call, 2, form) {
			return noCondition
		}
		p := b.pathArg(call, 0, form)
		if arg := call.Args[1]; arg.Path != nil || isSizeOfPath(arg) {
			// DynamoDB takes a path or size(path) here; the SDK only a
			// value, so it gets a stand-in for the operand.
			if p == nil {
				return noCondition
			}
			return expression.Contains(b.name(p), b.operandStandIn(arg))
		}
		v := b.valueArg(call, 1, form)
		if p == nil || v == nil {
			return noCondition
		}
		// Contains takes any Go value; an AttributeValue is used as is.
		return expression.Contains(b.name(p), b.exprAV(v, hint))
	case "size":
		b.fail(call.Pos, "size(...) is a number, not a condition: compare it, like size(ATTR) > 0")
	case "if_not_exists", "list_append":
		b.fail(call.Pos, "%s is for the value of a set action (set a = %s(...)), not a condition", name, name)
	default:
		b.unknownFunc(call, conditionFuncs)
	}
	return noCondition
}

// valueArg is argument i of a call, which must be a value.
func (b *builder) valueArg(call *grammar.Call, i int, form string) *grammar.Value {
	a := call.Args[i]
	if a.Value != nil {
		return a.Value
	}
	// An attribute there is taken before (operandStandIn): what is left is
	// a condition or a function DynamoDB does not take as an operand.
	b.fail(a.Pos, "%s takes a value as argument %d: write %s", fn(call), i+1, form)
	return nil
}

var attributeTypes = map[string]bool{
	"S": true, "SS": true, "N": true, "NS": true, "B": true, "BS": true,
	"BOOL": true, "NULL": true, "L": true, "M": true,
}

// attributeType reads the type argument of attribute_type: a bare type word
// (S, N, ... — parsed as a path, or as null), or a string; it registers the
// value the type is sent as and returns the SDK's stand-in for it.
func (b *builder) attributeType(a *grammar.Operand, hint string) string {
	switch {
	case a.Path != nil:
		name, ok := topName(a.Path)
		word := strings.ToUpper(name)
		if !ok || !attributeTypes[word] {
			b.fail(a.Pos, "attribute_type takes a type: S, SS, N, NS, B, BS, BOOL, NULL, L or M, not %s", grammar.FormatPath(a.Path))
			return ""
		}
		return b.sentinelS(word, hint)
	case a.Value != nil && a.Value.Type == grammar.TypeNULL && a.Value.FromParam == "":
		return b.sentinelS("NULL", hint)
	case a.Value != nil && (a.Value.Type == grammar.TypeS || a.Value.Type == grammar.TypeParam):
		return b.sentinel(a.Value, hint)
	}
	b.fail(a.Pos, "attribute_type takes a type: S, SS, N, NS, B, BS, BOOL, NULL, L or M")
	return ""
}

// updateActions builds the update's set, remove, add and delete actions,
// all clauses of each kind merged into one UpdateExpression.
func (b *builder) updateActions(st *grammar.Statement, e *exprs) {
	var u expression.UpdateBuilder
	n := 0
	for _, a := range st.Sets {
		u = u.Set(b.name(a.Path), b.setValue(a))
		n++
	}
	for _, p := range st.Removes {
		u = u.Remove(b.name(p))
		n++
	}
	for _, a := range st.Adds {
		u = u.Add(b.name(a.Path), b.value(a.Value, LastName(a.Path)))
		n++
	}
	for _, a := range st.Deletes {
		u = u.Delete(b.name(a.Path), b.value(a.Value, LastName(a.Path)))
		n++
	}
	if n == 0 {
		b.fail(st.Table.Pos, "update needs at least one action: set, remove, add or delete")
		return
	}
	e.update(u)
}

// setValue is the right-hand side of a set action; its values are named
// after the action's target.
func (b *builder) setValue(a *grammar.SetAction) expression.OperandBuilder {
	hint := LastName(a.Path)
	left := b.setOperand(a.Left, hint)
	if a.Op == "" || a.Right == nil {
		return left
	}
	right := b.setOperand(a.Right, hint)
	if a.Op == "-" {
		return expression.Minus(left, right)
	}
	return expression.Plus(left, right)
}

const setFuncs = "if_not_exists(PATH, VALUE) and list_append(LIST, LIST)"

func (b *builder) setOperand(o *grammar.Operand, hint string) expression.OperandBuilder {
	switch {
	case o == nil:
	case o.Path != nil:
		return b.name(o.Path)
	case o.Value != nil:
		return b.value(o.Value, hint)
	case o.Call != nil:
		call := o.Call
		switch name := fn(call); name {
		case "if_not_exists":
			form := "if_not_exists(PATH, VALUE)"
			if !b.arity(call, 2, form) {
				return noOperand
			}
			p := b.pathArg(call, 0, form)
			v := b.setOperand(call.Args[1], hint)
			if p == nil {
				return noOperand
			}
			return expression.IfNotExists(b.name(p), v)
		case "list_append":
			if !b.arity(call, 2, "list_append(LIST, LIST)") {
				return noOperand
			}
			return expression.ListAppend(b.setOperand(call.Args[0], hint), b.setOperand(call.Args[1], hint))
		case "attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size":
			b.fail(call.Pos, "%s cannot give a set action its value: the functions of a set value are %s", name, setFuncs)
		default:
			b.unknownFunc(call, setFuncs)
		}
		return noOperand
	}
	b.fail(diag.Pos{}, "empty operand")
	return noOperand
}
