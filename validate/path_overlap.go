package validate

import (
	"strconv"

	"github.com/dynexpr/dynexpr/grammar"
)

// pathClash is how two document paths of one expression meet.
type pathClash int

const (
	clashNone    pathClash = iota
	clashSame              // the same path twice
	clashInside            // the second path is inside the first
	clashCovers            // the first path is inside the second
	clashListMap           // one path indexes a list where the other names a map key
)

// clashOf tells how DynamoDB sees two paths of one expression: apart
// (a.b, a.c; a[0], a[1]), the same, one inside the other, or one using a
// list where the other uses a map. k is the element where a list meets a
// map.
func clashOf(a, b *grammar.Path) (c pathClash, k int) {
	if a == nil || b == nil || len(a.Elems) == 0 || len(b.Elems) == 0 {
		return clashNone, 0
	}
	n := min(len(a.Elems), len(b.Elems))
	for i := 0; i < n; i++ {
		x, y := a.Elems[i], b.Elems[i]
		switch {
		case x.IsIndex != y.IsIndex:
			return clashListMap, i
		case x.IsIndex && x.Index != y.Index, !x.IsIndex && x.Name != y.Name:
			return clashNone, 0
		}
	}
	switch {
	case len(a.Elems) == len(b.Elems):
		return clashSame, 0
	case len(a.Elems) < len(b.Elems):
		return clashInside, 0
	}
	return clashCovers, 0
}

// ddbPath writes a path as DynamoDB's messages do: [a, b, [1], c].
func ddbPath(p *grammar.Path) string {
	parts := make([]string, len(p.Elems))
	for i, e := range p.Elems {
		if e.IsIndex {
			parts[i] = "[" + strconv.Itoa(e.Index) + "]"
		} else {
			parts[i] = e.Name
		}
	}
	return quoteList(parts)
}

// prefixString writes the first k elements of p, as the DSL does.
func prefixString(p *grammar.Path, k int) string {
	return grammar.FormatPath(&grammar.Path{Elems: p.Elems[:k]})
}

// containerWord says what a path element reads: a list or a map.
func containerWord(e grammar.PathElem) string {
	if e.IsIndex {
		return "list"
	}
	return "map"
}
