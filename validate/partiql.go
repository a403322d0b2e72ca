package validate

import (
	"strings"

	"strconv"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
)

// PartiQL requests: execute-statement, batch-execute-statement and
// execute-transaction. CheckPartiQL runs two kinds of rules over them:
//
//   - the PartiQL rules (Rule.checkPartiQL), which read the statements,
//     their parameters and the request as PartiQL writes them;
//   - the DSL's rules whose meaning is the same in PartiQL (Rule.partiql:
//     an unknown table or index, an attribute the index does not project,
//     a blanked index key, a missing or mistyped key in INSERT), run on
//     the statement made a DSL statement (partiqlStatement), so that one
//     fact about DynamoDB has one check.

// PartiQLRequest is one request of a PartiQL command.
type PartiQLRequest struct {
	// Command is builder.CommandExecuteStatement,
	// CommandBatchExecuteStatement or CommandExecuteTransaction.
	Command string
	// Pos is where the request starts: its object in request JSON, its
	// first statement in a .partiql file.
	Pos diag.Pos
	// Statements are the request's statements: one for execute-statement,
	// Statements[] or TransactStatements[] in order.
	Statements []*PartiQLStatement
}

// PartiQLStatement is one statement of a request with its parameters.
type PartiQLStatement struct {
	Stmt *partiql.Statement
	// HasParams says the request gives the statement's Parameters (request
	// JSON, or bound from the command line); a .partiql file alone binds
	// its ?s only when it is built, and then Params is nil.
	HasParams bool
	// ParamsPos is where Parameters stands; the statement's when absent.
	ParamsPos diag.Pos
	Params    []PartiQLParam
	// Ignores are the statement's dynexpr:ignore comments (a .partiql
	// file's); CheckPartiQL applies them to the findings within it.
	Ignores []partiql.Ignore
}

// PartiQLParam is one element of Parameters: its AttributeValue type (S,
// N, B, BOOL, NULL, L, M, SS, NS or BS) and, for S, N and B, its text.
type PartiQLParam struct {
	Pos  diag.Pos
	Type string
	Text string
}

// partiqlPass is one PartiQL rule's view of one request.
type partiqlPass struct {
	Req    *PartiQLRequest
	Schema *schema.Schema
	rule   *Rule
	cfg    *Config
	out    *[]Finding
}

// Reportf reports a finding at the rule's severity.
func (p *partiqlPass) Reportf(at diag.Pos, format string, args ...any) {
	(&Pass{rule: p.rule, cfg: p.cfg, out: p.out}).Reportf(at, format, args...)
}

// ReportAt reports a finding at an explicit severity with a suggestion.
func (p *partiqlPass) ReportAt(sev Severity, at diag.Pos, suggestion, format string, args ...any) {
	(&Pass{rule: p.rule, cfg: p.cfg, out: p.out}).ReportAt(sev, at, suggestion, format, args...)
}

// table is the schema's table of s, nil when unknown.
func (p *partiqlPass) table(s *partiql.Statement) *schema.Table {
	if p.Schema == nil || s.Table == nil {
		return nil
	}
	return p.Schema.Table(s.Table.Name)
}

// CheckPartiQL runs the rules over a PartiQL request. sch may be nil:
// rules that need a schema are then skipped. Findings come sorted by
// position, then rule name.
func CheckPartiQL(req *PartiQLRequest, sch *schema.Schema, cfg *Config) []Finding {
	var out []Finding
	pp := partiqlPass{Req: req, Schema: sch, cfg: cfg, out: &out}
	for _, r := range catalog {
		if r.checkPartiQL == nil || r.NeedsSchema && sch == nil || disabled(cfg, r) {
			continue
		}
		pp.rule = r
		r.checkPartiQL(&pp)
	}
	for _, s := range req.Statements {
		st := partiqlStatement(s, sch)
		if st == nil {
			continue
		}
		p := newPass(st, sch, cfg, &out)
		p.sent = true // the table's name is sent as written: tableNamed reads it
		for _, r := range catalog {
			if !r.partiql || !r.runsOn(st.Kind) || r.NeedsSchema && sch == nil || disabled(cfg, r) {
				continue
			}
			check := r.check
			if r.checkSchemaless != nil {
				check = r.schemalessOr(&p)
			}
			if check == nil {
				continue
			}
			p.rule = r
			check(&p)
		}
	}
	out = applyPartiQLIgnores(req, out, cfg)
	SortFindings(out)
	return out
}

// applyPartiQLIgnores drops the findings within a statement that its
// dynexpr:ignore comments silence, and reports the ignores that silence
// nothing or give no reason, as a DSL file's are (apply).
func applyPartiQLIgnores(req *PartiQLRequest, findings []Finding, cfg *Config) []Finding {
	var list []*ignore
	for _, s := range req.Statements {
		st := s.Stmt
		for _, ig := range s.Ignores {
			list = append(list, &ignore{pos: ig.Pos, rules: ig.Rules, reason: ig.Reason, code: &CodeIgnore{
				Pos: ig.Pos, Comment: partiqlComment, Target: "this statement",
				Covers: func(f Finding) bool {
					return f.Pos.File == st.Pos.File && st.Pos.Offset <= f.Pos.Offset && f.Pos.Offset < st.EndPos.Offset
				},
			}})
		}
	}
	if len(list) == 0 {
		return findings
	}
	return apply(list, findings, cfg)
}

// PartiQLStrayIgnores reports the ignore comments of a script that apply
// to no statement (unused-ignore), as a DSL file's are.
func PartiQLStrayIgnores(sc *partiql.Script, cfg *Config) []Finding {
	var list []*ignore
	for _, ig := range sc.Stray {
		list = append(list, &ignore{pos: ig.Pos, rules: ig.Rules, reason: ig.Reason,
			stray: "no statement starts on the line after it, nor ends on its line"})
	}
	return apply(list, nil, cfg)
}

// PartiQLParams are bound values (build's -p for the ?s) as a request's
// Parameters, for the rules to judge the values sent.
func PartiQLParams(vals []*grammar.Value) []PartiQLParam {
	out := make([]PartiQLParam, len(vals))
	for i, v := range vals {
		out[i] = PartiQLParam{Pos: v.Pos, Type: string(v.Type), Text: v.Text}
	}
	return out
}

// disabled reports whether cfg turns r off.
func disabled(cfg *Config, r *Rule) bool {
	if cfg == nil {
		return false
	}
	s, set := cfg.Severities[r.Name]
	return set && s == Off
}

// partiqlStatement is s as the DSL statement that does the same, for the
// DSL's rules: a SELECT is a query when its WHERE fixes the partition key
// of the table or index with =, else a scan; INSERT a put, UPDATE an
// update, DELETE a delete, each key the WHERE's equalities on the table's
// key attributes and the rest the filter or the condition. A ? is its
// parameter's value when the request gives it, else unbound. nil for what
// has no DSL form (EXISTS).
func partiqlStatement(s *PartiQLStatement, sch *schema.Schema) *grammar.Statement {
	ps := s.Stmt
	if ps.Table == nil {
		return nil
	}
	c := partiqlConverter{params: s}
	st := &grammar.Statement{Pos: ps.Pos, EndPos: ps.EndPos, Source: ps.Source, Table: partiqlTableRef(ps.Table)}
	if ps.Index != nil {
		st.Index = partiqlTableRef(ps.Index)
	}
	keys := partiqlKeyOf(sch, ps)
	switch ps.Kind {
	case partiql.KindSelect:
		st.Kind = grammar.KindScan
		if ps.Select != nil && !ps.Select.Star {
			st.Select = &grammar.Projection{Pos: ps.Select.Pos}
			for _, p := range ps.Select.Paths {
				st.Select.Paths = append(st.Select.Paths, c.path(p))
			}
		}
		key, rest := splitKey(ps.Where, keys)
		if len(keys.Partition) > 0 && fixes(key, keys.Partition) {
			st.Kind = grammar.KindQuery
			st.Key = c.and(key)
		} else {
			rest = conjuncts0(ps.Where)
		}
		st.Filter = c.and(rest)
	case partiql.KindInsert:
		st.Kind = grammar.KindPut
		if t, ok := ps.Value.(*partiql.Tuple); ok {
			st.Item = c.value(t)
		}
	case partiql.KindUpdate, partiql.KindDelete:
		st.Kind = grammar.KindDelete
		if ps.Kind == partiql.KindUpdate {
			st.Kind = grammar.KindUpdate
		}
		tableKeys := partiqlTableKey(sch, ps)
		key, rest := splitKey(ps.Where, tableKeys)
		st.Key, st.If = c.and(key), c.and(rest)
		for _, a := range ps.Actions {
			if a.Remove {
				st.Removes = append(st.Removes, c.path(a.Path))
				continue
			}
			st.Sets = append(st.Sets, c.setAction(a))
		}
	default:
		return nil
	}
	return st
}

// partiqlTableRef is a PartiQL table or index name as the DSL's rules read
// it, Raw as written (a quoted identifier with its quotes and its doubled
// quotes), so that an edit of the name is one of the statement's text.
func partiqlTableRef(n *partiql.Name) *grammar.TableRef {
	raw := n.Name
	if n.Quoted {
		raw = `"` + strings.ReplaceAll(n.Name, `"`, `""`) + `"`
	}
	return &grammar.TableRef{Pos: n.Pos, Raw: raw, Name: n.Name}
}

// partiqlKeyOf is the key of the table or index a statement reads.
func partiqlKeyOf(sch *schema.Schema, ps *partiql.Statement) schema.Key {
	if sch == nil {
		return schema.Key{}
	}
	t := sch.Table(ps.Table.Name)
	if t == nil {
		return schema.Key{}
	}
	if ps.Index != nil {
		if ix := t.Index(ps.Index.Name); ix != nil {
			return ix.Key
		}
		return schema.Key{}
	}
	return t.Key
}

// partiqlTableKey is the key of the table a statement writes.
func partiqlTableKey(sch *schema.Schema, ps *partiql.Statement) schema.Key {
	if sch == nil {
		return schema.Key{}
	}
	if t := sch.Table(ps.Table.Name); t != nil {
		return t.Key
	}
	return schema.Key{}
}

// conjuncts0 lists the AND-ed conditions of a WHERE, looking through
// AND chains (not parentheses: the tree keeps none).
func conjuncts0(e partiql.Expr) []partiql.Expr {
	if e == nil {
		return nil
	}
	if b, ok := e.(*partiql.Binary); ok && b.Op == partiql.OpAnd {
		return append(conjuncts0(b.X), conjuncts0(b.Y)...)
	}
	return []partiql.Expr{e}
}

// splitKey splits a WHERE's conjuncts into those on key attributes (the
// partition key with = or IN, a sort key with a key condition's
// operators) and the rest.
func splitKey(where partiql.Expr, k schema.Key) (key, rest []partiql.Expr) {
	for _, e := range conjuncts0(where) {
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
func keyConjunct(e partiql.Expr) (string, bool) {
	switch e := e.(type) {
	case *partiql.Binary:
		if e.Op.IsComparison() && e.Op != partiql.OpNe && isValue(e.Y) {
			return topPathName(e.X)
		}
	case *partiql.Between:
		return topPathName(e.X)
	case *partiql.Call:
		if e.Func == "begins_with" && len(e.Args) == 2 && isValue(e.Args[1]) {
			return topPathName(e.Args[0])
		}
	}
	return "", false
}

// fixes reports whether the conjuncts give each of names with =.
func fixes(conds []partiql.Expr, names []string) bool {
	for _, n := range names {
		if equalityOn(conds, n) == nil {
			return false
		}
	}
	return true
}

// equalityOn is the conjunct NAME = VALUE among conds, nil if none.
func equalityOn(conds []partiql.Expr, name string) *partiql.Binary {
	for _, e := range conds {
		if b, ok := e.(*partiql.Binary); ok && b.Op == partiql.OpEq && isValue(b.Y) {
			if n, ok := topPathName(b.X); ok && n == name {
				return b
			}
		}
	}
	return nil
}

// isValue reports whether e is a literal, a parameter or a collection.
func isValue(e partiql.Expr) bool {
	switch e.(type) {
	case *partiql.Literal, *partiql.Param, *partiql.Tuple, *partiql.List, *partiql.Set:
		return true
	}
	return false
}

// topPathName is the name of a one-step path.
func topPathName(e partiql.Expr) (string, bool) {
	p, ok := e.(*partiql.Path)
	if !ok || len(p.Steps) != 1 || p.Steps[0].IsIndex {
		return "", false
	}
	return p.Steps[0].Name, true
}

// partiqlConverter makes the DSL nodes of one statement.
type partiqlConverter struct {
	params *PartiQLStatement
}

// and is conds AND-ed as a DSL condition; nil for none.
func (c partiqlConverter) and(conds []partiql.Expr) *grammar.Condition {
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
func (c partiqlConverter) condition(e partiql.Expr) *grammar.Condition {
	var ors []partiql.Expr
	var flat func(partiql.Expr)
	flat = func(e partiql.Expr) {
		if b, ok := e.(*partiql.Binary); ok && b.Op == partiql.OpOr {
			flat(b.X)
			flat(b.Y)
			return
		}
		ors = append(ors, e)
	}
	flat(e)
	out := &grammar.Condition{Pos: e.Start()}
	for _, o := range ors {
		out.Or = append(out.Or, c.and(conjuncts0(o)).Or[0])
	}
	return out
}

func (c partiqlConverter) not(e partiql.Expr) *grammar.NotCondition {
	n := &grammar.NotCondition{Pos: e.Start()}
	switch e := e.(type) {
	case *partiql.Not:
		n.Not = c.not(e.X)
	case *partiql.Binary:
		switch e.Op {
		case partiql.OpOr, partiql.OpAnd:
			n.Group = c.condition(e)
		default:
			n.Compare = &grammar.Comparison{Pos: e.Pos, Left: c.operand(e.X), Op: e.Op.String(), Right: c.operand(e.Y)}
		}
	case *partiql.Between:
		n.Compare = &grammar.Comparison{Pos: e.Pos, Left: c.operand(e.X), Low: c.operand(e.Lo), High: c.operand(e.Hi)}
	case *partiql.In:
		cmp := &grammar.Comparison{Pos: e.Pos, Left: c.operand(e.X)}
		for _, v := range e.Values {
			cmp.In = append(cmp.In, c.operand(v))
		}
		n.Compare = cmp
	case *partiql.Is:
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
func (c partiqlConverter) operand(e partiql.Expr) *grammar.Operand {
	o := &grammar.Operand{Pos: e.Start()}
	switch e := e.(type) {
	case *partiql.Path:
		o.Path = c.path(e)
	case *partiql.Call:
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
func (c partiqlConverter) setAction(a *partiql.Action) *grammar.SetAction {
	s := &grammar.SetAction{Pos: a.Pos, Path: c.path(a.Path)}
	if b, ok := a.Value.(*partiql.Binary); ok && (b.Op == partiql.OpAdd || b.Op == partiql.OpSub) {
		s.Left, s.Op, s.Right = c.operand(b.X), b.Op.String(), c.operand(b.Y)
		return s
	}
	s.Left = c.operand(a.Value)
	return s
}

// path is a PartiQL path as the DSL's, resolved.
func (c partiqlConverter) path(p *partiql.Path) *grammar.Path {
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
func (c partiqlConverter) value(e partiql.Expr) *grammar.Value {
	v := &grammar.Value{Pos: e.Start()}
	switch e := e.(type) {
	case *partiql.Literal:
		switch e.Kind {
		case partiql.LitString:
			v.Type, v.Text = grammar.TypeS, e.Text
		case partiql.LitNumber:
			v.Type, v.Text = grammar.TypeN, e.Text
		case partiql.LitTrue, partiql.LitFalse:
			v.Type, v.Text = grammar.TypeBOOL, map[bool]string{true: "true", false: "false"}[e.Kind == partiql.LitTrue]
		default:
			v.Type, v.Null = grammar.TypeNULL, true
		}
	case *partiql.Param:
		// Unbound, it prints as $N, the Nth ? of the statement, which
		// build binds with -p N=VALUE.
		v.Type, v.FromParam = grammar.TypeParam, strconv.Itoa(e.Index+1)
		if c.params.HasParams && e.Index < len(c.params.Params) {
			p := c.params.Params[e.Index]
			v.Type, v.Text = grammar.ValueType(p.Type), p.Text
		}
	case *partiql.Tuple:
		v.Type, v.Map = grammar.TypeM, &grammar.Map{Pos: e.Pos}
		for _, en := range e.Entries {
			v.Map.Entries = append(v.Map.Entries, &grammar.MapEntry{Pos: en.Pos, RawKey: en.Key, Key: en.Key, Value: c.value(en.Value)})
		}
	case *partiql.List:
		v.Type, v.List = grammar.TypeL, &grammar.List{Pos: e.Pos}
		for _, x := range e.Elems {
			v.List.Items = append(v.List.Items, c.value(x))
		}
	case *partiql.Set:
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

// PartiQLRequests are the requests a script sends: each statement an
// execute-statement of its own, or all of them one batch-execute-statement
// or execute-transaction, as its mode says. Its ?s are bound only when it
// is built: the statements have no Parameters here.
func PartiQLRequests(sc *partiql.Script) []*PartiQLRequest {
	if sc.Mode == partiql.ModeEach {
		out := make([]*PartiQLRequest, len(sc.Statements))
		for i, s := range sc.Statements {
			out[i] = &PartiQLRequest{Command: builder.CommandExecuteStatement, Pos: s.Pos, Statements: []*PartiQLStatement{PartiQLStatementOf(sc, i)}}
		}
		return out
	}
	r := &PartiQLRequest{Command: builder.CommandBatchExecuteStatement, Pos: sc.ModePos}
	if sc.Mode == partiql.ModeTransaction {
		r.Command = builder.CommandExecuteTransaction
	}
	for i := range sc.Statements {
		r.Statements = append(r.Statements, PartiQLStatementOf(sc, i))
	}
	return []*PartiQLRequest{r}
}

// PartiQLStatementOf is the ith statement of a script, with its ignore
// comments and no Parameters (bound only when it is built).
func PartiQLStatementOf(sc *partiql.Script, i int) *PartiQLStatement {
	s := sc.Statements[i]
	return &PartiQLStatement{Stmt: s, ParamsPos: s.Pos, Ignores: sc.Ignores[i]}
}

// PartiQLAsDSL is the DSL statement that does what s does, as the DSL's
// rules and explain read it; nil for what has no DSL form (EXISTS).
func PartiQLAsDSL(s *PartiQLStatement, sch *schema.Schema) *grammar.Statement {
	return partiqlStatement(s, sch)
}
