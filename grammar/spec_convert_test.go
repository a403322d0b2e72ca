package grammar

// toProduction converts a tree of the grammar spec (spec_test.go) to the
// production AST, as the hand-written parser builds it: each clause's body
// goes to its Statement field, kept or dropped by keepClause.

func (f *specFile) toProduction() *File {
	return &File{Pos: toPos(f.Pos), Statements: convAll(f.Statements, (*specStatement).conv)}
}

// convAll converts a list, nil staying nil (the parsers leave an absent
// list nil, and the trees must be identical).
func convAll[S, T any](in []*S, conv func(*S) *T) []*T {
	if in == nil {
		return nil
	}
	out := make([]*T, len(in))
	for i, x := range in {
		out[i] = conv(x)
	}
	return out
}

// conv converts a node that may be absent.
func conv[S, T any](x *S, f func(*S) *T) *T {
	if x == nil {
		return nil
	}
	return f(x)
}

func (s *specStatement) conv() *Statement {
	if s == nil {
		return nil
	}
	if g := s.Group; g != nil {
		st := &Statement{Pos: toPos(s.Pos), EndPos: toPos(s.EndPos), Verb: g.Verb,
			Mode: &Ident{Pos: toPos(g.Mode.Pos), Name: g.Mode.Name}, Kind: kindOf(g.Verb, g.Mode.Name)}
		st.Label = conv(s.Label, (*specIdent).conv)
		st.convClauses(g.Clauses)
		st.Open = toPos(g.Block.Pos)
		for _, m := range g.Block.Members {
			if m != nil {
				st.Members = append(st.Members, m.conv())
			}
		}
		return st
	}
	st := &Statement{Pos: toPos(s.Pos), EndPos: toPos(s.EndPos), Verb: s.Verb, Kind: kindOf(s.Verb, "")}
	st.Label = conv(s.Label, (*specIdent).conv)
	st.Table = conv(s.Table, (*specTableRef).conv)
	st.convClauses(s.Clauses)
	return st
}

func (m *specMember) conv() *Statement {
	st := &Statement{Pos: toPos(m.Pos), EndPos: toPos(m.EndPos), Verb: m.Verb, Kind: kindOf(m.Verb, "")}
	st.Table = conv(m.Table, (*specTableRef).conv)
	st.convClauses(m.Clauses)
	return st
}

// convClauses stores the clauses in st, each kept or dropped by keepClause.
func (st *Statement) convClauses(clauses []*specClause) {
	for _, c := range clauses {
		id, store := c.clause(st)
		keep := keepClause(st.Kind, id, st.Written)
		st.Written = append(st.Written, ClauseAt{Clause: id, Pos: toPos(c.Pos)})
		if keep {
			store()
		}
	}
}

// clause says which clause c is, and how to store its body in st.
func (c *specClause) clause(st *Statement) (ClauseID, func()) {
	pos := toPos(c.Pos)
	switch {
	case c.Index != nil:
		return ClauseIndex, func() { st.Index = c.Index.conv() }
	case c.Key != nil:
		return ClauseKey, func() { st.Key = c.Key.conv() }
	case c.Filter != nil:
		return ClauseFilter, func() { st.Filter = c.Filter.conv() }
	case c.Select != nil:
		return ClauseSelect, func() { st.Select = c.Select.conv() }
	case c.Asc, c.Desc:
		return ClauseOrder, func() { st.Order = &Order{Pos: pos, Asc: c.Asc, Desc: c.Desc} }
	case c.Limit != nil:
		return ClauseLimit, func() { st.Limit = c.Limit.conv() }
	case c.Consistent:
		return ClauseConsistent, func() { st.Consistent = &Consistent{Pos: pos} }
	case c.After != nil:
		return ClauseAfter, func() { st.After = c.After.conv() }
	case c.Segment != nil:
		return ClauseSegment, func() { st.Segment = c.Segment.conv() }
	case c.Item != nil:
		return ClauseItem, func() { st.Item = c.Item.conv() }
	case c.If != nil:
		return ClauseIf, func() { st.If = c.If.conv() }
	case c.Return != nil:
		return ClauseReturn, func() { st.Return = c.Return.conv() }
	case c.OnFailure != nil:
		return ClauseReturnOnFailure, func() { st.ReturnOnFailure = c.OnFailure.conv() }
	case c.Token != nil:
		return ClauseToken, func() { st.Token = c.Token.conv() }
	case c.Capacity != nil:
		return ClauseCapacity, func() { st.Capacity = c.Capacity.conv() }
	case c.Metrics:
		return ClauseMetrics, func() { st.Metrics = &Ident{Pos: pos, Name: "metrics"} }
	case c.Set != nil:
		return ClauseSet, func() { st.Sets = append(st.Sets, convAll(c.Set, (*specSetAction).conv)...) }
	case c.Remove != nil:
		return ClauseRemove, func() { st.Removes = append(st.Removes, convAll(c.Remove, (*specPath).conv)...) }
	case c.Add != nil:
		return ClauseAdd, func() { st.Adds = append(st.Adds, convAll(c.Add, (*specValueAction).conv)...) }
	}
	return ClauseDelete, func() { st.Deletes = append(st.Deletes, convAll(c.Delete, (*specValueAction).conv)...) }
}

func (x *specIdent) conv() *Ident { return &Ident{Pos: toPos(x.Pos), Name: x.Name} }

func (x *specTableRef) conv() *TableRef { return &TableRef{Pos: toPos(x.Pos), Raw: x.Raw} }

func (x *specCondition) conv() *Condition {
	return &Condition{Pos: toPos(x.Pos), Or: convAll(x.Or, (*specAndCondition).conv)}
}

func (x *specAndCondition) conv() *AndCondition {
	return &AndCondition{Pos: toPos(x.Pos), And: convAll(x.And, (*specNotCondition).conv)}
}

func (x *specNotCondition) conv() *NotCondition {
	return &NotCondition{Pos: toPos(x.Pos), Not: conv(x.Not, (*specNotCondition).conv),
		Group: conv(x.Group, (*specCondition).conv), Compare: conv(x.Compare, (*specComparison).conv)}
}

func (x *specComparison) conv() *Comparison {
	return &Comparison{Pos: toPos(x.Pos), Left: conv(x.Left, (*specOperand).conv), Op: x.Op,
		Right: conv(x.Right, (*specOperand).conv), Low: conv(x.Low, (*specOperand).conv),
		High: conv(x.High, (*specOperand).conv), In: convAll(x.In, (*specOperand).conv)}
}

func (x *specOperand) conv() *Operand {
	return &Operand{Pos: toPos(x.Pos), Call: conv(x.Call, (*specCall).conv),
		Value: conv(x.Value, (*specValue).conv), Path: conv(x.Path, (*specPath).conv)}
}

func (x *specCall) conv() *Call {
	return &Call{Pos: toPos(x.Pos), Func: x.Func, Args: convAll(x.Args, (*specOperand).conv)}
}

func (x *specPath) conv() *Path {
	return &Path{Pos: toPos(x.Pos), First: conv(x.First, (*specPathName).conv), Steps: convAll(x.Steps, (*specPathStep).conv)}
}

func (x *specPathName) conv() *PathName {
	return &PathName{Pos: toPos(x.Pos), Ident: x.Ident, Quoted: x.Quoted}
}

func (x *specPathStep) conv() *PathStep {
	return &PathStep{Pos: toPos(x.Pos), Field: conv(x.Field, (*specPathName).conv), Index: x.Index}
}

func (x *specValue) conv() *Value {
	return &Value{Pos: toPos(x.Pos), String: x.String, Binary: x.Binary, Number: x.Number, Bool: x.Bool,
		Null: x.Null, Param: x.Param, List: conv(x.List, (*specList).conv), Map: conv(x.Map, (*specMap).conv),
		Set: conv(x.Set, (*specSetValue).conv)}
}

func (x *specList) conv() *List {
	return &List{Pos: toPos(x.Pos), Items: convAll(x.Items, (*specValue).conv)}
}

func (x *specMap) conv() *Map {
	return &Map{Pos: toPos(x.Pos), Entries: convAll(x.Entries, (*specMapEntry).conv)}
}

func (x *specMapEntry) conv() *MapEntry {
	return &MapEntry{Pos: toPos(x.Pos), RawKey: x.RawKey, Value: conv(x.Value, (*specValue).conv)}
}

func (x *specSetValue) conv() *SetValue {
	return &SetValue{Pos: toPos(x.Pos), Items: convAll(x.Items, (*specValue).conv)}
}

func (x *specProjection) conv() *Projection {
	return &Projection{Pos: toPos(x.Pos), Count: x.Count, All: x.All, Projected: x.Projected,
		Paths: convAll(x.Paths, (*specPath).conv)}
}

func (x *specNumber) conv() *Number { return &Number{Pos: toPos(x.Pos), Text: x.Text} }

func (x *specAfter) conv() *After {
	return &After{Pos: toPos(x.Pos), Map: conv(x.Map, (*specMap).conv), Key: conv(x.Key, (*specCondition).conv)}
}

func (x *specSegment) conv() *Segment {
	return &Segment{Pos: toPos(x.Pos), Index: conv(x.Index, (*specNumber).conv), Total: conv(x.Total, (*specNumber).conv)}
}

func (x *specSetAction) conv() *SetAction {
	return &SetAction{Pos: toPos(x.Pos), Path: conv(x.Path, (*specPath).conv), Left: conv(x.Left, (*specOperand).conv),
		Op: x.Op, Right: conv(x.Right, (*specOperand).conv)}
}

func (x *specValueAction) conv() *ValueAction {
	return &ValueAction{Pos: toPos(x.Pos), Path: conv(x.Path, (*specPath).conv), Minus: x.Minus,
		Value: conv(x.Value, (*specValue).conv)}
}
