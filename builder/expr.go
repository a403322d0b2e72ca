package builder

import (
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// appendNameRef appends the reference an expression holds for an
// attribute name until its placeholder is given: # and the name's id.
func (b *builder) appendNameRef(buf []byte, name string) []byte {
	id, ok := b.nameID[name]
	if !ok {
		id = len(b.names)
		b.names = append(b.names, name)
		b.nameID[name] = id
	}
	return strconv.AppendInt(append(buf, '#'), int64(id), 10)
}

// name writes a document path element by element, so that a name with a
// dot stays one name and a list index stays an index: #0.#1[2].
func (b *builder) name(p *grammar.Path) string {
	if p == nil || len(p.Elems) == 0 || p.Elems[0].IsIndex {
		pos := diag.Pos{}
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
	buf := make([]byte, 0, 8*len(p.Elems))
	for i, e := range p.Elems {
		if e.IsIndex {
			buf = append(strconv.AppendInt(append(buf, '['), int64(e.Index), 10), ']')
			continue
		}
		if i > 0 {
			buf = append(buf, '.')
		}
		buf = b.appendNameRef(buf, e.Name)
	}
	return string(buf)
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
	return joinConditions(len(parts), " AND ", func(i int) string { return b.keyPart(parts[i]) })
}

// joinConditions writes n conditions joined by sep (" AND ", " OR ") the
// way the SDK writes them: one alone as it is, several each in parentheses,
// whatever they are: (a) AND (b) AND (c).
func joinConditions(n int, sep string, cond func(i int) string) string {
	if n == 1 {
		return cond(0)
	}
	texts := make([]string, n)
	for i := range texts {
		texts[i] = cond(i)
	}
	size := 0
	for _, t := range texts {
		size += len(t) + 2 + len(sep)
	}
	var sb strings.Builder
	sb.Grow(size)
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

// mirror turns the comparison of `V op k` into the op' of `k op' V`; ok
// is false for an operator a key condition does not take (<>, or none).
func mirror(op string) (mirrored string, ok bool) {
	switch op {
	case "<":
		return ">", true
	case ">":
		return "<", true
	case "<=":
		return ">=", true
	case ">=":
		return "<=", true
	}
	return op, op == "="
}

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
		mirrored, isKeyOp := mirror(c.Op) // <> is not
		if !isKeyOp {
			break
		}
		if name, ok := operandKey(c.Left); ok && c.Right.Value != nil {
			return keyPart{name: name, op: c.Op, vals: []*grammar.Value{c.Right.Value}}, true
		}
		if name, ok := operandKey(c.Right); ok && c.Left.Value != nil {
			return keyPart{name: name, op: mirrored, vals: []*grammar.Value{c.Left.Value}}, true
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
	k := string(b.appendNameRef(nil, p.name))
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
	return joinConditions(len(c.Or), " OR ", func(i int) string {
		a := c.Or[i]
		return joinConditions(len(a.And), " AND ", func(j int) string { return b.not(a.And[j]) })
	})
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

func (b *builder) comparison(c *grammar.Comparison) string {
	hint := ComparisonHint(c)
	switch {
	case c.Op != "":
		l, r := b.operand(c.Left, hint), b.operand(c.Right, hint)
		if _, isKeyOp := mirror(c.Op); isKeyOp || c.Op == "<>" {
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
	if o != nil && o.Call != nil {
		return b.operandCall(o.Call)
	}
	return b.pathOrValue(o, hint)
}

// operandCall is a function call as an operand of a comparison: size(path)
// is the one DynamoDB takes.
func (b *builder) operandCall(call *grammar.Call) string {
	switch name := fn(call); name {
	case "size":
		if b.arity(call, 1, "size(PATH)") {
			if p := b.pathArg(call, 0, "size(PATH)"); p != nil {
				return "size (" + b.name(p) + ")"
			}
		}
	case "attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains":
		b.refuse(ruleFunction, call.Pos, "%s(...) is a condition, not a value: use it on its own, like %s", name, conditionExample(name))
	case "if_not_exists", "list_append":
		b.refuse(ruleFunction, call.Pos, "%s is for the value of a set action (set a = %s(...)); in a condition, write attribute_exists or attribute_not_exists", name, name)
	default:
		b.unknownFunc(call, conditionFuncs)
	}
	return noOperand
}

// pathOrValue is an operand that is not a function call.
func (b *builder) pathOrValue(o *grammar.Operand, hint string) string {
	switch {
	case o == nil:
	case o.Path != nil:
		return b.name(o.Path)
	case o.Value != nil:
		return b.value(o.Value, hint)
	}
	b.fail(diag.Pos{}, "empty operand")
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

// likelyFunc is the function people often mean by a name that is not one,
// "" when it is not such a name.
func likelyFunc(name string) string {
	switch name {
	case "starts_with", "startswith", "beginswith":
		return "begins_with"
	case "exists", "attribute_exist":
		return "attribute_exists"
	case "not_exists", "attribute_missing":
		return "attribute_not_exists"
	case "type":
		return "attribute_type"
	case "length", "len":
		return "size"
	case "includes":
		return "contains"
	case "if_not_exist", "ifnotexists":
		return "if_not_exists"
	case "append", "list_concat":
		return "list_append"
	}
	return ""
}

func (b *builder) unknownFunc(call *grammar.Call, known string) {
	if want := likelyFunc(fn(call)); want != "" {
		b.refuse(ruleFunction, call.Pos, "unknown function %q: write %s (the functions here are %s)", call.Func, want, known)
		return
	}
	b.refuse(ruleFunction, call.Pos, "unknown function %q: the functions here are %s", call.Func, known)
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
	b.refuse(ruleFunction, call.Pos, "%s takes %d %s, not %d: write %s", fn(call), n, word, len(call.Args), form)
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
func (b *builder) bareCondition(o *grammar.Operand) string {
	switch {
	case o == nil:
		return noCondition
	case o.Path != nil:
		t := grammar.FormatPath(o.Path)
		b.refuse(ruleFunction, o.Pos, "%s alone is not a condition: write attribute_exists(%s), or compare it, like %s = VALUE", t, t, t)
		return noCondition
	case o.Value != nil:
		b.refuse(ruleFunction, o.Pos, "a value alone is not a condition: compare it with an attribute, like ATTR = VALUE")
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
		return b.pathCall(call, "attribute_type(PATH, S|SS|N|NS|B|BS|BOOL|NULL|L|M)", "attribute_type (",
			func(a *grammar.Operand) string { return b.attributeType(a, hint) })
	case "begins_with", "contains":
		return b.searchFunc(call, name, hint)
	case "size":
		b.refuse(ruleFunction, call.Pos, "size(...) is a number, not a condition: compare it, like size(ATTR) > 0")
	case "if_not_exists", "list_append":
		b.refuse(ruleFunction, call.Pos, "%s is for the value of a set action (set a = %s(...)), not a condition", name, name)
	default:
		b.unknownFunc(call, conditionFuncs)
	}
	return noCondition
}

// pathCall writes a function of a path and one more argument, which arg
// writes: attribute_type and if_not_exists. open is the function's name
// and parenthesis as the SDK spells them (package documentation,
// Expressions). Nothing is written where an error was reported.
func (b *builder) pathCall(call *grammar.Call, form, open string, arg func(*grammar.Operand) string) string {
	if !b.arity(call, 2, form) {
		return ""
	}
	p := b.pathArg(call, 0, form)
	second := arg(call.Args[1])
	if p == nil || second == "" {
		return ""
	}
	return open + b.name(p) + ", " + second + ")"
}

// searchFunc writes begins_with or contains: a path, then a value or
// another operand DynamoDB takes there (a path for begins_with, which then
// compares two attributes; a path or size(path) for contains).
func (b *builder) searchFunc(call *grammar.Call, name, hint string) string {
	form := `begins_with(PATH, "prefix")` // or begins_with(PATH, PATH)
	if name == "contains" {
		form = `contains(PATH, VALUE)` // or contains(PATH, PATH | size(PATH))
	}
	if !b.arity(call, 2, form) {
		return noCondition
	}
	p := b.pathArg(call, 0, form)
	if arg := call.Args[1]; arg.Path != nil || name == "contains" && isSizeOfPath(arg) {
		if p == nil {
			return noCondition
		}
		return name + " (" + b.name(p) + ", " + b.operandArg(arg) + ")"
	}
	v := b.valueArg(call, 1, form)
	if p == nil || v == nil {
		return noCondition
	}
	return name + " (" + b.name(p) + ", " + b.value(v, hint) + ")"
}

// valueArg is argument i of a call, which must be a value.
func (b *builder) valueArg(call *grammar.Call, i int, form string) *grammar.Value {
	a := call.Args[i]
	if a.Value != nil {
		return a.Value
	}
	// An attribute there is taken before (operandArg): what is left is
	// a condition or a function DynamoDB does not take as an operand.
	b.fail(a.Pos, "%s takes a value as argument %d: write %s", fn(call), i+1, form)
	return nil
}

// isAttributeType reports whether word is one of DynamoDB's type names.
func isAttributeType(word string) bool {
	for k := KindS; k <= KindBS; k++ {
		if k.String() == word {
			return true
		}
	}
	return false
}

// attributeType reads the type argument of attribute_type: a bare type word
// (S, N, ... — parsed as a path, or as null), or a string; it registers the
// value the type is sent as and returns its reference.
func (b *builder) attributeType(a *grammar.Operand, hint string) string {
	switch {
	case a.Path != nil:
		name, ok := topName(a.Path)
		word := strings.ToUpper(name)
		if !ok || !isAttributeType(word) {
			b.refuse(ruleFunction, a.Pos, "attribute_type takes a type: S, SS, N, NS, B, BS, BOOL, NULL, L or M, not %s", grammar.FormatPath(a.Path))
			return ""
		}
		return b.valueRef(Value{Kind: KindS, Text: word}, hint)
	case a.Value != nil && a.Value.Type == grammar.TypeNULL && a.Value.FromParam == "":
		return b.valueRef(Value{Kind: KindS, Text: "NULL"}, hint)
	case a.Value != nil && (a.Value.Type == grammar.TypeS || a.Value.Type == grammar.TypeParam):
		return b.value(a.Value, hint)
	}
	b.refuse(ruleFunction, a.Pos, "attribute_type takes a type: S, SS, N, NS, B, BS, BOOL, NULL, L or M")
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
	if a.Op == "" || a.Right == nil {
		return b.setOperand(a.Left, hint, false)
	}
	left, right := b.setOperand(a.Left, hint, true), b.setOperand(a.Right, hint, true)
	if a.Op == "-" {
		return left + " - " + right
	}
	return left + " + " + right
}

const setFuncs = "if_not_exists(PATH, VALUE) and list_append(LIST, LIST)"

// setOperand is an operand of a set value; nested says it stands inside
// a function or an operand of + or -, where DynamoDB takes no function
// but if_not_exists.
func (b *builder) setOperand(o *grammar.Operand, hint string, nested bool) string {
	if o != nil && o.Call != nil {
		if name := fn(o.Call); nested && name == "list_append" {
			b.refuse(ruleFunction, o.Call.Pos, "list_append cannot stand inside another function or in + or -, only if_not_exists can: write list_append at the top of the value, like set a = list_append(if_not_exists(a, []), [...])")
			return noOperand
		}
		return b.setCall(o.Call, hint)
	}
	return b.pathOrValue(o, hint)
}

// setCall is a function call in the value of a set action.
func (b *builder) setCall(call *grammar.Call, hint string) string {
	switch name := fn(call); name {
	case "if_not_exists":
		return b.pathCall(call, "if_not_exists(PATH, VALUE)", "if_not_exists(",
			func(a *grammar.Operand) string { return b.setOperand(a, hint, true) })
	case "list_append":
		if !b.arity(call, 2, "list_append(LIST, LIST)") {
			return noOperand
		}
		return "list_append(" + b.setOperand(call.Args[0], hint, true) + ", " + b.setOperand(call.Args[1], hint, true) + ")"
	case "attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size":
		b.refuse(ruleFunction, call.Pos, "%s cannot give a set action its value: the functions of a set value are %s", name, setFuncs)
	default:
		b.unknownFunc(call, setFuncs)
	}
	return noOperand
}
