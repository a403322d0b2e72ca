package request

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Legacy returns the legacy parameters the request has, in the order
// DynamoDB lists them; for a group, those of its members (a batch get's
// AttributesToGet), each under its member's path.
func (r *Request) Legacy() []string {
	var out []string
	for _, p := range r.Parts() {
		for _, n := range p.Legacy() {
			out = append(out, p.ParamPath(n))
		}
	}
	for _, n := range LegacyMembers(r.Shape()) {
		if v := r.Obj.Get(n); v != nil && v.Kind != Null {
			out = append(out, n)
		}
	}
	return out
}

// Modernize returns the request with its legacy parameters written as the
// expression parameters that replaced them, as AWS's migration guide pairs
// them: KeyConditions as a KeyConditionExpression, QueryFilter and
// ScanFilter as a FilterExpression, Expected as a ConditionExpression
// (joined by ConditionalOperator), AttributeUpdates as an UpdateExpression,
// AttributesToGet as a ProjectionExpression; every name and value goes
// through a placeholder. The request is returned as it is when it has no
// legacy parameter. It fails, at the place in the file, where a legacy form
// has no expression that does the same (ADD of a list in AttributeUpdates,
// which appends, where an UpdateExpression's ADD takes numbers and sets) or
// where the legacy parameters are malformed (lint says how).
//
// A group is returned as it is: the one legacy parameter its members may
// have, a batch get's AttributesToGet, the converter reads as the select
// clause itself.
func (r *Request) Modernize() (out *Request, err error) {
	if len(r.Legacy()) == 0 || IsGroup(r.Command) {
		return r, nil
	}
	m := &modernizer{r: r, names: map[string]string{}, values: map[string]string{}, from: map[string]origin{}, used: map[string]bool{}}
	defer func() {
		if x := recover(); x != nil {
			out, err = nil, caught(x)
		}
	}()
	return m.run()
}

type modernizer struct {
	r             *Request
	names, values map[string]string // placeholder -> raw JSON
	from          map[string]origin // placeholder -> where its entry comes from
	used          map[string]bool   // placeholders taken
	n             int
	spans         []span
}

// origin is a place in the original file: a value copied from there
// (exact: offsets inside it map one to one), or the member whose work a
// written expression does.
type origin struct {
	off   int
	exact bool
}

// span maps bytes [from, to) of the written request to the original file.
type span struct {
	from, to int
	origin
}

// Origin maps an offset in a request Modernize wrote to the offset in the
// original file it stands for: a copied value's own character, else the
// legacy member the text was written for. It is the identity on any other
// request.
func (r *Request) Origin(off int) int {
	for _, s := range r.spans {
		if off >= s.from && off < s.to {
			if s.exact {
				return s.off + off - s.from
			}
			return s.off
		}
	}
	return off
}

func (m *modernizer) fail(off int, format string, args ...any) {
	panic(convFailure{diag.Errorf(m.r.File.Pos(off), format, args...)})
}

func (m *modernizer) raw(v *Value) string { return string(m.r.File.Src[v.Start:v.End]) }

// fresh returns a placeholder of the given sigil that the request does not
// use yet.
func (m *modernizer) fresh(sigil string) string {
	for {
		m.n++
		p := fmt.Sprintf("%slegacy%d", sigil, m.n)
		if !m.used[p] {
			m.used[p] = true
			return p
		}
	}
}

// name returns the placeholder standing for attribute name, written at
// offset at of the file.
func (m *modernizer) name(attr string, at int) string {
	for p, raw := range m.names {
		if strings.HasPrefix(p, "#legacy") && raw == strconv.Quote(attr) {
			return p
		}
	}
	p := m.fresh("#")
	m.names[p] = strconv.Quote(attr)
	m.from[p] = origin{off: at}
	return p
}

// value returns a placeholder standing for a DynamoDB JSON value.
func (m *modernizer) value(v *Value) string {
	p := m.fresh(":")
	m.values[p] = m.raw(v)
	m.from[p] = origin{off: v.Start, exact: true}
	return p
}

// legacyOps write a legacy condition as an expression: n is the name's
// placeholder, vs the values'.
var legacyOps = map[string]func(n string, vs []string) string{
	"EQ": cmpOp("="), "NE": cmpOp("<>"), "LE": cmpOp("<="), "LT": cmpOp("<"), "GE": cmpOp(">="), "GT": cmpOp(">"),
	"NULL":         func(n string, _ []string) string { return "attribute_not_exists(" + n + ")" },
	"NOT_NULL":     func(n string, _ []string) string { return "attribute_exists(" + n + ")" },
	"CONTAINS":     func(n string, vs []string) string { return "contains(" + n + ", " + vs[0] + ")" },
	"NOT_CONTAINS": func(n string, vs []string) string { return "NOT contains(" + n + ", " + vs[0] + ")" },
	"BEGINS_WITH":  func(n string, vs []string) string { return "begins_with(" + n + ", " + vs[0] + ")" },
	"IN":           func(n string, vs []string) string { return n + " IN (" + strings.Join(vs, ", ") + ")" },
	"BETWEEN":      func(n string, vs []string) string { return n + " BETWEEN " + vs[0] + " AND " + vs[1] },
}

func cmpOp(op string) func(string, []string) string {
	return func(n string, vs []string) string { return n + " " + op + " " + vs[0] }
}

// arity is how many values each operator takes (-1: one or more).
var arity = map[string]int{"NULL": 0, "NOT_NULL": 0, "IN": -1, "BETWEEN": 2}

// condition writes one entry of KeyConditions, QueryFilter, ScanFilter or
// Expected.
func (m *modernizer) condition(member string, e *Member) string {
	n := m.name(e.Name, e.NamePos)
	obj := e.Value
	if obj.Kind != Object {
		m.fail(obj.Start, "%s.%s is a condition, a JSON object", member, e.Name)
	}
	op := obj.Get("ComparisonOperator")
	value, exists := obj.Get("Value"), obj.Get("Exists")
	if op == nil {
		// Expected's other form: Value, and Exists.
		switch {
		case exists != nil && exists.Kind == Bool && exists.Text == "false" && value == nil:
			return "attribute_not_exists(" + n + ")"
		case value != nil && (exists == nil || exists.Kind == Bool && exists.Text == "true"):
			return n + " = " + m.value(value)
		}
		m.fail(obj.Start, "%s.%s is neither a ComparisonOperator nor a Value with Exists that DynamoDB takes: run dynexpr lint on the request", member, e.Name)
	}
	write, ok := legacyOps[op.Text]
	if op.Kind != String || !ok {
		m.fail(op.Start, "%s.%s: ComparisonOperator %s is none DynamoDB knows", member, e.Name, m.raw(op))
	}
	var vals []*Value
	if l := obj.Get("AttributeValueList"); l != nil && l.Kind == Array {
		vals = l.Elems
	} else if value != nil {
		vals = []*Value{value}
	}
	want, ok := arity[op.Text]
	if !ok {
		want = 1
	}
	if want >= 0 && len(vals) != want || want < 0 && len(vals) == 0 {
		m.fail(op.Start, "%s.%s: %s is given %d values, which DynamoDB refuses: run dynexpr lint on the request", member, e.Name, op.Text, len(vals))
	}
	ps := make([]string, len(vals))
	for i, v := range vals {
		ps[i] = m.value(v)
	}
	return write(n, ps)
}

// conditions writes a condition map, its entries joined by join.
func (m *modernizer) conditions(member string, v *Value, join string) string {
	if v.Kind != Object || len(v.Members) == 0 {
		m.fail(v.Start, "%s is a map of conditions, and this one has none", member)
	}
	parts := make([]string, len(v.Members))
	for i := range v.Members {
		parts[i] = m.condition(member, &v.Members[i])
	}
	return strings.Join(parts, " "+join+" ")
}

func isEmptyObject(v *Value) bool { return v.Kind == Object && len(v.Members) == 0 }

// updates writes AttributeUpdates as an UpdateExpression.
func (m *modernizer) updates(v *Value) string {
	if v.Kind != Object || len(v.Members) == 0 {
		m.fail(v.Start, "AttributeUpdates is a map of updates, and this one has none")
	}
	clauses := map[string][]string{}
	for _, e := range v.Members {
		n := m.name(e.Name, e.NamePos)
		action, value := "PUT", e.Value.Get("Value")
		if a := e.Value.Get("Action"); a != nil && a.Kind == String {
			action = a.Text
		}
		switch {
		case action == "PUT" && value != nil:
			clauses["SET"] = append(clauses["SET"], n+" = "+m.value(value))
		case action == "DELETE" && value == nil:
			clauses["REMOVE"] = append(clauses["REMOVE"], n)
		case action == "DELETE" || action == "ADD" && value != nil && value.Get("L") == nil:
			clauses[action] = append(clauses[action], n+" "+m.value(value))
		case action == "ADD" && value != nil:
			m.fail(value.Start, "AttributeUpdates.%s: ADD of a list appends to it, which an UpdateExpression writes with list_append and if_not_exists, and the DSL as set %s = list_append(if_not_exists(%s, []), ...): rewrite it so by hand", e.Name, e.Name, e.Name)
		default:
			m.fail(e.NamePos, "AttributeUpdates.%s: %s without a Value, which DynamoDB refuses: run dynexpr lint on the request", e.Name, action)
		}
	}
	var out []string
	for _, c := range []string{"SET", "REMOVE", "ADD", "DELETE"} {
		if len(clauses[c]) > 0 {
			out = append(out, c+" "+strings.Join(clauses[c], ", "))
		}
	}
	return strings.Join(out, " ")
}

func (m *modernizer) run() (*Request, error) {
	r, obj := m.r, m.r.Obj
	// The request's own placeholders stay; ours must not take their names.
	for _, mapName := range []string{"ExpressionAttributeNames", "ExpressionAttributeValues"} {
		if v := obj.Get(mapName); v != nil && v.Kind == Object {
			for _, e := range v.Members {
				m.used[e.Name] = true
				m.from[e.Name] = origin{off: e.Value.Start, exact: true}
				if mapName == "ExpressionAttributeNames" {
					m.names[e.Name] = m.raw(e.Value)
				} else {
					m.values[e.Name] = m.raw(e.Value)
				}
			}
		}
	}
	join := "AND"
	if op := obj.Get("ConditionalOperator"); op != nil && op.Kind == String && op.Text == "OR" {
		join = "OR"
	}
	written, writtenFor := map[string]string{}, map[string]origin{}
	write := func(expr, legacy, text string) {
		written[expr] = text
		writtenFor[expr] = origin{off: obj.Member(legacy).NamePos}
	}
	if v := obj.Get("KeyConditions"); v != nil {
		write("KeyConditionExpression", "KeyConditions", m.conditions("KeyConditions", v, "AND"))
	}
	for _, f := range []string{"QueryFilter", "ScanFilter"} {
		if v := obj.Get(f); v != nil {
			write("FilterExpression", f, m.conditions(f, v, join))
		}
	}
	// An empty Expected expects nothing and an empty AttributeUpdates
	// changes nothing: the expression form has no condition, no update
	// expression (an update of the key alone), and its key is checked
	// as any other's.
	if v := obj.Get("Expected"); v != nil && !isEmptyObject(v) {
		write("ConditionExpression", "Expected", m.conditions("Expected", v, join))
	}
	if v := obj.Get("AttributeUpdates"); v != nil && !isEmptyObject(v) {
		write("UpdateExpression", "AttributeUpdates", m.updates(v))
	}
	if v := obj.Get("AttributesToGet"); v != nil {
		if v.Kind != Array || len(v.Elems) == 0 {
			m.fail(v.Start, "AttributesToGet is a list of attribute names, and this one has none")
		}
		ps := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			if e.Kind != String {
				m.fail(e.Start, "AttributesToGet lists names, JSON strings")
			}
			ps[i] = m.name(e.Text, e.Start)
		}
		write("ProjectionExpression", "AttributesToGet", strings.Join(ps, ", "))
	}

	var b strings.Builder
	b.WriteString("{")
	sep := ""
	member := func(name, raw string, from origin) {
		b.WriteString(sep + strconv.Quote(name) + ": ")
		m.spans = append(m.spans, span{b.Len(), b.Len() + len(raw), from})
		b.WriteString(raw)
		sep = ", "
	}
	member(CommandMember, strconv.Quote(r.Command), origin{off: obj.Start})
	for _, e := range obj.Members {
		if e.Name == CommandMember || isLegacy(e.Name) || e.Name == "ExpressionAttributeNames" || e.Name == "ExpressionAttributeValues" {
			continue
		}
		if _, ok := written[e.Name]; ok {
			// An expression beside the legacy parameter doing its work is a
			// mix DynamoDB refuses.
			m.fail(e.NamePos, "%s beside the legacy parameter that does its work is a mix DynamoDB refuses: run dynexpr lint on the request", e.Name)
		}
		member(e.Name, m.raw(e.Value), origin{off: e.Value.Start, exact: true})
	}
	for _, n := range memberSpecs {
		if x, ok := written[n.Name]; ok {
			member(n.Name, strconv.Quote(x), writtenFor[n.Name])
		}
	}
	for _, mp := range []struct {
		name    string
		entries map[string]string
	}{{"ExpressionAttributeNames", m.names}, {"ExpressionAttributeValues", m.values}} {
		if len(mp.entries) == 0 {
			continue
		}
		keys := make([]string, 0, len(mp.entries))
		for k := range mp.entries {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteString(sep + strconv.Quote(mp.name) + ": {")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			m.spans = append(m.spans, span{b.Len(), b.Len() + len(strconv.Quote(k)), origin{off: m.from[k].off}})
			b.WriteString(strconv.Quote(k) + ": ")
			m.spans = append(m.spans, span{b.Len(), b.Len() + len(mp.entries[k]), m.from[k]})
			b.WriteString(mp.entries[k])
		}
		b.WriteString("}")
	}
	b.WriteString("}")
	f, err := Parse(r.File.Name, []byte(b.String()))
	if err != nil || len(f.Requests) != 1 {
		return nil, diag.Errorf(r.File.Pos(obj.Start), "the request written with expressions does not read back (a dynexpr bug; please report it): %v", err)
	}
	out := f.Requests[0]
	out.Name, out.spans = r.Name, m.spans
	return out, nil
}
