package ddbexpr

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// dump prints a tree as an S-expression, so that tables can say which way
// the parser grouped things. Paths print in DynamoDB syntax; a value
// placeholder segment prints as .(:v) to tell it from a name.
func dump(n Node) string {
	var b strings.Builder
	dumpTo(&b, n)
	return b.String()
}

func dumpTo(b *strings.Builder, n Node) {
	list := func(head string, xs ...Node) {
		b.WriteString("(" + head)
		for _, x := range xs {
			b.WriteByte(' ')
			dumpTo(b, x)
		}
		b.WriteByte(')')
	}
	switch n := n.(type) {
	case *Expr:
		dumpTo(b, n.Root())
	case *Path:
		for i, s := range n.Segments {
			switch s.Kind {
			case IndexSegment:
				b.WriteString("[" + s.Name + "]")
			case ValueSegment:
				b.WriteString(".(" + s.Name + ")")
			default:
				if i > 0 {
					b.WriteByte('.')
				}
				b.WriteString(s.Name)
			}
		}
	case *ValuePlaceholder:
		b.WriteString(n.Name)
	case *Function:
		xs := make([]Node, len(n.Args))
		for i, a := range n.Args {
			xs[i] = a
		}
		list("call "+n.Name, xs...)
	case *ParenOperand:
		list("paren", n.X)
	case *Arithmetic:
		list(string(n.Op), n.Left, n.Right)
	case *Comparison:
		list(string(n.Op), n.Left, n.Right)
	case *Between:
		list("between", n.X, n.Low, n.High)
	case *In:
		xs := []Node{n.X}
		for _, o := range n.List {
			xs = append(xs, o)
		}
		list("in", xs...)
	case *Not:
		list("not", n.X)
	case *Logical:
		list(strings.ToLower(string(n.Op)), n.Left, n.Right)
	case *ParenCondition:
		list("paren", n.X)
	case *Projection:
		xs := make([]Node, len(n.Paths))
		for i, p := range n.Paths {
			xs[i] = p
		}
		list("projection", xs...)
	case *Update:
		xs := make([]Node, len(n.Sections))
		for i, s := range n.Sections {
			xs[i] = s
		}
		list("update", xs...)
	case *Section:
		xs := make([]Node, len(n.Actions))
		for i, a := range n.Actions {
			xs[i] = a
		}
		list(n.Kind.String(), xs...)
	case *UpdateAction:
		if n.Value == nil {
			list("", n.Path)
		} else {
			list("", n.Path, n.Value)
		}
	default:
		b.WriteString("?")
	}
}

// dumpCase is an expression and the dump of its tree.
type dumpCase struct{ in, want string }

// checkDumps parses each case as an expression of kind and compares the
// dump of its tree.
func checkDumps(t *testing.T, kind Kind, tests []dumpCase) {
	t.Helper()
	for _, tt := range tests {
		e, err := Parse(kind, tt.in)
		if err != nil {
			t.Errorf("Parse(%s, %q): %v", kind, tt.in, err)
			continue
		}
		if got := dump(e); got != tt.want {
			t.Errorf("Parse(%s, %q)\n got %s\nwant %s", kind, tt.in, got, tt.want)
		}
	}
}

func TestParseConditions(t *testing.T) {
	tests := []dumpCase{
		// comparisons and operands
		{"a = :v", "(= a :v)"},
		{"a <> :v", "(<> a :v)"},
		{"a < b", "(< a b)"},
		{"a <= b", "(<= a b)"},
		{"a > b", "(> a b)"},
		{"a >= b", "(>= a b)"},
		{":v = a", "(= :v a)"},
		{":a > :b", "(> :a :b)"},
		{"a=:v", "(= a :v)"},
		{"a\n=\t:v\r\n", "(= a :v)"},
		{"a.b[2].#c <> :v", "(<> a.b[2].#c :v)"},
		{"#a.#b[0][10] = :v", "(= #a.#b[0][10] :v)"},
		{"a . b [ 1 ] . c = :v", "(= a.b[1].c :v)"},
		{"a.:k = :v", "(= a.(:k) :v)"},
		{"a_1.B2_ = :v_1", "(= a_1.B2_ :v_1)"},
		{"#1 = :1", "(= #1 :1)"},
		{"#_ = :_", "(= #_ :_)"},
		{"ANDx = :v", "(= ANDx :v)"},
		{"inx = notx", "(= inx notx)"},
		{"index = :v", "(= index :v)"},
		// BETWEEN and IN
		{"a BETWEEN :x AND :y", "(between a :x :y)"},
		{"a between :x and :y", "(between a :x :y)"},
		{"a BETWEEN b AND c AND d = :v", "(and (between a b c) (= d :v))"},
		{"a IN (:x)", "(in a :x)"},
		{"a IN (:x, :y, b.c)", "(in a :x :y b.c)"},
		{"a in(:x,:y)", "(in a :x :y)"},
		{"a IN ((b), c)", "(in a (paren b) c)"},
		{"size(a) IN (:x)", "(in (call size a) :x)"},
		// functions
		{"attribute_exists(a)", "(call attribute_exists a)"},
		{"attribute_not_exists(#a.b)", "(call attribute_not_exists #a.b)"},
		{"attribute_type(a, :t)", "(call attribute_type a :t)"},
		{"begins_with(#sk, :p)", "(call begins_with #sk :p)"},
		{"contains(a, :v)", "(call contains a :v)"},
		{"size(a) > :n", "(> (call size a) :n)"},
		{":n < size(a)", "(< :n (call size a))"},
		{"size ( a ) > :n", "(> (call size a) :n)"},
		{"contains(a, size(b))", "(call contains a (call size b))"},
		// logical operators and precedence
		{"NOT a = :v", "(not (= a :v))"},
		{"not NOT a = :v", "(not (not (= a :v)))"},
		{"a = :v AND b = :w", "(and (= a :v) (= b :w))"},
		{"a = :v aNd b = :w", "(and (= a :v) (= b :w))"},
		{"a = :v OR b = :w", "(or (= a :v) (= b :w))"},
		{"a = :v AND b = :w AND c = :x", "(and (= a :v) (and (= b :w) (= c :x)))"},
		{"a = :v OR b = :w OR c = :x", "(or (= a :v) (or (= b :w) (= c :x)))"},
		{"a = :v OR b = :w AND c = :x", "(or (= a :v) (and (= b :w) (= c :x)))"},
		{"a = :v AND b = :w OR c = :x", "(or (and (= a :v) (= b :w)) (= c :x))"},
		{"NOT a = :v AND b = :w", "(and (not (= a :v)) (= b :w))"},
		{"NOT a = :v OR NOT b = :w", "(or (not (= a :v)) (not (= b :w)))"},
		{"a = :v AND NOT attribute_exists(b)", "(and (= a :v) (not (call attribute_exists b)))"},
		// parentheses
		{"(a = :v)", "(paren (= a :v))"},
		{"NOT (a = :v AND b = :w)", "(not (paren (and (= a :v) (= b :w))))"},
		{"(a = :v OR b = :w) AND c = :x", "(and (paren (or (= a :v) (= b :w))) (= c :x))"},
		{"(a = :v) AND (b = :w)", "(and (paren (= a :v)) (paren (= b :w)))"},
		{"(a) = :v", "(= (paren a) :v)"},
		{"a > (b)", "(> a (paren b))"},
		{"((a) = :v)", "(paren (= (paren a) :v))"},
		{"((a)) = :v", "(= (paren (paren a)) :v)"},
		{"(a) IN ((b))", "(in (paren a) (paren b))"},
		{"(a) BETWEEN (:x) AND (:y)", "(between (paren a) (paren :x) (paren :y))"},
		{"(size(a)) > :n", "(> (paren (call size a)) :n)"},
		{"(attribute_exists(a))", "(paren (call attribute_exists a))"},
		{"((attribute_exists(a)))", "(paren (paren (call attribute_exists a)))"},
		{"(attribute_exists(a)) AND (b = :v)", "(and (paren (call attribute_exists a)) (paren (= b :v)))"},
		{"NOT (attribute_exists(a))", "(not (paren (call attribute_exists a)))"},
		{"(NOT a = :v)", "(paren (not (= a :v)))"},
		{"((a = :v) AND b = :w)", "(paren (and (paren (= a :v)) (= b :w)))"},
		{"(a = :v AND (b) = :w)", "(paren (and (= a :v) (= (paren b) :w)))"},
		{"size((a)) > :n", "(> (call size (paren a)) :n)"},
		{"((size(a))) > :n", "(> (paren (paren (call size a))) :n)"},
		// typical key conditions
		{"#pk = :pk AND begins_with(#sk, :prefix)", "(and (= #pk :pk) (call begins_with #sk :prefix))"},
		{"pk = :pk AND sk BETWEEN :a AND :b", "(and (= pk :pk) (between sk :a :b))"},
	}
	for _, kind := range []Kind{KeyConditionExpression, FilterExpression, ConditionExpression} {
		for _, tt := range tests {
			e, err := Parse(kind, tt.in)
			if err != nil && e == nil {
				t.Errorf("Parse(%s, %q): %v", kind, tt.in, err)
				continue
			}
			if got := dump(e); got != tt.want {
				t.Errorf("Parse(%s, %q)\n got %s\nwant %s", kind, tt.in, got, tt.want)
			}
			if e.Condition == nil || e.Projection != nil || e.Update != nil {
				t.Errorf("Parse(%s, %q): wrong root fields", kind, tt.in)
			}
		}
	}
}

func TestParseUpdate(t *testing.T) {
	tests := []dumpCase{
		{"SET a = :v", "(update (SET ( a :v)))"},
		{"set a = :v, b.c[1] = d", "(update (SET ( a :v) ( b.c[1] d)))"},
		{"SET #a = :a", "(update (SET ( #a :a)))"},
		{"SET a = b + :v", "(update (SET ( a (+ b :v))))"},
		{"SET a = b - :v", "(update (SET ( a (- b :v))))"},
		{"SET a=b-:v", "(update (SET ( a (- b :v))))"},
		{"SET a = (b + :v)", "(update (SET ( a (paren (+ b :v)))))"},
		{"SET a = (b) + (c)", "(update (SET ( a (+ (paren b) (paren c)))))"},
		{"SET a = ((b) + c)", "(update (SET ( a (paren (+ (paren b) c)))))"},
		{"SET a = ((b + c))", "(update (SET ( a (paren (paren (+ b c))))))"},
		{"SET a = (b)", "(update (SET ( a (paren b))))"},
		{"SET a = if_not_exists(a, :z) + :one", "(update (SET ( a (+ (call if_not_exists a :z) :one))))"},
		{"SET a = list_append(a, :l)", "(update (SET ( a (call list_append a :l))))"},
		{"SET a = list_append(:l, if_not_exists(a, :e))", "(update (SET ( a (call list_append :l (call if_not_exists a :e)))))"},
		{"REMOVE a", "(update (REMOVE ( a)))"},
		{"REMOVE a, b.c[1], #d", "(update (REMOVE ( a) ( b.c[1]) ( #d)))"},
		{"ADD n :one", "(update (ADD ( n :one)))"},
		{"ADD n :one, s :set", "(update (ADD ( n :one) ( s :set)))"},
		{"DELETE s :set", "(update (DELETE ( s :set)))"},
		{"delete s :set, t :x", "(update (DELETE ( s :set) ( t :x)))"},
		{"REMOVE a SET b = :v ADD c :x DELETE d :y", "(update (REMOVE ( a)) (SET ( b :v)) (ADD ( c :x)) (DELETE ( d :y)))"},
		{"SET a = :v REMOVE b, c ADD d :x", "(update (SET ( a :v)) (REMOVE ( b) ( c)) (ADD ( d :x)))"},
		{"SET a = :v\nREMOVE b\n", "(update (SET ( a :v)) (REMOVE ( b)))"},
		{"SET setx = :v, a.removey = :w", "(update (SET ( setx :v) ( a.removey :w)))"},
		{"SET a[1] = :v", "(update (SET ( a[1] :v)))"},
	}
	checkDumps(t, UpdateExpression, tests)
}

func TestParseProjection(t *testing.T) {
	tests := []dumpCase{
		{"a", "(projection a)"},
		{"a, b.c, #d[0]", "(projection a b.c #d[0])"},
		{" a ,b . c[ 3 ] ", "(projection a b.c[3])"},
		{"#n.#m[1][2].x", "(projection #n.#m[1][2].x)"},
	}
	checkDumps(t, ProjectionExpression, tests)
}

// TestParseTrees compares whole trees, spans included.
func TestParseTrees(t *testing.T) {
	seg := func(start, end int, k SegmentKind, name string, index int) Segment {
		return Segment{Span: Span{start, end}, Kind: k, Name: name, Index: index}
	}
	tests := []struct {
		kind Kind
		in   string
		want *Expr
	}{
		{FilterExpression, "a.b[2] = :v AND size(#c) > :n", &Expr{
			Kind: FilterExpression, Text: "a.b[2] = :v AND size(#c) > :n",
			Condition: &Logical{Span: Span{0, 29}, Op: And, OpSpan: Span{12, 15},
				Left: &Comparison{Span: Span{0, 11}, Op: Equal, OpSpan: Span{7, 8},
					Left: &Path{Span: Span{0, 6}, Segments: []Segment{
						seg(0, 1, NameSegment, "a", 0), seg(2, 3, NameSegment, "b", 0), seg(3, 6, IndexSegment, "2", 2)}},
					Right: &ValuePlaceholder{Span: Span{9, 11}, Name: ":v"}},
				Right: &Comparison{Span: Span{16, 29}, Op: Greater, OpSpan: Span{25, 26},
					Left: &Function{Span: Span{16, 24}, Name: "size", NameSpan: Span{16, 20}, Args: []Operand{
						&Path{Span: Span{21, 23}, Segments: []Segment{seg(21, 23, NamePlaceholder, "#c", 0)}}}},
					Right: &ValuePlaceholder{Span: Span{27, 29}, Name: ":n"}}},
		}},
		{ConditionExpression, "NOT (a IN (:x)) OR b BETWEEN :l AND :h", &Expr{
			Kind: ConditionExpression, Text: "NOT (a IN (:x)) OR b BETWEEN :l AND :h",
			Condition: &Logical{Span: Span{0, 38}, Op: Or, OpSpan: Span{16, 18},
				Left: &Not{Span: Span{0, 15}, X: &ParenCondition{Span: Span{4, 15}, X: &In{Span: Span{5, 14},
					X:    &Path{Span: Span{5, 6}, Segments: []Segment{seg(5, 6, NameSegment, "a", 0)}},
					List: []Operand{&ValuePlaceholder{Span: Span{11, 13}, Name: ":x"}}}}},
				Right: &Between{Span: Span{19, 38},
					X:    &Path{Span: Span{19, 20}, Segments: []Segment{seg(19, 20, NameSegment, "b", 0)}},
					Low:  &ValuePlaceholder{Span: Span{29, 31}, Name: ":l"},
					High: &ValuePlaceholder{Span: Span{36, 38}, Name: ":h"}}},
		}},
		{ProjectionExpression, "a, #b.c", &Expr{
			Kind: ProjectionExpression, Text: "a, #b.c",
			Projection: &Projection{Span: Span{0, 7}, Paths: []*Path{
				{Span: Span{0, 1}, Segments: []Segment{seg(0, 1, NameSegment, "a", 0)}},
				{Span: Span{3, 7}, Segments: []Segment{seg(3, 5, NamePlaceholder, "#b", 0), seg(6, 7, NameSegment, "c", 0)}},
			}},
		}},
		{UpdateExpression, "SET a = (b) + :v REMOVE c ADD d :one", &Expr{
			Kind: UpdateExpression, Text: "SET a = (b) + :v REMOVE c ADD d :one",
			Update: &Update{Span: Span{0, 36}, Sections: []*Section{
				{Span: Span{0, 16}, Kind: Set, KeywordSpan: Span{0, 3}, Actions: []*UpdateAction{{
					Span: Span{4, 16}, Kind: Set,
					Path: &Path{Span: Span{4, 5}, Segments: []Segment{seg(4, 5, NameSegment, "a", 0)}},
					Value: &Arithmetic{Span: Span{8, 16}, Op: Plus, OpSpan: Span{12, 13},
						Left:  &ParenOperand{Span: Span{8, 11}, X: &Path{Span: Span{9, 10}, Segments: []Segment{seg(9, 10, NameSegment, "b", 0)}}},
						Right: &ValuePlaceholder{Span: Span{14, 16}, Name: ":v"}},
				}}},
				{Span: Span{17, 25}, Kind: Remove, KeywordSpan: Span{17, 23}, Actions: []*UpdateAction{{
					Span: Span{24, 25}, Kind: Remove,
					Path: &Path{Span: Span{24, 25}, Segments: []Segment{seg(24, 25, NameSegment, "c", 0)}},
				}}},
				{Span: Span{26, 36}, Kind: Add, KeywordSpan: Span{26, 29}, Actions: []*UpdateAction{{
					Span: Span{30, 36}, Kind: Add,
					Path:  &Path{Span: Span{30, 31}, Segments: []Segment{seg(30, 31, NameSegment, "d", 0)}},
					Value: &ValuePlaceholder{Span: Span{32, 36}, Name: ":one"},
				}}},
			}},
		}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.kind, tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// kids returns the direct children of n, using Inspect's skipping.
func kids(n Node) []Node {
	var out []Node
	first := true
	Inspect(n, func(x Node) bool {
		if first {
			first = false
			return true
		}
		out = append(out, x)
		return false
	})
	return out
}

// TestSpansCoverText checks on every valid example that each node's span
// is inside its parent's, that siblings come in source order without
// overlapping, and that leaves span exactly their text.
func TestSpansCoverText(t *testing.T) {
	for _, c := range validCorpus() {
		e := MustParse(c.kind, c.text)
		var walk func(n Node, outer Span)
		walk = func(n Node, outer Span) {
			s := n.Bounds()
			if s.Start < outer.Start || s.End > outer.End || s.Start > s.End {
				t.Errorf("%q: %T span %v outside %v", c.text, n, s, outer)
			}
			switch n := n.(type) {
			case *ValuePlaceholder:
				if s.Text(c.text) != n.Name {
					t.Errorf("%q: value span %v is %q", c.text, s, s.Text(c.text))
				}
			case *Path:
				for _, sg := range n.Segments {
					txt := sg.Text(c.text)
					if sg.Kind == IndexSegment {
						if !strings.HasPrefix(txt, "[") || !strings.HasSuffix(txt, "]") || !strings.Contains(txt, sg.Name) {
							t.Errorf("%q: index span %v is %q", c.text, sg.Span, txt)
						}
					} else if txt != sg.Name {
						t.Errorf("%q: segment span %v is %q, name %q", c.text, sg.Span, txt, sg.Name)
					}
				}
			case *Function:
				if n.NameSpan.Text(c.text) != n.Name {
					t.Errorf("%q: function name span %v", c.text, n.NameSpan)
				}
			case *ParenOperand, *ParenCondition:
				if txt := s.Text(c.text); txt[0] != '(' || txt[len(txt)-1] != ')' {
					t.Errorf("%q: parenthesis span %v is %q", c.text, s, txt)
				}
			}
			prev := s.Start
			for _, k := range kids(n) {
				if k.Bounds().Start < prev {
					t.Errorf("%q: %T at %v starts before its previous sibling ends (%d)", c.text, k, k.Bounds(), prev)
				}
				prev = k.Bounds().End
				walk(k, s)
			}
		}
		walk(e.Root(), Span{0, len(c.text)})
	}
}

type sample struct {
	kind Kind
	text string
}

// validCorpus is a set of expressions DynamoDB's grammar accepts, used by
// the property tests, the fuzz seeds and the benchmarks.
func validCorpus() []sample {
	var out []sample
	for _, s := range []string{
		"a = :v", "#pk = :pk AND begins_with(#sk, :prefix)", "a.b[2].#c <> :v",
		"a BETWEEN :x AND :y AND b IN (:p, :q)", "NOT (a = :v OR b = :w) AND c = :x",
		"(a) = :v", "((a = :v))", "size(a) > :n", "attribute_exists(a) AND attribute_not_exists(b)",
		"attribute_type(a, :t) OR contains(b, :c)", "(attribute_exists(a))", "a > ((b))",
		"a=a AND ((a=a AND a=a))", "x IN ((a), (b), c)", "((size(a))) >= :n",
	} {
		out = append(out, sample{FilterExpression, s})
	}
	for _, s := range []string{
		"SET a = :v", "SET a = b + :v, c = if_not_exists(c, :z) REMOVE d, e[1] ADD f :one DELETE g :s",
		"SET a = ((b) + c)", "SET a = ((b + c))", "SET l = list_append(l, :v)", "remove a.b.c",
	} {
		out = append(out, sample{UpdateExpression, s})
	}
	for _, s := range []string{"a", "a, b.c, #d[0]", "#n.#m[1][2].x"} {
		out = append(out, sample{ProjectionExpression, s})
	}
	return out
}

func TestFormatRoundTrip(t *testing.T) {
	for _, c := range validCorpus() {
		e := MustParse(c.kind, c.text)
		f := Format(e)
		e2, err := Parse(c.kind, f)
		if err != nil {
			t.Errorf("Format(%q) = %q does not parse: %v", c.text, f, err)
			continue
		}
		if dump(e) != dump(e2) {
			t.Errorf("Format(%q) = %q parses to %s, want %s", c.text, f, dump(e2), dump(e))
		}
	}
	if got := Format(MustParse(FilterExpression, "a=:v and(b)in(:x,:y)or not size ( c )>:n")); got != "a = :v AND (b) IN (:x, :y) OR NOT size(c) > :n" {
		t.Errorf("Format = %q", got)
	}
	if got := Format(MustParse(UpdateExpression, "set a=b+:v remove c add d :x delete e :y")); got != "SET a = b + :v REMOVE c ADD d :x DELETE e :y" {
		t.Errorf("Format = %q", got)
	}
}

func TestKinds(t *testing.T) {
	for _, tt := range []struct {
		k              Kind
		name, prefix   string
		condition      bool
		roundTripsName bool
	}{
		{KeyConditionExpression, "KeyConditionExpression", "Invalid KeyConditionExpression: ", true, true},
		{FilterExpression, "FilterExpression", "Invalid FilterExpression: ", true, true},
		{ConditionExpression, "ConditionExpression", "Invalid ConditionExpression: ", true, true},
		{ProjectionExpression, "ProjectionExpression", "Invalid ProjectionExpression: ", false, true},
		{UpdateExpression, "UpdateExpression", "Invalid UpdateExpression: ", false, true},
	} {
		if tt.k.String() != tt.name || tt.k.Prefix() != tt.prefix || tt.k.IsCondition() != tt.condition {
			t.Errorf("%d: %q %q %v", tt.k, tt.k.String(), tt.k.Prefix(), tt.k.IsCondition())
		}
		if k, ok := KindOf(tt.name); !ok || k != tt.k {
			t.Errorf("KindOf(%q) = %v, %v", tt.name, k, ok)
		}
	}
	if _, ok := KindOf("filterExpression"); ok {
		t.Error("KindOf must match exactly")
	}
	if _, err := Parse(Kind(0), "a = :v"); err == nil {
		t.Error("Parse with Kind(0) succeeded")
	}
	if got := FilterExpression.Message("Attribute name is a reserved keyword", "reserved keyword", "Size"); got != "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: Size" {
		t.Errorf("Message = %q", got)
	}
	if got := UpdateExpression.Message("The expression can not be empty"); got != "Invalid UpdateExpression: The expression can not be empty;" {
		t.Errorf("Message = %q", got)
	}
	if got := FilterExpression.Message("x", "a", "1", "b", "2"); got != "Invalid FilterExpression: x; a: 1, b: 2" {
		t.Errorf("Message = %q", got)
	}
}

func TestUnparen(t *testing.T) {
	e := MustParse(FilterExpression, "(((a))) = :v")
	if _, ok := Unparen(e.Condition.(*Comparison).Left).(*Path); !ok {
		t.Error("Unparen did not reach the path")
	}
	e = MustParse(FilterExpression, "((a = :v))")
	if _, ok := UnparenCondition(e.Condition).(*Comparison); !ok {
		t.Error("UnparenCondition did not reach the comparison")
	}
}

// TestParseConcurrent parses from many goroutines: the parser pool must not
// let one parse see another's tokens or nodes.
func TestParseConcurrent(t *testing.T) {
	corpus := validCorpus()
	want := make([]string, len(corpus))
	for i, c := range corpus {
		want[i] = dump(MustParse(c.kind, c.text))
	}
	done := make(chan bool)
	for g := 0; g < 8; g++ {
		go func(g int) {
			defer func() { done <- true }()
			for i := 0; i < 200; i++ {
				k := (g + i) % len(corpus)
				e, _ := Parse(corpus[k].kind, corpus[k].text)
				if got := dump(e); got != want[k] {
					t.Errorf("concurrent Parse(%q) = %s, want %s", corpus[k].text, got, want[k])
					return
				}
				if _, err := Parse(UpdateExpression, "SET a = b + c + d"); err == nil {
					t.Error("no error")
					return
				}
			}
		}(g)
	}
	for g := 0; g < 8; g++ {
		<-done
	}
}
