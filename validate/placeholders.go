package validate

import "strings"

func validPlaceholder(s string, prefix byte) bool {
	if len(s) < 2 || s[0] != prefix {
		return false
	}
	for i := 1; i < len(s); i++ {
		ch := s[i]
		if !(ch == '_' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
			return false
		}
	}
	return true
}

// placeholderFor makes a placeholder out of any text: #my_attr for
// "my-attr".
func placeholderFor(s string, prefix byte) string {
	var b strings.Builder
	b.WriteByte(prefix)
	for _, r := range strings.TrimLeft(s, "#:") {
		if r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 1 {
		b.WriteString("a")
	}
	return b.String()
}
