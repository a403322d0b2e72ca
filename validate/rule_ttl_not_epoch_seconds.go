package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

var ttlNotEpochSeconds = &Rule{
	Name:     "ttl-not-epoch-seconds",
	Severity: Warning,
	Title:    "a time-to-live attribute written as something else than a whole number of epoch seconds",
	Why: `DynamoDB's time to live deletes an item once the time in the table's TTL
attribute is past, and it reads that attribute only as a Number of seconds since
1970 (Unix epoch time): "If you use any other format, the TTL processes ignore the
item". A string ("2026-12-01T00:00:00Z", or even "1796083200"), a number in
milliseconds (1796083200000: 13 digits, tens of thousands of years away in
seconds) or a number with a fraction is stored without a word, and the item is
never deleted. Numbers from 10^11 up are taken for milliseconds. A date in the
past is not flagged (DynamoDB ignores one more than five years old, but a past
date may be deliberate), nor is null (the item then has no expiry, as meant).
The schema says which attribute is the TTL: ttl: in project YAML, a
TimeToLiveSpecification, describe-time-to-live output; it is then a number, so
a parameter bound to it is one. A comparison of it with a string is
declared-type-mismatch's.`,
	Bad:         `put WorkspaceEvents item {EventPK: "w1", EventSK: "e1", expiresAt: "2026-12-01T00:00:00Z"}`,
	Good:        `put WorkspaceEvents item {EventPK: "w1", EventSK: "e1", expiresAt: 1796083200}`,
	AppliesTo:   "put (item), update (set, if_not_exists), of the table's TTL attribute",
	NeedsSchema: true,
	check:       checkTTLNotEpochSeconds,
}

func checkTTLNotEpochSeconds(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil || t.TTL == "" {
		return
	}
	if st.Kind == grammar.KindPut && st.Item != nil && st.Item.Map != nil {
		for _, e := range st.Item.Map.Entries {
			if e.Key == t.TTL {
				ttlValue(p, e.Key, e.Value)
			}
		}
	}
	for _, a := range st.Sets {
		if a == nil || a.Left == nil || a.Op != "" || attrAt(a.Path) != t.TTL {
			continue
		}
		switch {
		case a.Left.Value != nil:
			ttlValue(p, t.TTL, a.Left.Value)
		case a.Left.Call != nil && strings.EqualFold(a.Left.Call.Func, "if_not_exists") && len(a.Left.Call.Args) == 2:
			ttlValue(p, t.TTL, a.Left.Call.Args[1].Value)
		}
	}
}

// ttlValue reports v, written to the TTL attribute attr, when DynamoDB's
// time to live would not read it as epoch seconds.
func ttlValue(p *Pass, attr string, v *grammar.Value) {
	if !typedLiteral(v) || v.Type == grammar.TypeNULL {
		return
	}
	const never = "DynamoDB's time to live reads epoch seconds, a whole number, and ignores any other value: the item is never deleted, and nothing says so"
	subject := literalText(v) + boundFrom(v)
	if v.Type != grammar.TypeN {
		fix := "the expiry time as epoch seconds, a number (e.g. 1796083200)"
		suggestion := ""
		if v.Type == grammar.TypeS && grammar.IsNumberText(v.Text) {
			fix, suggestion = v.Text, v.Text
		}
		p.ReportAt(Warning, v.Pos, suggestion, "%s is %s, and %q is the table's TTL attribute: %s. Write %s",
			subject, grammar.TypeWord(v.Type), attr, never, fix)
		return
	}
	d, ok := grammar.ParseDecimal(v.Text)
	if !ok || d.Neg {
		return
	}
	var what, seconds string
	switch whole := len(d.Digits) <= d.Exp+1; {
	case d.Exp >= 11:
		what, seconds = "is in milliseconds, it seems (in seconds it is thousands of years away)", intPart(d, 3)
	case !whole:
		what, seconds = "has a fraction", intPart(d, 0)
	default:
		return
	}
	p.ReportAt(Warning, v.Pos, seconds, "%s %s, and %q is the table's TTL attribute: %s. Write %s (epoch seconds)",
		subject, what, attr, never, seconds)
}

// intPart is the whole part of d divided by 10^drop, as decimal text.
func intPart(d grammar.Decimal, drop int) string {
	n := d.Exp + 1 - drop // digits before the point
	if n <= 0 {
		return "0"
	}
	digits := d.Digits
	if len(digits) < n {
		digits += strings.Repeat("0", n-len(digits))
	}
	return digits[:n]
}
