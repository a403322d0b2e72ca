package builder

import (
	"strconv"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/grammar"
)

// Expression sizes, for validate's expression-limit rule. DynamoDB limits
// each expression string to 4096 bytes, counted on the string the request
// carries: placeholders, not the names and values they stand for. The
// builder's placeholders (doc.go, placeholders.go) are # and the name, each character outside A-Z, a-z, 0-9 and _ made _,
// cut at 255 bytes, and : and the name of the path a value meets. The
// counts below are a lower bound of that string, so a finding is certain:
//   - a name counts 1 (#) plus one byte per character (the builder writes
//     each one as itself or _), at most 255 (suffixes that keep two
//     placeholders apart, _2, only add);
//   - a value counts as its placeholder without a suffix: : and the last
//     name of the path it meets (doc.go), as a name counts, or 2
//     (:v) when it meets none;
//   - list indexes ([2]) and dots, function names with their parentheses and
//     commas, the parentheses and commas of in (...), comparison operators,
//     + and -, and the keywords AND, OR, NOT, BETWEEN, IN, SET, REMOVE, ADD
//     and DELETE count as written;
//   - spaces and the parentheses the builder puts around conditions count
//     nothing (the builder writes them; the count leaves them out), but
//     for one space between two clauses of an update.
//
// They live beside placeholders.go because they mirror its naming: a change
// to how placeholders are named is a change here.

func namePlaceholderBytes(name string) int {
	return min(max(1+utf8.RuneCountInString(name), 2), maxPlaceholder)
}

// valuePlaceholderBytes is the size of the placeholder of a value named
// after hint (ComparisonHint, LastName; "" gives :v).
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

// MinConditionLen is a lower bound of the length of the condition
// expression (key condition, filter or condition) the builder writes for c.
func MinConditionLen(c *grammar.Condition) int { return condBytes(c) }

// conditionBytes weighs a condition by the bytes the builder writes for it.
var conditionBytes = &grammar.ConditionWeights{Or: len("OR"), And: len("AND"), Not: len("NOT"), Comparison: comparisonBytes}

func condBytes(c *grammar.Condition) int { return grammar.SumCondition(c, conditionBytes) }

func comparisonBytes(c *grammar.Comparison) int {
	hint := ComparisonHint(c)
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

// MinUpdateLen is a lower bound of the length of the UpdateExpression the
// builder writes for st.
func MinUpdateLen(st *grammar.Statement) int {
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
			hint := LastName(a.Path)
			n += pathBytes(a.Path) + 1 + operandBytes(a.Left, hint) + len(a.Op) + operandBytes(a.Right, hint)
		}
	}
	for _, path := range st.Removes {
		n += pathBytes(path)
	}
	for _, a := range st.Adds {
		if a != nil {
			n += pathBytes(a.Path) + valuePlaceholderBytes(LastName(a.Path))
		}
	}
	for _, a := range st.Deletes {
		if a != nil {
			n += pathBytes(a.Path) + valuePlaceholderBytes(LastName(a.Path))
		}
	}
	return n
}

// MinProjectionLen is a lower bound of the length of the
// ProjectionExpression the builder writes for paths.
func MinProjectionLen(paths []*grammar.Path) int {
	n := max(len(paths)-1, 0)
	for _, path := range paths {
		n += pathBytes(path)
	}
	return n
}
