package capacity

import (
	"slices"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// Effect is what a write does to one secondary index of its table
// ("Global secondary indexes", provisioned throughput considerations for
// writes; "Local secondary indexes", the same for a local index): each
// decides how many writes the index takes.
type Effect int

const (
	// Untouched: the write changes nothing the index holds, so the index
	// takes no write ("If a write to a table does not require a global
	// secondary index update, no write capacity is consumed from the
	// index").
	Untouched Effect = iota
	// PutsEntry: the item written has the index's key attributes, so it has
	// an entry in the index: one write, two when it replaces an item whose
	// index key differed (a delete of the old entry and a put of the new).
	PutsEntry
	// ChangesKey: an update sets an index key attribute: when the item was
	// in the index, a delete of the old entry and a put of the new, two
	// writes; when it enters the index, one.
	ChangesKey
	// TakesOut: the write takes the item out of the index (REMOVE of a key
	// attribute, a delete, a put of an item without the key): one write
	// when it was in the index, none when it was not.
	TakesOut
	// ChangesProjected: an update changes attributes the index projects
	// and none of its keys: one write when the item is in the index.
	ChangesProjected
	// Unknown: the request does not show what it writes (an item or an
	// update the code computes).
	Unknown
)

// String is the effect as the report and explain say it.
func (e Effect) String() string {
	return [...]string{"touches nothing it holds", "puts an entry", "changes its key",
		"takes the item out", "changes projected attributes only", "does not show what it writes"}[e]
}

// Word is the effect as JSON writes it.
func (e Effect) Word() string {
	return [...]string{"untouched", "puts", "changes-key", "takes-out", "projected-only", "unknown"}[e]
}

// IndexEffect is what one write does to one index.
type IndexEffect struct {
	Index  *schema.Index
	Effect Effect
	// Attributes are the attributes of the write that make the effect: the
	// key attributes set or removed, the projected attributes changed.
	Attributes []string
}

// Effects says what st, a put, update or delete, does to each index of t,
// in the schema's order. Other kinds write nothing: nil.
func Effects(st *grammar.Statement, t *schema.Table) []IndexEffect {
	if t == nil {
		return nil
	}
	switch st.Kind {
	case grammar.KindPut, grammar.KindUpdate, grammar.KindDelete:
	default:
		return nil
	}
	out := make([]IndexEffect, 0, len(t.Indexes))
	for _, ix := range t.Indexes {
		out = append(out, effect(st, t, ix))
	}
	return out
}

func effect(st *grammar.Statement, t *schema.Table, ix *schema.Index) IndexEffect {
	e := IndexEffect{Index: ix}
	switch st.Kind {
	case grammar.KindDelete:
		e.Effect = TakesOut
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			e.Effect = Unknown
			return e
		}
		var lacks []string
		for _, a := range ix.KeyAttributes() {
			if !hasEntry(st.Item.Map, a) {
				lacks = append(lacks, a)
			}
		}
		if len(lacks) > 0 {
			e.Effect, e.Attributes = TakesOut, lacks
		} else {
			e.Effect, e.Attributes = PutsEntry, ix.KeyAttributes()
		}
	case grammar.KindUpdate:
		var removedKeys, setKeys, projected []string
		touch := func(p *grammar.Path, removed bool) {
			if p == nil || len(p.Elems) == 0 {
				return
			}
			name := p.Elems[0].Name
			switch {
			case t.IsKey(name):
				// A table key cannot be updated (lint says so).
			case ix.Key.Has(name) && removed:
				removedKeys = appendOnce(removedKeys, name)
			case ix.Key.Has(name):
				setKeys = appendOnce(setKeys, name)
			case ix.Projects(name, t):
				projected = appendOnce(projected, name)
			}
		}
		for _, a := range st.Sets {
			touch(a.Path, false)
		}
		for _, a := range st.Adds {
			touch(a.Path, false)
		}
		for _, a := range st.Deletes {
			touch(a.Path, false)
		}
		for _, p := range st.Removes {
			touch(p, true)
		}
		switch {
		case len(removedKeys) > 0:
			e.Effect, e.Attributes = TakesOut, removedKeys
		case len(setKeys) > 0:
			e.Effect, e.Attributes = ChangesKey, setKeys
		case len(projected) > 0:
			e.Effect, e.Attributes = ChangesProjected, projected
		}
	}
	return e
}

func hasEntry(m *grammar.Map, name string) bool {
	for _, e := range m.Entries {
		if e != nil && e.Key == name {
			return true
		}
	}
	return false
}

func appendOnce(xs []string, x string) []string {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}
