package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

// Where a condition or path stands in a statement, for messages.
type clausePlace string

const (
	inKey    clausePlace = "key condition"
	inFilter clausePlace = "filter"
	inIf     clausePlace = "condition (if)"
	inSelect clausePlace = "select"
	inUpdate clausePlace = "update"
)

// conditions returns the statement's conditions with their places.
func conditions(st *grammar.Statement) []placedCondition {
	var out []placedCondition
	if st.Key != nil && st.Kind == grammar.KindQuery {
		out = append(out, placedCondition{st.Key, inKey})
	}
	if st.Filter != nil {
		out = append(out, placedCondition{st.Filter, inFilter})
	}
	if st.If != nil {
		out = append(out, placedCondition{st.If, inIf})
	}
	return out
}

type placedCondition struct {
	cond  *grammar.Condition
	place clausePlace
}

// topName is the top-level attribute a path starts with.
func topName(p *grammar.Path) string {
	if p == nil || len(p.Elems) == 0 {
		return ""
	}
	return p.Elems[0].Name
}

// isEmptyScalar reports whether v is "" or empty binary: what DynamoDB
// refuses in a key attribute.
func isEmptyScalar(v *grammar.Value) bool {
	return v != nil && (v.Type == grammar.TypeS || v.Type == grammar.TypeB) && v.Text == ""
}

// itemEntry returns the value of a top-level attribute in a put item.
func itemEntry(st *grammar.Statement, attr string) *grammar.MapEntry {
	if st.Item == nil || st.Item.Map == nil {
		return nil
	}
	for _, e := range st.Item.Map.Entries {
		if e.Key == attr {
			return e
		}
	}
	return nil
}

// quoteList writes names as DynamoDB does in messages: [a, b].
func quoteList(names []string) string { return "[" + strings.Join(names, ", ") + "]" }
