package ddbexpr

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// FuzzParse parses arbitrary text as each kind of expression (the first
// argument picks the kind) and checks the invariants the linter relies on:
// no panic, agreement with the Earley oracle on what is valid and where an
// error is, errors that point inside the expression with DynamoDB's message
// shape, spans that nest, and printing that parses back to the same tree.
func FuzzParse(f *testing.F) {
	for _, c := range validCorpus() {
		f.Add(uint8(c.kind), c.text)
	}
	for _, s := range []string{
		"", " ", "INVALID SYNTAX", "!!", "a > 4", `a = "x"`, "a == b", "a in b, c", "a in (b,c,)",
		"SET a = b + c + d", "SET a[1] = 1", "REMOVE a :v", "ADD a = b", "SET :a = b",
		"starts_with(a, :v)", "begins_with(a)", "SET a = :v SET b = :w", "a[2147483648] = :v",
		"((a = :v))", "(a) = :v", "(size(a)) > :n", "NOT NOT (attribute_exists(a))", "a.:v = :w",
		"café = :v", "a\xff = :v", "#a.#b[0][1] IN ((:x), :y)", "SET a = ((b) + c) REMOVE d",
	} {
		for k := KeyConditionExpression; k <= UpdateExpression; k++ {
			f.Add(uint8(k), s)
		}
	}
	f.Fuzz(func(t *testing.T, k uint8, expr string) {
		kind := KeyConditionExpression + Kind(k%5)
		// The grammar agrees with the independent Earley recognizer,
		// including where it stops (see oracle_test.go).
		if len(expr) < 200 && len(lex(expr, nil)) <= 48 {
			if d := oracleAgrees(kind, expr); d != "" {
				t.Fatalf("%s %q: %s", kind, expr, d)
			}
		}
		e, err := Parse(kind, expr)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v is not a *SyntaxError", err, err)
			}
			checkError(t, kind, expr, se)
			if e == nil {
				if se.Reason != ReasonEmpty && se.Reason != ReasonSyntax && se.Reason != ReasonTooLong {
					t.Fatalf("no tree with reason %d", se.Reason)
				}
				return
			}
			if len(e.Problems) == 0 || e.Problems[0] != se {
				t.Fatalf("the error is not Problems[0]")
			}
		}
		if e == nil {
			t.Fatal("no tree and no error")
		}
		for _, p := range e.Problems {
			checkError(t, kind, expr, p)
		}
		checkTree(t, e)
		// The walkers never fail and agree with one another.
		paths := e.Paths()
		depth := 0
		for _, p := range paths {
			depth = max(depth, p.Depth())
		}
		if depth != e.MaxPathDepth() {
			t.Fatalf("MaxPathDepth %d, deepest path %d", e.MaxPathDepth(), depth)
		}
		for _, p := range e.Placeholders() {
			if p.Text(expr) != p.Name {
				t.Fatalf("placeholder %q spans %q", p.Name, p.Text(expr))
			}
		}
		for _, s := range e.BareNames() {
			if s.Text(expr) != s.Name {
				t.Fatalf("name %q spans %q", s.Name, s.Text(expr))
			}
		}
		_ = e.OperatorCount()
		_ = e.InConditions()
		if s, ok := e.RedundantParens(); ok {
			if txt := s.Text(expr); !strings.HasPrefix(txt, "((") && !strings.HasPrefix(txt, "( (") && txt[0] != '(' {
				t.Fatalf("redundant parentheses at %q", txt)
			}
		}
		// Printing and parsing again gives the same tree and problems.
		text := Format(e)
		e2, err2 := Parse(kind, text)
		if e2 == nil {
			t.Fatalf("Format gave %q, which does not parse: %v", text, err2)
		}
		if dump(e) != dump(e2) {
			t.Fatalf("Format gave %q, which parses to\n%s\nnot\n%s", text, dump(e2), dump(e))
		}
		if len(e.Problems) != len(e2.Problems) {
			t.Fatalf("%q has %d problems, its formatted form %q has %d", expr, len(e.Problems), text, len(e2.Problems))
		}
		_, r1 := e.RedundantParens()
		_, r2 := e2.RedundantParens()
		if r1 != r2 {
			t.Fatalf("redundant parentheses differ after Format: %q", text)
		}
	})
}

func checkError(t *testing.T, kind Kind, expr string, se *SyntaxError) {
	t.Helper()
	if se.Offset < 0 || se.Offset > se.End || se.End > len(expr) {
		t.Fatalf("error span %d-%d outside %d bytes", se.Offset, se.End, len(expr))
	}
	if !strings.HasPrefix(se.DynamoMsg, kind.Prefix()) || se.Msg == "" {
		t.Fatalf("bad messages %q / %q", se.Msg, se.DynamoMsg)
	}
	if se.Reason == ReasonSyntax {
		rest := strings.TrimPrefix(se.DynamoMsg, kind.Prefix()+`Syntax error; token: "`)
		tok, nearText, ok := strings.Cut(rest, `", near: "`)
		if !ok || !strings.HasSuffix(nearText, `"`) {
			t.Fatalf("bad syntax message %q", se.DynamoMsg)
		}
		nearText = strings.TrimSuffix(nearText, `"`)
		if tok == "<EOF>" {
			if se.Offset != len(expr) {
				t.Fatalf("<EOF> at %d of %d", se.Offset, len(expr))
			}
		} else if tok != expr[se.Offset:se.End] {
			t.Fatalf("token %q, span text %q", tok, expr[se.Offset:se.End])
		}
		if !strings.Contains(expr, nearText) {
			t.Fatalf("near %q is not in the expression", nearText)
		}
	}
	// The offset maps into the JSON the expression came from.
	raw, _ := json.Marshal(expr)
	if m := MapOffset(string(raw), se.Offset); m < 1 || m > len(raw)-1 {
		t.Fatalf("MapOffset(%s, %d) = %d", raw, se.Offset, m)
	}
}

func checkTree(t *testing.T, e *Expr) {
	t.Helper()
	var walk func(n Node, outer Span)
	walk = func(n Node, outer Span) {
		s := n.Bounds()
		if s.Start < outer.Start || s.End > outer.End || s.Start > s.End {
			t.Fatalf("%T span %v outside %v in %q", n, s, outer, e.Text)
		}
		prev := s.Start
		for _, k := range kids(n) {
			if k.Bounds().Start < prev {
				t.Fatalf("%T at %v overlaps its sibling in %q", k, k.Bounds(), e.Text)
			}
			prev = k.Bounds().End
			walk(k, s)
		}
		if p, ok := n.(*Path); ok {
			for _, sg := range p.Segments {
				if sg.Start < s.Start || sg.End > s.End {
					t.Fatalf("segment %v outside path %v", sg.Span, s)
				}
			}
		}
	}
	if e.Root() == nil {
		t.Fatal("no root")
	}
	walk(e.Root(), Span{0, len(e.Text)})
}
