package builder

import (
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

// nameRef is the reference an expression holds for an attribute name
// until its placeholder is given: # and the name's id.
func (b *builder) nameRef(name string) string {
	id, ok := b.nameID[name]
	if !ok {
		id = len(b.names)
		b.names = append(b.names, name)
		b.nameID[name] = id
	}
	return "#" + strconv.Itoa(id)
}

// name writes a document path element by element, so that a name with a
// dot stays one name and a list index stays an index: #0.#1[2].
func (b *builder) name(p *grammar.Path) string {
	if p == nil || len(p.Elems) == 0 || p.Elems[0].IsIndex {
		pos := grammar.Position{}
		if p != nil {
			pos = p.Pos
		}
		b.fail(pos, "this path was not resolved by grammar.Parse")
		return ""
	}
	for _, e := range p.Elems {
		if !e.IsIndex {
			b.checkUTF8(e.Pos, e.Name, "attribute name")
		}
	}
	if len(p.Elems) == 1 {
		return b.nameRef(p.Elems[0].Name)
	}
	var sb strings.Builder
	for i, e := range p.Elems {
		switch {
		case e.IsIndex:
			sb.WriteByte('[')
			sb.WriteString(strconv.Itoa(e.Index))
			sb.WriteByte(']')
		default:
			if i > 0 {
				sb.WriteByte('.')
			}
			sb.WriteString(b.nameRef(e.Name))
		}
	}
	return sb.String()
}

// value registers a value used in an expression, with the hint its
// placeholder is named from, and returns its reference: : and its id.
func (b *builder) value(v *grammar.Value, hint string) string {
	return b.valueRef(b.literal(v), hint)
}

// valueRef registers a value made by the builder (a type name of
// attribute_type) and returns its reference.
func (b *builder) valueRef(v Value, hint string) string {
	id := len(b.vals)
	b.vals = append(b.vals, exprValue{val: v, hint: hint})
	return ":" + strconv.Itoa(id)
}

// operandArg writes a path or size(path) standing as the second argument
// of begins_with or contains, which DynamoDB takes as any operand.
func (b *builder) operandArg(o *grammar.Operand) string {
	if o.Path != nil {
		return b.name(o.Path)
	}
	return "size (" + b.name(o.Call.Args[0].Path) + ")"
}

// isSizeOfPath reports whether o is size(PATH).
func isSizeOfPath(o *grammar.Operand) bool {
	return o.Call != nil && strings.EqualFold(o.Call.Func, "size") && len(o.Call.Args) == 1 && o.Call.Args[0].Path != nil
}

// keyCondition writes a query's key condition: in the form of the SDK's
// KeyConditionBuilder when the condition has a shape it takes, and as a
// condition otherwise.
func (b *builder) keyCondition(c *grammar.Condition) string {
	parts, ok := keyParts(c)
	if !ok {
		return b.condition(c)
	}
	if len(parts) == 1 {
		return b.keyPart(parts[0])
	}
	texts := make([]string, len(parts))
	for i, p := range parts {
		texts[i] = b.keyPart(p)
	}
	return joinParenthesized(texts, " AND ")
}

// joinParenthesized writes (a) SEP (b) SEP (c), the way the SDK writes an
// AND or OR of conditions: every operand in parentheses, whatever it is.
func joinParenthesized(texts []string, sep string) string {
	n := 0
	for _, t := range texts {
		n += len(t) + 2 + len(sep)
	}
	var sb strings.Builder
	sb.Grow(n)
	for i, t := range texts {
		if i > 0 {
			sb.WriteString(sep)
		}
		sb.WriteByte('(')
		sb.WriteString(t)
		sb.WriteByte(')')
	}
	return sb.String()
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

func (b *builder) keyPart(p keyPart) string {
	k := b.nameRef(p.name)
	switch p.op {
	case "between":
		return k + " BETWEEN " + b.value(p.vals[0], p.name) + " AND " + b.value(p.vals[1], p.name)
	case "begins_with":
		return "begins_with (" + k + ", " + b.value(p.vals[0], p.name) + ")"
	}
	// = < <= > >=, as keyPartOf read them.
	return k + " " + p.op + " " + b.value(p.vals[0], p.name)
}

// fn is a function's name as the DSL compares it: case-insensitively, the
// way it compares its keywords. The request always spells it in lower case,
// as DynamoDB wants.
func fn(c *grammar.Call) string { return strings.ToLower(c.Func) }

// condition writes a filter, condition or (other-shaped) key condition.
func (b *builder) condition(c *grammar.Condition) string {
	if len(c.Or) == 1 {
		return b.and(c.Or[0])
	}
	ors := make([]string, len(c.Or))
	for i, a := range c.Or {
		ors[i] = b.and(a)
	}
	return joinParenthesized(ors, " OR ")
}

func (b *builder) and(a *grammar.AndCondition) string {
	if len(a.And) == 1 {
		return b.not(a.And[0])
	}
	ands := make([]string, len(a.And))
	for i, n := range a.And {
		ands[i] = b.not(n)
	}
	return joinParenthesized(ands, " AND ")
}

func (b *builder) not(n *grammar.NotCondition) string {
	switch {
	case n.Not != nil:
		return "NOT (" + b.not(n.Not) + ")"
	case n.Group != nil:
		return b.condition(n.Group)
	case n.Compare != nil:
		return b.comparison(n.Compare)
	}
	b.fail(n.Pos, "empty condition")
	return ""
}

// comparisonOps are the comparison operators, written as the DSL writes
// them.
func isComparisonOp(op string) bool {
	switch op {
	case "=", "<>", "<", "<=", ">", ">=":
		return true
	}
	return false
}

func (b *builder) comparison(c *grammar.Comparison) string {
	hint := ComparisonHint(c)
	switch {
	case c.Op != "":
		l, r := b.operand(c.Left, hint), b.operand(c.Right, hint)
		if isComparisonOp(c.Op) {
			return l + " " + c.Op + " " + r
		}
		b.fail(c.Pos, "unknown operator %q: write =, <>, <, <=, > or >=", c.Op)
		return ""
	case c.Low != nil:
		l := b.operand(c.Left, hint)
		lo := b.operand(c.Low, hint)
		return l + " BETWEEN " + lo + " AND " + b.operand(c.High, hint)
	case len(c.In) > 0:
		var sb strings.Builder
		sb.WriteString(b.operand(c.Left, hint))
		sb.WriteString(" IN (")
		for i, o := range c.In {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(b.operand(o, hint))
		}
		sb.WriteByte(')')
		return sb.String()
	}
	return b.bareCondition(c.Left)
}

// noCondition stands in where an error was reported; it is never written.
const noCondition = ""

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
func (b *builder) operand(o *grammar.Operand, hint string) string {
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
					return "size (" + b.name(p) + ")"
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
	b.fail(grammar.Position{}, "empty operand")
	return noOperand
}

// noOperand stands in where an error was reported; it is never written.
const noOperand = ""

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
			fn(call), fn(call), nameText(a.Value.Text)+restArgs(call, i))
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
func (b *builder) bareCondition(o *grammar.Operand) string {
	switch {
	case o == nil:
		return noCondition
	case o.Path != nil:
		t := pathText(o.Path)
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
		return name + " (" + b.name(p) + ")"
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
		return "attribute_type (" + b.name(p) + ", " + t + ")"
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
			return "begins_with (" + b.name(p) + ", " + b.operandArg(arg) + ")"
		}
		v := b.valueArg(call, 1, form)
		if p == nil || v == nil {
			return noCondition
		}
		return "begins_with (" + b.name(p) + ", " + b.value(v, hint) + ")"
	case "contains":
		form := `contains(PATH, VALUE)` // or contains(PATH, PATH | size(PATH))
		if !b.arity(call, 2, form) {
			return noCondition
		}
		p := b.pathArg(call, 0, form)
		if arg := call.Args[1]; arg.Path != nil || isSizeOfPath(arg) {
			if p == nil {
				return noCondition
			}
			return "contains (" + b.name(p) + ", " + b.operandArg(arg) + ")"
		}
		v := b.valueArg(call, 1, form)
		if p == nil || v == nil {
			return noCondition
		}
		return "contains (" + b.name(p) + ", " + b.value(v, hint) + ")"
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
// value the type is sent as and returns its reference.
func (b *builder) attributeType(a *grammar.Operand, hint string) string {
	switch {
	case a.Path != nil:
		name, ok := topName(a.Path)
		word := strings.ToUpper(name)
		if !ok || !attributeTypes[word] {
			b.fail(a.Pos, "attribute_type takes a type: S, SS, N, NS, B, BS, BOOL, NULL, L or M, not %s", pathText(a.Path))
			return ""
		}
		return b.valueRef(Value{Kind: KindS, Text: word}, hint)
	case a.Value != nil && a.Value.Type == grammar.TypeNULL && a.Value.FromParam == "":
		return b.valueRef(Value{Kind: KindS, Text: "NULL"}, hint)
	case a.Value != nil && (a.Value.Type == grammar.TypeS || a.Value.Type == grammar.TypeParam):
		return b.value(a.Value, hint)
	}
	b.fail(a.Pos, "attribute_type takes a type: S, SS, N, NS, B, BS, BOOL, NULL, L or M")
	return ""
}

// updateActions writes the update's set, remove, add and delete actions,
// all clauses of each kind merged into one UpdateExpression, the kinds in
// the SDK's order: ADD, DELETE, REMOVE, SET (package documentation,
// Expressions).
func (b *builder) updateActions(st *grammar.Statement) string {
	var sets, removes, adds, deletes []string
	for _, a := range st.Sets {
		sets = append(sets, b.name(a.Path)+" = "+b.setValue(a))
	}
	for _, p := range st.Removes {
		removes = append(removes, b.name(p))
	}
	for _, a := range st.Adds {
		adds = append(adds, b.name(a.Path)+" "+b.value(a.Value, LastName(a.Path)))
	}
	for _, a := range st.Deletes {
		deletes = append(deletes, b.name(a.Path)+" "+b.value(a.Value, LastName(a.Path)))
	}
	if len(sets)+len(removes)+len(adds)+len(deletes) == 0 {
		b.fail(st.Table.Pos, "update needs at least one action: set, remove, add or delete")
		return ""
	}
	var sb strings.Builder
	for _, c := range [...]struct {
		word    string
		actions []string
	}{{"ADD", adds}, {"DELETE", deletes}, {"REMOVE", removes}, {"SET", sets}} {
		if len(c.actions) == 0 {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(c.word)
		for i, a := range c.actions {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteByte(' ')
			sb.WriteString(a)
		}
	}
	return sb.String()
}

// setValue is the right-hand side of a set action; its values are named
// after the action's target.
func (b *builder) setValue(a *grammar.SetAction) string {
	hint := LastName(a.Path)
	left := b.setOperand(a.Left, hint)
	if a.Op == "" || a.Right == nil {
		return left
	}
	right := b.setOperand(a.Right, hint)
	if a.Op == "-" {
		return left + " - " + right
	}
	return left + " + " + right
}

const setFuncs = "if_not_exists(PATH, VALUE) and list_append(LIST, LIST)"

func (b *builder) setOperand(o *grammar.Operand, hint string) string {
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
			return "if_not_exists(" + b.name(p) + ", " + v + ")"
		case "list_append":
			if !b.arity(call, 2, "list_append(LIST, LIST)") {
				return noOperand
			}
			return "list_append(" + b.setOperand(call.Args[0], hint) + ", " + b.setOperand(call.Args[1], hint) + ")"
		case "attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size":
			b.fail(call.Pos, "%s cannot give a set action its value: the functions of a set value are %s", name, setFuncs)
		default:
			b.unknownFunc(call, setFuncs)
		}
		return noOperand
	}
	b.fail(grammar.Position{}, "empty operand")
	return noOperand
}
