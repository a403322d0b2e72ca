package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

var numberOutOfRange = &Rule{
	Name:     "number-out-of-range",
	Severity: Error,
	Title:    "a number DynamoDB cannot store: over 38 significant digits, or out of its range",
	Why: `A DynamoDB number has at most 38 significant digits, and its magnitude lies
between 1E-130 and 9.9999999999999999999999999999999999999E+125 (or it is 0).
DynamoDB refuses any other, wherever it stands: in an item, a key, a condition's
value or an update. dynexpr keeps every number's decimal text as written, so it
can tell exactly. Numbers that do not fit are stored as strings.`,
	DynamoMessages: []string{
		"Attempting to store more than 38 significant digits in a Number",
		"Number overflow. Attempting to store a number with magnitude larger than supported range",
		"Number underflow. Attempting to store a number with magnitude smaller than supported range",
	},
	Bad:       `put Tickets item {id: "77de", ref: 123456789012345678901234567890123456789}`,
	Good:      `put Tickets item {id: "77de", ref: "123456789012345678901234567890123456789"}`,
	AppliesTo: "every number: item, key, conditions, update values, bound parameters, nested in lists, maps and sets",
	check:     checkNumberOutOfRange,
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
