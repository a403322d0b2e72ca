package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

var declaredTypeMismatch = &Rule{
	Name:     "declared-type-mismatch",
	Severity: Warning,
	Title:    "a value of another type than the schema declares for the attribute",
	Why: `The project schema may declare the type of attributes that are not keys
(attributes: {priority: N}). DynamoDB does not know those declarations and accepts
any type, so a value of another type is not refused: it is stored where the schema
says that type is not (put, set, add, delete), or it is compared with an attribute
that never holds its type, so the comparison never matches (<> always does), and
begins_with, contains and attribute_type test for what the attribute cannot be.
+ and - read numbers: an attribute declared S or B there fails every update of an
item that has it. Key attributes of the table and its indexes are key-type-mismatch's:
DynamoDB refuses those. Only declared attributes are checked, and only their
top-level values.`,
	Bad:       `scan Tickets filter priority = "3"`,
	Good:      `scan Tickets filter priority = 3`,
	AppliesTo: "put (item), update (set, add, delete, + and -), conditions (filter, if)",
	check:     checkDeclaredTypeMismatch,
}

func checkDeclaredTypeMismatch(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil {
		return
	}
	// nonKey is the declared type of a top-level attribute that is not a key
	// of the table or of an index (whose values key-type-mismatch checks);
	// declared is nonKey of a path.
	nonKey := func(attr string) schema.Type {
		if attr == "" || t.IsKey(attr) || len(t.IndexesWithKey(attr)) > 0 {
			return ""
		}
		return t.AttrType(attr)
	}
	declared := func(path *grammar.Path) (string, schema.Type) {
		attr := attrAt(path)
		return attr, nonKey(attr)
	}
	stored := func(attr string, want schema.Type, v *grammar.Value) {
		if attr == t.TTL {
			return // ttl-not-epoch-seconds says it, and why it matters
		}
		if mismatched(v, want) {
			p.ReportAt(Warning, v.Pos, retyped(v, want), "the schema declares %q %s, and %s: DynamoDB stores it, and the item then holds a type the schema says %q does not have.%s",
				attr, typeWord(want), valueIs(v), attr, writeAs(v, want))
		}
	}
	if st.Kind == grammar.KindPut && st.Item != nil && st.Item.Map != nil {
		for _, e := range st.Item.Map.Entries {
			stored(e.Key, nonKey(e.Key), e.Value)
		}
	}
	for _, a := range st.Sets {
		if a == nil || a.Left == nil {
			continue
		}
		attr, want := declared(a.Path)
		switch {
		case a.Op != "":
			operandReported := false
			read := declaredAnywhere(t) // an operand only reads: keys too
			for _, o := range []*grammar.Operand{a.Left, a.Right} {
				if name, have := read(pathOf(o)); have != "" && have != schema.Number {
					p.ReportAt(Warning, o.Pos, "", "the schema declares %q %s, and %s reads a number: where the item holds %s, DynamoDB refuses the update (%q)",
						name, typeWord(have), a.Op, grammar.Name(name), msgOperandDataType)
					operandReported = true
				}
			}
			if want != "" && want != schema.Number && !operandReported {
				p.ReportAt(Warning, a.Left.Pos, "", "the schema declares %q %s, and %s yields a number: the item then holds a type the schema says %q does not have",
					attr, typeWord(want), a.Op, attr)
			}
		case a.Left.Value != nil:
			stored(attr, want, a.Left.Value)
		case a.Left.Call != nil && strings.EqualFold(a.Left.Call.Func, "if_not_exists") && len(a.Left.Call.Args) == 2:
			stored(attr, want, a.Left.Call.Args[1].Value)
		}
	}
	for _, acts := range []struct {
		word    string
		actions []*grammar.ValueAction
	}{{"add", st.Adds}, {"delete", st.Deletes}} {
		for _, a := range acts.actions {
			// add and delete take a number (add) or a set (update-operand-type
			// says so); the attribute they change holds that type already,
			// or DynamoDB refuses, and add stores it where there is none.
			if a == nil || !typedLiteral(a.Value) || !(isSetType(a.Value.Type) || a.Value.Type == grammar.TypeN) {
				continue
			}
			attr, want := declared(a.Path)
			if !mismatched(a.Value, want) {
				continue
			}
			stores := ""
			if acts.word == "add" {
				stores = fmt.Sprintf(", and where it has none the item then holds a type the schema says %q does not have", attr)
			}
			p.ReportAt(Warning, a.Value.Pos, "", "the schema declares %q %s, and %s: where the item holds %s, DynamoDB refuses the update (%q)%s",
				attr, typeWord(want), valueActionText(acts.word, a.Value.Type), grammar.Name(attr), msgOperandDataType, stores)
		}
	}
	for _, pc := range conditions(st) {
		if pc.place == inKey {
			continue // key attributes only: key-type-mismatch's
		}
		grammar.EachComparison(pc.cond, func(c *grammar.Comparison) { attributeComparison(p, c, declaredAnywhere(t)) })
	}
}

// valueActionText says what an add or delete of a value of type t does.
func valueActionText(word string, t grammar.ValueType) string {
	if word == "add" {
		return "add adds " + grammar.TypeWord(t) + " to it"
	}
	return "delete takes " + grammar.TypeWord(t) + " out of it"
}

// declaredAnywhere is the declared type of a top-level attribute, keys
// included: a filter or condition compares keys like any attribute.
func declaredAnywhere(t *schema.Table) func(*grammar.Path) (string, schema.Type) {
	return func(path *grammar.Path) (string, schema.Type) {
		attr := attrAt(path)
		if attr == "" {
			return "", ""
		}
		return attr, t.AttrType(attr)
	}
}

// attrAt is the attribute a path is when it is a top-level name (the
// schema declares the types of those only), else "".
func attrAt(path *grammar.Path) string {
	if path == nil || len(path.Elems) != 1 || path.Elems[0].IsIndex {
		return ""
	}
	return path.Elems[0].Name
}

// pathOf is the path an operand is, or nil.
func pathOf(o *grammar.Operand) *grammar.Path {
	if o == nil {
		return nil
	}
	return o.Path
}

// attributeComparison reports a comparison or function of a filter or
// condition that tests a declared attribute for a type it never holds.
func attributeComparison(p *Pass, c *grammar.Comparison, declared func(*grammar.Path) (string, schema.Type)) {
	if c == nil || c.Left == nil {
		return
	}
	if c.Op == "" && c.Low == nil && len(c.In) == 0 {
		if c.Left.Call != nil {
			attributeFunction(p, c.Left.Call, declared)
		}
		return
	}
	ops := grammar.Operands(c)
	var attr string
	var want schema.Type
	for _, o := range ops {
		if a, t := declared(pathOf(o)); t != "" {
			attr, want = a, t
			break
		}
	}
	if want == "" {
		return
	}
	outcome := "this comparison can never match"
	if c.Op == "<>" {
		outcome = "this comparison always holds"
	}
	for _, o := range ops {
		if o == nil || o.Value == nil || !mismatched(o.Value, want) {
			continue
		}
		p.ReportAt(Warning, o.Value.Pos, retyped(o.Value, want), "the schema declares %q %s, and %s: %s.%s",
			attr, typeWord(want), valueIs(o.Value), outcome, writeAs(o.Value, want))
		return
	}
}

// attributeFunction reports begins_with, contains and attribute_type of a
// declared attribute that can never hold.
func attributeFunction(p *Pass, call *grammar.Call, declared func(*grammar.Path) (string, schema.Type)) {
	if len(call.Args) != 2 {
		return
	}
	attr, want := declared(pathOf(call.Args[0]))
	if want == "" {
		return
	}
	arg := call.Args[1].Value
	name := strings.ToLower(call.Func)
	var why string
	switch {
	case name == "begins_with" && want == schema.Number:
		why = "a number has no prefix, so begins_with never matches"
	case name == "contains" && want != schema.String:
		why = "contains looks into strings, sets and lists, so it never matches"
	case name == "begins_with" && typedLiteral(arg) && string(arg.Type) != string(want) && isScalarSetElem(arg.Type):
		why = fmt.Sprintf("the prefix %s, so begins_with never matches", valueIs(arg))
	case name == "contains" && typedLiteral(arg) && arg.Type != grammar.TypeS:
		why = fmt.Sprintf("a string contains only strings, and %s, so contains never matches", valueIs(arg))
	case name == "attribute_type" && typedLiteral(arg) && arg.Type == grammar.TypeS && arg.Text != string(want) && slices.Contains(attributeTypeNames, arg.Text):
		why = fmt.Sprintf("attribute_type(%s, %q) never matches", grammar.Name(attr), arg.Text)
	default:
		return
	}
	p.ReportAt(Warning, call.Pos, "", "the schema declares %q %s: %s", attr, typeWord(want), why)
}
