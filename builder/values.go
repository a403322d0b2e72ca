package builder

import (
	"encoding/base64"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// Kind is the DynamoDB type of a Value: which member of DynamoDB's
// AttributeValue the value is.
type Kind uint8

// The kinds, one for each AttributeValue member. The zero Kind is no value
// (written as JSON null).
const (
	KindS Kind = iota + 1
	KindN
	KindB
	KindBOOL
	KindNULL
	KindL
	KindM
	KindSS
	KindNS
	KindBS
)

// kindNames are the AttributeValue member names, by Kind.
var kindNames = [...]string{"", "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS"}

// String is the kind's AttributeValue member name: S, N, B, BOOL, ...
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return ""
}

// Value is one DynamoDB AttributeValue, held as the text the request writes,
// so that nothing is lost between the statement and the JSON: a number keeps
// its decimal text exactly as written (never through float64), a binary
// value its base64 text as written.
type Value struct {
	Kind Kind
	// Text is the string of an S, the decimal text of an N, the base64 text
	// of a B.
	Text string
	// Bool is the value of a BOOL. A NULL is always true.
	Bool bool
	// List is the elements of an L.
	List []Value
	// Set is the elements of an SS, NS or BS, in the order written: strings,
	// decimal texts or base64 texts.
	Set []string
	// Map is the members of an M.
	Map map[string]Value
}

// literal builds the Value a typed literal stands for, straight from its
// text: no reflection, no float64.
func (b *builder) literal(v *grammar.Value) Value {
	switch v.Type {
	case grammar.TypeS:
		b.checkUTF8(v.Pos, v.Text, "string")
		return Value{Kind: KindS, Text: v.Text}
	case grammar.TypeN:
		return Value{Kind: KindN, Text: v.Text}
	case grammar.TypeB:
		b.checkBase64(v)
		b.checkCLIText(v)
		return Value{Kind: KindB, Text: v.Text}
	case grammar.TypeBOOL:
		return Value{Kind: KindBOOL, Bool: v.Text == "true"}
	case grammar.TypeNULL:
		return Value{Kind: KindNULL, Bool: true}
	case grammar.TypeL:
		var items []*grammar.Value
		if v.List != nil {
			items = v.List.Items
		}
		list := make([]Value, len(items))
		for i, it := range items {
			list[i] = b.literal(it)
		}
		return Value{Kind: KindL, List: list}
	case grammar.TypeM:
		var m map[string]Value
		if v.Map != nil {
			m = b.itemMap(v.Map)
		} else {
			m = map[string]Value{}
		}
		return Value{Kind: KindM, Map: m}
	case grammar.TypeSS, grammar.TypeNS, grammar.TypeBS:
		return b.set(v)
	case grammar.TypeParam:
		b.unbound(v)
	default:
		b.fail(v.Pos, "this value has no type (%q); the statement was not resolved by grammar.Parse", string(v.Type))
	}
	return Value{Kind: KindNULL, Bool: true}
}

// checkUTF8 refuses text that is not UTF-8: DynamoDB takes only UTF-8, and
// JSON would silently turn the bad bytes into U+FFFD.
func (b *builder) checkUTF8(pos diag.Pos, s, what string) {
	if !utf8.ValidString(s) {
		hint := ""
		if what == "string" {
			hint = ", or write the character as \\uXXXX"
		}
		b.fail(pos, "this %s is not valid UTF-8, which DynamoDB requires: save the input as UTF-8%s", what, hint)
	}
}

func (b *builder) unbound(v *grammar.Value) {
	b.refuse(ruleNone, v.Pos, "%s", grammar.UnboundMessage(v.FromParam))
}

// unboundName refuses a table or index name that is a $parameter not
// bound: its Name, "$table", is no name to send.
func (b *builder) unboundName(t *grammar.TableRef) {
	if t.Unbound() {
		b.refuse(ruleNone, t.Pos, "%s", grammar.UnboundMessage(t.Param))
	}
}

// checkBase64 refuses a B literal whose text is not standard base64; the
// text itself is what the request holds and writes.
func (b *builder) checkBase64(v *grammar.Value) {
	if _, err := base64.StdEncoding.DecodeString(v.Text); err != nil {
		b.fail(v.Pos, "b%q is not base64 (RFC 4648 with padding, like b\"SGVsbG8=\")", v.Text)
	}
}

// set builds an SS, NS or BS value, its elements in the order written.
func (b *builder) set(v *grammar.Value) Value {
	var items []*grammar.Value
	if v.Set != nil {
		items = v.Set.Items
	}
	elem, kind := grammar.TypeS, KindSS
	switch v.Type {
	case grammar.TypeNS:
		elem, kind = grammar.TypeN, KindNS
	case grammar.TypeBS:
		elem, kind = grammar.TypeB, KindBS
	}
	strs := make([]string, 0, len(items))
	for _, it := range items {
		switch {
		case it.Type == grammar.TypeParam:
			b.unbound(it)
		case it.Type != elem:
			example, plural := setHelp(elem)
			b.refuse(ruleSet, it.Pos, "a set holds values of one type: this %s cannot hold %s (write <<%s>> of %s only)",
				grammar.TypeWord(v.Type), grammar.TypeWord(it.Type), example, plural)
		default:
			switch elem {
			case grammar.TypeS:
				b.checkUTF8(it.Pos, it.Text, "string")
			case grammar.TypeB:
				b.checkBase64(it)
				b.checkCLIText(it)
			}
			strs = append(strs, it.Text)
		}
	}
	return Value{Kind: kind, Set: strs}
}

// setHelp is what the message about a mixed set says of sets of t: an
// example of their elements and what they hold.
func setHelp(t grammar.ValueType) (example, plural string) {
	switch t {
	case grammar.TypeN:
		return "1, 2", "numbers"
	case grammar.TypeB:
		return `b"AA==", b"AQ=="`, "binary values"
	}
	return `"a", "b"`, "strings"
}
