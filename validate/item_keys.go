package validate

import (
	"slices"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// itemKeyTerm is one attr = value of an item key.
type itemKeyTerm struct {
	at    diag.Pos
	attr  string
	value *grammar.Value
}

// itemKeyTerms reads an item key, k = v [and k = v]: its terms, and where
// it is not of that shape.
func itemKeyTerms(st *grammar.Statement, c *grammar.Condition) (terms []itemKeyTerm, bad []diag.Pos) {
	badAt := func(at diag.Pos) { bad = append(bad, at) }
	var term func(*grammar.NotCondition)
	term = func(n *grammar.NotCondition) {
		switch {
		case n == nil:
		case n.Not != nil:
			badAt(n.Pos)
		case n.Group != nil:
			andTerms(st, n.Group, term, badAt)
		case n.Compare != nil:
			cmp := n.Compare
			if cmp.Op != "=" || cmp.Left == nil || cmp.Left.Path == nil || len(cmp.Left.Path.Elems) != 1 || cmp.Right == nil || cmp.Right.Value == nil {
				badAt(cmp.Pos)
				return
			}
			terms = append(terms, itemKeyTerm{cmp.Left.Path.Pos, topName(cmp.Left.Path), cmp.Right.Value})
		}
	}
	andTerms(st, c, term, badAt)
	return terms, bad
}

// afterEntries reads the start key: a map or an item key.
func afterEntries(st *grammar.Statement) ([]itemKeyTerm, []diag.Pos) {
	a := st.After
	if a == nil {
		return nil, nil
	}
	if a.Map != nil {
		var out []itemKeyTerm
		for _, e := range a.Map.Entries {
			out = append(out, itemKeyTerm{e.Pos, e.Key, e.Value})
		}
		return out, nil
	}
	return itemKeyTerms(st, a.Key)
}

// startKey is a statement's start key (after) read against the schema.
type startKey struct {
	terms []itemKeyTerm
	bad   []diag.Pos // where it is not ATTR = VALUE joined with and
	// required are the attributes it holds: the table's key, and the
	// index's when the statement reads one.
	required []string
}

// readStartKey reads the statement's start key; nil without one, and when
// the schema does not know the table or the index read.
func readStartKey(p *Pass) *startKey {
	if p.Stmt.After == nil || p.Table == nil || p.Stmt.Index != nil && p.Index == nil {
		return nil
	}
	required := p.Table.Key.Attributes()
	if p.Index != nil {
		for _, a := range p.Index.KeyAttributes() {
			if !slices.Contains(required, a) {
				required = append(required, a)
			}
		}
	}
	terms, bad := afterEntries(p.Stmt)
	return &startKey{terms, bad, required}
}
