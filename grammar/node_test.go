package grammar

import (
	"fmt"
	"testing"
)

// TestInspect checks that Inspect reaches every node type, in the order
// written, and closes each node it opens with f(nil).
func TestInspect(t *testing.T) {
	f, err := Parse("<arg>", `lbl: query T index i key a = 1 and not (b.c[0] between 1 and 2 or d in (1, 2)) `+
		`filter size(e) > 1 select x, y desc limit 5 consistent after {a: 1}; `+
		`scan T segment 0 of 2 after a = 1; put T item {m: [1, <<"s">>]}; `+
		`update T key id = 1 set a = a + 1 remove b add n 1 delete s <<"x">> if attribute_exists(id) return old`)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var order []string
	depth := 0
	Inspect(f, func(n Node) bool {
		if n == nil {
			depth--
			return true
		}
		depth++
		name := fmt.Sprintf("%T", n)
		seen[name] = true
		if p, ok := n.(*Path); ok {
			order = append(order, FormatPath(p))
		}
		return true
	})
	if depth != 0 {
		t.Errorf("f(nil) calls do not balance: %d", depth)
	}
	for _, typ := range []string{"*grammar.File", "*grammar.Statement", "*grammar.Ident", "*grammar.TableRef",
		"*grammar.Order", "*grammar.Consistent", "*grammar.Condition", "*grammar.AndCondition",
		"*grammar.NotCondition", "*grammar.Comparison", "*grammar.Operand", "*grammar.Call", "*grammar.Path",
		"*grammar.PathName", "*grammar.PathStep", "*grammar.Value", "*grammar.List", "*grammar.Map",
		"*grammar.MapEntry", "*grammar.SetValue", "*grammar.Projection", "*grammar.Number", "*grammar.After",
		"*grammar.Segment", "*grammar.SetAction", "*grammar.ValueAction"} {
		if !seen[typ] {
			t.Errorf("Inspect does not reach %s", typ)
		}
	}
	want := "[a b.c[0] d e x y a id a a b n s id]"
	if got := fmt.Sprint(order); got != want {
		t.Errorf("paths in order: got %s, want %s", got, want)
	}
}
