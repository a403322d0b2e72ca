package builder

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/dynexpr/dynexpr/grammar"
)

// sdkOracle builds a statement's expressions the way the builder did before
// it wrote them itself: with the AWS SDK's expression package over
// types.AttributeValue. The SDK gets stand-ins (a name's id in decimal, a
// value's AttributeValue pointer, or a sentinel string where it takes a Go
// string), and its numbered placeholders (#0, :0) are then replaced by the
// builder's readable ones. It is the spec of the expressions' spelling (the
// SDK's parentheses, spacing, clause order, function names), as the
// participle grammar is the parser's, and the differential tests
// (sdk_diff_test.go) hold Build to it.
//
// It runs only on statements Build accepts, so it checks nothing of the
// statement itself: a shape it cannot build is an error the test reports.
type sdkOracle struct {
	names  []string
	nameID map[string]int
	vals   []sdkValue
	valID  map[types.AttributeValue]int
	// exprs are the SDK builders of the statement's expressions.
	exprs          expression.Builder
	any            bool
	keyAsCondition bool
}

type sdkValue struct {
	av   types.AttributeValue
	hint string
	// operand, when set, is a path or size(path) where the SDK takes only a
	// value (the second argument of begins_with or contains): the SDK gets
	// a sentinel, and its placeholder is replaced by the operand's text.
	operand *grammar.Operand
}

// sdkResult is what the oracle builds: the expressions and their
// placeholder maps, as a Request holds them.
type sdkResult struct {
	KeyCondition, Filter, Condition, Projection, Update string
	Names                                               map[string]string
	Values                                              map[string]types.AttributeValue
}

// sdkSentinel starts the text of a stand-in value the SDK takes as a Go
// string (begins_with, attribute_type); its id follows.
const sdkSentinel = "\x00dynexpr-value\x00"

var errOracle = errors.New("the SDK oracle cannot build this statement")

// sdkBuild builds the expressions of st with the SDK.
func sdkBuild(st *grammar.Statement) (res sdkResult, err error) {
	o := &sdkOracle{nameID: map[string]int{}, valID: map[types.AttributeValue]int{}}
	defer func() {
		// A shape the oracle does not expect (it trusts Build's checks)
		// may index past an argument list: that is a test failure, not a
		// crash of the test binary.
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", errOracle, r)
		}
	}()
	o.statement(st)
	if !o.any {
		return sdkResult{}, nil
	}
	x, err := o.exprs.Build()
	if err != nil {
		return sdkResult{}, err
	}
	return o.rename(x)
}

func (o *sdkOracle) statement(st *grammar.Statement) {
	switch st.Kind {
	case grammar.KindQuery:
		o.keyCondition(st.Key)
		o.filter(st.Filter)
		o.projection(st.Select)
	case grammar.KindScan:
		o.filter(st.Filter)
		o.projection(st.Select)
	case grammar.KindGet:
		o.projection(st.Select)
	case grammar.KindPut, grammar.KindDelete, grammar.KindCheck:
		o.ifCondition(st.If)
	case grammar.KindUpdate:
		o.updateActions(st)
		o.ifCondition(st.If)
	}
}

func (o *sdkOracle) filter(c *grammar.Condition) {
	if c != nil {
		o.exprs, o.any = o.exprs.WithFilter(o.condition(c)), true
	}
}

func (o *sdkOracle) ifCondition(c *grammar.Condition) {
	if c != nil {
		o.exprs, o.any = o.exprs.WithCondition(o.condition(c)), true
	}
}

func (o *sdkOracle) projection(sel *grammar.Projection) {
	if sel == nil || len(sel.Paths) == 0 {
		return
	}
	names := make([]expression.NameBuilder, len(sel.Paths))
	for i, p := range sel.Paths {
		names[i] = o.name(p)
	}
	o.exprs, o.any = o.exprs.WithProjection(expression.NamesList(names[0], names[1:]...)), true
}

func (o *sdkOracle) nameStandIn(name string) string {
	id, ok := o.nameID[name]
	if !ok {
		id = len(o.names)
		o.names = append(o.names, name)
		o.nameID[name] = id
	}
	return strconv.Itoa(id)
}

// name builds a path element by element, so that a name with a dot stays
// one name and a list index stays an index.
func (o *sdkOracle) name(p *grammar.Path) expression.NameBuilder {
	nb := expression.NameNoDotSplit(o.nameStandIn(p.Elems[0].Name))
	for _, e := range p.Elems[1:] {
		if e.IsIndex {
			nb = nb.AppendName(expression.NameNoDotSplit("[" + strconv.Itoa(e.Index) + "]"))
		} else {
			nb = nb.AppendName(expression.NameNoDotSplit(o.nameStandIn(e.Name)))
		}
	}
	return nb
}

// exprAV registers a value; the SDK uses an AttributeValue as is and hands
// the pointer back in Values(), where it is found by identity.
func (o *sdkOracle) exprAV(v *grammar.Value, hint string) types.AttributeValue {
	av := sdkLiteral(v)
	o.valID[av] = len(o.vals)
	o.vals = append(o.vals, sdkValue{av: av, hint: hint})
	return av
}

func (o *sdkOracle) value(v *grammar.Value, hint string) expression.ValueBuilder {
	return expression.Value(o.exprAV(v, hint))
}

// sentinel registers a value the SDK takes as a Go string.
func (o *sdkOracle) sentinel(v sdkValue) string {
	id := len(o.vals)
	o.vals = append(o.vals, v)
	return sdkSentinel + strconv.Itoa(id)
}

func (o *sdkOracle) keyCondition(c *grammar.Condition) {
	parts, ok := keyParts(c)
	if !ok {
		o.keyAsCondition = true
		o.exprs, o.any = o.exprs.WithCondition(o.condition(c)), true
		return
	}
	kcs := make([]expression.KeyConditionBuilder, len(parts))
	for i, p := range parts {
		kcs[i] = o.keyPart(p)
	}
	k := kcs[0]
	if len(kcs) > 1 {
		k = expression.KeyAnd(kcs...)
	}
	o.exprs, o.any = o.exprs.WithKeyCondition(k), true
}

func (o *sdkOracle) keyPart(p keyPart) expression.KeyConditionBuilder {
	k := expression.Key(o.nameStandIn(p.name))
	switch p.op {
	case "=":
		return k.Equal(o.value(p.vals[0], p.name))
	case "<":
		return k.LessThan(o.value(p.vals[0], p.name))
	case "<=":
		return k.LessThanEqual(o.value(p.vals[0], p.name))
	case ">":
		return k.GreaterThan(o.value(p.vals[0], p.name))
	case ">=":
		return k.GreaterThanEqual(o.value(p.vals[0], p.name))
	case "between":
		return k.Between(o.value(p.vals[0], p.name), o.value(p.vals[1], p.name))
	}
	return k.BeginsWith(o.sentinel(sdkValue{av: sdkLiteral(p.vals[0]), hint: p.name}))
}

func (o *sdkOracle) condition(c *grammar.Condition) expression.ConditionBuilder {
	ors := make([]expression.ConditionBuilder, len(c.Or))
	for i, a := range c.Or {
		ands := make([]expression.ConditionBuilder, len(a.And))
		for j, n := range a.And {
			ands[j] = o.not(n)
		}
		ors[i] = ands[0]
		if len(ands) > 1 {
			ors[i] = expression.And(ands[0], ands[1], ands[2:]...)
		}
	}
	if len(ors) == 1 {
		return ors[0]
	}
	return expression.Or(ors[0], ors[1], ors[2:]...)
}

func (o *sdkOracle) not(n *grammar.NotCondition) expression.ConditionBuilder {
	switch {
	case n.Not != nil:
		return expression.Not(o.not(n.Not))
	case n.Group != nil:
		return o.condition(n.Group)
	}
	return o.comparison(n.Compare)
}

func (o *sdkOracle) comparison(c *grammar.Comparison) expression.ConditionBuilder {
	hint := ComparisonHint(c)
	switch {
	case c.Op != "":
		l, r := o.operand(c.Left, hint), o.operand(c.Right, hint)
		return map[string]func(l, r expression.OperandBuilder) expression.ConditionBuilder{
			"=": expression.Equal, "<>": expression.NotEqual, "<": expression.LessThan,
			"<=": expression.LessThanEqual, ">": expression.GreaterThan, ">=": expression.GreaterThanEqual,
		}[c.Op](l, r)
	case c.Low != nil:
		return expression.Between(o.operand(c.Left, hint), o.operand(c.Low, hint), o.operand(c.High, hint))
	case len(c.In) > 0:
		left := o.operand(c.Left, hint)
		list := make([]expression.OperandBuilder, len(c.In))
		for i, x := range c.In {
			list[i] = o.operand(x, hint)
		}
		return expression.In(left, list[0], list[1:]...)
	}
	return o.function(c.Left.Call, operandHint(c.Left))
}

// operand is a path, a value or size(path).
func (o *sdkOracle) operand(x *grammar.Operand, hint string) expression.OperandBuilder {
	switch {
	case x.Path != nil:
		return o.name(x.Path)
	case x.Value != nil:
		return o.value(x.Value, hint)
	}
	return o.name(x.Call.Args[0].Path).Size()
}

// function is a condition function standing alone as a condition.
func (o *sdkOracle) function(call *grammar.Call, hint string) expression.ConditionBuilder {
	p := o.name(call.Args[0].Path)
	switch fn(call) {
	case "attribute_exists":
		return expression.AttributeExists(p)
	case "attribute_not_exists":
		return expression.AttributeNotExists(p)
	case "attribute_type":
		return expression.AttributeType(p, expression.DynamoDBAttributeType(o.typeArg(call.Args[1], hint)))
	case "begins_with":
		if arg := call.Args[1]; arg.Path != nil {
			return expression.BeginsWith(p, o.operandStandIn(arg))
		}
		return expression.BeginsWith(p, o.sentinel(sdkValue{av: sdkLiteral(call.Args[1].Value), hint: hint}))
	case "contains":
		if arg := call.Args[1]; arg.Path != nil || isSizeOfPath(arg) {
			return expression.Contains(p, o.operandStandIn(arg))
		}
		return expression.Contains(p, o.exprAV(call.Args[1].Value, hint))
	}
	panic("condition function " + call.Func)
}

// typeArg is the sentinel for the type argument of attribute_type.
func (o *sdkOracle) typeArg(a *grammar.Operand, hint string) string {
	var av types.AttributeValue
	switch {
	case a.Path != nil:
		av = &types.AttributeValueMemberS{Value: strings.ToUpper(a.Path.Elems[0].Name)}
	case a.Value.Type == grammar.TypeNULL:
		av = &types.AttributeValueMemberS{Value: "NULL"}
	default:
		av = sdkLiteral(a.Value)
	}
	return o.sentinel(sdkValue{av: av, hint: hint})
}

// operandStandIn registers a path or size(path) where the SDK takes a
// value; its names get their stand-ins now, in the order met.
func (o *sdkOracle) operandStandIn(x *grammar.Operand) string {
	p := x.Path
	if p == nil {
		p = x.Call.Args[0].Path
	}
	o.name(p)
	return o.sentinel(sdkValue{operand: x})
}

func (o *sdkOracle) updateActions(st *grammar.Statement) {
	var u expression.UpdateBuilder
	for _, a := range st.Sets {
		u = u.Set(o.name(a.Path), o.setValue(a))
	}
	for _, p := range st.Removes {
		u = u.Remove(o.name(p))
	}
	for _, a := range st.Adds {
		u = u.Add(o.name(a.Path), o.value(a.Value, LastName(a.Path)))
	}
	for _, a := range st.Deletes {
		u = u.Delete(o.name(a.Path), o.value(a.Value, LastName(a.Path)))
	}
	o.exprs, o.any = o.exprs.WithUpdate(u), true
}

func (o *sdkOracle) setValue(a *grammar.SetAction) expression.OperandBuilder {
	hint := LastName(a.Path)
	left := o.setOperand(a.Left, hint)
	switch {
	case a.Op == "" || a.Right == nil:
		return left
	case a.Op == "-":
		return expression.Minus(left, o.setOperand(a.Right, hint))
	}
	return expression.Plus(left, o.setOperand(a.Right, hint))
}

func (o *sdkOracle) setOperand(x *grammar.Operand, hint string) expression.OperandBuilder {
	switch {
	case x.Call == nil:
		return o.operand(x, hint)
	case fn(x.Call) == "if_not_exists":
		v := o.setOperand(x.Call.Args[1], hint)
		return expression.IfNotExists(o.name(x.Call.Args[0].Path), v)
	}
	return expression.ListAppend(o.setOperand(x.Call.Args[0], hint), o.setOperand(x.Call.Args[1], hint))
}

// sdkLiteral is the AttributeValue of a typed literal, as the builder made
// it before it had its own Value type.
func sdkLiteral(v *grammar.Value) types.AttributeValue {
	switch v.Type {
	case grammar.TypeS:
		return &types.AttributeValueMemberS{Value: v.Text}
	case grammar.TypeN:
		return &types.AttributeValueMemberN{Value: v.Text}
	case grammar.TypeB:
		data, _ := base64.StdEncoding.DecodeString(v.Text)
		return &types.AttributeValueMemberB{Value: data}
	case grammar.TypeBOOL:
		return &types.AttributeValueMemberBOOL{Value: v.Text == "true"}
	case grammar.TypeL:
		list := []types.AttributeValue{}
		if v.List != nil {
			for _, it := range v.List.Items {
				list = append(list, sdkLiteral(it))
			}
		}
		return &types.AttributeValueMemberL{Value: list}
	case grammar.TypeM:
		m := map[string]types.AttributeValue{}
		if v.Map != nil {
			for _, e := range v.Map.Entries {
				m[e.Key] = sdkLiteral(e.Value)
			}
		}
		return &types.AttributeValueMemberM{Value: m}
	case grammar.TypeSS, grammar.TypeNS, grammar.TypeBS:
		var strs []string
		var bins [][]byte
		if v.Set != nil {
			for _, it := range v.Set.Items {
				data, _ := base64.StdEncoding.DecodeString(it.Text)
				strs, bins = append(strs, it.Text), append(bins, data)
			}
		}
		switch v.Type {
		case grammar.TypeNS:
			return &types.AttributeValueMemberNS{Value: strs}
		case grammar.TypeBS:
			return &types.AttributeValueMemberBS{Value: bins}
		}
		return &types.AttributeValueMemberSS{Value: strs}
	}
	return &types.AttributeValueMemberNULL{Value: true}
}

// rename replaces the SDK's numbered placeholders with readable ones,
// given in order of first appearance over the expressions in their fixed
// order, and joins the clauses of an UpdateExpression (which the SDK ends
// each with a newline) by single spaces.
func (o *sdkOracle) rename(x expression.Expression) (sdkResult, error) {
	r := sdkRenamer{o: o, give: placeholders{taken: map[string]bool{}},
		nameOf: map[string]int{}, valOf: map[string]int{},
		names: map[int]string{}, vals: map[int]string{},
		res: sdkResult{Names: map[string]string{}, Values: map[string]types.AttributeValue{}}}
	for k, v := range x.Names() {
		id, err := strconv.Atoi(v)
		if err != nil {
			return sdkResult{}, fmt.Errorf("%w: the SDK names %s %q", errOracle, k, v)
		}
		r.nameOf[k] = id
	}
	for k, av := range x.Values() {
		id, ok := o.valID[av]
		if s, isS := av.(*types.AttributeValueMemberS); !ok && isS && strings.HasPrefix(s.Value, sdkSentinel) {
			id, _ = strconv.Atoi(s.Value[len(sdkSentinel):])
			ok = true
		}
		if !ok {
			return sdkResult{}, fmt.Errorf("%w: the SDK holds a value it was not given at %s", errOracle, k)
		}
		r.valOf[k] = id
	}
	keyCond, cond := x.KeyCondition(), x.Condition()
	if o.keyAsCondition {
		keyCond, cond = cond, nil
	}
	res := &r.res
	res.KeyCondition = r.rewrite(keyCond)
	res.Filter = r.rewrite(x.Filter())
	res.Condition = r.rewrite(cond)
	res.Projection = r.rewrite(x.Projection())
	res.Update = r.rewrite(x.Update())
	return r.res, r.err
}

type sdkRenamer struct {
	o           *sdkOracle
	give        placeholders
	nameOf      map[string]int // SDK placeholder -> name id
	valOf       map[string]int // SDK placeholder -> value id
	names, vals map[int]string // id -> readable placeholder
	res         sdkResult
	err         error
}

func (r *sdkRenamer) rewrite(s *string) string {
	if s == nil {
		return ""
	}
	var out strings.Builder
	for i, f := range strings.Fields(*s) {
		if i > 0 {
			out.WriteByte(' ')
		}
		for j := 0; j < len(f); {
			c := f[j]
			k := j + 1
			for k < len(f) && isDigit(f[k]) {
				k++
			}
			if (c != '#' && c != ':') || k == j+1 {
				out.WriteByte(c)
				j++
				continue
			}
			if c == '#' {
				out.WriteString(r.name(f[j:k]))
			} else {
				out.WriteString(r.value(f[j:k]))
			}
			j = k
		}
	}
	return out.String()
}

func (r *sdkRenamer) name(sdk string) string {
	id, ok := r.nameOf[sdk]
	if !ok {
		r.err = fmt.Errorf("%w: the SDK wrote %s, which it did not define", errOracle, sdk)
	}
	return r.nameByID(id)
}

func (r *sdkRenamer) nameByID(id int) string {
	if h, ok := r.names[id]; ok {
		return h
	}
	name := r.o.names[id]
	h := r.give.give('#', name, "n")
	r.names[id] = h
	r.res.Names[h] = name
	return h
}

func (r *sdkRenamer) value(sdk string) string {
	id, ok := r.valOf[sdk]
	if !ok {
		r.err = fmt.Errorf("%w: the SDK wrote %s, which it did not define", errOracle, sdk)
		return sdk
	}
	if h, ok := r.vals[id]; ok {
		return h
	}
	v := r.o.vals[id]
	if v.operand != nil {
		// The operand's own text, as the SDK writes it: #a.#b[2], size (#a).
		x, p := v.operand, v.operand.Path
		if p == nil {
			p = x.Call.Args[0].Path
		}
		var sb strings.Builder
		for i, e := range p.Elems {
			switch {
			case e.IsIndex:
				sb.WriteString("[" + strconv.Itoa(e.Index) + "]")
			case i > 0:
				sb.WriteString("." + r.nameByID(r.o.nameID[e.Name]))
			default:
				sb.WriteString(r.nameByID(r.o.nameID[e.Name]))
			}
		}
		h := sb.String()
		if x.Path == nil {
			h = "size (" + h + ")"
		}
		r.vals[id] = h
		return h
	}
	h := r.give.give(':', v.hint, "v")
	r.vals[id] = h
	r.res.Values[h] = v.av
	return h
}
