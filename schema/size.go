package schema

import (
	"fmt"
	"strings"
)

// ParseSize reads a size of items as a person writes it: 500, 500B, 3.5KB,
// 2 KB, 1MB; KB is 1,024 bytes and MB 1,024 KB, as DynamoDB counts them
// ("Service, account, and table quotas"). A fraction of a byte rounds up.
// It is the item_size of a table in the project YAML and dynexpr's
// --item-size.
func ParseSize(text string) (int64, error) {
	s := strings.TrimSpace(text)
	unit := int64(1)
	upper := strings.ToUpper(s)
	for _, u := range []struct {
		suffix string
		bytes  int64
	}{{"KB", 1024}, {"MB", 1024 * 1024}, {"B", 1}} {
		if strings.HasSuffix(upper, u.suffix) {
			unit, s = u.bytes, strings.TrimSpace(s[:len(s)-len(u.suffix)])
			break
		}
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" || strings.Trim(whole, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" || len(whole) > 9 || len(frac) > 9 {
		return 0, fmt.Errorf("%q is not a size: write bytes or KB, such as 500, 500B or 3.5KB (1 KB is 1,024 bytes)", text)
	}
	var n, den, num int64 = 0, 1, 0
	for _, c := range whole {
		n = n*10 + int64(c-'0')
	}
	for _, c := range frac {
		num = num*10 + int64(c-'0')
		den *= 10
	}
	total := n*unit + (num*unit+den-1)/den
	if total > 400*1024 {
		return 0, fmt.Errorf("%q is more than DynamoDB's largest item, 400 KB", text)
	}
	return total, nil
}
