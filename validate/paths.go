package validate

import "github.com/dynexpr/dynexpr/grammar"

// placedPath is a document path with where it stands.
type placedPath struct {
	path  *grammar.Path
	place clausePlace
	// target is true for the path an update action changes.
	target bool
}

// statementPaths returns every document path of a statement: conditions,
// item keys and start keys (inKey), select, update targets and operands.
func statementPaths(st *grammar.Statement) []placedPath {
	out := make([]placedPath, 0, 16)
	add := func(p *grammar.Path, place clausePlace, target bool) {
		if p != nil && len(p.Elems) > 0 {
			out = append(out, placedPath{p, place, target})
		}
	}
	if st.Key != nil {
		for _, p := range grammar.ConditionPaths(st.Key) {
			add(p, inKey, false)
		}
	}
	if st.After != nil && st.After.Key != nil {
		for _, p := range grammar.ConditionPaths(st.After.Key) {
			add(p, inKey, false)
		}
	}
	for _, pc := range conditions(st) {
		if pc.place == inKey {
			continue
		}
		for _, p := range grammar.ConditionPaths(pc.cond) {
			add(p, pc.place, false)
		}
	}
	if st.Select != nil {
		for _, p := range st.Select.Paths {
			add(p, inSelect, false)
		}
	}
	for _, a := range st.Sets {
		if a == nil {
			continue
		}
		add(a.Path, inUpdate, true)
		grammar.EachPath(a.Left, func(p *grammar.Path) { add(p, inUpdate, false) })
		grammar.EachPath(a.Right, func(p *grammar.Path) { add(p, inUpdate, false) })
	}
	for _, p := range st.Removes {
		add(p, inUpdate, true)
	}
	for _, a := range st.Adds {
		if a != nil {
			add(a.Path, inUpdate, true)
		}
	}
	for _, a := range st.Deletes {
		if a != nil {
			add(a.Path, inUpdate, true)
		}
	}
	return out
}
