package validate

import (
	"sort"

	"github.com/dynexpr/dynexpr/grammar"
)

// updateTarget is the path an update action changes.
type updateTarget struct {
	path *grammar.Path
	verb string // set, remove, add, delete
	// clause is the action's place in the UpdateExpression the builder
	// writes: the SDK orders the clauses ADD, DELETE, REMOVE, SET.
	clause int
}

func (t updateTarget) String() string { return t.verb + " " + grammar.FormatPath(t.path) }

// updateTargets returns the paths st's update actions change, in the order
// they are written.
func updateTargets(st *grammar.Statement) []updateTarget {
	var out []updateTarget
	add := func(p *grammar.Path, verb string, clause int) {
		if p != nil && len(p.Elems) > 0 {
			out = append(out, updateTarget{p, verb, clause})
		}
	}
	for _, a := range st.Adds {
		if a != nil {
			add(a.Path, "add", 0)
		}
	}
	for _, a := range st.Deletes {
		if a != nil {
			add(a.Path, "delete", 1)
		}
	}
	for _, p := range st.Removes {
		add(p, "remove", 2)
	}
	for _, a := range st.Sets {
		if a != nil {
			add(a.Path, "set", 3)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].path.Pos.Offset < out[j].path.Pos.Offset })
	return out
}

func exprKindOf(place clausePlace) string {
	switch place {
	case inKey:
		return "KeyCondition"
	case inIf:
		return "Condition"
	}
	return "Filter"
}
