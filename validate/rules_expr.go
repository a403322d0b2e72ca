package validate

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// Rules about expressions, values and DynamoDB's limits (rules.md,
// "DynamoDB rejections").

// exprRules are this file's rules, in catalog order.
var exprRules = []*Rule{
	updatePathOverlap,
	updateOperandType,
	invalidSet,
	numberOutOfRange,
	expressionLimit,
	functionMisuse,
	projectionPathOverlap,
}

// DynamoDB's messages about document paths. DynamoDB prints a path as
// [a, b, [1], c] (ddbPath).
const (
	msgPathOverlap  = "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: %s, path two: %s"
	msgPathConflict = "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: %s, path two: %s"
)

// ---------------------------------------------------------------------------
// update-path-overlap

var updatePathOverlap = &Rule{
	Name:     "update-path-overlap",
	Severity: Error,
	Title:    "two update actions on the same path, on paths inside one another, or on one path as a list and as a map",
	Why: `An update changes each document path once. DynamoDB refuses an update whose
actions, within one of set, remove, add and delete or across them, name the same
path twice (set a = 1 remove a), a path and a path inside it (set a = {},
a.b = 2; remove a, a.b), or use one path as a list in one action and as a map in
another (set a[0] = 1, a.b = 2): no item can have both. Two elements of one list
(a[0], a[1]) and two keys of one map (a.b, a.c) are separate paths.`,
	DynamoMessage: "Invalid UpdateExpression: " + fmt.Sprintf(msgPathOverlap, "[a]", "[a, b]") + "; Invalid UpdateExpression: " + fmt.Sprintf(msgPathConflict, "[hist, [0]]", "[hist, b]"),
	Bad:           `update Tickets key id = "77de" set meta = {}, meta.tag = "urgent"`,
	Good:          `update Tickets key id = "77de" set meta = {tag: "urgent"}`,
	AppliesTo:     "update (set, remove, add and delete actions)",
	check:         checkUpdatePathOverlap,
}

// updateTarget is the path an update action changes.
type updateTarget struct {
	path *grammar.Path
	verb string // set, remove, add, delete
	// clause is the action's place in the UpdateExpression the builder
	// writes: the SDK orders the clauses ADD, DELETE, REMOVE, SET.
	clause int
}

func (t updateTarget) String() string { return t.verb + " " + pathString(t.path) }

// updateTargets returns the paths st's update actions change, in the order
// they are written.
func updateTargets(st *grammar.Statement) []updateTarget {
	var out []updateTarget
	add := func(p *grammar.Path, verb string, clause int) {
		if p != nil && len(p.Elems) > 0 {
			out = append(out, updateTarget{p, verb, clause})
		}
	}
	for _, a := range st.Adds {
		if a != nil {
			add(a.Path, "add", 0)
		}
	}
	for _, a := range st.Deletes {
		if a != nil {
			add(a.Path, "delete", 1)
		}
	}
	for _, p := range st.Removes {
		add(p, "remove", 2)
	}
	for _, a := range st.Sets {
		if a != nil {
			add(a.Path, "set", 3)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].path.Pos.Offset < out[j].path.Pos.Offset })
	return out
}

// exprBefore reports whether t comes before b in the UpdateExpression.
func (t updateTarget) exprBefore(b updateTarget) bool {
	if t.clause != b.clause {
		return t.clause < b.clause
	}
	return t.path.Pos.Offset < b.path.Pos.Offset
}

func checkUpdatePathOverlap(p *Pass) {
	ts := updateTargets(p.Stmt)
	for j, later := range ts {
		for _, first := range ts[:j] {
			c, k := clashOf(first.path, later.path)
			if c == clashNone {
				continue
			}
			// DynamoDB names the paths in the order of the expression.
			one, two := first, later
			if later.exprBefore(first) {
				one, two = later, first
			}
			msg := msgPathOverlap
			if c == clashListMap {
				msg = msgPathConflict
			}
			dyn := "Invalid UpdateExpression: " + fmt.Sprintf(msg, ddbPath(one.path), ddbPath(two.path))
			at := fmt.Sprintf("(at %d:%d)", first.path.Pos.Line, first.path.Pos.Col)
			var what, fix string
			switch c {
			case clashSame:
				what = fmt.Sprintf("%s and %s %s both update %s", later, first, at, pathString(later.path))
				fix = "update each path once: drop one of the two actions"
			case clashInside:
				what = fmt.Sprintf("%s changes a part of %s, which %s %s already updates as a whole", later, pathString(first.path), first, at)
				fix = nestedUpdateFix(first)
			case clashCovers:
				what = fmt.Sprintf("%s updates %s as a whole, and %s %s changes a part of it", later, pathString(later.path), first, at)
				fix = nestedUpdateFix(later)
			case clashListMap:
				what = fmt.Sprintf("%s uses %s as a %s, and %s %s uses it as a %s; no item has both", later, prefixString(later.path, k), containerWord(later.path.Elems[k]), first, at, containerWord(first.path.Elems[k]))
				fix = "drop one of the two actions"
			}
			p.Reportf(later.path.Pos, "%s; DynamoDB answers %q. Write instead: %s", what, dyn, fix)
			break
		}
	}
}

// nestedUpdateFix says what to write when the action whole updates a path
// whole and another action a part of it.
func nestedUpdateFix(whole updateTarget) string {
	w := pathString(whole.path)
	switch whole.verb {
	case "remove":
		return fmt.Sprintf("drop one of the two actions (%s takes away everything inside %s)", whole, w)
	case "set":
		return fmt.Sprintf("put the part into the value that set %s writes, or drop one of the two actions", w)
	}
	return "drop one of the two actions"
}

// ---------------------------------------------------------------------------
// projection-path-overlap

var projectionPathOverlap = &Rule{
	Name:     "projection-path-overlap",
	Severity: Error,
	Title:    "select paths that repeat, overlap, or use one path as a list and as a map",
	Why: `A ProjectionExpression names each part of the item once. DynamoDB refuses one
that names a path twice (select subject, subject), a path and a path inside it
(select meta, meta.x: meta already returns meta.x), or one path as a list and as
a map (select hist[0], hist.b), since no item has both. Two elements of one list
(a[0], a[1]) and two keys of one map (a.b, a.c) are separate paths.`,
	DynamoMessage: "Invalid ProjectionExpression: " + fmt.Sprintf(msgPathOverlap, "[meta]", "[meta, x]") + "; Invalid ProjectionExpression: " + fmt.Sprintf(msgPathConflict, "[hist, [0]]", "[hist, b]"),
	Bad:           `get Tickets key id = "77de" select subject, meta, meta.tag`,
	Good:          `get Tickets key id = "77de" select subject, meta`,
	AppliesTo:     "query, scan and get with select paths",
	check:         checkProjectionPathOverlap,
}

func checkProjectionPathOverlap(p *Pass) {
	sel := p.Stmt.Select
	if sel == nil {
		return
	}
	var paths []*grammar.Path
	for _, path := range sel.Paths {
		if path != nil && len(path.Elems) > 0 {
			paths = append(paths, path)
		}
	}
	for j, later := range paths {
		for _, first := range paths[:j] {
			c, k := clashOf(first, later)
			if c == clashNone {
				continue
			}
			msg := msgPathOverlap
			if c == clashListMap {
				msg = msgPathConflict
			}
			// DynamoDB reads the list from its end: path one is the
			// earlier of the two.
			dyn := "Invalid ProjectionExpression: " + fmt.Sprintf(msg, ddbPath(first), ddbPath(later))
			at := fmt.Sprintf("(at %d:%d)", first.Pos.Line, first.Pos.Col)
			f, l := pathString(first), pathString(later)
			var what, fix string
			switch c {
			case clashSame:
				what = fmt.Sprintf("%s is selected twice (first at %d:%d)", l, first.Pos.Line, first.Pos.Col)
				fix = "select " + l + " once"
			case clashInside:
				what = fmt.Sprintf("%s is inside %s, which this select already returns whole %s", l, f, at)
				fix = "select " + f + " alone, or only the parts of it you need"
			case clashCovers:
				what = fmt.Sprintf("%s returns %s whole, and %s %s is inside it", l, l, f, at)
				fix = "select " + l + " alone, or only the parts of it you need"
			case clashListMap:
				what = fmt.Sprintf("%s reads %s as a %s, and %s %s reads it as a %s; no item has both", l, prefixString(later, k), containerWord(later.Elems[k]), f, at, containerWord(first.Elems[k]))
				fix = "select only one of the two"
			}
			p.Reportf(later.Pos, "%s; DynamoDB answers %q. Write instead: %s", what, dyn, fix)
			break
		}
	}
}

// pathClash is how two document paths of one expression meet.
type pathClash int

const (
	clashNone    pathClash = iota
	clashSame              // the same path twice
	clashInside            // the second path is inside the first
	clashCovers            // the first path is inside the second
	clashListMap           // one path indexes a list where the other names a map key
)

// clashOf tells how DynamoDB sees two paths of one expression: apart
// (a.b, a.c; a[0], a[1]), the same, one inside the other, or one using a
// list where the other uses a map. k is the element where a list meets a
// map.
func clashOf(a, b *grammar.Path) (c pathClash, k int) {
	if a == nil || b == nil || len(a.Elems) == 0 || len(b.Elems) == 0 {
		return clashNone, 0
	}
	n := min(len(a.Elems), len(b.Elems))
	for i := 0; i < n; i++ {
		x, y := a.Elems[i], b.Elems[i]
		switch {
		case x.IsIndex != y.IsIndex:
			return clashListMap, i
		case x.IsIndex && x.Index != y.Index, !x.IsIndex && x.Name != y.Name:
			return clashNone, 0
		}
	}
	switch {
	case len(a.Elems) == len(b.Elems):
		return clashSame, 0
	case len(a.Elems) < len(b.Elems):
		return clashInside, 0
	}
	return clashCovers, 0
}

// ddbPath writes a path as DynamoDB's messages do: [a, b, [1], c].
func ddbPath(p *grammar.Path) string {
	parts := make([]string, len(p.Elems))
	for i, e := range p.Elems {
		if e.IsIndex {
			parts[i] = "[" + strconv.Itoa(e.Index) + "]"
		} else {
			parts[i] = e.Name
		}
	}
	return quoteList(parts)
}

// prefixString writes the first k elements of p, as the DSL does.
func prefixString(p *grammar.Path, k int) string {
	return pathString(&grammar.Path{Elems: p.Elems[:k]})
}

// containerWord says what a path element reads: a list or a map.
func containerWord(e grammar.PathElem) string {
	if e.IsIndex {
		return "list"
	}
	return "map"
}

// ---------------------------------------------------------------------------
// update-operand-type

var updateOperandType = &Rule{
	Name:     "update-operand-type",
	Severity: Error,
	Title:    "an update action or function given a value of the wrong type",
	Why: `Each update operation takes values of certain types, and DynamoDB checks the
values written in the request before it reads the item. add adds a number to a
number or elements to a set, so it takes a number or a set; delete takes elements
out of a set, so it takes a set; + and - take numbers; list_append joins two
lists; if_not_exists tests an attribute, so its first argument is a path.`,
	DynamoMessage: "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING; Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S; Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists",
	Bad:           `update Tickets key id = "77de" add tags "urgent"`,
	Good:          `update Tickets key id = "77de" add tags <<"urgent">>`,
	AppliesTo:     "update (add, delete, set with + or -, list_append, if_not_exists)",
	check:         checkUpdateOperandType,
}

// typedLiteral reports whether v is a value whose type is known (not an
// unbound parameter).
func typedLiteral(v *grammar.Value) bool {
	return v != nil && v.Type != "" && v.Type != grammar.TypeParam
}

// ddbTypeWord is the word DynamoDB's add and delete messages use for a type.
func ddbTypeWord(t grammar.ValueType) string {
	switch t {
	case grammar.TypeS:
		return "STRING"
	case grammar.TypeN:
		return "NUMBER"
	case grammar.TypeB:
		return "BINARY"
	case grammar.TypeBOOL:
		return "BOOLEAN"
	case grammar.TypeNULL:
		return "NULL"
	case grammar.TypeL:
		return "LIST"
	case grammar.TypeM:
		return "MAP"
	}
	return string(t)
}

func isSetType(t grammar.ValueType) bool {
	return t == grammar.TypeSS || t == grammar.TypeNS || t == grammar.TypeBS
}

func isScalarSetElem(t grammar.ValueType) bool {
	return t == grammar.TypeS || t == grammar.TypeN || t == grammar.TypeB
}

// valueShown writes a value for a message: its literal when short, else
// what it is.
func valueShown(v *grammar.Value) string {
	s := literalText(v)
	if s == "..." || len(s) > 40 {
		return "the value"
	}
	return s
}

// valueInFix writes a value for a suggestion: its literal when short, else
// VALUE.
func valueInFix(v *grammar.Value) string {
	if s := valueShown(v); s != "the value" {
		return s
	}
	return "VALUE"
}

func checkUpdateOperandType(p *Pass) {
	st := p.Stmt
	for _, a := range st.Adds {
		if a == nil || a.Path == nil || !typedLiteral(a.Value) {
			continue
		}
		v := a.Value
		if v.Type == grammar.TypeN || isSetType(v.Type) {
			continue
		}
		target := pathString(a.Path)
		var fix string
		switch {
		case isScalarSetElem(v.Type):
			fix = fmt.Sprintf("to store it, set %s = %s; to add it to a set, add %s <<%s>>", target, valueInFix(v), target, valueInFix(v))
		case v.Type == grammar.TypeL:
			fix = fmt.Sprintf("to append to a list, set %s = list_append(%s, [...])", target, target)
		default:
			fix = fmt.Sprintf("to store it, set %s = %s", target, valueInFix(v))
		}
		p.Reportf(v.Pos, "add takes a number (to add to a number) or a set (to add its elements), and %s%s is %s; DynamoDB answers %q. Write instead: %s",
			valueShown(v), boundFrom(v), grammar.TypeWord(v.Type),
			"Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: "+ddbTypeWord(v.Type), fix)
	}
	for _, a := range st.Deletes {
		if a == nil || a.Path == nil || !typedLiteral(a.Value) || isSetType(a.Value.Type) {
			continue
		}
		v := a.Value
		target := pathString(a.Path)
		fix := "to remove the attribute, remove " + target
		if isScalarSetElem(v.Type) {
			fix = fmt.Sprintf("delete %s <<%s>> to take %s out of the set; remove %s to remove the attribute", target, valueInFix(v), valueShown(v), target)
		}
		p.Reportf(v.Pos, "delete takes a set, the elements to take out of a set attribute, and %s%s is %s; DynamoDB answers %q. Write instead: %s",
			valueShown(v), boundFrom(v), grammar.TypeWord(v.Type),
			"Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: "+ddbTypeWord(v.Type), fix)
	}
	for _, a := range st.Sets {
		if a == nil {
			continue
		}
		if a.Op != "" {
			for _, o := range []*grammar.Operand{a.Left, a.Right} {
				if o == nil || !typedLiteral(o.Value) || o.Value.Type == grammar.TypeN {
					continue
				}
				v := o.Value
				fix := "a number"
				switch {
				case v.Type == grammar.TypeS && grammar.IsNumberText(v.Text) && v.FromParam != "":
					fix = fmt.Sprintf("the parameter bound as a number: -p %s:=%s", v.FromParam, v.Text)
				case v.Type == grammar.TypeS && grammar.IsNumberText(v.Text):
					fix = "the number without quotes: " + v.Text
				}
				p.Reportf(v.Pos, "%s works on numbers, and %s%s is %s; DynamoDB answers %q. Write instead: %s",
					a.Op, valueShown(v), boundFrom(v), grammar.TypeWord(v.Type),
					"Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: "+a.Op+", operand type: "+string(v.Type), fix)
			}
		}
		eachSetCall(a, func(c *grammar.Call) {
			if len(c.Args) != 2 || c.Args[0] == nil || c.Args[1] == nil {
				return // the arity is function-misuse's
			}
			switch c.Func {
			case "list_append":
				for _, arg := range c.Args {
					v := arg.Value
					if !typedLiteral(v) || v.Type == grammar.TypeL {
						continue
					}
					fix := "the value inside a list: [...]"
					if s := valueShown(v); s != "the value" {
						fix = "[" + s + "]"
					}
					p.Reportf(v.Pos, "list_append joins two lists, and %s%s is %s; DynamoDB answers %q. Write instead: %s",
						valueShown(v), boundFrom(v), grammar.TypeWord(v.Type),
						"Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: "+string(v.Type), fix)
				}
			case "if_not_exists":
				first, second := c.Args[0], c.Args[1]
				if first.Value == nil && (first.Call == nil || first.Call.Func != "if_not_exists") {
					return
				}
				// The arguments swapped, or a value where the path goes.
				fix := fmt.Sprintf("if_not_exists(%s, %s)", pathString(a.Path), exprOperandText(second))
				if second.Path != nil && first.Value != nil {
					fix = fmt.Sprintf("if_not_exists(%s, %s)", pathString(second.Path), exprOperandText(first))
				}
				p.Reportf(first.Pos, "if_not_exists tests an attribute, so its first argument is a path, then comes the value to use when it is missing; DynamoDB answers %q. Write instead: %s",
					"Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists", fix)
			}
		})
	}
}

// eachSetCall calls fn for every function call in a set action's value,
// nested calls included.
func eachSetCall(a *grammar.SetAction, fn func(*grammar.Call)) {
	var walk func(o *grammar.Operand)
	walk = func(o *grammar.Operand) {
		if o == nil || o.Call == nil {
			return
		}
		fn(o.Call)
		for _, arg := range o.Call.Args {
			walk(arg)
		}
	}
	walk(a.Left)
	walk(a.Right)
}

// operandShown writes an operand for a message: its text when short, else
// "the value".
func operandShown(o *grammar.Operand) string {
	if o != nil && o.Value != nil {
		return valueShown(o.Value)
	}
	return exprOperandText(o)
}

// exprOperandText writes an operand back in the DSL, for suggestions.
func exprOperandText(o *grammar.Operand) string {
	switch {
	case o == nil:
		return "..."
	case o.Path != nil:
		return pathString(o.Path)
	case o.Value != nil:
		return literalText(o.Value)
	case o.Call != nil:
		args := make([]string, len(o.Call.Args))
		for i, a := range o.Call.Args {
			args[i] = exprOperandText(a)
		}
		return o.Call.Func + "(" + strings.Join(args, ", ") + ")"
	}
	return "..."
}

// ---------------------------------------------------------------------------
// Values, wherever they stand.

// stmtValues returns every value written at the top of st: in its key, item,
// conditions, start key and update actions, function arguments included.
// walkValue goes inside lists, maps and sets.
func stmtValues(st *grammar.Statement) []*grammar.Value {
	var out []*grammar.Value
	for _, c := range []*grammar.Condition{st.Key, st.Filter, st.If} {
		condValues(c, &out)
	}
	if st.After != nil {
		condValues(st.After.Key, &out)
		if st.After.Map != nil {
			for _, e := range st.After.Map.Entries {
				if e != nil && e.Value != nil {
					out = append(out, e.Value)
				}
			}
		}
	}
	if st.Item != nil {
		out = append(out, st.Item)
	}
	for _, a := range st.Sets {
		if a != nil {
			operandValues(a.Left, &out)
			operandValues(a.Right, &out)
		}
	}
	for _, a := range st.Adds {
		if a != nil && a.Value != nil {
			out = append(out, a.Value)
		}
	}
	for _, a := range st.Deletes {
		if a != nil && a.Value != nil {
			out = append(out, a.Value)
		}
	}
	return out
}

func condValues(c *grammar.Condition, out *[]*grammar.Value) {
	grammar.EachComparison(c, func(cmp *grammar.Comparison) {
		for _, o := range grammar.Operands(cmp) {
			operandValues(o, out)
		}
	})
}

func operandValues(o *grammar.Operand, out *[]*grammar.Value) {
	switch {
	case o == nil:
	case o.Value != nil:
		*out = append(*out, o.Value)
	case o.Call != nil:
		for _, a := range o.Call.Args {
			operandValues(a, out)
		}
	}
}

// walkValue calls fn for v and every value inside it, with how deep below
// v it stands.
func walkValue(v *grammar.Value, depth int, fn func(v *grammar.Value, depth int)) {
	if v == nil {
		return
	}
	fn(v, depth)
	switch {
	case v.List != nil:
		for _, it := range v.List.Items {
			walkValue(it, depth+1, fn)
		}
	case v.Map != nil:
		for _, e := range v.Map.Entries {
			if e != nil {
				walkValue(e.Value, depth+1, fn)
			}
		}
	case v.Set != nil:
		for _, it := range v.Set.Items {
			walkValue(it, depth+1, fn)
		}
	}
}

// eachStmtValue calls fn for every value of st, at every depth.
func eachStmtValue(st *grammar.Statement, fn func(v *grammar.Value)) {
	for _, top := range stmtValues(st) {
		walkValue(top, 0, func(v *grammar.Value, _ int) { fn(v) })
	}
}

// ---------------------------------------------------------------------------
// invalid-set

const (
	msgEmptySS = "One or more parameter values were invalid: An string set  may not be empty"
	msgEmptyNS = "One or more parameter values were invalid: An number set  may not be empty"
	msgEmptyBS = "One or more parameter values were invalid: Binary sets should not be empty"
	msgDupSS   = "One or more parameter values were invalid: Input collection %s contains duplicates."
	msgDupNS   = "Input collection contains duplicates"
	msgDupBS   = "One or more parameter values were invalid: Input collection %sof type BS contains duplicates."
)

var invalidSet = &Rule{
	Name:     "invalid-set",
	Severity: Error,
	Title:    "an empty set, a set of mixed types, or a set with an element twice",
	Why: `DynamoDB's sets are string sets (SS), number sets (NS) and binary sets (BS): at
least one element, all of one type, each once. It refuses an empty set (there is
no empty set: an attribute that would hold one is removed, or left out), and a
set with an element twice. Numbers are the same element when their values are
equal (1 and 1.0), binary values when their bytes are. In a condition's value
DynamoDB wraps the message: "ExpressionAttributeValues contains invalid value:
... for key :v".`,
	DynamoMessage: msgEmptySS + "; " + fmt.Sprintf(msgDupSS, "[a, a]") + "; " + msgDupNS,
	Bad:           `update Tickets key id = "77de" set tags = <<"urgent", "urgent">>`,
	Good:          `update Tickets key id = "77de" set tags = <<"urgent">>`,
	AppliesTo:     "every value: item, key, conditions, set, add and delete values, nested in lists and maps",
	check:         checkInvalidSet,
}

func checkInvalidSet(p *Pass) {
	eachStmtValue(p.Stmt, func(v *grammar.Value) {
		if v.Set != nil {
			checkSetValue(p, v)
		}
	})
}

func checkSetValue(p *Pass, v *grammar.Value) {
	items := v.Set.Items
	typ := grammar.SetType(v.Set)
	if len(items) == 0 {
		msg := msgEmptySS
		switch typ {
		case grammar.TypeNS:
			msg = msgEmptyNS
		case grammar.TypeBS:
			msg = msgEmptyBS
		}
		p.Reportf(v.Pos, "<<>> is an empty set, and DynamoDB has none; it answers %q. Write instead: remove ATTR to empty a set attribute (an item never holds an empty set), leave the value out, or test attribute_not_exists(ATTR)", msg)
		return
	}
	elem := grammar.ValueType(strings.TrimSuffix(string(typ), "S"))
	var first *grammar.Value
	for _, it := range items {
		if it == nil || !typedLiteral(it) || !isScalarSetElem(it.Type) {
			continue
		}
		if first == nil {
			first = it
			continue
		}
		if it.Type != elem {
			p.Reportf(it.Pos, "a set holds elements of one type, and this one starts with %s (%s) but %s%s is %s; DynamoDB has only string (SS), number (NS) and binary (BS) sets. Write instead: every element as %s, or a list [...] for values of several types",
				valueShown(first), grammar.TypeWord(first.Type), valueShown(it), boundFrom(it), grammar.TypeWord(it.Type), grammar.TypeWord(elem))
			return
		}
	}
	seen := map[string]*grammar.Value{}
	reported := map[string]bool{}
	for _, it := range items {
		if it == nil || it.Type != elem {
			continue
		}
		key, ok := setElemKey(it)
		if !ok {
			continue
		}
		prev, dup := seen[key]
		if !dup {
			seen[key] = it
			continue
		}
		if reported[key] {
			continue
		}
		reported[key] = true
		same := ""
		if elem == grammar.TypeN && prev.Text != it.Text {
			same = fmt.Sprintf(" (%s and %s are the same number)", prev.Text, it.Text)
		}
		if elem == grammar.TypeB && prev.Text != it.Text {
			same = fmt.Sprintf(" (%s and %s are the same bytes)", literalText(prev), literalText(it))
		}
		p.Reportf(it.Pos, "%s%s is in this set twice (first at %d:%d)%s; DynamoDB answers %q. Write instead: each element once",
			valueShown(it), boundFrom(it), prev.Pos.Line, prev.Pos.Col, same, dupSetMessage(elem, items))
	}
}

// setElemKey is the same for the elements DynamoDB sees as duplicates.
func setElemKey(v *grammar.Value) (string, bool) {
	switch v.Type {
	case grammar.TypeS:
		return v.Text, true
	case grammar.TypeN:
		d, ok := grammar.ParseDecimal(v.Text)
		return d.Key(), ok
	case grammar.TypeB:
		if b, ok := binaryBytes(v.Text); ok {
			return string(b), true
		}
		return v.Text, true
	}
	return "", false
}

func dupSetMessage(elem grammar.ValueType, items []*grammar.Value) string {
	texts := make([]string, 0, len(items))
	for _, it := range items {
		if it != nil {
			texts = append(texts, it.Text)
		}
	}
	switch elem {
	case grammar.TypeN:
		return msgDupNS
	case grammar.TypeB:
		return fmt.Sprintf(msgDupBS, quoteList(texts))
	}
	return fmt.Sprintf(msgDupSS, quoteList(texts))
}

// binaryBytes decodes a B value's base64 text.
func binaryBytes(text string) ([]byte, bool) {
	b, err := base64.StdEncoding.DecodeString(text)
	return b, err == nil
}

// ---------------------------------------------------------------------------
// number-out-of-range

var numberOutOfRange = &Rule{
	Name:     "number-out-of-range",
	Severity: Error,
	Title:    "a number DynamoDB cannot store: over 38 significant digits, or out of its range",
	Why: `A DynamoDB number has at most 38 significant digits, and its magnitude lies
between 1E-130 and 9.9999999999999999999999999999999999999E+125 (or it is 0).
DynamoDB refuses any other, wherever it stands: in an item, a key, a condition's
value or an update. dynexpr keeps every number's decimal text as written, so it
can tell exactly. Numbers that do not fit are stored as strings.`,
	DynamoMessage: "Attempting to store more than 38 significant digits in a Number; Number overflow. Attempting to store a number with magnitude larger than supported range; Number underflow. Attempting to store a number with magnitude smaller than supported range",
	Bad:           `put Tickets item {id: "77de", ref: 123456789012345678901234567890123456789}`,
	Good:          `put Tickets item {id: "77de", ref: "123456789012345678901234567890123456789"}`,
	AppliesTo:     "every number: item, key, conditions, update values, bound parameters, nested in lists, maps and sets",
	check:         checkNumberOutOfRange,
}

func checkNumberOutOfRange(p *Pass) {
	eachStmtValue(p.Stmt, func(v *grammar.Value) {
		if v.Type != grammar.TypeN {
			return
		}
		msg := grammar.NumberProblem(v.Text)
		if msg == "" {
			return
		}
		shown := v.Text
		if len(shown) > 60 {
			shown = shown[:57] + "..."
		}
		d, ok := grammar.ParseDecimal(v.Text)
		var what, fix string
		switch {
		case !ok:
			what = "is not a number"
			fix = "a decimal number, like 42 or -1.5e3"
		case len(d.Digits) > 38:
			what = fmt.Sprintf("has %d significant digits, and DynamoDB keeps 38", len(d.Digits))
			fix = "round it to 38 significant digits, or store it as a string"
		case d.Exp > 125:
			what = "is out of DynamoDB's range: a number's magnitude goes up to 9.9999999999999999999999999999999999999E+125"
			fix = "store it as a string"
		default:
			what = "is too close to zero for DynamoDB: the smallest magnitude is 1E-130"
			fix = "round it to 0, or store it as a string"
		}
		p.Reportf(v.Pos, "%s%s %s; DynamoDB answers %q. Write instead: %s", shown, boundFrom(v), what, msg, fix)
	})
}

// ---------------------------------------------------------------------------
// expression-limit

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

	msgHashKeySize  = "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes"
	msgRangeKeySize = "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes"
	msgItemSize     = "Item size has exceeded the maximum allowed size"
	msgUpdateSize   = "Item size to update has exceeded the maximum allowed size"
	msgItemNesting  = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"
)

var expressionLimit = &Rule{
	Name:     "expression-limit",
	Severity: Error,
	Title:    "a request over one of DynamoDB's size limits",
	Why: `DynamoDB refuses a request over one of its limits: an expression string over
4096 bytes (counted on the #name and :value placeholders the builder writes); a
document path deeper than 32 levels; more than 300 operators and functions in
one expression; an in with more than 100 values; a partition key value over 2048
bytes or a sort key value over 1024; an item over 400 KB (409600 bytes, names
and values); a value nested more than 32 levels deep. The key sizes need the
schema to know the keys.`,
	DynamoMessage: "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; Invalid FilterExpression: The document path has too many nesting levels; nesting levels: 33; Invalid FilterExpression: The expression contains too many operators; operator count: 301; Invalid FilterExpression: The IN operator is provided with too many operands; number of operands: 101; " + msgHashKeySize + "; " + msgRangeKeySize + "; " + msgItemSize + "; " + msgItemNesting,
	Bad:           `scan Tickets filter attribute_exists(a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff.gg)`,
	Good:          `scan Tickets filter attribute_exists(a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff)`,
	AppliesTo:     "every request; key value sizes with a schema",
	check:         checkExpressionLimit,
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

func exprKindOf(place clausePlace) string {
	switch place {
	case inKey:
		return "KeyCondition"
	case inIf:
		return "Condition"
	}
	return "Filter"
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

// lowerBound is the size of the expression as "Expression sizes" below
// counts it: never more than the builder writes.
func (e builtExpr) lowerBound() int {
	switch {
	case e.cond != nil:
		return condBytes(e.cond)
	case e.upd:
		return updateBytes(e.st)
	}
	return projectionBytes(e.paths)
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
	if p.Table != nil {
		checkKeySizes(p)
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

// Item sizes, as DynamoDB counts them: an attribute is its name's UTF-8
// bytes plus its value's; a string is its UTF-8 bytes, binary its bytes, a
// number about one byte per two significant digits plus one, a boolean or
// null one byte, a list or map 3 bytes plus one per element plus its
// elements (and a map's names), a set its elements. valueBytes never counts
// more than DynamoDB does, so a size over the limit is certain.
func valueBytes(v *grammar.Value) int {
	if v == nil {
		return 0
	}
	switch {
	case v.List != nil:
		n := 3 + len(v.List.Items)
		for _, it := range v.List.Items {
			n += valueBytes(it)
		}
		return n
	case v.Map != nil:
		n := 3 + len(v.Map.Entries)
		for _, e := range v.Map.Entries {
			if e != nil {
				n += len(e.Key) + valueBytes(e.Value)
			}
		}
		return n
	case v.Set != nil:
		n := 0
		for _, it := range v.Set.Items {
			n += valueBytes(it)
		}
		return n
	}
	switch v.Type {
	case grammar.TypeS:
		return len(v.Text)
	case grammar.TypeB:
		b, _ := binaryBytes(v.Text)
		return len(b)
	case grammar.TypeN:
		d, _ := grammar.ParseDecimal(v.Text)
		return 1 + (len(d.Digits)+1)/2
	case grammar.TypeBOOL, grammar.TypeNULL:
		return 1
	}
	return 0
}

func checkItemSize(p *Pass) {
	st := p.Stmt
	switch st.Kind {
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			return
		}
		total := 0
		for _, e := range st.Item.Map.Entries {
			if e == nil {
				continue
			}
			total += len(e.Key) + valueBytes(e.Value)
			if total > maxItemBytes {
				p.Reportf(e.Value.Pos, "with %q the item is at least %d bytes (names and values, as DynamoDB counts them), over its limit of %d (400 KB); DynamoDB answers %q. Write instead: a smaller item: keep large values in S3 and store their keys, or split the item",
					e.Key, total, maxItemBytes, msgItemSize)
				return
			}
		}
	case grammar.KindUpdate:
		// The updated item holds at least its key and every value that a
		// set action writes as it is, when no other action touches its path.
		total := 0
		eachKeyEquality(st.Key, func(attr string, v *grammar.Value) {
			total += len(attr) + valueBytes(v)
		})
		ts := updateTargets(st)
		for _, a := range st.Sets {
			if a == nil || a.Op != "" || a.Left == nil || a.Left.Value == nil || a.Path == nil || len(a.Path.Elems) == 0 {
				continue
			}
			alone := true
			for _, t := range ts {
				if c, _ := clashOf(t.path, a.Path); t.path != a.Path && c != clashNone {
					alone = false
				}
			}
			if !alone {
				continue
			}
			if len(a.Path.Elems) == 1 {
				total += len(topName(a.Path))
			}
			total += valueBytes(a.Left.Value)
			if total > maxItemBytes {
				p.Reportf(a.Left.Value.Pos, "with this value the updated item is at least %d bytes (names and values, as DynamoDB counts them), over its limit of %d (400 KB); DynamoDB answers %q. Write instead: a smaller value: keep large values in S3 and store their keys",
					total, maxItemBytes, msgUpdateSize)
				return
			}
		}
	}
}

// checkKeySizes reports table key values over DynamoDB's limits: 2048 bytes
// for a partition key, 1024 for a sort key.
func checkKeySizes(p *Pass) {
	t, st := p.Table, p.Stmt
	check := func(attr string, v *grammar.Value) {
		if v == nil || !isScalarSetElem(v.Type) {
			return
		}
		limit, role, msg := maxHashKeyBytes, "partition", msgHashKeySize
		switch {
		case slices.Contains(t.Key.Partition, attr):
		case slices.Contains(t.Key.Sort, attr):
			limit, role, msg = maxRangeKeyBytes, "sort", msgRangeKeySize
		default:
			return
		}
		if n := valueBytes(v); n > limit {
			p.Reportf(v.Pos, "the value of %s key %q is %d bytes%s, and DynamoDB allows %d; it answers %q. Write instead: a shorter key, a hash of the value for instance",
				role, attr, n, boundFrom(v), limit, msg)
		}
	}
	switch st.Kind {
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			return
		}
		for _, e := range st.Item.Map.Entries {
			if e != nil {
				check(e.Key, e.Value)
			}
		}
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete:
		eachKeyEquality(st.Key, check)
	}
}

// Expression sizes. DynamoDB limits each expression string to 4096 bytes,
// counted on the string the request carries: placeholders, not the names
// and values they stand for. The builder's placeholders (builder/doc.go)
// are # and the name, each character outside A-Z, a-z, 0-9 and _ made _,
// cut at 255 bytes, and : and the name of the path a value meets. The
// counts below are a lower bound of that string, so a finding is certain:
//   - a name counts 1 (#) plus one byte per character (the builder writes
//     each one as itself or _), at most 255 (suffixes that keep two
//     placeholders apart, _2, only add);
//   - a value counts as its placeholder without a suffix: : and the last
//     name of the path it meets (builder/doc.go), as a name counts, or 2
//     (:v) when it meets none;
//   - list indexes ([2]) and dots, function names with their parentheses and
//     commas, the parentheses and commas of in (...), comparison operators,
//     + and -, and the keywords AND, OR, NOT, BETWEEN, IN, SET, REMOVE, ADD
//     and DELETE count as written;
//   - spaces and the parentheses the builder puts around conditions count
//     nothing (the builder writes them; the count leaves them out), but
//     for one space between two clauses of an update.

// maxBuiltGrowth bounds how much longer the built expression is than the
// lower bound below: each counted byte becomes at most this many. The worst
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

func namePlaceholderBytes(name string) int {
	return min(max(1+utf8.RuneCountInString(name), 2), 255)
}

// valuePlaceholderBytes is the size of the placeholder of a value named
// after hint (builder.ComparisonHint, builder.LastName; "" gives :v).
func valuePlaceholderBytes(hint string) int {
	return namePlaceholderBytes(hint)
}

func pathBytes(p *grammar.Path) int {
	if p == nil {
		return 0
	}
	n := 0
	for i, e := range p.Elems {
		if e.IsIndex {
			n += 2 + len(strconv.Itoa(e.Index))
			continue
		}
		if i > 0 {
			n++
		}
		n += namePlaceholderBytes(e.Name)
	}
	return n
}

func operandBytes(o *grammar.Operand, hint string) int {
	switch {
	case o == nil:
		return 0
	case o.Path != nil:
		return pathBytes(o.Path)
	case o.Value != nil:
		return valuePlaceholderBytes(hint)
	case o.Call != nil:
		n := len(o.Call.Func) + 2 + max(len(o.Call.Args)-1, 0)
		for _, a := range o.Call.Args {
			n += operandBytes(a, hint)
		}
		return n
	}
	return 0
}

func condBytes(c *grammar.Condition) int {
	if c == nil {
		return 0
	}
	n := len("OR") * max(len(c.Or)-1, 0)
	for _, a := range c.Or {
		if a == nil {
			continue
		}
		n += len("AND") * max(len(a.And)-1, 0)
		for _, x := range a.And {
			n += notBytes(x)
		}
	}
	return n
}

func notBytes(x *grammar.NotCondition) int {
	switch {
	case x == nil:
		return 0
	case x.Not != nil:
		return len("NOT") + notBytes(x.Not)
	case x.Group != nil:
		return condBytes(x.Group)
	case x.Compare != nil:
		c := x.Compare
		hint := builder.ComparisonHint(c)
		n := operandBytes(c.Left, hint)
		switch {
		case c.Op != "":
			n += len(c.Op) + operandBytes(c.Right, hint)
		case c.Low != nil:
			n += len("BETWEEN") + operandBytes(c.Low, hint) + len("AND") + operandBytes(c.High, hint)
		case len(c.In) > 0:
			n += len("IN") + 2 + len(c.In) - 1
			for _, o := range c.In {
				n += operandBytes(o, hint)
			}
		}
		return n
	}
	return 0
}

func updateBytes(st *grammar.Statement) int {
	n, clauses := 0, 0
	clause := func(keyword string, actions int) {
		if actions == 0 {
			return
		}
		if clauses > 0 {
			n++
		}
		clauses++
		n += len(keyword) + actions - 1
	}
	clause("SET", len(st.Sets))
	clause("REMOVE", len(st.Removes))
	clause("ADD", len(st.Adds))
	clause("DELETE", len(st.Deletes))
	for _, a := range st.Sets {
		if a != nil {
			hint := builder.LastName(a.Path)
			n += pathBytes(a.Path) + 1 + operandBytes(a.Left, hint) + len(a.Op) + operandBytes(a.Right, hint)
		}
	}
	for _, path := range st.Removes {
		n += pathBytes(path)
	}
	for _, a := range st.Adds {
		if a != nil {
			n += pathBytes(a.Path) + valuePlaceholderBytes(builder.LastName(a.Path))
		}
	}
	for _, a := range st.Deletes {
		if a != nil {
			n += pathBytes(a.Path) + valuePlaceholderBytes(builder.LastName(a.Path))
		}
	}
	return n
}

func projectionBytes(paths []*grammar.Path) int {
	n := max(len(paths)-1, 0)
	for _, path := range paths {
		n += pathBytes(path)
	}
	return n
}

// Operator counts, as DynamoDB counts them: every comparison, between, in,
// and, or, not, function call, + and -. Parentheses and set, remove, add and
// delete actions are not operators.

func condOps(c *grammar.Condition) int {
	if c == nil {
		return 0
	}
	n := max(len(c.Or)-1, 0)
	for _, a := range c.Or {
		if a == nil {
			continue
		}
		n += max(len(a.And)-1, 0)
		for _, x := range a.And {
			n += notOps(x)
		}
	}
	return n
}

func notOps(x *grammar.NotCondition) int {
	switch {
	case x == nil:
		return 0
	case x.Not != nil:
		return 1 + notOps(x.Not)
	case x.Group != nil:
		return condOps(x.Group)
	case x.Compare != nil:
		c := x.Compare
		n := 0
		if c.Op != "" || c.Low != nil || len(c.In) > 0 {
			n++
		}
		for _, o := range grammar.Operands(c) {
			n += operandOps(o)
		}
		return n
	}
	return 0
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

// ---------------------------------------------------------------------------
// function-misuse

// conditionFuncs are the functions of conditions, with their number of
// arguments; updateFuncs those of set values. DynamoDB's function names are
// case-sensitive.
var (
	conditionFuncs = map[string]int{
		"attribute_exists": 1, "attribute_not_exists": 1, "attribute_type": 2,
		"begins_with": 2, "contains": 2, "size": 1,
	}
	conditionFuncNames = []string{"attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size"}
	updateFuncs        = map[string]int{"if_not_exists": 2, "list_append": 2}
	updateFuncNames    = []string{"if_not_exists", "list_append"}
	// attributeTypeNames are the type names attribute_type takes, in the
	// order DynamoDB's message lists them.
	attributeTypeNames = []string{"B", "NULL", "SS", "BOOL", "L", "BS", "N", "NS", "S", "M"}
)

const (
	msgInvalidFunction = "Invalid function name; function: %s"
	msgFunctionContext = "The function is not allowed to be used this way in an expression; function: %s"
	msgUpdateFunction  = "The function is not allowed in an update expression; function: %s"
	msgArity           = "Incorrect number of operands for operator or function; operator or function: %s, number of operands: %d"
	msgOperandType     = "Incorrect operand type for operator or function; operator or function: %s, operand type: %s"
	msgNeedsPath       = "Operator or function requires a document path; operator or function: %s"
	msgRepeatedPath    = "The first operand must be distinct from the remaining operands for this operator or function; operator: %s, first operand: %s"
	msgBetweenOrder    = "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: %s, upper bound operand: %s"
	msgBetweenTypes    = "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: %s, upper bound operand: %s"
)

var functionMisuse = &Rule{
	Name:     "function-misuse",
	Severity: Error,
	Title:    "a function, comparison or between that DynamoDB refuses as written",
	Why: `DynamoDB checks every function and comparison of an expression before it reads
anything. Conditions have attribute_exists, attribute_not_exists, attribute_type,
begins_with, contains and size; set values have if_not_exists and list_append
(the DSL takes them in any case and writes them as DynamoDB wants; in request
JSON they are case-sensitive: Begins_With is unknown). Each function takes a fixed
number of arguments: attribute_exists, attribute_not_exists and size one, the
others two. attribute_exists and attribute_not_exists test a path, not a value;
begins_with compares strings or binary; size measures a string, binary, set,
list or map; attribute_type takes one of the type names S SS N NS B BS BOOL NULL
L M as a string. size is a number to compare (size(a) > 3), not a condition,
and the other condition functions are conditions, not values to compare. A test
needs an operator: a path alone is not a condition. < <= > >= and between order
numbers, strings and binary only. The same path on both sides of a comparison
is refused, and so are between bounds of two types, or in the wrong order.`,
	DynamoMessage: "Invalid FilterExpression: Invalid function name; function: starts_with; Invalid FilterExpression: Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: 1; Invalid FilterExpression: The function is not allowed to be used this way in an expression; function: attribute_exists; Invalid FilterExpression: " + fmt.Sprintf(msgBetweenOrder, "AttributeValue: {N:9}", "AttributeValue: {N:1}"),
	Bad:           `scan Tickets filter starts_with(subject, "printer")`,
	Good:          `scan Tickets filter begins_with(subject, "printer")`,
	AppliesTo:     "conditions (query key, filter, if) and set values",
	check:         checkFunctionMisuse,
}

// funcCheck checks the functions and comparisons of one expression.
type funcCheck struct {
	p      *Pass
	prefix string // "Invalid FilterExpression: "
}

func checkFunctionMisuse(p *Pass) {
	for _, pc := range conditions(p.Stmt) {
		fc := funcCheck{p: p, prefix: "Invalid " + exprKindOf(pc.place) + "Expression: "}
		grammar.EachComparison(pc.cond, fc.comparison)
	}
	fc := funcCheck{p: p, prefix: "Invalid UpdateExpression: "}
	for _, a := range p.Stmt.Sets {
		if a == nil {
			continue
		}
		// The operands of + and - stand inside an operator.
		nested := a.Op != ""
		fc.updateOperand(a.Left, nested, a.Op)
		fc.updateOperand(a.Right, nested, a.Op)
	}
}

// reportFix reports what is wrong, DynamoDB's answer and what to write.
func (fc funcCheck) reportFix(at diag.Pos, what, dyn, fix string) {
	fc.p.Reportf(at, "%s; DynamoDB answers %q. Write instead: %s", what, fc.prefix+dyn, fix)
}

// operatorName is how DynamoDB names a comparison's operator.
func operatorName(c *grammar.Comparison) string {
	switch {
	case c.Op != "":
		return c.Op
	case c.Low != nil:
		return "BETWEEN"
	}
	return "IN"
}

func (fc funcCheck) comparison(c *grammar.Comparison) {
	if c == nil || c.Left == nil {
		return
	}
	if c.Op == "" && c.Low == nil && len(c.In) == 0 {
		fc.bare(c.Left)
		return
	}
	ops := grammar.Operands(c)
	for _, o := range ops {
		if o != nil && o.Call != nil && !fc.call(o.Call, true) {
			return
		}
	}
	op := operatorName(c)
	if op != "=" && op != "<>" && op != "IN" {
		// < <= > >= and BETWEEN order numbers, strings and binary.
		for _, o := range ops {
			t := operandType(o)
			if t == "" || isScalarSetElem(t) {
				continue
			}
			fc.reportFix(o.Pos, fmt.Sprintf("%s orders numbers, strings and binary, and %s is %s", strings.ToLower(op), operandShown(o), grammar.TypeWord(t)),
				fmt.Sprintf(msgOperandType, op, t), "compare it with = or <>")
			return
		}
	}
	if c.Left.Path != nil {
		for _, o := range ops[1:] {
			if o == nil || o.Path == nil {
				continue
			}
			if same, _ := clashOf(c.Left.Path, o.Path); same == clashSame {
				fc.reportFix(o.Pos, fmt.Sprintf("%s stands on both sides of %s, which DynamoDB refuses", pathString(o.Path), strings.ToLower(op)),
					fmt.Sprintf(msgRepeatedPath, op, ddbPath(c.Left.Path)), "compare "+pathString(o.Path)+" with a value, or with another attribute")
				return
			}
		}
	}
	if c.Low != nil && c.High != nil {
		fc.between(c)
	}
}

// bare reports an operand standing alone as a condition.
func (fc funcCheck) bare(o *grammar.Operand) {
	switch {
	case o.Call != nil:
		fc.call(o.Call, false)
	case o.Path != nil:
		fc.reportFix(o.Pos, fmt.Sprintf("a condition needs a test, and %s alone is not one", pathString(o.Path)),
			"Syntax error", fmt.Sprintf("attribute_exists(%s), or a comparison: %s = VALUE", pathString(o.Path), pathString(o.Path)))
	case o.Value != nil:
		fc.reportFix(o.Pos, fmt.Sprintf("a condition needs a test, and the value %s alone is not one", valueShown(o.Value)),
			"Syntax error", fmt.Sprintf("a comparison of an attribute with it: ATTR = %s", valueShown(o.Value)))
	}
}

// operandType is the type an operand has before the item is read: a value's
// type, N for size(...), or "" when only the item can tell.
func operandType(o *grammar.Operand) grammar.ValueType {
	switch {
	case o == nil:
	case o.Value != nil && typedLiteral(o.Value):
		return o.Value.Type
	case o.Call != nil && o.Call.Func == "size":
		return grammar.TypeN
	}
	return ""
}

// call checks a function call of a condition; nested is true where it is an
// operand (of a comparison or of another function), false where it stands
// as a condition. It reports whether the call is well-formed.
func (fc funcCheck) call(c *grammar.Call, nested bool) bool {
	name := c.Func
	want, known := conditionFuncs[name]
	if !known {
		fc.reportFix(c.Pos, fmt.Sprintf("%s is not a function of conditions", name),
			fmt.Sprintf(msgInvalidFunction, name), funcHint(name, false))
		return false
	}
	switch {
	case !nested && name == "size":
		fc.reportFix(c.Pos, fmt.Sprintf("%s is a number, not a condition", exprOperandText(&grammar.Operand{Call: c})),
			fmt.Sprintf(msgFunctionContext, name), fmt.Sprintf("a comparison: %s > 0", exprOperandText(&grammar.Operand{Call: c})))
		return false
	case nested && name != "size":
		fc.reportFix(c.Pos, fmt.Sprintf("%s is a condition, not a value to compare or pass on", exprOperandText(&grammar.Operand{Call: c})),
			fmt.Sprintf(msgFunctionContext, name), fmt.Sprintf("the condition alone, %s, or negated with not", exprOperandText(&grammar.Operand{Call: c})))
		return false
	}
	if len(c.Args) != want {
		fc.reportFix(c.Pos, fmt.Sprintf("%s takes %d argument%s, not %d", name, want, pluralS(want), len(c.Args)),
			fmt.Sprintf(msgArity, name, len(c.Args)), funcUsage(name))
		return false
	}
	for _, a := range c.Args {
		if a == nil {
			return false
		}
		if a.Call != nil && !fc.call(a.Call, true) {
			return false
		}
	}
	switch name {
	case "attribute_exists", "attribute_not_exists":
		if a := c.Args[0]; a.Path == nil {
			fix := name + "(ATTR)"
			if v := a.Value; v != nil && v.Type == grammar.TypeS && v.Text != "" {
				fix = name + "(" + nameString(v.Text) + ")"
			}
			fc.reportFix(a.Pos, fmt.Sprintf("%s tests an attribute, so it takes a path, not %s", name, exprOperandText(a)),
				fmt.Sprintf(msgNeedsPath, name), fix)
			return false
		}
	case "attribute_type":
		a := c.Args[1]
		v := a.Value
		switch {
		case v == nil:
			// A bare N or SS is a path to DynamoDB and to the DSL: the user
			// meant the type name, so suggest it quoted.
			want := "S"
			if a.Path != nil && len(a.Path.Elems) == 1 && slices.Contains(attributeTypeNames, a.Path.Elems[0].Name) {
				want = a.Path.Elems[0].Name
			}
			fc.reportFix(a.Pos, fmt.Sprintf("attribute_type takes the type name as a string, like \"S\", not %s", exprOperandText(a)),
				"Incorrect operand type for operator or function; operator or function: attribute_type", attributeTypeFix(c, want))
			return false
		case !typedLiteral(v):
		case v.Type != grammar.TypeS:
			fc.reportFix(a.Pos, fmt.Sprintf("attribute_type takes the type name as a string, like \"S\", and %s is %s", valueShown(v), grammar.TypeWord(v.Type)),
				fmt.Sprintf(msgOperandType, "attribute_type", v.Type), attributeTypeFix(c, "S"))
			return false
		case !slices.Contains(attributeTypeNames, v.Text):
			fix := "one of " + strings.Join([]string{"S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M"}, ", ")
			if t := typeNameFor(v.Text); t != "" {
				fix = attributeTypeFix(c, t)
			}
			fc.reportFix(a.Pos, fmt.Sprintf("%q is not a DynamoDB type name", v.Text),
				fmt.Sprintf("Invalid attribute type name found; type: %s, valid types: {%s}", v.Text, strings.Join(attributeTypeNames, ",")), fix)
			return false
		}
	case "begins_with":
		for _, a := range c.Args {
			if t := operandType(a); t != "" && t != grammar.TypeS && t != grammar.TypeB {
				fix := "a string prefix"
				if a.Value != nil && a.Value.Type == grammar.TypeN {
					fix = strconv.Quote(a.Value.Text) + " (begins_with compares text; a number attribute has no prefix)"
				}
				fc.reportFix(a.Pos, fmt.Sprintf("begins_with compares strings or binary, and %s is %s", exprOperandText(a), grammar.TypeWord(t)),
					fmt.Sprintf(msgOperandType, "begins_with", t), fix)
				return false
			}
		}
	case "size":
		a := c.Args[0]
		if t := operandType(a); t == grammar.TypeN || t == grammar.TypeBOOL || t == grammar.TypeNULL {
			fc.reportFix(a.Pos, fmt.Sprintf("size measures a string, binary, set, list or map, and %s is %s", exprOperandText(a), grammar.TypeWord(t)),
				fmt.Sprintf(msgOperandType, "size", t), "size(ATTR), the attribute to measure")
			return false
		}
	}
	if want == 2 {
		if first, second := c.Args[0].Path, c.Args[1].Path; first != nil && second != nil {
			if same, _ := clashOf(first, second); same == clashSame {
				fc.reportFix(c.Args[1].Pos, fmt.Sprintf("%s stands as both arguments of %s, which DynamoDB refuses", pathString(second), name),
					fmt.Sprintf(msgRepeatedPath, name, ddbPath(first)), "a value, or another attribute, as the second argument")
				return false
			}
		}
	}
	return true
}

// between checks literal bounds: one type, the lower first.
func (fc funcCheck) between(c *grammar.Comparison) {
	lo, hi := c.Low.Value, c.High.Value
	if !typedLiteral(lo) || !typedLiteral(hi) || !isScalarSetElem(lo.Type) || !isScalarSetElem(hi.Type) {
		return
	}
	subject := exprOperandText(c.Left)
	if lo.Type != hi.Type {
		fc.reportFix(c.Low.Pos, fmt.Sprintf("the bounds of between are %s (%s) and %s (%s); DynamoDB compares within one type", valueShown(lo), grammar.TypeWord(lo.Type), valueShown(hi), grammar.TypeWord(hi.Type)),
			fmt.Sprintf(msgBetweenTypes, avText(lo), avText(hi)), "both bounds of the attribute's type")
		return
	}
	if compareScalars(lo, hi) > 0 {
		fc.reportFix(c.Low.Pos, fmt.Sprintf("between takes the lower bound first, and %s is greater than %s", valueShown(lo), valueShown(hi)),
			fmt.Sprintf(msgBetweenOrder, avText(lo), avText(hi)), fmt.Sprintf("%s between %s and %s", subject, valueInFix(hi), valueInFix(lo)))
	}
}

// avText writes a value as DynamoDB's BETWEEN messages do: AttributeValue: {N:9}.
func avText(v *grammar.Value) string {
	return "AttributeValue: {" + string(v.Type) + ":" + v.Text + "}"
}

// compareScalars orders two values of one type as DynamoDB does: numbers by
// value, strings by their UTF-8 bytes, binary by its bytes.
func compareScalars(a, b *grammar.Value) int {
	switch a.Type {
	case grammar.TypeN:
		x, ok1 := grammar.ParseDecimal(a.Text)
		y, ok2 := grammar.ParseDecimal(b.Text)
		if !ok1 || !ok2 {
			return 0
		}
		return x.Cmp(y)
	case grammar.TypeB:
		x, ok1 := binaryBytes(a.Text)
		y, ok2 := binaryBytes(b.Text)
		if !ok1 || !ok2 {
			return 0
		}
		return bytes.Compare(x, y)
	}
	return strings.Compare(a.Text, b.Text)
}

// updateOperand checks a function call in a set value; nested is true
// inside + or - or another function.
func (fc funcCheck) updateOperand(o *grammar.Operand, nested bool, op string) {
	if o == nil || o.Call == nil {
		return
	}
	c := o.Call
	name := c.Func
	want, known := updateFuncs[name]
	switch {
	case !known && conditionFuncs[name] > 0:
		fc.reportFix(c.Pos, fmt.Sprintf("%s is a function of conditions, and a set value cannot use it", name),
			fmt.Sprintf(msgUpdateFunction, name), "if_not_exists or list_append in set; a test goes in the update's if")
		return
	case !known:
		fc.reportFix(c.Pos, fmt.Sprintf("%s is not a function of set values", name),
			fmt.Sprintf(msgInvalidFunction, name), funcHint(name, true))
		return
	case nested && name != "if_not_exists":
		where := "inside another function"
		if op != "" {
			where = "as an operand of " + op
		}
		fc.reportFix(c.Pos, fmt.Sprintf("%s cannot stand %s: only if_not_exists may", name, where),
			fmt.Sprintf(msgFunctionContext, name), "list_append at the top of the value: set a = list_append(if_not_exists(a, []), [...])")
		return
	case len(c.Args) != want:
		fc.reportFix(c.Pos, fmt.Sprintf("%s takes %d arguments, not %d", name, want, len(c.Args)),
			fmt.Sprintf(msgArity, name, len(c.Args)), funcUsage(name))
		return
	}
	for _, a := range c.Args {
		fc.updateOperand(a, true, "")
	}
	if name == "if_not_exists" && c.Args[0] != nil && c.Args[1] != nil && c.Args[0].Path != nil && c.Args[1].Path != nil {
		if same, _ := clashOf(c.Args[0].Path, c.Args[1].Path); same == clashSame {
			fc.reportFix(c.Args[1].Pos, fmt.Sprintf("%s stands as both arguments of if_not_exists, which DynamoDB refuses", pathString(c.Args[1].Path)),
				fmt.Sprintf(msgRepeatedPath, name, ddbPath(c.Args[0].Path)), "the value to use when the attribute is missing as the second argument")
		}
	}
}

// funcHint says what to write for an unknown function name.
func funcHint(name string, update bool) string {
	valid, other, where := conditionFuncNames, updateFuncNames, "conditions"
	if update {
		valid, other, where = updateFuncNames, conditionFuncNames, "set values"
	}
	for _, v := range valid {
		if strings.EqualFold(v, name) {
			return v + " (DynamoDB's function names are case-sensitive)"
		}
	}
	for _, v := range other {
		if strings.EqualFold(v, name) {
			if update {
				return "a set value computes with if_not_exists or list_append; " + v + " tests, in the update's if"
			}
			return "a condition tests with " + strings.Join(conditionFuncNames, ", ") + "; " + v + " computes a value in an update's set"
		}
	}
	if s := funcAliases[strings.ToLower(name)]; s != "" && slices.Contains(valid, s) {
		return s
	}
	if s := schema.Suggest(name, valid); s != "" {
		return s
	}
	return "one of the functions of " + where + ": " + strings.Join(valid, ", ")
}

// funcAliases are other languages' names for DynamoDB's functions.
var funcAliases = map[string]string{
	"starts_with": "begins_with", "startswith": "begins_with", "begins": "begins_with", "prefix": "begins_with",
	"exists": "attribute_exists", "not_exists": "attribute_not_exists", "type": "attribute_type", "typeof": "attribute_type",
	"includes": "contains", "has": "contains", "length": "size", "len": "size", "count": "size",
	"append": "list_append", "coalesce": "if_not_exists", "ifnull": "if_not_exists", "default": "if_not_exists",
}

// funcUsage shows how a function is called.
func funcUsage(name string) string {
	switch name {
	case "attribute_exists", "attribute_not_exists":
		return name + "(ATTR)"
	case "attribute_type":
		return `attribute_type(ATTR, "S")`
	case "begins_with":
		return `begins_with(ATTR, "prefix")`
	case "contains":
		return `contains(ATTR, VALUE)`
	case "size":
		return "size(ATTR) > N"
	case "if_not_exists":
		return "if_not_exists(ATTR, VALUE)"
	case "list_append":
		return "list_append(ATTR, [VALUE, ...])"
	}
	return name + "(...)"
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// typeNameFor reads a type name written another way: STRING, s, number.
func typeNameFor(s string) string {
	switch strings.ToUpper(s) {
	case "S", "STRING":
		return "S"
	case "N", "NUMBER":
		return "N"
	case "B", "BINARY":
		return "B"
	case "BOOL", "BOOLEAN":
		return "BOOL"
	case "NULL":
		return "NULL"
	case "L", "LIST":
		return "L"
	case "M", "MAP":
		return "M"
	case "SS", "STRING_SET", "STRINGSET":
		return "SS"
	case "NS", "NUMBER_SET", "NUMBERSET":
		return "NS"
	case "BS", "BINARY_SET", "BINARYSET":
		return "BS"
	}
	return ""
}

func attributeTypeFix(c *grammar.Call, t string) string {
	attr := "ATTR"
	if len(c.Args) > 0 {
		attr = exprOperandText(c.Args[0])
	}
	return fmt.Sprintf("attribute_type(%s, %q)", attr, t)
}
