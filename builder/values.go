package builder

import (
	"encoding/base64"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// literal builds the AttributeValue a typed literal stands for, straight
// from its text: no reflection, no float64.
func (b *builder) literal(v *grammar.Value) types.AttributeValue {
	switch v.Type {
	case grammar.TypeS:
		b.checkUTF8(v.Pos, v.Text, "string")
		return &types.AttributeValueMemberS{Value: v.Text}
	case grammar.TypeN:
		return &types.AttributeValueMemberN{Value: v.Text}
	case grammar.TypeB:
		return &types.AttributeValueMemberB{Value: b.binary(v)}
	case grammar.TypeBOOL:
		return &types.AttributeValueMemberBOOL{Value: v.Text == "true"}
	case grammar.TypeNULL:
		return &types.AttributeValueMemberNULL{Value: true}
	case grammar.TypeL:
		var items []*grammar.Value
		if v.List != nil {
			items = v.List.Items
		}
		list := make([]types.AttributeValue, len(items))
		for i, it := range items {
			list[i] = b.literal(it)
		}
		return &types.AttributeValueMemberL{Value: list}
	case grammar.TypeM:
		var m map[string]types.AttributeValue
		if v.Map != nil {
			m = b.itemMap(v.Map)
		} else {
			m = map[string]types.AttributeValue{}
		}
		return &types.AttributeValueMemberM{Value: m}
	case grammar.TypeSS, grammar.TypeNS, grammar.TypeBS:
		return b.set(v)
	case grammar.TypeParam:
		b.unbound(v)
	default:
		b.fail(v.Pos, "this value has no type (%q); the statement was not resolved by grammar.Parse", string(v.Type))
	}
	return &types.AttributeValueMemberNULL{Value: true}
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
	n := v.FromParam
	b.fail(v.Pos, "parameter $%s is not bound: give it with -p %s=VALUE (a string), -p %s:=JSON, or --params FILE", n, n, n)
}

// binary decodes a B literal's base64 text, and remembers the text so that
// the JSON writes it back as written.
func (b *builder) binary(v *grammar.Value) []byte {
	data, err := base64.StdEncoding.DecodeString(v.Text)
	if err != nil {
		b.fail(v.Pos, "b%q is not base64 (RFC 4648 with padding, like b\"SGVsbG8=\")", v.Text)
		return nil
	}
	if len(data) > 0 {
		if b.bin == nil {
			b.bin = make(map[*byte]string)
		}
		b.bin[&data[0]] = v.Text
	}
	return data
}

// set builds an SS, NS or BS value, its elements in the order written.
func (b *builder) set(v *grammar.Value) types.AttributeValue {
	var items []*grammar.Value
	if v.Set != nil {
		items = v.Set.Items
	}
	elem := grammar.TypeS
	switch v.Type {
	case grammar.TypeNS:
		elem = grammar.TypeN
	case grammar.TypeBS:
		elem = grammar.TypeB
	}
	var strs []string
	var bins [][]byte
	if elem == grammar.TypeB {
		bins = make([][]byte, 0, len(items))
	} else {
		strs = make([]string, 0, len(items))
	}
	for _, it := range items {
		switch {
		case it.Type == grammar.TypeParam:
			b.unbound(it)
		case it.Type != elem:
			b.fail(it.Pos, "a set holds values of one type: this %s cannot hold %s (write <<%s>> of %s only)",
				grammar.TypeWord(v.Type), grammar.TypeWord(it.Type), setExample(elem), typePlural(elem))
		case elem == grammar.TypeB:
			bins = append(bins, b.binary(it))
		default:
			if elem == grammar.TypeS {
				b.checkUTF8(it.Pos, it.Text, "string")
			}
			strs = append(strs, it.Text)
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

func setExample(t grammar.ValueType) string {
	switch t {
	case grammar.TypeN:
		return "1, 2"
	case grammar.TypeB:
		return `b"AA==", b"AQ=="`
	}
	return `"a", "b"`
}

func typePlural(t grammar.ValueType) string {
	switch t {
	case grammar.TypeN:
		return "numbers"
	case grammar.TypeB:
		return "binary values"
	}
	return "strings"
}
