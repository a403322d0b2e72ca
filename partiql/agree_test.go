package partiql

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
)

// agreeInputs are the corpus's statements, one input each, and the whole
// corpus as one input.
func agreeInputs(t testing.TB) []string {
	b, err := os.ReadFile("testdata/agree.partiql")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	f, err := Parse("agree.partiql", src)
	if err != nil {
		t.Fatalf("the corpus does not parse: %v", err)
	}
	inputs := []string{src}
	for _, st := range f.Statements {
		inputs = append(inputs, st.Source)
	}
	return inputs
}

func failInputs(t testing.TB) []string {
	b, err := os.ReadFile("testdata/fail.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if line != "" && !strings.HasPrefix(line, "# ") {
			out = append(out, line)
		}
	}
	return out
}

// TestFastMatchesSpec requires the hand-written parser and the participle
// specification to build identical trees for every input of the corpus,
// and both to refuse every input of the failing list.
func TestFastMatchesSpec(t *testing.T) {
	inputs := agreeInputs(t)
	if len(inputs) < 35 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	for _, in := range inputs {
		fast, ferr := Parse("<arg>", in)
		slow, serr := parseSpec("<arg>", in)
		if serr != nil || ferr != nil {
			t.Errorf("%q: parser says %v, spec says %v", in, ferr, serr)
			continue
		}
		if d := cmp.Diff(slow, fast); d != "" {
			t.Errorf("trees differ for %q (-spec +fast):\n%s", in, d)
		}
	}
	for _, in := range failInputs(t) {
		_, ferr := Parse("<arg>", in)
		_, serr := parseSpec("<arg>", in)
		if ferr == nil || serr == nil {
			t.Errorf("%q: parser says %v, spec says %v", in, ferr, serr)
			continue
		}
		if err := sameLexError(ferr, serr); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

// sameLexError checks that a lexical error (the lexer's own *diag.Error,
// which participle passes on) is the same error from both parsers.
func sameLexError(fast, slow error) error {
	var de *diag.Error
	slowLex := errors.As(slow, &de)
	if slowLex && (fast.Error() != slow.Error()) {
		return errors.New("the spec reports the lexical error " + slow.Error() + ", the parser " + fast.Error())
	}
	return nil
}

// FuzzPartiQLParsersAgree checks the parser against the specification: for
// any input, both fail, or both succeed with the same tree. Nesting deeper
// than maxDepth, which the parser refuses and participle does not bound,
// is the one difference.
func FuzzPartiQLParsersAgree(f *testing.F) {
	for _, s := range agreeInputs(f) {
		f.Add(s)
	}
	for _, s := range failInputs(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		fast, ferr := Parse("<fuzz>", src)
		slow, serr := parseSpec("<fuzz>", src)
		switch {
		case ferr != nil && strings.Contains(ferr.Error(), "too deeply nested"):
			if !tooDeep(src) {
				t.Fatalf("%q: %v, but it does not nest %d levels", src, ferr, maxDepth)
			}
		case ferr == nil && serr != nil:
			t.Fatalf("the parser accepts %q, the spec says %v", src, serr)
		case ferr != nil && serr == nil:
			t.Fatalf("the spec accepts %q, the parser says %v", src, ferr)
		case ferr != nil:
			if err := sameLexError(ferr, serr); err != nil {
				t.Fatalf("%q: %v", src, err)
			}
		default:
			if d := cmp.Diff(slow, fast); d != "" {
				t.Fatalf("trees differ for %q (-spec +fast):\n%s", src, d)
			}
		}
	})
}

// tooDeep reports whether src holds more than maxDepth nesting marks (a
// bound on the nesting the parser counts: brackets, calls and NOT).
func tooDeep(src string) bool {
	toks, err := lexAll("<fuzz>", src)
	if err != nil {
		return false
	}
	n := 0
	for _, t := range toks {
		if t.Type == tokPunct && strings.Contains("([{<<", t.Value) && t.Value != "<" || t.Type == tokKeyword && strings.EqualFold(t.Value, "NOT") {
			n++
		}
	}
	return n > maxDepth
}
