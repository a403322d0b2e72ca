package grammar

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
)

// Param is a value bound to $name from the command line.
type Param struct {
	// Text is the value as given: a plain string for -p name=value, JSON text
	// for -p name:=json and --params files.
	Text string
	JSON bool
	// Source says where it was bound, for messages: "-p id", "params.json".
	Source string
}

// Params maps parameter names (without $) to their values.
type Params map[string]Param

// TypeOf tells the declared DynamoDB type (S, N or B) of a top-level
// attribute of a table, or "" when unknown; it lets `-p id=5` become a
// number where the schema says id is one.
type TypeOf func(table, attr string) ValueType

// Bind replaces every $parameter below st with the literal it is bound to.
// Every parameter used must be bound; every parameter given must be used
// (checked by CheckUnused after all statements are bound).
func Bind(st *Statement, params Params, typeOf TypeOf, used map[string]bool) error {
	if used == nil {
		used = map[string]bool{}
	}
	b := binder{params: params, typeOf: typeOf, used: used}
	b.statement(st)
	for _, m := range st.Members {
		b.statement(m)
	}
	return b.errs.Err()
}

// CheckUnused reports parameters that no statement used.
func CheckUnused(params Params, used map[string]bool) error {
	var names []string
	for n := range params {
		if !used[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var errs diag.List
	for _, n := range names {
		errs = append(errs, diag.Errorf(diag.Pos{File: params[n].Source}, "parameter $%s is given but no statement uses it: remove it, or write $%s where the value goes", n, n))
	}
	return errs.Err()
}

type binder struct {
	params Params
	typeOf TypeOf
	used   map[string]bool
	errs   diag.List
	table  string // of the statement being bound, for typeOf
}

// attrOf is the top-level attribute a value meets, when the path is a plain
// top-level name (the schema types only those).
func attrOf(p *Path) string {
	if p == nil || len(p.Elems) != 1 {
		return ""
	}
	return p.Elems[0].Name
}

func (b *binder) statement(st *Statement) {
	// The names first: the values are typed by the bound table's schema.
	b.name(st.Table, "table")
	b.name(st.Index, "index")
	b.table = ""
	if st.Table != nil {
		b.table = st.Table.Name
	}
	b.value(st.Token, "")
	b.cond(st.Key)
	b.cond(st.Filter)
	b.cond(st.If)
	if st.After != nil {
		b.cond(st.After.Key)
		if st.After.Map != nil {
			b.mapEntries(st.After.Map)
		}
	}
	if st.Item != nil {
		if st.Item.Map != nil {
			b.mapEntries(st.Item.Map)
		} else {
			b.value(st.Item, "")
		}
	}
	for _, a := range st.Sets {
		attr := attrOf(a.Path)
		if a.Op != "" {
			// The operands of + and - are numbers, whatever the
			// attribute set is declared (update-operand-type says so).
			attr = numberAttr
		}
		b.operand(a.Left, attr)
		b.operand(a.Right, attr)
	}
	for _, a := range st.Adds {
		b.value(a.Value, attrOf(a.Path))
	}
	for _, a := range st.Deletes {
		b.value(a.Value, attrOf(a.Path))
	}
}

func (b *binder) mapEntries(m *Map) {
	for _, e := range m.Entries {
		b.value(e.Value, e.Key)
	}
}

func (b *binder) cond(c *Condition) { EachComparison(c, b.comparison) }

// comparison binds the parameters of a comparison, typed by the attribute
// they meet.
func (b *binder) comparison(c *Comparison) {
	attr := operandAttr(c.Left)
	if attr == "" {
		attr = operandAttr(c.Right)
	}
	if isSize(c.Left) || isSize(c.Right) {
		// size(p) is a number, whatever p holds: what it is compared
		// with is a number too.
		attr = numberAttr
	}
	eachOperand(c, func(o *Operand) { b.operand(o, attr) })
}

// numberAttr stands for "the value is a number, whatever it meets": what
// size(...) is compared with, the operands of + and -.
const numberAttr = "\x00number"

func isSize(o *Operand) bool {
	return o != nil && o.Call != nil && o.Call.Func == "size"
}

func operandAttr(o *Operand) string {
	if o == nil {
		return ""
	}
	if o.Path != nil {
		return attrOf(o.Path)
	}
	// begins_with(sk, $p) and if_not_exists(a, $p) meet their first argument.
	if o.Call != nil && len(o.Call.Args) > 0 && o.Call.Args[0].Path != nil {
		return attrOf(o.Call.Args[0].Path)
	}
	return ""
}

func (b *binder) operand(o *Operand, attr string) {
	if o == nil {
		return
	}
	switch {
	case o.Value != nil:
		b.value(o.Value, attr)
	case o.Call != nil:
		if a := operandAttr(o); a != "" {
			attr = a
		}
		for i, arg := range o.Call.Args {
			if i > 0 && strings.EqualFold(o.Call.Func, "attribute_type") {
				// A type name, a string, not a value of the path.
				b.operand(arg, "")
				continue
			}
			b.operand(arg, attr)
		}
	}
}

// value binds v if it is a parameter, and looks inside lists, maps and sets.
func (b *binder) value(v *Value, attr string) {
	if v == nil {
		return
	}
	switch v.Type {
	case TypeL:
		for _, it := range v.List.Items {
			b.value(it, "")
		}
		return
	case TypeM:
		for _, e := range v.Map.Entries {
			b.value(e.Value, "")
		}
		return
	case TypeSS, TypeNS, TypeBS:
		for _, it := range v.Set.Items {
			b.value(it, "")
		}
		v.Type = SetType(v.Set)
		return
	case TypeParam:
	default:
		return
	}
	name := v.FromParam
	p, ok := b.param(name, v.Pos)
	if !ok {
		return
	}
	if !p.JSON {
		want := TypeS
		if attr == numberAttr {
			want = TypeN
		} else if attr != "" && b.typeOf != nil {
			if t := b.typeOf(b.table, attr); t == TypeN || t == TypeB {
				want = t
			}
		}
		if err := setScalar(v, want, p.Text); err != nil {
			b.errs = append(b.errs, diag.Errorf(v.Pos, "parameter $%s (%s): %v", name, p.Source, err))
		}
		return
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(p.Text)))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil || dec.More() {
		if err == nil {
			err = fmt.Errorf("more than one JSON value")
		}
		b.errs = append(b.errs, diag.Errorf(v.Pos, "parameter $%s (%s) is not valid JSON: %v", name, p.Source, err))
		return
	}
	fromJSON(v, x)
}

// param is the parameter $name, used at pos: marked used, or reported
// unbound there.
func (b *binder) param(name string, pos diag.Pos) (Param, bool) {
	p, ok := b.params[name]
	if !ok {
		b.errs = append(b.errs, diag.Errorf(pos, "%s", UnboundMessage(name)))
		return Param{}, false
	}
	b.used[name] = true
	return p, true
}

// UnboundMessage is the error for $name used and not given, the same for
// a value and a table or index name; the builder says it too.
func UnboundMessage(name string) string {
	return fmt.Sprintf("parameter $%s is not bound: give it with -p %s=VALUE (a string), -p %s:=JSON, or --params FILE", name, name, name)
}

// The names DynamoDB takes for a table or an index: 3 to 255 characters,
// each a letter, a digit, _, - or . (isNameChar, which the lexer reads
// bare after a verb or "index").
const (
	MinNameLen = 3
	MaxNameLen = 255
)

// name binds a table or index name written as $param (what is "table" or
// "index"). The text goes into the request as it is, so it must be a name
// DynamoDB takes: said here, the error points at the $param and names the
// flag, where DynamoDB's refusal would name neither.
func (b *binder) name(t *TableRef, what string) {
	if !t.Unbound() {
		return
	}
	name := t.Param
	p, ok := b.param(name, t.Pos)
	if !ok {
		return
	}
	text := p.Text
	if p.JSON {
		dec := json.NewDecoder(strings.NewReader(p.Text))
		var x any
		err := dec.Decode(&x)
		s, isString := x.(string)
		if err != nil || dec.More() || !isString {
			b.errs = append(b.errs, diag.Errorf(t.Pos, "parameter $%s (%s) stands for %s name, so its JSON must be a string, like -p %s:='\"Users-dev\"' (or give it plainly: -p %s=Users-dev)", name, p.Source, anA(what), name, name))
			return
		}
		text = s
	}
	if problem := nameProblem(text); problem != "" {
		b.errs = append(b.errs, diag.Errorf(t.Pos, "parameter $%s (%s) stands for %s name, and %q %s; DynamoDB %s names are %d to %d characters of letters, digits, _, - and . (like -p %s=Users-dev)",
			name, p.Source, anA(what), text, problem, what, MinNameLen, MaxNameLen, name))
		return
	}
	t.Name = text
}

func anA(what string) string {
	if what == "index" {
		return "an index"
	}
	return "a " + what
}

// nameProblem says what keeps text from being a table or index name ("is 2
// characters long", "has ' '"), or "".
func nameProblem(text string) string {
	var bad []string
	seen := map[rune]bool{}
	for _, r := range text {
		if (r >= utf8.RuneSelf || !isNameChar(byte(r))) && !seen[r] {
			seen[r] = true
			bad = append(bad, strconv.QuoteRune(r))
		}
	}
	var problems []string
	if n := utf8.RuneCountInString(text); n < MinNameLen || n > MaxNameLen {
		problems = append(problems, "is "+diag.Plural(n, "character")+" long")
	}
	if len(bad) > 0 {
		problems = append(problems, "has "+strings.Join(bad, ", "))
	}
	return strings.Join(problems, " and ")
}

// setScalar types a plain -p string as the schema wants it.
func setScalar(v *Value, t ValueType, text string) error {
	switch t {
	case TypeN:
		if !IsNumberText(text) {
			return fmt.Errorf("%q is not a number, and the schema types this attribute as N", text)
		}
	case TypeB:
		if _, err := base64.StdEncoding.DecodeString(text); err != nil {
			return fmt.Errorf("%q is not base64, and the schema types this attribute as B", text)
		}
	}
	v.Type, v.Text = t, text
	return nil
}

// fromJSON rewrites v as the literal a decoded JSON value stands for.
func fromJSON(v *Value, x any) {
	switch x := x.(type) {
	case string:
		v.Type, v.Text = TypeS, x
	case json.Number:
		v.Type, v.Text = TypeN, string(x)
	case bool:
		v.Type, v.Text = TypeBOOL, fmt.Sprint(x)
	case nil:
		v.Type = TypeNULL
	case []any:
		v.Type = TypeL
		v.List = &List{Pos: v.Pos}
		for _, it := range x {
			c := &Value{Pos: v.Pos, FromParam: v.FromParam}
			fromJSON(c, it)
			v.List.Items = append(v.List.Items, c)
		}
	case map[string]any:
		v.Type = TypeM
		v.Map = &Map{Pos: v.Pos}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			c := &Value{Pos: v.Pos, FromParam: v.FromParam}
			fromJSON(c, x[k])
			v.Map.Entries = append(v.Map.Entries, &MapEntry{Pos: v.Pos, Key: k, RawKey: Quote(k), Value: c})
		}
	}
}

// IsParamName reports whether name is one that $name in a statement can
// bind: letters, digits and _, what the lexer reads after the "$".
func IsParamName(name string) bool {
	for i := 0; i < len(name); i++ {
		if !isIdentChar(name[i]) {
			return false
		}
	}
	return name != ""
}

// BindOne binds the one value v, written as the parameter v.FromParam
// (v.Type TypeParam), as Bind binds a $parameter in a statement: a plain
// -p string becomes want (TypeN or TypeB; anything else a string), JSON
// the value its own type says. PartiQL's ? parameters are bound so.
func BindOne(v *Value, params Params, want ValueType, used map[string]bool) error {
	b := binder{params: params, used: used}
	attr := ""
	switch want {
	case TypeN:
		attr = numberAttr
	case TypeB:
		attr = "\x00binary"
		b.typeOf = func(string, string) ValueType { return TypeB }
	}
	b.value(v, attr)
	return b.errs.Err()
}
