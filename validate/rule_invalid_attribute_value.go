package validate

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

var invalidAttributeValue = &Rule{
	Name:     "invalid-attribute-value",
	Severity: Error,
	Title:    "malformed DynamoDB JSON: a value without exactly one known type, or with a type it does not fit",
	Why: `A value in DynamoDB JSON names its type: {"S": "x"}, {"N": "42"}, {"BOOL": true}.
DynamoDB refuses {} and a value with two types, and {"NULL": false}; a number is
a string of decimal digits ({"N": "42"}, not {"N": 42}, which the AWS CLI already
refuses), binary is base64, sets are arrays of strings, L an array of values and
M an object of values. This holds for Item, Key, ExclusiveStartKey,
ExpressionAttributeValues and the legacy parameters' values. Empty and duplicate
sets and numbers out of DynamoDB's range are the rules invalid-set and
number-out-of-range.`,
	DynamoMessages: []string{
		"Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
		"Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
		"One or more parameter values were invalid: Null attribute value types must have the value of true",
		"The parameter cannot be converted to a numeric value: abc",
	},
	Bad:          `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": 2}}}`,
	Good:         `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": "2"}}}`,
	AppliesTo:    "request JSON files: Item, Key, ExclusiveStartKey, ExpressionAttributeValues and legacy parameters",
	RequestOnly:  true,
	checkRequest: (*requestPass).checkValues,
}

// attributeTypes are DynamoDB's data types, in the AWS CLI's order.
var attributeTypes = []string{"S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL"}

// valueCtx says where a value stands, for DynamoDB's messages: the values of
// ExpressionAttributeValues are reported "ExpressionAttributeValues contains
// invalid value: ... for key :e".
type valueCtx struct {
	eavKey string
}

func (x valueCtx) wrap(msg string) string {
	if x.eavKey == "" {
		return msg
	}
	return "ExpressionAttributeValues contains invalid value: " + msg + " for key " + x.eavKey
}

func (c *requestPass) checkValues() {
	for _, name := range []string{"Key", "Item", "ExclusiveStartKey"} {
		if v := c.value(name); v != nil {
			for _, m := range v.Members {
				c.checkAV(m.Value, name+"."+m.Name, valueCtx{})
			}
		}
	}
	if v := c.value("Keys"); v != nil {
		// A batch get's keys of one table.
		for i, k := range v.Elems {
			for _, m := range k.Members {
				c.checkAV(m.Value, fmt.Sprintf("Keys[%d].%s", i, m.Name), valueCtx{})
			}
		}
	}
	if v := c.value("ExpressionAttributeValues"); v != nil {
		for _, m := range v.Members {
			c.checkAV(m.Value, "ExpressionAttributeValues."+m.Name, valueCtx{eavKey: m.Name})
		}
	}
	for _, name := range []string{"KeyConditions", "QueryFilter", "ScanFilter", "Expected", "AttributeUpdates"} {
		v := c.value(name)
		if v == nil {
			continue
		}
		for _, m := range v.Members {
			path := name + "." + m.Name
			if x := m.Value.Get("Value"); x != nil {
				c.checkAV(x, path+".Value", valueCtx{})
			}
			if l := m.Value.Get("AttributeValueList"); l != nil && l.Kind == request.Array {
				for i, x := range l.Elems {
					c.checkAV(x, fmt.Sprintf("%s.AttributeValueList[%d]", path, i), valueCtx{})
				}
			}
		}
	}
}

// typedForm suggests the DynamoDB JSON for a plain JSON value.
func typedForm(v *request.Value) string {
	switch v.Kind {
	case request.String:
		return fmt.Sprintf(`{"S": %s}`, strconv.Quote(v.Text))
	case request.Number:
		return fmt.Sprintf(`{"N": %q}`, v.Text)
	case request.Bool:
		return fmt.Sprintf(`{"BOOL": %s}`, v.Text)
	case request.Null:
		return `{"NULL": true}`
	case request.Array:
		return `{"L": [...]}` + " with each element typed"
	}
	return ""
}

func (c *requestPass) badValue(v *request.Value, from, to int, format string, args ...any) {
	c.report(c.rule, Error, from, to, "", format, args...)
	c.silence(v.Start, v.End, "")
}

// checkAV checks one AttributeValue at path (as the AWS CLI names it).
func (c *requestPass) checkAV(v *request.Value, path string, ctx valueCtx) {
	if c.r.Computed(v) {
		return // application code computes it (request.Partial)
	}
	if v.Kind != request.Object {
		cli := fmt.Sprintf("Invalid type for parameter %s, value: %s, type: %s, valid types: <class 'dict'>", path, cliValue(v), cliType(v))
		fix := ""
		if t := typedForm(v); t != "" {
			fix = ". Write instead: " + t
		}
		c.badValue(v, v.Start, v.End, "%s is plain JSON (%s); a DynamoDB value names its type, and the AWS CLI refuses the file (%q)%s",
			path, v.Kind, cli, fix)
		return
	}
	c.repeatedKeys(v, path)
	if len(v.Members) == 0 {
		c.badValue(v, v.Start, v.End, `%s is {}, a value without a type: write exactly one of %s, like {"S": "text"}; DynamoDB answers %q`,
			path, strings.Join(attributeTypes, ", "),
			ctx.wrap("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"))
		return
	}
	var typ *request.Member
	for i := range v.Members {
		m := &v.Members[i]
		if !contains(attributeTypes, m.Name) {
			hint := ""
			if s := schema.Suggest(m.Name, attributeTypes); s != "" && (strings.EqualFold(s, m.Name) || len(m.Name) > 2) {
				hint = fmt.Sprintf("; did you mean %q?", s)
			}
			c.badValue(v, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "%q is not a DynamoDB type (%s)%s; the AWS CLI refuses the file (%q)",
				m.Name, strings.Join(attributeTypes, ", "), hint,
				fmt.Sprintf(`Unknown parameter in %s: "%s", must be one of: %s`, path, m.Name, strings.Join(attributeTypes, ", ")))
			return
		}
		if typ != nil && typ.Name != m.Name {
			c.badValue(v, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "%s has two types, %q and %q; a value has exactly one: keep one; DynamoDB answers %q",
				path, typ.Name, m.Name,
				ctx.wrap("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"))
			return
		}
		typ = m
	}
	x := typ.Value
	p := path + "." + typ.Name
	switch typ.Name {
	case "S":
		if x.Kind != request.String {
			c.avType(v, x, p, "<class 'str'>", "a string", quoteIfScalar(x))
		}
	case "N":
		if x.Kind != request.String {
			c.avType(v, x, p, "<class 'str'>", "a string of digits", quoteIfScalar(x))
			return
		}
		c.checkNumber(v, x, path, ctx)
	case "B":
		if x.Kind != request.String {
			c.avType(v, x, p, "<class 'str'>, <class 'bytes'>, <class 'bytearray'>, file-like object", "base64 text", "")
			return
		}
		c.checkBase64(v, x, path)
	case "BOOL":
		if x.Kind != request.Bool {
			fix := ""
			if x.Kind == request.String && (x.Text == "true" || x.Text == "false") {
				fix = x.Text + ", without quotes"
			}
			c.avType(v, x, p, "<class 'bool'>", "true or false", fix)
		}
	case "NULL":
		switch {
		case x.Kind != request.Bool:
			c.avType(v, x, p, "<class 'bool'>", "true", "true")
		case x.Text != "true":
			c.badValue(v, x.Start, x.End, `%s is {"NULL": false}; a null is always {"NULL": true} (to say "not there", leave the attribute out); DynamoDB answers %q`,
				path, ctx.wrap("One or more parameter values were invalid: Null attribute value types must have the value of true"))
		}
	case "SS", "NS", "BS":
		if x.Kind != request.Array {
			fix := ""
			if x.Kind == request.String {
				fix = "[" + strconv.Quote(x.Text) + "]"
			}
			c.avType(v, x, p, "<class 'list'>, <class 'tuple'>", "an array of strings", fix)
			return
		}
		ok := true
		for i, e := range x.Elems {
			ep := fmt.Sprintf("%s[%d]", p, i)
			if e.Kind != request.String {
				c.avType(v, e, ep, "<class 'str'>", "a string", quoteIfScalar(e))
				ok = false
				continue
			}
			switch typ.Name {
			case "NS":
				ok = c.checkNumber(v, e, path, ctx) && ok
			case "BS":
				ok = c.checkBase64(v, e, path) && ok
			}
		}
		if ok {
			c.checkSet(typ.Name, x, ctx)
		}
	case "L":
		if x.Kind != request.Array {
			c.avType(v, x, p, "<class 'list'>, <class 'tuple'>", "an array of DynamoDB values", "")
			return
		}
		for i, e := range x.Elems {
			c.checkAV(e, fmt.Sprintf("%s[%d]", p, i), ctx)
		}
	case "M":
		if x.Kind != request.Object {
			c.avType(v, x, p, "<class 'dict'>", "an object of DynamoDB values", "")
			return
		}
		c.repeatedKeys(x, p)
		for _, m := range x.Members {
			c.checkAV(m.Value, p+"."+m.Name, ctx)
		}
	}
}

func quoteIfScalar(v *request.Value) string {
	if v.Kind == request.Number || v.Kind == request.Bool {
		return strconv.Quote(v.Text)
	}
	return ""
}

// avType reports the wrong JSON type inside a value, as the AWS CLI does.
func (c *requestPass) avType(whole, x *request.Value, path, cliWant, want, fix string) {
	cli := fmt.Sprintf("Invalid type for parameter %s, value: %s, type: %s, valid types: %s", path, cliValue(x), cliType(x), cliWant)
	if fix != "" {
		fix = ". Write instead: " + fix
	}
	c.badValue(whole, x.Start, x.End, "%s is %s, and DynamoDB JSON wants %s there; the AWS CLI refuses the file (%q)%s",
		path, x.Kind, want, cli, fix)
}

// checkNumber checks an N's text; out-of-range numbers are
// number-out-of-range's, after conversion.
func (c *requestPass) checkNumber(whole, x *request.Value, path string, ctx valueCtx) bool {
	if _, ok := grammar.ParseDecimal(x.Text); ok {
		if msg := grammar.NumberProblem(x.Text); msg != "" {
			c.later = append(c.later, c.finding(numberOutOfRange, x.Start, x.End,
				"%s is a number DynamoDB cannot store; it answers %q. Write instead: at most 38 significant digits and a magnitude from 1E-130 to 9.99E+125, or a string", strconv.Quote(x.Text), ctx.wrap(msg)))
		}
		return true
	}
	msg := "The parameter cannot be converted to a numeric value"
	if x.Text != "" {
		msg += ": " + x.Text
	}
	c.badValue(whole, x.Start, x.End, "%s is not a number: an N is decimal digits with an optional sign, point and exponent, like \"42\" or \"-1.5E3\"; DynamoDB answers %q",
		strconv.Quote(x.Text), ctx.wrap(msg))
	return false
}

func (c *requestPass) checkBase64(whole, x *request.Value, path string) bool {
	if _, err := base64.StdEncoding.DecodeString(x.Text); err == nil {
		return true
	}
	c.badValue(whole, x.Start, x.End, "%s is not base64: a B value is its bytes in standard base64 with padding, like \"aGk=\" for \"hi\"; the AWS CLI v2 decodes it before sending and refuses the file, and DynamoDB refuses what is not base64 (in %s)",
		strconv.Quote(x.Text), path)
	return false
}

// checkSet finds an empty set or an element twice (invalid-set's, kept in
// c.later).
func (c *requestPass) checkSet(typ string, x *request.Value, ctx valueCtx) {
	if len(x.Elems) == 0 {
		msg := map[string]string{"SS": msgEmptySS, "NS": msgEmptyNS, "BS": msgEmptyBS}[typ]
		c.later = append(c.later, c.finding(invalidSet, x.Start, x.End,
			"[] is an empty %s, and DynamoDB has no empty set; it answers %q. Write instead: REMOVE the attribute to empty a set (an item never holds an empty set), or leave the value out",
			typ, ctx.wrap(msg)))
		return
	}
	seen := map[string]*request.Value{}
	texts := make([]string, len(x.Elems))
	for i, e := range x.Elems {
		texts[i] = e.Text
	}
	for _, e := range x.Elems {
		key := e.Text
		switch typ {
		case "NS":
			d, _ := grammar.ParseDecimal(e.Text)
			key = d.Key()
		case "BS":
			b, _ := base64.StdEncoding.DecodeString(e.Text)
			key = string(b)
		}
		prev, dup := seen[key]
		if !dup {
			seen[key] = e
			continue
		}
		if prev == nil {
			continue // reported
		}
		seen[key] = nil
		msg := fmt.Sprintf(msgDupSS, quoteList(texts))
		switch typ {
		case "NS":
			msg = msgDupNS
		case "BS":
			msg = fmt.Sprintf(msgDupBS, quoteList(texts))
		}
		same := ""
		if prev.Text != e.Text {
			same = fmt.Sprintf(" (%s and %s are the same %s)", strconv.Quote(prev.Text), strconv.Quote(e.Text), map[string]string{"NS": "number", "BS": "bytes"}[typ])
		}
		c.later = append(c.later, c.finding(invalidSet, e.Start, e.End,
			"%s is in this %s twice (first at %s)%s; DynamoDB answers %q. Write instead: each element once",
			strconv.Quote(e.Text), typ, c.place(prev.Start), same, ctx.wrap(msg)))
	}
}
