package partiql

import "github.com/dynexpr/dynexpr/schema"

// What a WHERE says of a key. One place answers how DynamoDB runs a
// SELECT (GetItem, Query or Scan) and which key attributes a write names
// with =: lint's rules, the statement made a DSL statement and explain
// all ask here.
//
// The Developer Guide's page "PartiQL select statements for DynamoDB":
// "Using the SELECT statement can result in a full table scan if an
// equality or IN condition with a partition key is not provided in the
// WHERE clause"; its examples that do not scan include
// OrderID = 100 OR OrderID = 200 and OrderID IN [100, 300, 234], and
// those that do, OrderID > 1 and OrderID = 100 OR Address='some address'.

// Access is how DynamoDB runs a SELECT.
type Access uint8

const (
	// AccessUnknown: no schema gives the key, and the WHERE fixes some
	// attributes with = or IN, which may be the key's.
	AccessUnknown Access = iota
	// AccessScan reads the whole table or index, whatever the key is.
	AccessScan
	// AccessQuery reads the partitions the WHERE fixes.
	AccessQuery
	// AccessGet reads one item: the WHERE is the table's whole primary
	// key with =, and nothing more.
	AccessGet
)

// AccessOf says how DynamoDB runs a SELECT whose WHERE is where, on a
// table (onIndex false) or an index whose key is key; a zero key is one
// no schema gives. A SELECT is a Query when the WHERE fixes each attribute
// of the partition key with = or IN, in every branch of an OR; a
// GetItem when, on a table, it is the whole primary key with = and
// nothing else; otherwise a Scan. Without a key, a WHERE that fixes no
// attribute at all (none, inequalities only, an OR whose branches fix
// different attributes) scans whatever the key is.
func AccessOf(where Expr, key schema.Key, onIndex bool) Access {
	fixed := Fixed(where)
	if len(key.Partition) == 0 {
		if len(fixed) == 0 {
			return AccessScan
		}
		return AccessUnknown
	}
	for _, n := range key.Partition {
		if !fixed[n] {
			return AccessScan
		}
	}
	attrs := key.Attributes()
	if !onIndex && len(Missing(where, attrs)) == 0 && len(Conjuncts(where)) == len(attrs) {
		return AccessGet
	}
	return AccessQuery
}

// Fixed is the set of top-level attributes where gives a value with = or
// IN in every case it lets through: each of an AND's conditions adds
// its own, an OR keeps those both its branches fix.
func Fixed(where Expr) map[string]bool {
	out := map[string]bool{}
	if where == nil {
		return out
	}
	if b, ok := where.(*Binary); ok && b.Op == OpOr {
		x, y := Fixed(b.X), Fixed(b.Y)
		for n := range x {
			if y[n] {
				out[n] = true
			}
		}
		return out
	}
	for _, e := range Conjuncts(where) {
		switch e := e.(type) {
		case *Binary:
			if e.Op == OpEq && IsValue(e.Y) {
				if n, ok := TopName(e.X); ok {
					out[n] = true
				}
			} else if e.Op == OpOr {
				for n := range Fixed(e) {
					out[n] = true
				}
			}
		case *In:
			if n, ok := TopName(e.X); ok {
				out[n] = true
			}
		}
	}
	return out
}

// Missing lists the attributes of attrs that where does not give with =
// among its AND-ed conditions (a write's WHERE must, and a SELECT of a
// batch, which is a GetItem); an OR gives none: it names no one item.
func Missing(where Expr, attrs []string) []string {
	var conds []Expr
	if b, ok := where.(*Binary); !ok || b.Op != OpOr {
		conds = Conjuncts(where)
	}
	var missing []string
	for _, k := range attrs {
		if EqualityOn(conds, k) == nil {
			missing = append(missing, k)
		}
	}
	return missing
}

// Conjuncts lists the AND-ed conditions of a WHERE, looking through AND
// chains (not parentheses: the tree keeps none).
func Conjuncts(e Expr) []Expr {
	if e == nil {
		return nil
	}
	if b, ok := e.(*Binary); ok && b.Op == OpAnd {
		return append(Conjuncts(b.X), Conjuncts(b.Y)...)
	}
	return []Expr{e}
}

// EqualityOn is the condition NAME = VALUE among conds, nil if none.
func EqualityOn(conds []Expr, name string) *Binary {
	for _, e := range conds {
		if b, ok := e.(*Binary); ok && b.Op == OpEq && IsValue(b.Y) {
			if n, ok := TopName(b.X); ok && n == name {
				return b
			}
		}
	}
	return nil
}

// IsValue reports whether e is a literal, a parameter or a collection.
func IsValue(e Expr) bool {
	switch e.(type) {
	case *Literal, *Param, *Tuple, *List, *Set:
		return true
	}
	return false
}

// TopName is the name of a one-step path.
func TopName(e Expr) (string, bool) {
	p, ok := e.(*Path)
	if !ok || len(p.Steps) != 1 || p.Steps[0].IsIndex {
		return "", false
	}
	return p.Steps[0].Name, true
}

// KeyOf is the key of the table or index a statement reads, and whether
// it is an index's; zero when the schema does not give it.
func KeyOf(sch *schema.Schema, st *Statement) (key schema.Key, onIndex bool) {
	if sch == nil || st.Table == nil {
		return schema.Key{}, st.Index != nil
	}
	t := sch.Table(st.Table.Name)
	if t == nil {
		return schema.Key{}, st.Index != nil
	}
	if st.Index != nil {
		if ix := t.Index(st.Index.Name); ix != nil {
			return ix.Key, true
		}
		return schema.Key{}, true
	}
	return t.Key, false
}

// TableKey is the key of the table a statement writes; zero when the
// schema does not give it.
func TableKey(sch *schema.Schema, st *Statement) schema.Key {
	if sch == nil || st.Table == nil {
		return schema.Key{}
	}
	if t := sch.Table(st.Table.Name); t != nil {
		return t.Key
	}
	return schema.Key{}
}

// splitKey splits a WHERE's conditions into those on attributes of k in
// a key condition's shape and the rest.
func splitKey(where Expr, k schema.Key) (key, rest []Expr) {
	for _, e := range Conjuncts(where) {
		if name, ok := keyConjunct(e); ok && k.Has(name) {
			key = append(key, e)
			continue
		}
		rest = append(rest, e)
	}
	return key, rest
}

// keyConjunct is the attribute a condition tests when it has a key
// condition's shape: NAME op VALUE, NAME BETWEEN, begins_with(NAME, ...).
func keyConjunct(e Expr) (string, bool) {
	switch e := e.(type) {
	case *Binary:
		if e.Op.IsComparison() && e.Op != OpNe && IsValue(e.Y) {
			return TopName(e.X)
		}
	case *Between:
		return TopName(e.X)
	case *Call:
		if e.Func == "begins_with" && len(e.Args) == 2 && IsValue(e.Args[1]) {
			return TopName(e.Args[0])
		}
	}
	return "", false
}
