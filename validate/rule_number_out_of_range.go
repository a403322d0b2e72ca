package validate

import (
	"fmt"
	"math/big"
	"strconv"

	"github.com/dynexpr/dynexpr/grammar"
)

var numberOutOfRange = &Rule{
	Name:     "number-out-of-range",
	Severity: Error,
	Title:    "a number DynamoDB cannot store: over 38 significant digits, or out of its range",
	Why: `A DynamoDB number has at most 38 significant digits, and its magnitude lies
between 1E-130 and 9.9999999999999999999999999999999999999E+125 (or it is 0).
DynamoDB refuses any other, wherever it stands: in an item, a key, a condition's
value or an update, and as the result of an update's arithmetic on two numbers
the request gives (set total = :a + :b). dynexpr keeps every number's decimal text as written, so it
can tell exactly. Numbers that do not fit are stored as strings.`,
	DynamoMessages: []string{
		"Attempting to store more than 38 significant digits in a Number",
		"Number overflow. Attempting to store a number with magnitude larger than supported range",
		"Number underflow. Attempting to store a number with magnitude smaller than supported range",
	},
	Bad:       `put Tickets item {id: "77de", ref: 123456789012345678901234567890123456789}`,
	Good:      `put Tickets item {id: "77de", ref: "123456789012345678901234567890123456789"}`,
	AppliesTo: "every number: item, key, conditions, update values, bound parameters, nested in lists, maps and sets; the sum or difference of two numbers in a set action",
	check:     checkNumberOutOfRange,
	partiql:   true,
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
	if p.Stmt.Kind == grammar.KindUpdate {
		checkLiteralArithmetic(p)
	}
}

// checkLiteralArithmetic reports a set action adding or subtracting two
// numbers written in the statement whose exact result is no DynamoDB
// number: DynamoDB computes it as it applies the update, and refuses to
// store it whatever the item holds.
func checkLiteralArithmetic(p *Pass) {
	for _, a := range p.Stmt.Sets {
		if a.Op != "+" && a.Op != "-" || a.Left == nil || a.Right == nil {
			continue
		}
		l, r := a.Left.Value, a.Right.Value
		if l == nil || r == nil || l.Type != grammar.TypeN || r.Type != grammar.TypeN ||
			grammar.NumberProblem(l.Text) != "" || grammar.NumberProblem(r.Text) != "" {
			continue // the operands' own problems are reported above
		}
		x, _ := grammar.ParseDecimal(l.Text)
		y, _ := grammar.ParseDecimal(r.Text)
		if a.Op == "-" {
			y.Neg = !y.Neg
		}
		sum := decimalText(addDecimals(x, y))
		if msg := grammar.NumberProblem(sum); msg != "" {
			shown := sum
			if len(shown) > 60 {
				shown = shown[:57] + "..."
			}
			p.Reportf(l.Pos, "%s %s %s is %s, which DynamoDB cannot store; it answers %q. Write instead: the result, rounded to what a DynamoDB number holds, or store it as a string",
				l.Text, a.Op, r.Text, shown, msg)
		}
	}
}

// addDecimals is x + y, exactly.
func addDecimals(x, y grammar.Decimal) grammar.Decimal {
	// Each is digits × 10^(Exp-len(digits)+1): bring both to the lower
	// exponent and add the integers. The operands are DynamoDB numbers, so
	// the shift is at most some 300 digits.
	ints := func(d grammar.Decimal) (*big.Int, int) {
		n, _ := new(big.Int).SetString("0"+d.Digits, 10)
		if d.Neg {
			n.Neg(n)
		}
		return n, d.Exp - len(d.Digits) + 1
	}
	a, ea := ints(x)
	b, eb := ints(y)
	ten := big.NewInt(10)
	for ea > eb {
		a.Mul(a, ten)
		ea--
	}
	for eb > ea {
		b.Mul(b, ten)
		eb--
	}
	sum := a.Add(a, b)
	d, _ := grammar.ParseDecimal(sum.String() + "E" + strconv.Itoa(ea))
	return d
}

// decimalText writes d as decimal text: 1.5E3.
func decimalText(d grammar.Decimal) string {
	if d.Digits == "" {
		return "0"
	}
	sign := ""
	if d.Neg {
		sign = "-"
	}
	frac := ""
	if len(d.Digits) > 1 {
		frac = "." + d.Digits[1:]
	}
	return sign + d.Digits[:1] + frac + "E" + strconv.Itoa(d.Exp)
}
