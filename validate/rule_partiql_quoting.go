package validate

import (
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
)

var partiqlQuoting = &Rule{
	Name:     "partiql-quoting",
	Severity: Warning,
	Title:    `"..." where a value is meant, or '...' where a name is`,
	Why: `In PartiQL "double quotes" make a name and 'single quotes' a string: the
opposite of many SQL habits and of the DSL. id = "a91f" compares the attribute id
with an attribute named a91f, which no item has: the statement finds nothing (and,
on the key, reads the whole table to find it). 'status' = 'OPEN' compares two
strings, which is never true. DynamoDB accepts both without a word. Write values
in single quotes (or as ?), names bare or in double quotes.`,
	Bad:         `SELECT * FROM "Tickets" WHERE id = "a91f"`,
	Good:        `SELECT * FROM "Tickets" WHERE id = 'a91f'`,
	AppliesTo:   "PartiQL comparisons",
	NeedsSchema: true,
	checkPartiQL: func(p *partiqlPass) {
		t := p.table(p.M.Stmt)
		if t == nil {
			return
		}
		eachExpr(p.M.Stmt, func(e partiql.Expr) {
			b, ok := e.(*partiql.Binary)
			if !ok || !b.Op.IsComparison() {
				return
			}
			checkQuoting(p, t, b)
		})
	},
}

func checkQuoting(p *partiqlPass, t *schema.Table, b *partiql.Binary) {
	if l, ok := b.X.(*partiql.Literal); ok && l.Kind == partiql.LitString && partiql.IsValue(b.Y) {
		if knownAttribute(t, l.Text) {
			p.ReportAt(Warning, l.Pos, partiqlName(l.Text), "'%s' is the text %q, not the attribute %s: this compares two values, which never changes with the item; write %s (or %s) for the attribute",
				l.Text, l.Text, l.Text, l.Text, partiqlName(l.Text))
		}
		return
	}
	left, okL := partiql.TopName(b.X)
	right, okR := b.Y.(*partiql.Path)
	if !okL || !okR || len(right.Steps) != 1 || !right.Steps[0].Quoted {
		return
	}
	name := right.Steps[0].Name
	if knownAttribute(t, name) || !t.IsKey(left) && len(t.IndexesWithKey(left)) == 0 && looksLikeName(name) {
		return
	}
	p.ReportAt(Warning, right.Pos, "'"+name+"'", "%q is a name in PartiQL, the attribute %s (which the schema does not know), not the text %s: %s %s %q compares two attributes; write '%s' (single quotes) for the text",
		name, name, name, left, b.Op, name, name)
}

// knownAttribute reports whether the schema knows name as an attribute of
// t: a key of the table or of an index, or an attribute it declares.
func knownAttribute(t *schema.Table, name string) bool {
	_, declared := t.Attributes[name]
	return declared || t.IsKey(name) || len(t.IndexesWithKey(name)) > 0
}

// looksLikeName reports whether s could be an attribute's name written
// bare: letters, digits and _, not starting with a digit.
func looksLikeName(s string) bool {
	for i, c := range s {
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return s != ""
}
