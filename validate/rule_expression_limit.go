package validate

import (
	"fmt"
	"github.com/dynexpr/dynexpr/capacity"
	"slices"
	"strconv"
	"sync"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// DynamoDB's limits (its messages for going over them are in
// dynamo_messages.go).
const (
	maxExpressionBytes = 4096
	maxPathDepth       = 32
	maxOperators       = 300
	maxInOperands      = 100
	maxHashKeyBytes    = 2048
	maxRangeKeyBytes   = 1024
	maxItemBytes       = 409600
	// maxValueDepth is how deep a value may nest below a top-level
	// attribute (which is level 1; its elements level 2, ...): 31 levels
	// of lists and maps inside one another are accepted, 32 are not.
	maxValueDepth = 32
)

var expressionLimit = &Rule{
	Name:     "expression-limit",
	Severity: Error,
	Title:    "a request over one of DynamoDB's size limits",
	Why: `DynamoDB refuses a request over one of its limits: an expression string over
4096 bytes (counted on the #name and :value placeholders the builder writes); a
document path deeper than 32 levels; more than 300 operators and functions in
one expression; an in with more than 100 values; a partition key value over 2048
bytes or a sort key value over 1024, of the table or of a secondary index (an
item or a set action writing an index key); an item over 400 KB (409600 bytes, names
and values); a value nested more than 32 levels deep. The key sizes need the
schema to know the keys, but for a get, update, delete or check key value over 2048
bytes, over both limits.`,
	DynamoMessages: []string{
		"Invalid FilterExpression: Expression size has exceeded the maximum allowed size",
		"Invalid FilterExpression: The document path has too many nesting levels; nesting levels: 33",
		"Invalid FilterExpression: The expression contains too many operators; operator count: 301",
		"Invalid FilterExpression: The IN operator is provided with too many operands; number of operands: 101",
		msgHashKeySize,
		msgRangeKeySize,
		msgItemSize,
		msgItemNesting,
	},
	Bad:       `scan Tickets filter attribute_exists(a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff.gg)`,
	Good:      `scan Tickets filter attribute_exists(a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff)`,
	AppliesTo: "every request; key value sizes with a schema (without one, a get, update, delete or check key value over 2048 bytes)",
	check:     checkExpressionLimit,
}

// builtExpr is one expression the builder writes for a statement.
type builtExpr struct {
	kind  string // KeyCondition, Filter, Condition, Projection, Update
	what  string // the DSL's words for it, in messages
	pos   diag.Pos
	cond  *grammar.Condition
	paths []*grammar.Path // a ProjectionExpression's
	st    *grammar.Statement
	upd   bool
}

// builtExprs lists the expressions of st: its key condition (query),
// filter, condition, projection and update.
func builtExprs(st *grammar.Statement) []builtExpr {
	var out []builtExpr
	for _, pc := range conditions(st) {
		out = append(out, builtExpr{kind: exprKindOf(pc.place), what: string(pc.place), pos: pc.cond.Pos, cond: pc.cond})
	}
	if st.Select != nil && len(st.Select.Paths) > 0 {
		out = append(out, builtExpr{kind: "Projection", what: "select", pos: st.Select.Pos, paths: st.Select.Paths})
	}
	if ts := updateTargets(st); len(ts) > 0 {
		out = append(out, builtExpr{kind: "Update", what: "update", pos: ts[0].path.Pos, st: st, upd: true})
	}
	return out
}

// lowerBound is the size of the expression as builder/size.go counts it:
// never more than the builder writes.
func (e builtExpr) lowerBound() int {
	switch {
	case e.cond != nil:
		return builder.MinConditionLen(e.cond)
	case e.upd:
		return builder.MinUpdateLen(e.st)
	}
	return builder.MinProjectionLen(e.paths)
}

// exprPathsOf returns every document path of an expression.
func exprPathsOf(e builtExpr) []*grammar.Path {
	switch {
	case e.cond != nil:
		return grammar.ConditionPaths(e.cond)
	case e.upd:
		var out []*grammar.Path
		for _, t := range updateTargets(e.st) {
			out = append(out, t.path)
		}
		for _, a := range e.st.Sets {
			if a != nil {
				grammar.EachPath(a.Left, func(p *grammar.Path) { out = append(out, p) })
				grammar.EachPath(a.Right, func(p *grammar.Path) { out = append(out, p) })
			}
		}
		return out
	}
	return e.paths
}

func checkExpressionLimit(p *Pass) {
	st := p.Stmt
	built := sync.OnceValue(func() *builder.Request { return builtRequest(st) }) // near the size limit only
	for _, e := range builtExprs(st) {
		prefix := "Invalid " + e.kind + "Expression: "
		for _, path := range exprPathsOf(e) {
			if path == nil || len(path.Elems) <= maxPathDepth {
				continue
			}
			p.Reportf(path.Pos, "this path is %d levels deep, and DynamoDB allows %d in a document path; it answers %q. Write instead: a path of at most %d names and list indexes",
				len(path.Elems), maxPathDepth, prefix+"The document path has too many nesting levels; nesting levels: "+strconv.Itoa(len(path.Elems)), maxPathDepth)
		}
		if e.cond != nil {
			grammar.EachComparison(e.cond, func(c *grammar.Comparison) {
				if len(c.In) <= maxInOperands || c.In[maxInOperands] == nil {
					return
				}
				p.Reportf(c.In[maxInOperands].Pos, "in has %d values, and DynamoDB takes at most %d; it answers %q. Write instead: several in tests of up to %d values joined with or",
					len(c.In), maxInOperands, prefix+"The IN operator is provided with too many operands; number of operands: "+strconv.Itoa(len(c.In)), maxInOperands)
			})
		}
		var ops int
		switch {
		case e.cond != nil:
			ops = condOps(e.cond)
		case e.upd:
			ops = updateOps(st)
		}
		if ops > maxOperators {
			p.Reportf(e.pos, "this %s has %d operators and functions, and DynamoDB allows %d in one expression; it answers %q. Write instead: fewer tests (one in (...) for a list of values), or split the request",
				e.what, ops, maxOperators, prefix+"The expression contains too many operators; operator count: "+strconv.Itoa(maxOperators+1))
		}
		size := e.lowerBound()
		if size > maxExpressionBytes {
			p.Reportf(e.pos, "this %s makes a %sExpression of at least %d bytes (counted on its #name and :value placeholders), and DynamoDB allows %d; it answers %q. Write instead: a shorter %s (fewer or shorter attribute names), or split the request",
				e.what, e.kind, size, maxExpressionBytes, prefix+"Expression size has exceeded the maximum allowed size", e.what)
			continue
		}
		// Near the limit the lower bound is not enough: the builder adds
		// spaces, parentheses and longer value placeholders. Build the
		// statement once and measure the strings it sends.
		if size*maxBuiltGrowth <= maxExpressionBytes {
			continue
		}
		if exact := builtExprLen(built(), e.kind); exact > maxExpressionBytes {
			p.Reportf(e.pos, "this %s makes a %sExpression of %d bytes as dynexpr builds it, and DynamoDB allows %d; it answers %q. Write instead: a shorter %s (fewer or shorter attribute names), or split the request",
				e.what, e.kind, exact, maxExpressionBytes, prefix+"Expression size has exceeded the maximum allowed size", e.what)
		}
	}
	checkValueNesting(p)
	checkItemSize(p)
	switch {
	case p.Table != nil:
		checkKeySizes(p)
	case p.Schema == nil:
		checkCertainKeySizes(p)
	}
}

// checkValueNesting reports values nested deeper than DynamoDB stores or
// takes in an expression.
func checkValueNesting(p *Pass) {
	st := p.Stmt
	var tops []*grammar.Value
	for _, v := range stmtValues(st) {
		if v == st.Item && v.Map != nil {
			// The item is not a value: its attributes are.
			for _, e := range v.Map.Entries {
				if e != nil {
					tops = append(tops, e.Value)
				}
			}
			continue
		}
		tops = append(tops, v)
	}
	for _, top := range tops {
		var deep *grammar.Value
		walkValue(top, 0, func(v *grammar.Value, depth int) {
			if deep == nil && depth >= maxValueDepth {
				deep = v
			}
		})
		if deep != nil {
			p.Reportf(deep.Pos, "this value stands %d levels deep (lists and maps inside one another, the attribute itself level 1), and DynamoDB allows %d; it answers %q. Write instead: a flatter value, or the deep part as a JSON string",
				maxValueDepth+1, maxValueDepth, msgItemNesting)
		}
	}
}

// valueBytes is a value's size as DynamoDB counts it (capacity.ValueBytes,
// the one place of the rule). It never counts more than DynamoDB does, so
// a size over the limit is certain.
func valueBytes(v *grammar.Value) int {
	n, _ := capacity.ValueBytes(v) // what is not known counts as nothing: a lower bound
	return int(n)
}

func checkItemSize(p *Pass) {
	st := p.Stmt
	writtenItemBytes(st, func(total int, key string, v *grammar.Value) bool {
		if total <= maxItemBytes {
			return true
		}
		if st.Kind == grammar.KindPut {
			p.Reportf(v.Pos, "with %q the item is at least %d bytes (names and values, as DynamoDB counts them), over its limit of %d (400 KB); DynamoDB answers %q. Write instead: a smaller item: keep large values in S3 and store their keys, or split the item",
				key, total, maxItemBytes, msgItemSize)
		} else {
			p.Reportf(v.Pos, "with this value the updated item is at least %d bytes (names and values, as DynamoDB counts them), over its limit of %d (400 KB); DynamoDB answers %q. Write instead: a smaller value: keep large values in S3 and store their keys",
				total, maxItemBytes, msgUpdateSize)
		}
		return false
	})
}

// checkKeySizes reports key values over DynamoDB's limits: 2048 bytes for
// a partition key, 1024 for a sort key, of the table and of its secondary
// indexes alike (an item whose index key is too long cannot be written).
// A put's item and an update's set actions write index keys; a key names
// only the table's.
func checkKeySizes(p *Pass) {
	t, st := p.Table, p.Stmt
	check := func(attr string, v *grammar.Value, indexes bool) {
		if v == nil || !isScalarSetElem(v.Type) {
			return
		}
		// what names the key: the tightest limit's, the table's first.
		limit, what, msg := maxHashKeyBytes, "", msgHashKeySize
		mark := func(k schema.Key, owner string) {
			role := ""
			switch {
			case slices.Contains(k.Sort, attr):
				role = "sort"
				if what != "" && limit == maxRangeKeyBytes {
					return
				}
				limit, msg = maxRangeKeyBytes, msgRangeKeySize
			case what == "" && slices.Contains(k.Partition, attr):
				role = "partition"
			default:
				return
			}
			if owner == "" {
				what = fmt.Sprintf("%s key %q", role, attr)
			} else {
				what = fmt.Sprintf("%q, the %s key of index %s,", attr, role, owner)
			}
		}
		mark(t.Key, "")
		if indexes {
			for _, ix := range t.IndexesWithKey(attr) {
				mark(ix.Key, ix.Name)
			}
		}
		if what == "" {
			return
		}
		if n := valueBytes(v); n > limit {
			p.Reportf(v.Pos, "the value of %s is %d bytes%s, and DynamoDB allows %d; it answers %q. Write instead: a shorter key, a hash of the value for instance",
				what, n, boundFrom(v), limit, msg)
		}
	}
	switch st.Kind {
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			return
		}
		for _, e := range st.Item.Map.Entries {
			if e != nil {
				check(e.Key, e.Value, true)
			}
		}
	case grammar.KindUpdate:
		for _, a := range st.Sets {
			if len(a.Path.Elems) == 1 {
				check(topName(a.Path), writtenValue(a), true)
			}
		}
		eachKeyEquality(st.Key, func(attr string, v *grammar.Value) { check(attr, v, false) })
	case grammar.KindGet, grammar.KindDelete, grammar.KindCheck:
		eachKeyEquality(st.Key, func(attr string, v *grammar.Value) { check(attr, v, false) })
	}
}

// checkCertainKeySizes is checkKeySizes without a schema: a get, update or
// delete key names key attributes only, and a value over 2048 bytes is over
// the limit of a partition key and of a sort key alike.
func checkCertainKeySizes(p *Pass) {
	switch p.Stmt.Kind {
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete, grammar.KindCheck:
	default:
		return
	}
	eachKeyEquality(p.Stmt.Key, func(attr string, v *grammar.Value) {
		if v == nil || !isScalarSetElem(v.Type) {
			return
		}
		if n := valueBytes(v); n > maxHashKeyBytes {
			p.Reportf(v.Pos, "the value of key attribute %q is %d bytes%s, and DynamoDB allows %d for a partition key, %d for a sort key; it answers %q (or, for a sort key, %q). Write instead: a shorter key, a hash of the value for instance",
				attr, n, boundFrom(v), maxHashKeyBytes, maxRangeKeyBytes, msgHashKeySize, msgRangeKeySize)
		}
	})
}

// maxBuiltGrowth bounds how much longer the built expression is than the
// lower bound builder.MinConditionLen and its kin count: each counted byte becomes at most this many. The worst
// case is a comparison of one-letter names, a = 1 counted 5 bytes and built
// (#a = :a_99) in 12 (TestBuiltGrowth checks the bound on every rule case
// and golden statement); below size*maxBuiltGrowth no build is needed.
const maxBuiltGrowth = 4

// builtRequest builds st for measuring, or returns nil when it cannot be
// built (its parameters unbound, or another rule's error).
func builtRequest(st *grammar.Statement) *builder.Request {
	r, err := builder.Build(st)
	if err != nil {
		return nil
	}
	return r
}

// builtExprLen is the length in bytes of the built expression of a kind.
func builtExprLen(r *builder.Request, kind string) int {
	if r == nil {
		return 0
	}
	switch kind {
	case "KeyCondition":
		return len(r.KeyConditionExpression)
	case "Filter":
		return len(r.FilterExpression)
	case "Condition":
		return len(r.ConditionExpression)
	case "Projection":
		return len(r.ProjectionExpression)
	case "Update":
		return len(r.UpdateExpression)
	}
	return 0
}

// Operator counts, as DynamoDB counts them: every comparison, between, in,
// and, or, not, function call, + and -. Parentheses and set, remove, add and
// delete actions are not operators.

// conditionOps weighs a condition by the operators DynamoDB counts in it.
var conditionOps = &grammar.ConditionWeights{Or: 1, And: 1, Not: 1, Comparison: comparisonOps}

func condOps(c *grammar.Condition) int { return grammar.SumCondition(c, conditionOps) }

func comparisonOps(c *grammar.Comparison) int {
	n := 0
	if c.Op != "" || c.Low != nil || len(c.In) > 0 {
		n++
	}
	for _, o := range grammar.Operands(c) {
		n += operandOps(o)
	}
	return n
}

func operandOps(o *grammar.Operand) int {
	if o == nil || o.Call == nil {
		return 0
	}
	n := 1
	for _, a := range o.Call.Args {
		n += operandOps(a)
	}
	return n
}

func updateOps(st *grammar.Statement) int {
	n := 0
	for _, a := range st.Sets {
		if a == nil {
			continue
		}
		if a.Op != "" {
			n++
		}
		n += operandOps(a.Left) + operandOps(a.Right)
	}
	return n
}

// checkLimits checks what DynamoDB counts in an expression: path depth,
// operators and functions, IN operands. (The catalog's expression-limit
// counts these on the statement; a request's own expression is exact.)
func (c *requestPass) checkLimits(x *reqExpr) {
	e := x.e
	for _, p := range e.Paths() {
		if p.Depth() > maxPathDepth {
			s := p.Segments[maxPathDepth]
			c.reportExpr(expressionLimit, x, s.Start, s.End, "",
				"this document path is %d levels deep, and DynamoDB allows %d; it answers %q. Write instead: a path of at most %d names and list indexes",
				p.Depth(), maxPathDepth, x.kind.Message("The document path has too many nesting levels", "nesting levels", strconv.Itoa(p.Depth())), maxPathDepth)
		}
	}
	if n := e.OperatorCount(); n > maxOperators {
		c.reportExpr(expressionLimit, x, 0, 1, "",
			"this %s has %d operators and functions, and DynamoDB allows %d in one expression; it answers %q. Write instead: fewer tests (one IN (...) for a list of values), or split the request",
			x.param, n, maxOperators, x.kind.Message("The expression contains too many operators", "operator count", strconv.Itoa(maxOperators+1)))
	}
	for _, in := range e.InConditions() {
		if len(in.List) > maxInOperands {
			o := in.List[maxInOperands].Bounds()
			c.reportExpr(expressionLimit, x, o.Start, o.End, "",
				"IN has %d operands, and DynamoDB takes at most %d; it answers %q. Write instead: several IN tests of up to %d operands joined with OR",
				len(in.List), maxInOperands, x.kind.Message("The IN operator is provided with too many operands", "number of operands", strconv.Itoa(len(in.List))), maxInOperands)
		}
	}
}
