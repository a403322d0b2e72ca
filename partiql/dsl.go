package partiql

import (
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// DSL is m as the DSL statement that does the same, for the DSL's rules
// and explain: a SELECT is a query when its WHERE gives each attribute of
// the partition key of the table or index with = (IN and OR, which also
// make a Query, have no key condition in the DSL: the statement is then a
// scan whose filter is the WHERE; AccessOf tells how DynamoDB runs it);
// INSERT a put, UPDATE an update, DELETE a delete, each key the WHERE's
// equalities on the table's key attributes and the rest the filter or the
// condition. A ? is its parameter's value when the request gives it, else
// unbound. EXISTS(SELECT ...) is a transaction's check. nil for what has
// no DSL form.
func (m *Member) DSL(sch *schema.Schema) *grammar.Statement {
	ps := m.Stmt
	if ps.Table == nil {
		return nil
	}
	c := dslConverter{m: m}
	st := &grammar.Statement{Pos: ps.Pos, EndPos: ps.EndPos, Source: ps.Source, Table: tableRef(ps.Table)}
	if ps.Index != nil {
		st.Index = tableRef(ps.Index)
	}
	switch ps.Kind {
	case KindSelect:
		st.Kind = grammar.KindScan
		if ps.Select != nil && !ps.Select.Star {
			st.Select = &grammar.Projection{Pos: ps.Select.Pos}
			for _, p := range ps.Select.Paths {
				st.Select.Paths = append(st.Select.Paths, c.path(p))
			}
		}
		keys, _ := KeyOf(sch, ps)
		key, rest := splitKey(ps.Where, keys)
		if len(keys.Partition) > 0 && len(Missing(ps.Where, keys.Partition)) == 0 {
			st.Kind = grammar.KindQuery
			st.Key = c.and(key)
		} else {
			rest = Conjuncts(ps.Where)
		}
		st.Filter = c.and(rest)
	case KindInsert:
		st.Kind = grammar.KindPut
		if t, ok := ps.Value.(*Tuple); ok {
			st.Item = c.value(t)
		}
	case KindUpdate, KindDelete:
		st.Kind = grammar.KindDelete
		if ps.Kind == KindUpdate {
			st.Kind = grammar.KindUpdate
		}
		key, rest := splitKey(ps.Where, TableKey(sch, ps))
		st.Key, st.If = c.and(key), c.and(rest)
		for _, a := range ps.Actions {
			if a.Remove {
				st.Removes = append(st.Removes, c.path(a.Path))
				continue
			}
			st.Sets = append(st.Sets, c.setAction(a))
		}
	case KindExists:
		// A transaction's condition check: the inner SELECT's key, and
		// the rest of its WHERE the check's condition.
		in := ps.Exists
		if in == nil || in.Table == nil {
			return nil
		}
		st.Kind = grammar.KindCheck
		key, rest := splitKey(in.Where, TableKey(sch, in))
		st.Key, st.If = c.and(key), c.and(rest)
	default:
		return nil
	}
	return st
}

// tableRef is a table or index name as the DSL's rules read it, Raw as
// written (a quoted identifier with its quotes and its doubled quotes), so
// that an edit of the name is one of the statement's text.
func tableRef(n *Name) *grammar.TableRef {
	raw := n.Name
	if n.Quoted {
		raw = `"` + strings.ReplaceAll(n.Name, `"`, `""`) + `"`
	}
	return &grammar.TableRef{Pos: n.Pos, Raw: raw, Name: n.Name}
}

// ValueOf is e, a value of m's statement, as the DSL's typed value: a ?
// is its parameter's value, or unbound.
func (m *Member) ValueOf(e Expr) *grammar.Value { return dslConverter{m: m}.value(e) }

// dslConverter makes the DSL nodes of one statement.
type dslConverter struct {
	m *Member
}

// and is conds AND-ed as a DSL condition; nil for none.
func (c dslConverter) and(conds []Expr) *grammar.Condition {
	if len(conds) == 0 {
		return nil
	}
	a := &grammar.AndCondition{Pos: conds[0].Start()}
	for _, e := range conds {
		a.And = append(a.And, c.not(e))
	}
	return &grammar.Condition{Pos: a.Pos, Or: []*grammar.AndCondition{a}}
}

// condition is e as a DSL condition: an OR of ANDs.
func (c dslConverter) condition(e Expr) *grammar.Condition {
	var ors []Expr
	var flat func(Expr)
	flat = func(e Expr) {
		if b, ok := e.(*Binary); ok && b.Op == OpOr {
			flat(b.X)
			flat(b.Y)
			return
		}
		ors = append(ors, e)
	}
	flat(e)
	out := &grammar.Condition{Pos: e.Start()}
	for _, o := range ors {
		out.Or = append(out.Or, c.and(Conjuncts(o)).Or[0])
	}
	return out
}

func (c dslConverter) not(e Expr) *grammar.NotCondition {
	n := &grammar.NotCondition{Pos: e.Start()}
	switch e := e.(type) {
	case *Not:
		n.Not = c.not(e.X)
	case *Binary:
		switch e.Op {
		case OpOr, OpAnd:
			n.Group = c.condition(e)
		default:
			n.Compare = &grammar.Comparison{Pos: e.Pos, Left: c.operand(e.X), Op: e.Op.String(), Right: c.operand(e.Y)}
		}
	case *Between:
		n.Compare = &grammar.Comparison{Pos: e.Pos, Left: c.operand(e.X), Low: c.operand(e.Lo), High: c.operand(e.Hi)}
	case *In:
		cmp := &grammar.Comparison{Pos: e.Pos, Left: c.operand(e.X)}
		for _, v := range e.Values {
			cmp.In = append(cmp.In, c.operand(v))
		}
		n.Compare = cmp
	case *Is:
		fn := "attribute_not_exists"
		if e.Not {
			fn = "attribute_exists"
		}
		call := &grammar.Call{Pos: e.Pos, Func: fn, Args: []*grammar.Operand{c.operand(e.X)}}
		n.Compare = &grammar.Comparison{Pos: e.Pos, Left: &grammar.Operand{Pos: e.Pos, Call: call}}
	default:
		n.Compare = &grammar.Comparison{Pos: e.Start(), Left: c.operand(e)}
	}
	return n
}

// operand is e as a DSL operand: a path, a value or a call.
func (c dslConverter) operand(e Expr) *grammar.Operand {
	o := &grammar.Operand{Pos: e.Start()}
	switch e := e.(type) {
	case *Path:
		o.Path = c.path(e)
	case *Call:
		call := &grammar.Call{Pos: e.Pos, Func: e.Func}
		for _, a := range e.Args {
			call.Args = append(call.Args, c.operand(a))
		}
		o.Call = call
	default:
		o.Value = c.value(e)
	}
	return o
}

// setAction is a SET action as the DSL's: path = a [+|- b].
func (c dslConverter) setAction(a *Action) *grammar.SetAction {
	s := &grammar.SetAction{Pos: a.Pos, Path: c.path(a.Path)}
	if b, ok := a.Value.(*Binary); ok && (b.Op == OpAdd || b.Op == OpSub) {
		s.Left, s.Op, s.Right = c.operand(b.X), b.Op.String(), c.operand(b.Y)
		return s
	}
	s.Left = c.operand(a.Value)
	return s
}

// path is a PartiQL path as the DSL's, resolved.
func (c dslConverter) path(p *Path) *grammar.Path {
	out := &grammar.Path{Pos: p.Pos}
	for i, s := range p.Steps {
		if s.IsIndex {
			n := 0
			for _, d := range s.Index {
				n = n*10 + int(d-'0')
			}
			out.Elems = append(out.Elems, grammar.PathElem{Pos: s.Pos, Index: n, IsIndex: true})
			continue
		}
		out.Elems = append(out.Elems, grammar.PathElem{Pos: s.Pos, Name: s.Name})
		if i == 0 {
			out.First = &grammar.PathName{Pos: s.Pos, Quoted: s.Name}
		}
	}
	return out
}

// value is a PartiQL value as the DSL's typed value; a ? is its
// parameter's value, or unbound.
func (c dslConverter) value(e Expr) *grammar.Value {
	v := &grammar.Value{Pos: e.Start()}
	switch e := e.(type) {
	case *Literal:
		switch e.Kind {
		case LitString:
			v.Type, v.Text = grammar.TypeS, e.Text
		case LitNumber:
			v.Type, v.Text = grammar.TypeN, e.Text
		case LitTrue, LitFalse:
			v.Type, v.Text = grammar.TypeBOOL, map[bool]string{true: "true", false: "false"}[e.Kind == LitTrue]
		default:
			v.Type, v.Null = grammar.TypeNULL, true
		}
	case *Param:
		// Unbound, it prints as $N, the Nth ? of the statement, which
		// build binds with -p N=VALUE.
		v.Type, v.FromParam = grammar.TypeParam, strconv.Itoa(e.Index+1)
		if c.m.HasParams && e.Index < len(c.m.Params) && c.m.Params[e.Index].Value != nil {
			// The value, at the ? it stands for (its elements at theirs).
			b := *c.m.Params[e.Index].Value
			b.Pos = v.Pos
			return &b
		}
	case *Tuple:
		v.Type, v.Map = grammar.TypeM, &grammar.Map{Pos: e.Pos}
		for _, en := range e.Entries {
			v.Map.Entries = append(v.Map.Entries, &grammar.MapEntry{Pos: en.Pos, RawKey: en.Key, Key: en.Key, Value: c.value(en.Value)})
		}
	case *List:
		v.Type, v.List = grammar.TypeL, &grammar.List{Pos: e.Pos}
		for _, x := range e.Elems {
			v.List.Items = append(v.List.Items, c.value(x))
		}
	case *Set:
		v.Type, v.Set = grammar.TypeSS, &grammar.SetValue{Pos: e.Pos}
		for _, x := range e.Elems {
			it := c.value(x)
			if it.Type == grammar.TypeN {
				v.Type = grammar.TypeNS
			}
			v.Set.Items = append(v.Set.Items, it)
		}
	default:
		// An expression where a value stands (a + b): no value the
		// rules can read.
		v.Type, v.FromParam = grammar.TypeParam, "?"
	}
	return v
}
