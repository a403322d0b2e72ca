package request

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// The converter's values: DynamoDB JSON read into DSL literals, item keys
// and ExclusiveStartKey.

// value reads a DynamoDB JSON value ({"S": "text"}) into a DSL literal
// standing at at; what names it in messages.
func (c *converter) value(v *Value, at diag.Pos, what string) *grammar.Value {
	if c.r.Computed(v) {
		// Named by its place: two values the code computes are not
		// known to be one (the same item twice in a transaction).
		return c.unknownValue(at, what+"_"+strconv.Itoa(v.Start))
	}
	if v.Kind != Object {
		c.failAt(v.Start, "%s is not a DynamoDB value: write it as an object with one type, like {\"S\": \"text\"} or {\"N\": \"42\"}", what)
	}
	switch len(v.Members) {
	case 0:
		c.failAt(v.Start, "%s is an empty object: a DynamoDB value has exactly one type, like {\"S\": \"text\"}", what)
	case 1:
	default:
		c.failAt(v.Members[1].NamePos, "%s has more than one type (%s and %s): a DynamoDB value has exactly one", what, v.Members[0].Name, v.Members[1].Name)
	}
	t, x := v.Members[0].Name, v.Members[0].Value
	g := &grammar.Value{Pos: at}
	wantKind := func(k Kind, like string) {
		if x.Kind != k {
			c.failAt(x.Start, "%s: %s takes %s, like {\"%s\": %s}, not %s", what, t, k, t, like, x.Kind)
		}
	}
	switch t {
	case "S":
		wantKind(String, `"text"`)
		q := grammar.Quote(x.Text)
		g.String, g.Type, g.Text = &q, grammar.TypeS, x.Text
	case "N":
		wantKind(String, `"42"`)
		if !dslNumber(x.Text) {
			c.failAt(x.Start, "%s: the number %q cannot be written in the DSL, which takes decimal text like 42, -1.5 or 1e3", what, x.Text)
		}
		n := x.Text
		g.Number, g.Type, g.Text = &n, grammar.TypeN, n
	case "B":
		wantKind(String, `"SGVsbG8="`)
		c.checkBase64(x, what)
		b := `b"` + x.Text + `"`
		g.Binary, g.Type, g.Text = &b, grammar.TypeB, x.Text
	case "BOOL":
		wantKind(Bool, "true")
		g.Bool, g.Type, g.Text = x.Text, grammar.TypeBOOL, x.Text
	case "NULL":
		if x.Kind != Bool || x.Text != "true" {
			c.failAt(x.Start, "%s: NULL is written {\"NULL\": true} (DynamoDB refuses any other value)", what)
		}
		g.Null, g.Type = true, grammar.TypeNULL
	case "L":
		wantKind(Array, "[{\"S\": \"a\"}]")
		g.List, g.Type = &grammar.List{Pos: at}, grammar.TypeL
		for i, e := range x.Elems {
			g.List.Items = append(g.List.Items, c.value(e, c.pos(e.Start), fmt.Sprintf("%s[%d]", what, i)))
		}
	case "M":
		wantKind(Object, "{\"a\": {\"S\": \"x\"}}")
		g = c.mapValue(x, at, what)
	case "SS", "NS", "BS":
		wantKind(Array, map[string]string{"SS": `["a", "b"]`, "NS": `["1", "2"]`, "BS": `["AA=="]`}[t])
		if len(x.Elems) == 0 && t != "SS" {
			c.failAt(x.Start, "%s: an empty %s cannot be written in the DSL (<<>> is an empty string set); DynamoDB refuses empty sets anyway", what, t)
		}
		g.Set = &grammar.SetValue{Pos: at}
		g.Type = grammar.ValueType(t)
		for i, e := range x.Elems {
			if e.Kind != String {
				c.failAt(e.Start, "%s: the elements of %s are strings, not %s", what, t, e.Kind)
			}
			el := &grammar.Value{Type: grammar.ValueType(t[:1]), Text: e.Text}
			el.Pos = c.pos(e.Start)
			switch t {
			case "SS":
				q := grammar.Quote(e.Text)
				el.String = &q
			case "NS":
				if !dslNumber(e.Text) {
					c.failAt(e.Start, "%s[%d]: the number %q cannot be written in the DSL, which takes decimal text like 42, -1.5 or 1e3", what, i, e.Text)
				}
				n := e.Text
				el.Number = &n
			case "BS":
				c.checkBase64(e, fmt.Sprintf("%s[%d]", what, i))
				b := `b"` + e.Text + `"`
				el.Binary = &b
			}
			g.Set.Items = append(g.Set.Items, el)
		}
	default:
		c.failAt(v.Members[0].NamePos, "%s: %q is not a DynamoDB type: use S, N, B, BOOL, NULL, L, M, SS, NS or BS", what, t)
	}
	return g
}

// checkBase64 wants the canonical base64 that DynamoDB and the DSL take:
// padded, no stray bits, no line breaks.
func (c *converter) checkBase64(x *Value, what string) {
	if _, err := base64.StdEncoding.Strict().DecodeString(x.Text); err != nil || strings.ContainsAny(x.Text, "\r\n") {
		c.failAt(x.Start, "%s: %q is not canonical base64 (RFC 4648 with padding, like \"SGVsbG8=\")", what, x.Text)
	}
}

// mapValue reads a JSON object of DynamoDB values (an Item, an M) into a
// map literal.
func (c *converter) mapValue(obj *Value, at diag.Pos, what string) *grammar.Value {
	m := &grammar.Map{Pos: at}
	for _, e := range obj.Members {
		if e.Repeated {
			c.failAt(e.NamePos, "%s: %q is given twice", what, e.Name)
		}
		if e.Name == "" {
			c.failAt(e.NamePos, "%s: an attribute name cannot be empty", what)
		}
		raw := grammar.Name(e.Name)
		if raw != e.Name {
			raw = grammar.Quote(e.Name)
		}
		m.Entries = append(m.Entries, &grammar.MapEntry{
			Pos: c.pos(e.NamePos), RawKey: raw, Key: e.Name,
			Value: c.value(e.Value, c.pos(e.Value.Start), fmt.Sprintf("%s.%s", what, strconv.Quote(e.Name))),
		})
	}
	m.Open = c.r.Incomplete(obj)
	return &grammar.Value{Pos: at, Map: m, Type: grammar.TypeM}
}

// dslNumber tells decimal text the DSL's lexer reads as one number:
// -?digits[.digits][e[+-]digits], or -?.digits.
func dslNumber(s string) bool {
	i, digits := 0, 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		e := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == e {
			return false
		}
	}
	return i == len(s)
}

// itemKey reads Key into `k = V and k = V`.
func (c *converter) itemKey(m *Member) *grammar.Condition {
	v := m.Value
	if v.Kind != Object {
		c.failAt(v.Start, "Key is a map of the key attributes, like {\"id\": {\"S\": \"a91f\"}}, not %s", v.Kind)
	}
	if len(v.Members) == 0 && c.r.Incomplete(v) {
		c.failAt(v.Start, "Key has no key attribute the code shows") // unknown: not reported
	}
	if len(v.Members) == 0 {
		c.failAt(v.Start, "Key is empty: give the item's key attributes, like {\"id\": {\"S\": \"a91f\"}}")
	}
	return c.keyCondition(v, "Key")
}

// keyCondition writes a map of attribute values as k = V and k = V.
func (c *converter) keyCondition(v *Value, member string) *grammar.Condition {
	at := c.pos(v.Members[0].NamePos)
	and := &grammar.AndCondition{Pos: at}
	for _, e := range v.Members {
		if e.Repeated {
			c.failAt(e.NamePos, "%s: %q is given twice", member, e.Name)
		}
		np := c.pos(e.NamePos)
		path := c.topPath(e.Name, np, member)
		vp := c.pos(e.Value.Start)
		val := c.value(e.Value, vp, fmt.Sprintf("%s %s", member, strconv.Quote(e.Name)))
		cmp := &grammar.Comparison{Pos: np, Left: &grammar.Operand{Pos: np, Path: path}, Op: "=", Right: &grammar.Operand{Pos: vp, Value: val}}
		and.And = append(and.And, &grammar.NotCondition{Pos: np, Compare: cmp})
	}
	return &grammar.Condition{Pos: at, Or: []*grammar.AndCondition{and}, Open: c.r.Incomplete(v)}
}

// after reads ExclusiveStartKey: `after k = V and k = V`, or the map form
// where a name cannot be a path or the key is empty.
func (c *converter) after(m *Member) *grammar.After {
	v := m.Value
	if v.Kind != Object {
		c.failAt(v.Start, "ExclusiveStartKey is a map of key attributes, like {\"id\": {\"S\": \"a91f\"}}, not %s", v.Kind)
	}
	at := c.pos(v.Start)
	asMap := len(v.Members) == 0
	for _, e := range v.Members {
		if !grammar.InBackticks(e.Name) {
			asMap = true
		}
	}
	if asMap {
		return &grammar.After{Pos: at, Map: c.mapValue(v, at, "ExclusiveStartKey").Map}
	}
	return &grammar.After{Pos: at, Key: c.keyCondition(v, "ExclusiveStartKey")}
}
