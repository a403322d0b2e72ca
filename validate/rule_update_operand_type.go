package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

var updateOperandType = &Rule{
	Name:     "update-operand-type",
	Severity: Error,
	Title:    "an update action or function given a value of the wrong type",
	Why: `Each update operation takes values of certain types, and DynamoDB checks the
values written in the request before it reads the item. add adds a number to a
number or elements to a set, so it takes a number or a set; delete takes elements
out of a set, so it takes a set; + and - take numbers; list_append joins two
lists; if_not_exists tests an attribute, so its first argument is a path.`,
	DynamoMessages: []string{
		"Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING",
		"Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S",
		"Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists",
	},
	Bad:       `update Tickets key id = "77de" add tags "urgent"`,
	Good:      `update Tickets key id = "77de" add tags <<"urgent">>`,
	AppliesTo: "update (add, delete, set with + or -, list_append, if_not_exists)",
	check:     checkUpdateOperandType,
}

// ddbTypeWord is the word DynamoDB's add and delete messages use for a type.
func ddbTypeWord(t grammar.ValueType) string {
	switch t {
	case grammar.TypeS:
		return "STRING"
	case grammar.TypeN:
		return "NUMBER"
	case grammar.TypeB:
		return "BINARY"
	case grammar.TypeBOOL:
		return "BOOLEAN"
	case grammar.TypeNULL:
		return "NULL"
	case grammar.TypeL:
		return "LIST"
	case grammar.TypeM:
		return "MAP"
	}
	return string(t)
}

func isSetType(t grammar.ValueType) bool {
	return t == grammar.TypeSS || t == grammar.TypeNS || t == grammar.TypeBS
}

func checkUpdateOperandType(p *Pass) {
	st := p.Stmt
	for _, a := range st.Adds {
		if a == nil || a.Path == nil || !typedLiteral(a.Value) {
			continue
		}
		v := a.Value
		if v.Type == grammar.TypeN || isSetType(v.Type) {
			continue
		}
		target := grammar.FormatPath(a.Path)
		var fix string
		switch {
		case isScalarSetElem(v.Type):
			fix = fmt.Sprintf("to store it, set %s = %s; to add it to a set, add %s <<%s>>", target, valueInFix(v), target, valueInFix(v))
		case v.Type == grammar.TypeL:
			fix = fmt.Sprintf("to append to a list, set %s = list_append(%s, [...])", target, target)
		default:
			fix = fmt.Sprintf("to store it, set %s = %s", target, valueInFix(v))
		}
		p.Reportf(v.Pos, "add takes a number (to add to a number) or a set (to add its elements), and %s%s is %s; DynamoDB answers %q. Write instead: %s",
			valueShown(v), boundFrom(v), grammar.TypeWord(v.Type),
			"Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: "+ddbTypeWord(v.Type), fix)
	}
	for _, a := range st.Deletes {
		if a == nil || a.Path == nil || !typedLiteral(a.Value) || isSetType(a.Value.Type) {
			continue
		}
		v := a.Value
		target := grammar.FormatPath(a.Path)
		fix := "to remove the attribute, remove " + target
		if isScalarSetElem(v.Type) {
			fix = fmt.Sprintf("delete %s <<%s>> to take %s out of the set; remove %s to remove the attribute", target, valueInFix(v), valueShown(v), target)
		}
		p.Reportf(v.Pos, "delete takes a set, the elements to take out of a set attribute, and %s%s is %s; DynamoDB answers %q. Write instead: %s",
			valueShown(v), boundFrom(v), grammar.TypeWord(v.Type),
			"Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: "+ddbTypeWord(v.Type), fix)
	}
	for _, a := range st.Sets {
		if a == nil {
			continue
		}
		if a.Op != "" {
			for _, o := range []*grammar.Operand{a.Left, a.Right} {
				if o == nil || !typedLiteral(o.Value) || o.Value.Type == grammar.TypeN {
					continue
				}
				v := o.Value
				fix := "a number"
				switch {
				case v.Type == grammar.TypeS && grammar.IsNumberText(v.Text) && v.FromParam != "":
					fix = fmt.Sprintf("the parameter bound as a number: -p %s:=%s", v.FromParam, v.Text)
				case v.Type == grammar.TypeS && grammar.IsNumberText(v.Text):
					fix = "the number without quotes: " + v.Text
				}
				p.Reportf(v.Pos, "%s works on numbers, and %s%s is %s; DynamoDB answers %q. Write instead: %s",
					a.Op, valueShown(v), boundFrom(v), grammar.TypeWord(v.Type),
					"Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: "+a.Op+", operand type: "+string(v.Type), fix)
			}
		}
		eachSetCall(a, func(c *grammar.Call) {
			if len(c.Args) != 2 || c.Args[0] == nil || c.Args[1] == nil {
				return // the arity is function-misuse's
			}
			switch c.Func {
			case "list_append":
				for _, arg := range c.Args {
					v := arg.Value
					if !typedLiteral(v) || v.Type == grammar.TypeL {
						continue
					}
					fix := "the value inside a list: [...]"
					if s := valueShown(v); s != "the value" {
						fix = "[" + s + "]"
					}
					p.Reportf(v.Pos, "list_append joins two lists, and %s%s is %s; DynamoDB answers %q. Write instead: %s",
						valueShown(v), boundFrom(v), grammar.TypeWord(v.Type),
						"Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: "+string(v.Type), fix)
				}
			case "if_not_exists":
				first, second := c.Args[0], c.Args[1]
				if first.Value == nil && (first.Call == nil || first.Call.Func != "if_not_exists") {
					return
				}
				// The arguments swapped, or a value where the path goes.
				fix := fmt.Sprintf("if_not_exists(%s, %s)", grammar.FormatPath(a.Path), exprOperandText(second))
				if second.Path != nil && first.Value != nil {
					fix = fmt.Sprintf("if_not_exists(%s, %s)", grammar.FormatPath(second.Path), exprOperandText(first))
				}
				p.Reportf(first.Pos, "if_not_exists tests an attribute, so its first argument is a path, then comes the value to use when it is missing; DynamoDB answers %q. Write instead: %s",
					"Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists", fix)
			}
		})
	}
}

// eachSetCall calls fn for every function call in a set action's value,
// nested calls included.
func eachSetCall(a *grammar.SetAction, fn func(*grammar.Call)) {
	var walk func(o *grammar.Operand)
	walk = func(o *grammar.Operand) {
		if o == nil || o.Call == nil {
			return
		}
		fn(o.Call)
		for _, arg := range o.Call.Args {
			walk(arg)
		}
	}
	walk(a.Left)
	walk(a.Right)
}
