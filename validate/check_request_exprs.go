package validate

import (
	"iter"
	"strconv"
	"unicode/utf16"

	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
)

// parseOrder is the order in which DynamoDB reads a request's expressions.
var parseOrder = []string{"UpdateExpression", "ConditionExpression", "KeyConditionExpression", "FilterExpression", "ProjectionExpression"}

// sizeCut is the byte offset of the first character past the limit.
func sizeCut(s string, limit int) int {
	n := 0
	for i, r := range s {
		n += utf16.RuneLen(r)
		if n > limit {
			return i
		}
	}
	return len(s)
}

// expressions returns the request's expressions, reading them the first
// time: each known one is parsed, and what DynamoDB finds while reading it
// (its size, syntax, functions, limits) is reported; the rules about what
// it says (redundant parentheses, reserved words, placeholders) are the
// hooks that call this. Misplaced ones (under a member the operation does
// not take) come after, parsed only for the placeholders they use.
func (c *requestPass) expressions() []*reqExpr {
	if c.exprsRead {
		return c.exprs
	}
	c.exprsRead = true
	src := c.r.File.Src
	var list []*reqExpr
	for _, param := range parseOrder {
		m := c.member(param)
		if m == nil || !c.known(param) {
			continue
		}
		kind, _ := ddbexpr.KindOf(param)
		list = append(list, &reqExpr{param: param, kind: kind, member: m, lit: m.Value, known: true})
	}
	c.exprs = append(list, c.exprs...) // the misplaced ones after
	for _, x := range c.exprs {
		x.raw = string(src[x.lit.Start:x.lit.End])
		if !x.known {
			// Under a member the command does not take: only what it uses.
			x.e, _ = ddbexpr.Parse(x.kind, x.lit.Text)
			if x.e == nil {
				c.broken = true
			}
			continue
		}
		c.readExpression(x)
	}
	return c.exprs
}

func (c *requestPass) readExpression(x *reqExpr) {
	text := x.lit.Text
	size := ddbexpr.Size(text) // UTF-16 code units, as DynamoDB counts
	if size > ddbexpr.MaxSize {
		cut := sizeCut(text, ddbexpr.MaxSize)
		c.reportExpr(expressionLimit, x, cut, cut+1, "",
			"this %s is %d characters long, and DynamoDB takes at most %d: it stops reading here; it answers %q. Write instead: a shorter expression (shorter #placeholders), or split the request",
			x.param, size, ddbexpr.MaxSize, x.kind.Message("Expression size has exceeded the maximum allowed size", "expression size", strconv.Itoa(size)))
	}
	e, err := ddbexpr.Parse(x.kind, text)
	if e == nil {
		c.broken = true
		se, ok := err.(*ddbexpr.SyntaxError)
		if !ok {
			return
		}
		switch se.Reason {
		case ddbexpr.ReasonTooLong:
			if size <= ddbexpr.MaxSize {
				c.reportExpr(expressionLimit, x, se.Offset, se.End, "", "%s; DynamoDB answers %q", se.Msg, se.DynamoMsg)
			}
		case ddbexpr.ReasonEmpty:
			c.report(syntaxError, Error, x.lit.Start, x.lit.End, "", "%s is empty: write an expression, or leave %s out; DynamoDB answers %q",
				x.param, x.param, se.DynamoMsg)
		default:
			c.reportExpr(syntaxError, x, se.Offset, se.End, "", "%s; DynamoDB answers %q", se.Msg, se.DynamoMsg)
		}
		return
	}
	x.e = e
	for _, p := range e.Problems {
		r := problemRule(p.Reason)
		c.reportExpr(r, x, p.Offset, p.End, "", "%s; DynamoDB answers %q", p.Msg, p.DynamoMsg)
		c.silence(c.exprOffset(x, p.Offset), c.exprOffset(x, max(p.End, p.Offset+1)), r.Name)
	}
	c.checkLimits(x)
}

// parsedExpressions yields, in the order DynamoDB reads them, the
// request's expressions that belong to its operation and parse: the ones
// the rules about what an expression says read.
func (c *requestPass) parsedExpressions() iter.Seq[*reqExpr] {
	return func(yield func(*reqExpr) bool) {
		for _, x := range c.expressions() {
			if x.known && x.e != nil && !yield(x) {
				return
			}
		}
	}
}

// problemRule files a problem DynamoDB finds while reading an expression
// under the rule the DSL files it under.
func problemRule(r ddbexpr.Reason) *Rule {
	switch r {
	case ddbexpr.ReasonFunctionName, ddbexpr.ReasonFunctionPlace, ddbexpr.ReasonOperandCount,
		ddbexpr.ReasonOperandType, ddbexpr.ReasonPathRequired:
		return functionMisuse
	case ddbexpr.ReasonListIndex:
		return expressionLimit
	}
	return syntaxError
}
