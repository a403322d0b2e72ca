package ddbexpr

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPlaceholders(t *testing.T) {
	tests := []struct {
		kind Kind
		in   string
		want []Placeholder
	}{
		{FilterExpression, "#a.b = :v AND size(#c[1].#d) > :v", []Placeholder{
			{Span{0, 2}, "#a"}, {Span{7, 9}, ":v"}, {Span{19, 21}, "#c"}, {Span{25, 27}, "#d"}, {Span{31, 33}, ":v"},
		}},
		{UpdateExpression, "SET #a = if_not_exists(#a, :z) ADD #n :one REMOVE b.#c", []Placeholder{
			{Span{4, 6}, "#a"}, {Span{23, 25}, "#a"}, {Span{27, 29}, ":z"}, {Span{35, 37}, "#n"}, {Span{38, 42}, ":one"}, {Span{52, 54}, "#c"},
		}},
		{ProjectionExpression, "#a, b.:k", []Placeholder{{Span{0, 2}, "#a"}, {Span{6, 8}, ":k"}}},
		{FilterExpression, "a = b", nil},
	}
	for _, tt := range tests {
		e, _ := Parse(tt.kind, tt.in)
		got := e.Placeholders()
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Placeholders(%q) (-want +got):\n%s", tt.in, diff)
		}
		for _, p := range got {
			if p.Text(tt.in) != p.Name || p.IsValue() != (p.Name[0] == ':') {
				t.Errorf("Placeholders(%q): %+v", tt.in, p)
			}
		}
	}
}

func TestBareNames(t *testing.T) {
	e := MustParse(UpdateExpression, "SET status = size + :v, #n.Name[0].data = if_not_exists(Year, :y) REMOVE a.ttl")
	var got []string
	for _, s := range e.BareNames() {
		got = append(got, s.Text(e.Text))
		if s.Kind != NameSegment || s.Text(e.Text) != s.Name {
			t.Errorf("BareNames: %+v", s)
		}
	}
	want := []string{"status", "size", "Name", "data", "Year", "a", "ttl"}
	if !cmp.Equal(got, want) {
		t.Errorf("BareNames = %q, want %q", got, want)
	}
	// Function names are not attribute names; keywords cannot be names.
	e = MustParse(FilterExpression, "size(a) > :n AND begins_with(b, :p) AND c BETWEEN :x AND :y")
	got = got[:0]
	for _, s := range e.BareNames() {
		got = append(got, s.Name)
	}
	if !cmp.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("BareNames = %q", got)
	}
	var reservedHere []string
	for _, s := range MustParse(FilterExpression, "Size > :n AND a.status = :s AND ok = :t").ReservedNames() {
		reservedHere = append(reservedHere, s.Text("Size > :n AND a.status = :s AND ok = :t"))
	}
	if !cmp.Equal(reservedHere, []string{"Size", "status"}) {
		t.Errorf("reserved names = %q", reservedHere)
	}
}

func TestPaths(t *testing.T) {
	e := MustParse(UpdateExpression, "SET a.b[1] = c + :v, #d = list_append(e[0][1], :l) REMOVE f.#g.h DELETE s :x")
	var got []string
	for _, p := range e.Paths() {
		got = append(got, p.Text(e.Text))
	}
	want := []string{"a.b[1]", "c", "#d", "e[0][1]", "f.#g.h", "s"}
	if !cmp.Equal(got, want) {
		t.Errorf("Paths = %q, want %q", got, want)
	}
	p := e.Paths()[3]
	wantSegs := []Segment{
		{Span: Span{38, 39}, Kind: NameSegment, Name: "e"},
		{Span: Span{39, 42}, Kind: IndexSegment, Name: "0", Index: 0},
		{Span: Span{42, 45}, Kind: IndexSegment, Name: "1", Index: 1},
	}
	if diff := cmp.Diff(wantSegs, p.Segments); diff != "" {
		t.Errorf("segments (-want +got):\n%s", diff)
	}
	if p.Depth() != 3 || e.MaxPathDepth() != 3 {
		t.Errorf("Depth %d, MaxPathDepth %d", p.Depth(), e.MaxPathDepth())
	}
	deep := "a" + strings.Repeat(".b", 32)
	if got := MustParse(ProjectionExpression, "x, "+deep).MaxPathDepth(); got != 33 {
		t.Errorf("MaxPathDepth = %d, want 33", got)
	}
	if got := MustParse(FilterExpression, ":a = :b").MaxPathDepth(); got != 0 {
		t.Errorf("MaxPathDepth = %d, want 0", got)
	}
}

func TestOperatorCount(t *testing.T) {
	tests := []struct {
		kind Kind
		in   string
		want int
	}{
		{FilterExpression, "a = :v", 1},
		{FilterExpression, "a = :v AND NOT b IN (:x, :y) OR size(c) > :n", 7},
		{FilterExpression, "(((a = :v)))", 1},
		{FilterExpression, "a BETWEEN :x AND :y", 1},
		{FilterExpression, "attribute_exists(a)", 1},
		{UpdateExpression, "SET a = if_not_exists(a, :z) + :one, b = :v REMOVE c ADD d :x", 2},
		{UpdateExpression, "SET a = :v", 0},
		{ProjectionExpression, "a, b, c", 0},
	}
	for _, tt := range tests {
		e, _ := Parse(tt.kind, tt.in)
		if got := e.OperatorCount(); got != tt.want {
			t.Errorf("OperatorCount(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
	// 301 operators: DynamoDB's limit is 300.
	in := "a = :v" + strings.Repeat(" AND a = :v", 150)
	if got := MustParse(FilterExpression, in).OperatorCount(); got != 301 {
		t.Errorf("OperatorCount = %d, want 301", got)
	}
}

func TestInConditions(t *testing.T) {
	e := MustParse(FilterExpression, "a IN (:a) AND (b IN (:a, :b, :c) OR NOT c IN (d, e))")
	var got []int
	for _, in := range e.InConditions() {
		got = append(got, len(in.List))
	}
	if !cmp.Equal(got, []int{1, 3, 2}) {
		t.Errorf("IN operand counts = %v", got)
	}
	var list []string
	for i := 0; i < 101; i++ {
		list = append(list, ":v")
	}
	e = MustParse(FilterExpression, "a IN ("+strings.Join(list, ", ")+")")
	if n := len(e.InConditions()[0].List); n != 101 {
		t.Errorf("IN operands = %d, want 101", n)
	}
}

func TestRedundantParens(t *testing.T) {
	tests := []struct {
		kind Kind
		in   string
		want string // the text of the reported span; "" for none
	}{
		{FilterExpression, "((a = :v))", "((a = :v))"},
		{FilterExpression, "a > ((b))", "((b))"},
		{FilterExpression, "a=a AND ((a=a AND a=a))", "((a=a AND a=a))"},
		{FilterExpression, "(((a))) = :v", "((a))"},
		{FilterExpression, "((a)) = ((b))", "((a))"},
		{FilterExpression, "NOT ((a = :v))", "((a = :v))"},
		{FilterExpression, "size(((a))) > :n", "((a))"},
		{FilterExpression, "((attribute_exists(a)))", "((attribute_exists(a)))"},
		{FilterExpression, "((size(a))) > :n", "((size(a)))"},
		{FilterExpression, "(((a = :v)) AND b = :w)", "((a = :v))"},
		{UpdateExpression, "SET a = ((b + c))", "((b + c))"},
		{UpdateExpression, "SET a = ((b))", "((b))"},
		{UpdateExpression, "SET a = ((b)) + c", "((b))"},
		// single parentheses are fine
		{FilterExpression, "(a = :v)", ""},
		{FilterExpression, "(a = :v) AND (b = :w)", ""},
		{FilterExpression, "((a = :v) AND (b = :w))", ""},
		{FilterExpression, "((a) = :v)", ""},
		{FilterExpression, "(NOT (a = :v))", ""},
		{FilterExpression, "a IN ((b))", ""},
		{FilterExpression, "size((a)) > :n", ""},
		{FilterExpression, "(size(a)) > :n", ""},
		{UpdateExpression, "SET a = ((b) + c)", ""},
		{UpdateExpression, "SET a = (b) + (c)", ""},
		{ProjectionExpression, "a", ""},
	}
	for _, tt := range tests {
		e, _ := Parse(tt.kind, tt.in)
		if e == nil {
			t.Errorf("Parse(%q) failed", tt.in)
			continue
		}
		s, ok := e.RedundantParens()
		got := ""
		if ok {
			got = s.Text(tt.in)
		}
		if got != tt.want {
			t.Errorf("RedundantParens(%q) = %q, want %q", tt.in, got, tt.want)
		}
		se := e.RedundantParensError()
		if (se != nil) != ok {
			t.Errorf("RedundantParensError(%q) = %v", tt.in, se)
		}
		if se != nil {
			if want := tt.kind.Prefix() + "The expression has redundant parentheses;"; se.DynamoMsg != want || se.Reason != ReasonRedundantParens || se.Offset != s.Start {
				t.Errorf("RedundantParensError(%q) = %+v", tt.in, se)
			}
		}
	}
}

func TestInspectSkips(t *testing.T) {
	e := MustParse(FilterExpression, "a = :v AND size(b) > :n")
	var n int
	Inspect(e, func(x Node) bool {
		n++
		_, isLogical := x.(*Logical)
		_, isExpr := x.(*Expr)
		return isLogical || isExpr
	})
	if n != 4 { // Expr, Logical, two comparisons
		t.Errorf("Inspect visited %d nodes, want 4", n)
	}
	Inspect(nil, func(Node) bool { t.Error("visited nil"); return true })
}
