package validate

import (
	"encoding/base64"
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

func emptyWord(v *grammar.Value) string {
	if v.Type == grammar.TypeB {
		return `empty binary (b"")`
	}
	return `""`
}

func boundFrom(v *grammar.Value) string {
	if v.FromParam != "" {
		return " (bound to $" + v.FromParam + ")"
	}
	return ""
}

// literalText writes a scalar literal back in the DSL.
func literalText(v *grammar.Value) string {
	switch v.Type {
	case grammar.TypeS:
		return fmt.Sprintf("%q", v.Text)
	case grammar.TypeB:
		return `b"` + v.Text + `"`
	case grammar.TypeNULL:
		return "null"
	case grammar.TypeN, grammar.TypeBOOL:
		return v.Text
	}
	return "..."
}

// typedLiteral reports whether v is a value whose type is known (not an
// unbound parameter).
func typedLiteral(v *grammar.Value) bool {
	return v != nil && v.Type != "" && v.Type != grammar.TypeParam
}

func isScalarSetElem(t grammar.ValueType) bool {
	return t == grammar.TypeS || t == grammar.TypeN || t == grammar.TypeB
}

// valueShown writes a value for a message: its literal when short, else
// what it is.
func valueShown(v *grammar.Value) string {
	s := literalText(v)
	if s == "..." || len(s) > 40 {
		return "the value"
	}
	return s
}

// valueInFix writes a value for a suggestion: its literal when short, else
// VALUE.
func valueInFix(v *grammar.Value) string {
	if s := valueShown(v); s != "the value" {
		return s
	}
	return "VALUE"
}

// exprOperandText writes an operand back in the DSL, for suggestions.
func exprOperandText(o *grammar.Operand) string {
	return grammar.FormatOperandWith(o, literalText, "...")
}

// stmtValues returns every value written at the top of st: in its key, item,
// conditions, start key and update actions, function arguments included.
// walkValue goes inside lists, maps and sets.
func stmtValues(st *grammar.Statement) []*grammar.Value {
	var out []*grammar.Value
	for _, c := range []*grammar.Condition{st.Key, st.Filter, st.If} {
		condValues(c, &out)
	}
	if st.After != nil {
		condValues(st.After.Key, &out)
		if st.After.Map != nil {
			for _, e := range st.After.Map.Entries {
				if e != nil && e.Value != nil {
					out = append(out, e.Value)
				}
			}
		}
	}
	if st.Item != nil {
		out = append(out, st.Item)
	}
	for _, a := range st.Sets {
		if a != nil {
			operandValues(a.Left, &out)
			operandValues(a.Right, &out)
		}
	}
	for _, a := range st.Adds {
		if a != nil && a.Value != nil {
			out = append(out, a.Value)
		}
	}
	for _, a := range st.Deletes {
		if a != nil && a.Value != nil {
			out = append(out, a.Value)
		}
	}
	return out
}

func condValues(c *grammar.Condition, out *[]*grammar.Value) {
	grammar.EachComparison(c, func(cmp *grammar.Comparison) {
		for _, o := range grammar.Operands(cmp) {
			operandValues(o, out)
		}
	})
}

func operandValues(o *grammar.Operand, out *[]*grammar.Value) {
	switch {
	case o == nil:
	case o.Value != nil:
		*out = append(*out, o.Value)
	case o.Call != nil:
		for _, a := range o.Call.Args {
			operandValues(a, out)
		}
	}
}

// walkValue calls fn for v and every value inside it, with how deep below
// v it stands.
func walkValue(v *grammar.Value, depth int, fn func(v *grammar.Value, depth int)) {
	if v == nil {
		return
	}
	fn(v, depth)
	switch {
	case v.List != nil:
		for _, it := range v.List.Items {
			walkValue(it, depth+1, fn)
		}
	case v.Map != nil:
		for _, e := range v.Map.Entries {
			if e != nil {
				walkValue(e.Value, depth+1, fn)
			}
		}
	case v.Set != nil:
		for _, it := range v.Set.Items {
			walkValue(it, depth+1, fn)
		}
	}
}

// eachStmtValue calls fn for every value of st, at every depth.
func eachStmtValue(st *grammar.Statement, fn func(v *grammar.Value)) {
	for _, top := range stmtValues(st) {
		walkValue(top, 0, func(v *grammar.Value, _ int) { fn(v) })
	}
}

// binaryBytes decodes a B value's base64 text.
func binaryBytes(text string) ([]byte, bool) {
	b, err := base64.StdEncoding.DecodeString(text)
	return b, err == nil
}
