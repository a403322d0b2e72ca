package validate

import (
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
)

var partiqlKeyTypeMismatch = &Rule{
	Name:     "partiql-key-type-mismatch",
	Severity: Error,
	Title:    "a key value of another type than the schema's, in PartiQL",
	Why: `A key attribute has one type, S, N or B. INSERT refuses an item whose key value
has another ("One or more parameter values were invalid: Type mismatch for key
id expected: S actual: N"). In a WHERE, id = 1 where id is a string compares
with a number no item holds: the SELECT, UPDATE or DELETE finds no item and
says nothing (a warning: DynamoDB accepts it). A literal's type is what it is
written as ('text' a string, 12 a number); a ?'s is its element of Parameters.`,
	DynamoMessages: []string{"One or more parameter values were invalid: Type mismatch for key id expected: S actual: N (INSERT)"},
	Bad:            `INSERT INTO "Tickets" VALUE {'id': 91}`,
	Good:           `INSERT INTO "Tickets" VALUE {'id': '91'}`,
	AppliesTo:      "PartiQL INSERT, and key equalities in a WHERE",
	NeedsSchema:    true,
	checkPartiQL: func(p *partiqlPass) {
		m := p.M
		st := m.Stmt
		t := p.table(st)
		if t == nil {
			return
		}
		switch st.Kind {
		case partiql.KindInsert:
			tu, ok := st.Value.(*partiql.Tuple)
			if !ok {
				return
			}
			for _, e := range tu.Entries {
				if !t.IsKey(e.Key) {
					continue // an index key's mismatch has its own message (key-type-mismatch's)
				}
				if want, got, bad := keyTypeOff(t, e.Key, m.ValueOf(e.Value)); bad {
					p.ReportAt(Error, e.Value.Start(), "", "%s is a key attribute of type %s, and this value is %s; DynamoDB answers %q",
						e.Key, want, got, "One or more parameter values were invalid: Type mismatch for key "+e.Key+" expected: "+want+" actual: "+got)
				}
			}
		default:
			key := t.Key
			if st.Kind == partiql.KindSelect {
				key, _ = partiql.KeyOf(p.Schema, st)
			}
			for _, name := range key.Attributes() {
				b := partiql.EqualityOn(partiql.Conjuncts(st.Where), name)
				if b == nil {
					continue
				}
				if want, got, bad := keyTypeOff(t, name, m.ValueOf(b.Y)); bad {
					outcome := "finds nothing without a word"
					if st.Kind == partiql.KindUpdate {
						outcome = "fails (ConditionalCheckFailedException: UPDATE changes only an item that exists)"
					}
					p.ReportAt(Warning, b.Y.Start(), "", "%s is a key attribute of type %s, and this value is %s: no item matches it, and the %s %s",
						name, want, got, st.Kind, outcome)
				}
			}
		}
	},
}

// keyTypeOff reports whether v, the value of attribute name, is a scalar
// of another type than the schema declares for that key attribute.
func keyTypeOff(t *schema.Table, name string, v *grammar.Value) (want, got string, bad bool) {
	want = string(t.AttrType(name))
	if want == "" || v == nil || !t.IsKey(name) && len(t.IndexesWithKey(name)) == 0 {
		return "", "", false
	}
	switch v.Type {
	case grammar.TypeS, grammar.TypeN, grammar.TypeB, grammar.TypeBOOL, grammar.TypeNULL, grammar.TypeL, grammar.TypeM, grammar.TypeSS, grammar.TypeNS, grammar.TypeBS:
		return want, string(v.Type), string(v.Type) != want
	}
	return "", "", false // an unbound ?, an expression
}
