package validate

import "github.com/dynexpr/dynexpr/grammar"

// writtenItemBytes is a lower bound of the size of the item a put or an
// update writes, as DynamoDB counts an item (each attribute's name and
// value, valueBytes): a put's whole item; an update's key and every value
// a set action writes as it is, when no other action touches its path
// (what the item holds besides is unknown). It calls each after every part
// it counts, with the total so far, the part's attribute ("" for a value
// set below the top level) and its value, and stops early when each
// returns false. Other kinds write no item: 0.
func writtenItemBytes(st *grammar.Statement, each func(total int, attr string, v *grammar.Value) bool) int {
	total := 0
	switch st.Kind {
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			return 0
		}
		for _, e := range st.Item.Map.Entries {
			if e == nil {
				continue
			}
			total += len(e.Key) + valueBytes(e.Value)
			if !each(total, e.Key, e.Value) {
				return total
			}
		}
	case grammar.KindUpdate:
		eachKeyEquality(st.Key, func(attr string, v *grammar.Value) {
			total += len(attr) + valueBytes(v)
		})
		ts := updateTargets(st)
		for _, a := range st.Sets {
			if a == nil || a.Op != "" || a.Left == nil || a.Left.Value == nil || a.Path == nil || len(a.Path.Elems) == 0 {
				continue
			}
			alone := true
			for _, t := range ts {
				if c, _ := clashOf(t.path, a.Path); t.path != a.Path && c != clashNone {
					alone = false
				}
			}
			if !alone {
				continue
			}
			attr := ""
			if len(a.Path.Elems) == 1 {
				attr = topName(a.Path)
				total += len(attr)
			}
			total += valueBytes(a.Left.Value)
			if !each(total, attr, a.Left.Value) {
				return total
			}
		}
	}
	return total
}
