package grammar

import (
	"strconv"
	"strings"
)

// DynamoDB numbers: up to 38 significant digits, magnitude from 1E-130 to
// 9.9999999999999999999999999999999999999E+125, or zero. The DSL keeps a
// number's decimal text exactly as written and reads it here, digit by
// digit, never through float64.

// Decimal is a number's value as DynamoDB sees it: its sign, its significant
// digits and the decimal exponent of the first one, so that 1, 1.0 and
// 10E-1 are equal.
type Decimal struct {
	Neg bool
	// Digits are the significant digits, without leading or trailing
	// zeros; "" for zero (whatever its sign).
	Digits string
	// Exp is the decimal exponent of the first digit: 0 for 1 to 9.99...
	Exp int
}

// ParseDecimal reads decimal text: [-+]digits[.digits][e[+-]digits] (or
// [-+].digits...).
func ParseDecimal(s string) (Decimal, bool) {
	var d Decimal
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		d.Neg = s[i] == '-'
		i++
	}
	var digits []byte
	point := -1
	for ; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			if point >= 0 {
				return Decimal{}, false
			}
			point = len(digits)
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		digits = append(digits, c)
	}
	if len(digits) == 0 {
		return Decimal{}, false
	}
	if point < 0 {
		point = len(digits)
	}
	exp := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		neg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			neg = s[i] == '-'
			i++
		}
		start := i
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if exp < 1e6 {
				exp = exp*10 + int(s[i]-'0')
			}
		}
		if i == start {
			return Decimal{}, false
		}
		if neg {
			exp = -exp
		}
	}
	if i != len(s) {
		return Decimal{}, false
	}
	first := 0
	for first < len(digits) && digits[first] == '0' {
		first++
	}
	if first == len(digits) {
		return Decimal{}, true // zero
	}
	last := len(digits) - 1
	for digits[last] == '0' {
		last--
	}
	d.Digits = string(digits[first : last+1])
	d.Exp = point - first - 1 + exp
	return d, true
}

// Sign is -1, 0 or +1.
func (d Decimal) Sign() int {
	switch {
	case d.Digits == "":
		return 0
	case d.Neg:
		return -1
	}
	return 1
}

// Cmp compares two numbers exactly: -1, 0 or +1.
func (d Decimal) Cmp(o Decimal) int {
	if s, t := d.Sign(), o.Sign(); s != t || s == 0 {
		return compareInts(s, t)
	}
	m := compareInts(d.Exp, o.Exp)
	if m == 0 {
		// Without trailing zeros, the digit strings compare as the
		// magnitudes do: 1.9 < 2, 1.2 < 1.23.
		m = strings.Compare(d.Digits, o.Digits)
	}
	if d.Neg {
		return -m
	}
	return m
}

// Key is the same text for numbers of equal value.
func (d Decimal) Key() string {
	if d.Digits == "" {
		return "0"
	}
	sign := ""
	if d.Neg {
		sign = "-"
	}
	return sign + d.Digits + "e" + strconv.Itoa(d.Exp)
}

func compareInts(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// IsNumberText reports whether s is decimal text DynamoDB can parse.
func IsNumberText(s string) bool {
	_, ok := ParseDecimal(s)
	return ok
}

// NumberProblem names what DynamoDB would refuse in the decimal text s, in
// DynamoDB's own words, or "" when s is a valid DynamoDB number.
func NumberProblem(s string) string {
	d, ok := ParseDecimal(s)
	switch {
	case !ok:
		return "The parameter cannot be converted to a numeric value: " + s
	case d.Digits == "":
		return ""
	case len(d.Digits) > 38:
		return "Attempting to store more than 38 significant digits in a Number"
	case d.Exp > 125:
		// Largest: 9.99..E+125, whose leading digit has exponent 125.
		return "Number overflow. Attempting to store a number with magnitude larger than supported range"
	case d.Exp < -130:
		return "Number underflow. Attempting to store a number with magnitude smaller than supported range"
	}
	return ""
}
