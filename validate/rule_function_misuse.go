package validate

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// conditionFuncs are the functions of conditions, with their number of
// arguments; updateFuncs those of set values. DynamoDB's function names are
// case-sensitive.
var (
	conditionFuncs = map[string]int{
		"attribute_exists": 1, "attribute_not_exists": 1, "attribute_type": 2,
		"begins_with": 2, "contains": 2, "size": 1,
	}
	conditionFuncNames = []string{"attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size"}
	updateFuncs        = map[string]int{"if_not_exists": 2, "list_append": 2}
	updateFuncNames    = []string{"if_not_exists", "list_append"}
	// attributeTypeNames are the type names attribute_type takes, in the
	// order DynamoDB's message lists them.
	attributeTypeNames = []string{"B", "NULL", "SS", "BOOL", "L", "BS", "N", "NS", "S", "M"}
)

// FunctionNames returns the functions DynamoDB has: those of conditions,
// then those of set values (what an editor offers to complete).
func FunctionNames() (condition, update []string) {
	return slices.Clone(conditionFuncNames), slices.Clone(updateFuncNames)
}

var functionMisuse = &Rule{
	Name:     "function-misuse",
	Severity: Error,
	Title:    "a function, comparison or between that DynamoDB refuses as written",
	Why: `DynamoDB checks every function and comparison of an expression before it reads
anything. Conditions have attribute_exists, attribute_not_exists, attribute_type,
begins_with, contains and size; set values have if_not_exists and list_append
(the DSL takes them in any case and writes them as DynamoDB wants; in request
JSON they are case-sensitive: Begins_With is unknown). if_not_exists and
list_append in a condition are not unknown names: DynamoDB answers "The
function is not allowed in a condition expression". Each function takes a fixed
number of arguments: attribute_exists, attribute_not_exists and size one, the
others two. attribute_exists and attribute_not_exists test a path, not a value;
begins_with compares strings or binary; size measures a string, binary, set,
list or map; attribute_type takes one of the type names S SS N NS B BS BOOL NULL
L M as a string. size is a number to compare (size(a) > 3), not a condition,
and the other condition functions are conditions, not values to compare. A test
needs an operator: a path alone is not a condition. < <= > >= and between order
numbers, strings and binary only. The same path on both sides of a comparison
is refused, and so are between bounds of two types, or in the wrong order.
Values of two types elsewhere are not an error: = <> in and contains take any
types, and a comparison of a number with a string (a = "x" where a holds a
number, or 1 < "a") is simply false.`,
	DynamoMessages: []string{
		"Invalid FilterExpression: Invalid function name; function: starts_with",
		"Invalid FilterExpression: Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: 1",
		"Invalid FilterExpression: The function is not allowed to be used this way in an expression; function: attribute_exists",
		"Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:9}, upper bound operand: AttributeValue: {N:1}",
	},
	Bad:       `scan Tickets filter starts_with(subject, "printer")`,
	Good:      `scan Tickets filter begins_with(subject, "printer")`,
	AppliesTo: "conditions (query key, filter, if) and set values",
	check:     checkFunctionMisuse,
}

// function-misuse's hook is the one set in an init, not in the Rule
// literal: it reads the request's expressions, and the reader files what
// DynamoDB finds wrong with a function under function-misuse
// (problemRule), so the literal would refer to itself through its hook,
// which Go refuses (an initialization cycle).
func init() { functionMisuse.checkRequest = checkRequestFunctions }

// checkRequestFunctions keeps what checkFunctionMisuse finds in a request's
// conditions for a request the catalog cannot check as a statement (the
// statement's check reports it otherwise), but for what DynamoDB finds
// while reading the expression, which readExpression reported.
func checkRequestFunctions(c *requestPass) {
	for x := range c.parsedExpressions() {
		if x.e.Condition == nil {
			continue
		}
		cond, ok := c.requestCondition(x, x.e.Condition)
		if !ok {
			continue
		}
		var out []Finding
		fc := funcCheck{p: &Pass{rule: c.rule, cfg: c.cfg, out: &out}, prefix: "Invalid " + x.param + ": "}
		grammar.EachComparison(cond, fc.comparison)
		for _, f := range out {
			if !c.quieted(f) {
				c.later = append(c.later, f)
			}
		}
	}
}

// funcCheck checks the functions and comparisons of one expression.
type funcCheck struct {
	p      *Pass
	prefix string // "Invalid FilterExpression: "
}

func checkFunctionMisuse(p *Pass) {
	for _, pc := range conditions(p.Stmt) {
		fc := funcCheck{p: p, prefix: "Invalid " + exprKindOf(pc.place) + "Expression: "}
		grammar.EachComparison(pc.cond, fc.comparison)
	}
	fc := funcCheck{p: p, prefix: "Invalid UpdateExpression: "}
	for _, a := range p.Stmt.Sets {
		if a == nil {
			continue
		}
		// The operands of + and - stand inside an operator.
		nested := a.Op != ""
		fc.updateOperand(a.Left, nested, a.Op)
		fc.updateOperand(a.Right, nested, a.Op)
	}
}

// reportFix reports what is wrong, DynamoDB's answer and what to write.
func (fc funcCheck) reportFix(at diag.Pos, what, dyn, fix string) {
	fc.p.Reportf(at, "%s; DynamoDB answers %q. Write instead: %s", what, fc.prefix+dyn, fix)
}

// operatorName is how DynamoDB names a comparison's operator.
func operatorName(c *grammar.Comparison) string {
	switch {
	case c.Op != "":
		return c.Op
	case c.Low != nil:
		return "BETWEEN"
	}
	return "IN"
}

func (fc funcCheck) comparison(c *grammar.Comparison) {
	if c == nil || c.Left == nil {
		return
	}
	if c.Op == "" && c.Low == nil && len(c.In) == 0 {
		fc.bare(c.Left)
		return
	}
	ops := grammar.Operands(c)
	for _, o := range ops {
		if o != nil && o.Call != nil && !fc.call(o.Call, true) {
			return
		}
	}
	op := operatorName(c)
	if op != "=" && op != "<>" && op != "IN" {
		// < <= > >= and BETWEEN order numbers, strings and binary.
		for _, o := range ops {
			t := operandType(o)
			if t == "" || isScalarSetElem(t) {
				continue
			}
			fc.reportFix(o.Pos, fmt.Sprintf("%s orders numbers, strings and binary, and %s is %s", strings.ToLower(op), operandShown(o), grammar.TypeWord(t)),
				fmt.Sprintf(msgOperandType, op, t), "compare it with = or <>")
			return
		}
	}
	if c.Left.Path != nil {
		for _, o := range ops[1:] {
			if o == nil || o.Path == nil {
				continue
			}
			if same, _ := clashOf(c.Left.Path, o.Path); same == clashSame {
				fc.reportFix(o.Pos, fmt.Sprintf("%s stands on both sides of %s, which DynamoDB refuses", grammar.FormatPath(o.Path), strings.ToLower(op)),
					fmt.Sprintf(msgRepeatedPath, op, ddbPath(c.Left.Path)), "compare "+grammar.FormatPath(o.Path)+" with a value, or with another attribute")
				return
			}
		}
	}
	if c.Low != nil && c.High != nil {
		fc.between(c)
	}
}

// bare reports an operand standing alone as a condition.
func (fc funcCheck) bare(o *grammar.Operand) {
	switch {
	case o.Call != nil:
		fc.call(o.Call, false)
	case o.Path != nil:
		fc.reportFix(o.Pos, fmt.Sprintf("a condition needs a test, and %s alone is not one", grammar.FormatPath(o.Path)),
			"Syntax error", fmt.Sprintf("attribute_exists(%s), or a comparison: %s = VALUE", grammar.FormatPath(o.Path), grammar.FormatPath(o.Path)))
	case o.Value != nil:
		fc.reportFix(o.Pos, fmt.Sprintf("a condition needs a test, and the value %s alone is not one", valueShown(o.Value)),
			"Syntax error", fmt.Sprintf("a comparison of an attribute with it: ATTR = %s", valueShown(o.Value)))
	}
}

// operandType is the type an operand has before the item is read: a value's
// type, N for size(...), or "" when only the item can tell.
func operandType(o *grammar.Operand) grammar.ValueType {
	switch {
	case o == nil:
	case o.Value != nil && typedLiteral(o.Value):
		return o.Value.Type
	case o.Call != nil && o.Call.Func == "size":
		return grammar.TypeN
	}
	return ""
}

// call checks a function call of a condition; nested is true where it is an
// operand (of a comparison or of another function), false where it stands
// as a condition. It reports whether the call is well-formed.
func (fc funcCheck) call(c *grammar.Call, nested bool) bool {
	name := c.Func
	want, known := conditionFuncs[name]
	if !known && updateFuncs[name] > 0 {
		fc.reportFix(c.Pos, fmt.Sprintf("%s is a function of set values, and a condition cannot use it", name),
			fmt.Sprintf(msgCondFunction, name), funcHint(name, false))
		return false
	}
	if !known {
		fc.reportFix(c.Pos, fmt.Sprintf("%s is not a function of conditions", name),
			fmt.Sprintf(msgInvalidFunction, name), funcHint(name, false))
		return false
	}
	switch {
	case !nested && name == "size":
		fc.reportFix(c.Pos, fmt.Sprintf("%s is a number, not a condition", exprOperandText(&grammar.Operand{Call: c})),
			fmt.Sprintf(msgFunctionContext, name), fmt.Sprintf("a comparison: %s > 0", exprOperandText(&grammar.Operand{Call: c})))
		return false
	case nested && name != "size":
		fc.reportFix(c.Pos, fmt.Sprintf("%s is a condition, not a value to compare or pass on", exprOperandText(&grammar.Operand{Call: c})),
			fmt.Sprintf(msgFunctionContext, name), fmt.Sprintf("the condition alone, %s, or negated with not", exprOperandText(&grammar.Operand{Call: c})))
		return false
	}
	if len(c.Args) != want {
		fc.reportFix(c.Pos, fmt.Sprintf("%s takes %s, not %d", name, diag.Plural(want, "argument"), len(c.Args)),
			fmt.Sprintf(msgArity, name, len(c.Args)), funcUsage(name))
		return false
	}
	for _, a := range c.Args {
		if a == nil {
			return false
		}
		if a.Call != nil && !fc.call(a.Call, true) {
			return false
		}
	}
	switch name {
	case "attribute_exists", "attribute_not_exists":
		if a := c.Args[0]; a.Path == nil {
			fix := name + "(ATTR)"
			if v := a.Value; v != nil && v.Type == grammar.TypeS && v.Text != "" {
				fix = name + "(" + grammar.Name(v.Text) + ")"
			}
			fc.reportFix(a.Pos, fmt.Sprintf("%s tests an attribute, so it takes a path, not %s", name, exprOperandText(a)),
				fmt.Sprintf(msgNeedsPath, name), fix)
			return false
		}
	case "attribute_type":
		a := c.Args[1]
		v := a.Value
		switch {
		case v == nil:
			// A bare N or SS is a path to DynamoDB and to the DSL: the user
			// meant the type name, so suggest it quoted.
			want := "S"
			if a.Path != nil && len(a.Path.Elems) == 1 && slices.Contains(attributeTypeNames, a.Path.Elems[0].Name) {
				want = a.Path.Elems[0].Name
			}
			fc.reportFix(a.Pos, fmt.Sprintf("attribute_type takes the type name as a string, like \"S\", not %s", exprOperandText(a)),
				"Incorrect operand type for operator or function; operator or function: attribute_type", attributeTypeFix(c, want))
			return false
		case !typedLiteral(v):
		case v.Type != grammar.TypeS:
			fc.reportFix(a.Pos, fmt.Sprintf("attribute_type takes the type name as a string, like \"S\", and %s is %s", valueShown(v), grammar.TypeWord(v.Type)),
				fmt.Sprintf(msgOperandType, "attribute_type", v.Type), attributeTypeFix(c, "S"))
			return false
		case !slices.Contains(attributeTypeNames, v.Text):
			fix := "one of " + strings.Join([]string{"S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M"}, ", ")
			if t := typeNameFor(v.Text); t != "" {
				fix = attributeTypeFix(c, t)
			}
			fc.reportFix(a.Pos, fmt.Sprintf("%q is not a DynamoDB type name", v.Text),
				fmt.Sprintf("Invalid attribute type name found; type: %s, valid types: {%s}", v.Text, strings.Join(attributeTypeNames, ",")), fix)
			return false
		}
	case "begins_with":
		for _, a := range c.Args {
			if t := operandType(a); t != "" && t != grammar.TypeS && t != grammar.TypeB {
				fix := "a string prefix"
				if a.Value != nil && a.Value.Type == grammar.TypeN {
					fix = strconv.Quote(a.Value.Text) + " (begins_with compares text; a number attribute has no prefix)"
				}
				fc.reportFix(a.Pos, fmt.Sprintf("begins_with compares strings or binary, and %s is %s", exprOperandText(a), grammar.TypeWord(t)),
					fmt.Sprintf(msgOperandType, "begins_with", t), fix)
				return false
			}
		}
	case "size":
		a := c.Args[0]
		if t := operandType(a); t == grammar.TypeN || t == grammar.TypeBOOL || t == grammar.TypeNULL {
			fc.reportFix(a.Pos, fmt.Sprintf("size measures a string, binary, set, list or map, and %s is %s", exprOperandText(a), grammar.TypeWord(t)),
				fmt.Sprintf(msgOperandType, "size", t), "size(ATTR), the attribute to measure")
			return false
		}
	}
	if want == 2 {
		if first, second := c.Args[0].Path, c.Args[1].Path; first != nil && second != nil {
			if same, _ := clashOf(first, second); same == clashSame {
				fc.reportFix(c.Args[1].Pos, fmt.Sprintf("%s stands as both arguments of %s, which DynamoDB refuses", grammar.FormatPath(second), name),
					fmt.Sprintf(msgRepeatedPath, name, ddbPath(first)), "a value, or another attribute, as the second argument")
				return false
			}
		}
	}
	return true
}

// between checks literal bounds: one type, the lower first.
func (fc funcCheck) between(c *grammar.Comparison) {
	lo, hi := c.Low.Value, c.High.Value
	if !typedLiteral(lo) || !typedLiteral(hi) || !isScalarSetElem(lo.Type) || !isScalarSetElem(hi.Type) {
		return
	}
	subject := exprOperandText(c.Left)
	if lo.Type != hi.Type {
		fc.reportFix(c.Low.Pos, fmt.Sprintf("the bounds of between are %s (%s) and %s (%s); DynamoDB compares within one type", valueShown(lo), grammar.TypeWord(lo.Type), valueShown(hi), grammar.TypeWord(hi.Type)),
			fmt.Sprintf(msgBetweenTypes, avText(lo), avText(hi)), "both bounds of the attribute's type")
		return
	}
	if compareScalars(lo, hi) > 0 {
		fc.reportFix(c.Low.Pos, fmt.Sprintf("between takes the lower bound first, and %s is greater than %s", valueShown(lo), valueShown(hi)),
			fmt.Sprintf(msgBetweenOrder, avText(lo), avText(hi)), fmt.Sprintf("%s between %s and %s", subject, valueInFix(hi), valueInFix(lo)))
	}
}

// avText writes a value as DynamoDB's BETWEEN messages do: AttributeValue: {N:9}.
func avText(v *grammar.Value) string {
	return "AttributeValue: {" + string(v.Type) + ":" + v.Text + "}"
}

// compareScalars orders two values of one type as DynamoDB does: numbers by
// value, strings by their UTF-8 bytes, binary by its bytes.
func compareScalars(a, b *grammar.Value) int {
	switch a.Type {
	case grammar.TypeN:
		x, ok1 := grammar.ParseDecimal(a.Text)
		y, ok2 := grammar.ParseDecimal(b.Text)
		if !ok1 || !ok2 {
			return 0
		}
		return x.Cmp(y)
	case grammar.TypeB:
		x, ok1 := binaryBytes(a.Text)
		y, ok2 := binaryBytes(b.Text)
		if !ok1 || !ok2 {
			return 0
		}
		return bytes.Compare(x, y)
	}
	return strings.Compare(a.Text, b.Text)
}

// updateOperand checks a function call in a set value; nested is true
// inside + or - or another function.
func (fc funcCheck) updateOperand(o *grammar.Operand, nested bool, op string) {
	if o == nil || o.Call == nil {
		return
	}
	c := o.Call
	name := c.Func
	want, known := updateFuncs[name]
	switch {
	case !known && conditionFuncs[name] > 0:
		fc.reportFix(c.Pos, fmt.Sprintf("%s is a function of conditions, and a set value cannot use it", name),
			fmt.Sprintf(msgUpdateFunction, name), "if_not_exists or list_append in set; a test goes in the update's if")
		return
	case !known:
		fc.reportFix(c.Pos, fmt.Sprintf("%s is not a function of set values", name),
			fmt.Sprintf(msgInvalidFunction, name), funcHint(name, true))
		return
	case nested && name != "if_not_exists":
		where := "inside another function"
		if op != "" {
			where = "as an operand of " + op
		}
		fc.reportFix(c.Pos, fmt.Sprintf("%s cannot stand %s: only if_not_exists may", name, where),
			fmt.Sprintf(msgFunctionContext, name), "list_append at the top of the value: set a = list_append(if_not_exists(a, []), [...])")
		return
	case len(c.Args) != want:
		fc.reportFix(c.Pos, fmt.Sprintf("%s takes %d arguments, not %d", name, want, len(c.Args)),
			fmt.Sprintf(msgArity, name, len(c.Args)), funcUsage(name))
		return
	}
	for _, a := range c.Args {
		fc.updateOperand(a, true, "")
	}
	if name == "if_not_exists" && c.Args[0] != nil && c.Args[1] != nil && c.Args[0].Path != nil && c.Args[1].Path != nil {
		if same, _ := clashOf(c.Args[0].Path, c.Args[1].Path); same == clashSame {
			fc.reportFix(c.Args[1].Pos, fmt.Sprintf("%s stands as both arguments of if_not_exists, which DynamoDB refuses", grammar.FormatPath(c.Args[1].Path)),
				fmt.Sprintf(msgRepeatedPath, name, ddbPath(c.Args[0].Path)), "the value to use when the attribute is missing as the second argument")
		}
	}
}

// funcHint says what to write for an unknown function name.
func funcHint(name string, update bool) string {
	valid, other, where := conditionFuncNames, updateFuncNames, "conditions"
	if update {
		valid, other, where = updateFuncNames, conditionFuncNames, "set values"
	}
	for _, v := range valid {
		if strings.EqualFold(v, name) {
			return v + " (DynamoDB's function names are case-sensitive)"
		}
	}
	for _, v := range other {
		if strings.EqualFold(v, name) {
			if update {
				return "a set value computes with if_not_exists or list_append; " + v + " tests, in the update's if"
			}
			return "a condition tests with " + strings.Join(conditionFuncNames, ", ") + "; " + v + " computes a value in an update's set"
		}
	}
	if s := funcAliases[strings.ToLower(name)]; s != "" && slices.Contains(valid, s) {
		return s
	}
	if s := schema.Suggest(name, valid); s != "" {
		return s
	}
	return "one of the functions of " + where + ": " + strings.Join(valid, ", ")
}

// funcAliases are other languages' names for DynamoDB's functions.
var funcAliases = map[string]string{
	"starts_with": "begins_with", "startswith": "begins_with", "begins": "begins_with", "prefix": "begins_with",
	"exists": "attribute_exists", "not_exists": "attribute_not_exists", "type": "attribute_type", "typeof": "attribute_type",
	"includes": "contains", "has": "contains", "length": "size", "len": "size", "count": "size",
	"append": "list_append", "coalesce": "if_not_exists", "ifnull": "if_not_exists", "default": "if_not_exists",
}

// funcUsage shows how a function is called.
func funcUsage(name string) string {
	switch name {
	case "attribute_exists", "attribute_not_exists":
		return name + "(ATTR)"
	case "attribute_type":
		return `attribute_type(ATTR, "S")`
	case "begins_with":
		return `begins_with(ATTR, "prefix")`
	case "contains":
		return `contains(ATTR, VALUE)`
	case "size":
		return "size(ATTR) > N"
	case "if_not_exists":
		return "if_not_exists(ATTR, VALUE)"
	case "list_append":
		return "list_append(ATTR, [VALUE, ...])"
	}
	return name + "(...)"
}

// typeNameFor reads a type name written another way: STRING, s, number.
func typeNameFor(s string) string {
	switch strings.ToUpper(s) {
	case "S", "STRING":
		return "S"
	case "N", "NUMBER":
		return "N"
	case "B", "BINARY":
		return "B"
	case "BOOL", "BOOLEAN":
		return "BOOL"
	case "NULL":
		return "NULL"
	case "L", "LIST":
		return "L"
	case "M", "MAP":
		return "M"
	case "SS", "STRING_SET", "STRINGSET":
		return "SS"
	case "NS", "NUMBER_SET", "NUMBERSET":
		return "NS"
	case "BS", "BINARY_SET", "BINARYSET":
		return "BS"
	}
	return ""
}

func attributeTypeFix(c *grammar.Call, t string) string {
	attr := "ATTR"
	if len(c.Args) > 0 {
		attr = exprOperandText(c.Args[0])
	}
	return fmt.Sprintf("attribute_type(%s, %q)", attr, t)
}

// operandShown writes an operand for a message: its text when short, else
// "the value".
func operandShown(o *grammar.Operand) string {
	if o != nil && o.Value != nil {
		return valueShown(o.Value)
	}
	return exprOperandText(o)
}
