package validate

import (
	"unicode/utf16"

	"github.com/dynexpr/dynexpr/grammar"
)

// projTree reads the paths of a ProjectionExpression the way DynamoDB does,
// so that a finding can quote the two paths DynamoDB's answer names.
//
// DynamoDB takes the paths from the last to the first and files each into a
// tree of path elements. A path that reaches an element where a path read
// before it ends, or that ends where paths read before it go on, overlaps; a
// path that names a map key where the paths read before it index a list, or
// the reverse, conflicts. Its answer names the path being filed ("path
// one") and, as "path two", the branch it finds by following, from the node
// where the two met, the first child of each node down to a leaf. "First"
// is in the order of a Java HashMap keyed by path element: not the order of
// the expression, so "a, b, a" is answered with path two [b], the sibling
// that hashes first, not [a].
type projTree struct {
	root projNode
}

// projNode is one node of the tree: its children in the order they were
// filed. A child whose node is nil is where a path ends.
type projNode struct {
	kids []projChild
}

type projChild struct {
	elem grammar.PathElem
	node *projNode
}

// projMeet is what filing a path met: no clash, or the clash and DynamoDB's
// "path two".
type projMeet struct {
	clash pathClash // clashNone, clashSame (for any overlap) or clashListMap
	two   []grammar.PathElem
}

// file adds path p to the tree, or reports how it meets the paths filed
// before it (and then leaves the tree as it was).
func (t *projTree) file(p *grammar.Path) projMeet {
	n := &t.root
	for d, e := range p.Elems {
		c := n.child(e)
		if c == nil {
			if len(n.kids) > 0 && n.kids[0].elem.IsIndex != e.IsIndex {
				return projMeet{clashListMap, n.leafPath(p.Elems[:d])}
			}
			n.kids = append(n.kids, projChild{elem: e, node: chain(p.Elems[d+1:])})
			return projMeet{}
		}
		if c.node == nil || d == len(p.Elems)-1 {
			return projMeet{clashSame, n.leafPath(p.Elems[:d])}
		}
		n = c.node
	}
	return projMeet{}
}

// chain is the subtree of a path's remaining elements.
func chain(rest []grammar.PathElem) *projNode {
	if len(rest) == 0 {
		return nil
	}
	return &projNode{kids: []projChild{{elem: rest[0], node: chain(rest[1:])}}}
}

func (n *projNode) child(e grammar.PathElem) *projChild {
	for i := range n.kids {
		k := &n.kids[i]
		if k.elem.IsIndex == e.IsIndex && (e.IsIndex && k.elem.Index == e.Index || !e.IsIndex && k.elem.Name == e.Name) {
			return k
		}
	}
	return nil
}

// leafPath is prefix, then the first child of each node from n down to a
// leaf: DynamoDB's "path two".
func (n *projNode) leafPath(prefix []grammar.PathElem) []grammar.PathElem {
	out := append([]grammar.PathElem(nil), prefix...)
	for n != nil && len(n.kids) > 0 {
		k := n.first()
		out = append(out, k.elem)
		n = k.node
	}
	return out
}

// first is the child a Java HashMap of the node's children iterates first:
// the lowest bucket (the spread hash masked by the table's size), and in one
// bucket the first filed. The table starts at 16 buckets and doubles when it
// is more than three quarters full. (A bucket of eight or more keys, which
// Java turns into a tree, is not modelled: it takes hash collisions no
// projection of real names has.)
func (n *projNode) first() projChild {
	size := uint32(16)
	for uint32(len(n.kids))*4 > size*3 {
		size *= 2
	}
	best, bestBucket := 0, ^uint32(0)
	for i, k := range n.kids {
		if b := javaSpread(elemHash(k.elem)) & (size - 1); b < bestBucket {
			best, bestBucket = i, b
		}
	}
	return n.kids[best]
}

// elemHash is the Java hash code of a path element: commons-lang's
// HashCodeBuilder(8191, 127) over the map key (a String's hash) or the list
// index, with int32 wrap-around.
func elemHash(e grammar.PathElem) uint32 {
	h := uint32(8191 * 127)
	if e.IsIndex {
		return h + uint32(int32(e.Index))
	}
	var s uint32
	for _, u := range utf16.Encode([]rune(e.Name)) {
		s = 31*s + uint32(u)
	}
	return h + s
}

// javaSpread is HashMap's spreading of a hash code's high bits.
func javaSpread(h uint32) uint32 { return h ^ h>>16 }
