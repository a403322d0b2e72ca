package schema

import (
	"fmt"
	"strings"
)

// A statement names a table by what DynamoDB knows it as (Table.Name, or
// its ARN), or by a name the source gives it (Table.Logical, the short
// name; Table.Address, the resource's full address), or, when the source
// leaves the deployed name unknown, by a deployed name that fits the
// source's name template (Table.Template). This file is the one place a
// name becomes a table: every caller that must not pick a table silently
// reads Lookup, which says when a name stands for several.

// Lookup is what a table name stands for in a schema.
type Lookup struct {
	// Table is the one table the name stands for; nil when it stands for
	// none, or for several.
	Table *Table
	// Candidates are the tables an ambiguous name may stand for, in load
	// order; nil unless there are two or more.
	Candidates []*Table
	// ByTemplate says that the name is a deployed name which matched the
	// Template of Table, whose own name the source leaves unknown: the
	// name is taken for the table's deployed name, which the caller says.
	ByTemplate bool
}

// Lookup returns what name stands for. In order, the first that matches
// decides: a table's name in DynamoDB (which two tables never share); the
// source's names of tables (Logical, Address, and the source's own name
// of a table whose deployed name is unknown), which may be several tables';
// a Template, which may fit several.
func (s *Schema) Lookup(name string) Lookup {
	if t, ok := TableOfARN(name); ok {
		name = t
	}
	for _, t := range s.Tables {
		if t.Unresolved == "" && t.Name == name {
			return Lookup{Table: t}
		}
	}
	l := lookupAmong(s.Tables, func(t *Table) bool {
		return t.Logical == name || t.Address == name || t.Unresolved != "" && t.Name == name
	})
	if l.Table != nil || l.Candidates != nil || !validName(name) {
		return l
	}
	l = lookupAmong(s.Tables, func(t *Table) bool { return t.Unresolved != "" && MatchTemplate(t.Template, name) })
	l.ByTemplate = l.Table != nil
	return l
}

// lookupAmong is the table of tables that has, or the candidates.
func lookupAmong(tables []*Table, has func(*Table) bool) Lookup {
	var found []*Table
	for _, t := range tables {
		if has(t) {
			found = append(found, t)
		}
	}
	switch len(found) {
	case 0:
		return Lookup{}
	case 1:
		return Lookup{Table: found[0]}
	}
	return Lookup{Candidates: found}
}

// Ambiguous says, when the name looked up stands for several tables, which
// they are and how a statement names each one alone; "" otherwise.
func (l Lookup) Ambiguous(name string, s *Schema) string {
	if len(l.Candidates) < 2 {
		return ""
	}
	var each, picks []string
	for _, t := range l.Candidates {
		desc := fmt.Sprintf("%q", t.Name)
		if t.Unresolved != "" {
			desc = fmt.Sprintf("%s (name in DynamoDB unknown", t.sourceName())
			if t.Template != "" {
				desc += fmt.Sprintf(", %q", t.Template)
			}
			desc += ")"
		}
		each = append(each, desc+" at "+t.Pos.String())
		picks = append(picks, t.picks(s)...)
	}
	msg := fmt.Sprintf("table %q is ambiguous: it may be %s", name, strings.Join(each, " or "))
	if len(picks) == 0 {
		return msg + "; give each table its name in DynamoDB (--var), then write that name"
	}
	for i, p := range picks {
		picks[i] = fmt.Sprintf("%q", p)
		if !validName(p) { // an address, StackA/Table: a statement writes it in backticks
			picks[i] = "`" + p + "`"
		}
	}
	if len(picks) > 1 {
		picks[len(picks)-2] += " or " + picks[len(picks)-1]
		picks = picks[:len(picks)-1]
	}
	return msg + "; write the one you mean as " + strings.Join(picks, ", ")
}

// picks are the names that stand for t alone in s: its name in DynamoDB,
// and its address where that is its own.
func (t *Table) picks(s *Schema) []string {
	var out []string
	if t.Unresolved == "" {
		out = append(out, t.Name)
	}
	if t.Address != "" && s.Lookup(t.Address).Table == t {
		out = append(out, t.Address)
	}
	return out
}

// sourceName is how the source calls t: its address, else its short name,
// else its name.
func (t *Table) sourceName() string {
	switch {
	case t.Address != "":
		return t.Address
	case t.Logical != "":
		return t.Logical
	}
	return t.Name
}

// templateAny is what a name template holds where the deployed name has a
// part the source cannot know (a parameter with no value, the stack's
// name): any run of characters, none included.
const templateAny = "*"

// MatchTemplate reports whether the deployed name could be what the
// template evaluates to: each "*" of the template any run of characters
// (none included), the rest as written. An empty template matches nothing.
func MatchTemplate(template, name string) bool {
	if template == "" {
		return false
	}
	parts := strings.Split(template, templateAny)
	rest, ok := strings.CutPrefix(name, parts[0])
	if !ok {
		return false
	}
	last := parts[len(parts)-1]
	if len(parts) == 1 {
		return rest == ""
	}
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return strings.HasSuffix(rest, last)
}

// nameTemplate is the template of a name of which some parts are known
// and others are not (templateAny): "" when no part is known, for a
// template that fits every name tells nothing.
func nameTemplate(s string) string {
	for strings.Contains(s, templateAny+templateAny) {
		s = strings.ReplaceAll(s, templateAny+templateAny, templateAny)
	}
	if strings.Trim(s, templateAny) == "" {
		return ""
	}
	return s
}
