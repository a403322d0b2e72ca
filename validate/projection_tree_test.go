package validate

import (
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
)

// TestProjTreePathTwo checks the tree against answers DynamoDB gave to
// repeated top-level paths: the "path two" it names is the sibling its
// HashMap iterates first, not the path repeated.
func TestProjTreePathTwo(t *testing.T) {
	top := func(name string) *grammar.Path { return &grammar.Path{Elems: []grammar.PathElem{{Name: name}}} }
	for _, c := range []struct {
		paths []string // in the expression's order; the first is repeated
		two   string
	}{
		{[]string{"a", "b", "a"}, "[b]"},          // ProjectionExpression "a,b,a"
		{[]string{"a", "c", "a", "[3]"}, "[[3]]"}, // UpdateExpression "remove a, #c, a, #d", #d = "[3]"
		{[]string{"subject", "priority", "subject"}, "[subject]"},
	} {
		var tree projTree
		var meet projMeet
		for i := len(c.paths) - 1; i >= 0; i-- {
			if meet = tree.file(top(c.paths[i])); meet.clash != clashNone {
				break
			}
		}
		if meet.clash != clashSame {
			t.Fatalf("%v: no overlap found", c.paths)
		}
		if got := ddbPath(&grammar.Path{Elems: meet.two}); got != c.two {
			t.Errorf("%v: path two %s, DynamoDB names %s", c.paths, got, c.two)
		}
	}
}
