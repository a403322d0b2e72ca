package grammar

// DynamoDB numbers: up to 38 significant digits, magnitude from 1E-130 to
// 9.9999999999999999999999999999999999999E+125, or zero. The DSL keeps a
// number's decimal text exactly as written and checks it here, digit by
// digit, never through float64.

// IsNumberText reports whether s is decimal text DynamoDB can parse:
// -?digits[.digits][e[+-]digits] (or -?.digits).
func IsNumberText(s string) bool {
	_, ok := scanNumber(s)
	return ok
}

// NumberProblem names what DynamoDB would refuse in the decimal text s, in
// DynamoDB's own words, or "" when s is a valid DynamoDB number.
func NumberProblem(s string) string {
	n, ok := scanNumber(s)
	switch {
	case !ok:
		return "The parameter cannot be converted to a numeric value: " + s
	case n.sig == 0:
		return ""
	case n.sig > 38:
		return "Attempting to store more than 38 significant digits in a Number"
	case n.exp > 125:
		// Largest: 9.99..E+125, whose leading digit has exponent 125.
		return "Number overflow. Attempting to store a number with magnitude larger than supported range"
	case n.exp < -130:
		return "Number underflow. Attempting to store a number with magnitude smaller than supported range"
	}
	return ""
}

type numberInfo struct {
	sig int // significant digits (leading and trailing zeros dropped)
	exp int // decimal exponent of the leading significant digit
}

func scanNumber(s string) (numberInfo, bool) {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	var digits []byte // all mantissa digits, without the point
	point := -1
	for ; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			if point >= 0 {
				return numberInfo{}, false
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
		return numberInfo{}, false
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
			return numberInfo{}, false
		}
		if neg {
			exp = -exp
		}
	}
	if i != len(s) {
		return numberInfo{}, false
	}
	first := 0
	for first < len(digits) && digits[first] == '0' {
		first++
	}
	if first == len(digits) {
		return numberInfo{}, true // zero
	}
	last := len(digits) - 1
	for digits[last] == '0' {
		last--
	}
	return numberInfo{sig: last - first + 1, exp: point - first - 1 + exp}, true
}
