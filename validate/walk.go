package validate

import (
	"strconv"
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

// pathString writes a path as the DSL does: a.b[2].`c.d`.
func pathString(p *grammar.Path) string {
	var b strings.Builder
	for i, e := range p.Elems {
		switch {
		case e.IsIndex:
			b.WriteString("[" + strconv.Itoa(e.Index) + "]")
		default:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(nameString(e.Name))
		}
	}
	return b.String()
}

// nameString writes an attribute name bare when the DSL allows, else in
// backticks.
func nameString(n string) string {
	if isBareName(n) {
		return n
	}
	return "`" + n + "`"
}

func isBareName(n string) bool {
	if n == "" {
		return false
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	switch strings.ToLower(n) {
	case "and", "or", "not", "between", "in", "true", "false", "null":
		return false
	}
	return true
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
