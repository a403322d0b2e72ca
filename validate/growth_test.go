package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
)

// TestBuiltGrowth checks the bound checkExpressionLimit relies on: the
// expression the builder writes is at most maxBuiltGrowth times the lower
// bound the rule counts, for every statement of the rule archives and the
// golden cases that builds, and for the worst shapes known. If it fails, a
// statement the rule calls clean could be over 4096 bytes once built.
func TestBuiltGrowth(t *testing.T) {
	var sources [][2]string // name, DSL text
	for _, a := range archives(t, "testdata/rules/*.txtar") {
		for _, f := range a.cases(dslCases.exts...) {
			sources = append(sources, [2]string{a.path + ":" + f.Name, string(f.Data)})
		}
	}
	golden, _ := filepath.Glob("../golden/*/*/input.dx")
	for _, g := range golden {
		b, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, [2]string{g, string(b)})
	}
	// The worst shapes: one-letter names, values whose placeholders take
	// suffixes, not, functions, between, in, set with arithmetic.
	var eq []string
	for range 99 {
		eq = append(eq, "a = 1")
	}
	sources = append(sources, [2]string{"worst", strings.Join([]string{
		"scan T filter " + strings.Join(eq, " and "),
		"scan T filter not (a = 1) and not a < 1 or a between 1 and 2 and a in (1, 1, 1)",
		"scan T filter size(a) > 1 and attribute_exists(a) and begins_with(a, 1) and contains(a, 1)",
		"update T key k = 1 set a = a + 1, b = 1 remove c add d 1 delete e <<\"x\">>",
		"get T key k = 1 select a, b, c[0], d.e",
	}, ";\n")})

	built, measured := 0, 0
	for _, src := range sources {
		f, err := grammar.Parse(src[0], src[1])
		if err != nil {
			continue // the error cases of the golden set
		}
		for _, st := range f.Statements {
			r := builtRequest(st)
			if r == nil {
				continue
			}
			built++
			for _, e := range builtExprs(st) {
				lower := e.lowerBound()
				exact := builtExprLen(r, e.kind)
				if exact == 0 {
					continue
				}
				measured++
				if exact > lower*maxBuiltGrowth {
					t.Errorf("%s:%d: the built %sExpression is %d bytes, over %d × its lower bound %d",
						src[0], st.Pos.Line, e.kind, exact, maxBuiltGrowth, lower)
				}
				if exact < lower {
					t.Errorf("%s:%d: the built %sExpression is %d bytes, under its lower bound %d",
						src[0], st.Pos.Line, e.kind, exact, lower)
				}
			}
		}
	}
	if built < 300 || measured < 300 {
		t.Fatalf("built %d statements and measured %d expressions; expected the rule archives and golden cases", built, measured)
	}
	t.Logf("%d statements built, %d expressions measured", built, measured)
}
