package validate

import (
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/request"
)

// cliType is how the AWS CLI (Python) names a JSON value's type.
func cliType(v *request.Value) string {
	switch v.Kind {
	case request.String:
		return "<class 'str'>"
	case request.Number:
		if strings.ContainsAny(v.Text, ".eE") {
			return "<class 'float'>"
		}
		return "<class 'int'>"
	case request.Bool:
		return "<class 'bool'>"
	case request.Null:
		return "<class 'NoneType'>"
	case request.Array:
		return "<class 'list'>"
	}
	return "<class 'dict'>"
}

// cliValue is a value as the AWS CLI prints it in its messages: str() of
// the Python value.
func cliValue(v *request.Value) string {
	s := pyRepr(v, true)
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

func pyRepr(v *request.Value, top bool) string {
	switch v.Kind {
	case request.String:
		if top {
			return v.Text
		}
		return "'" + strings.ReplaceAll(v.Text, "'", `\'`) + "'"
	case request.Bool:
		if v.Text == "true" {
			return "True"
		}
		return "False"
	case request.Null:
		return "None"
	case request.Number:
		return v.Text
	case request.Array:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = pyRepr(e, false)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	parts := make([]string, len(v.Members))
	for i, m := range v.Members {
		parts[i] = "'" + m.Name + "': " + pyRepr(m.Value, false)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// repeatedKeys warns about a key written twice in an object.
func (c *requestPass) repeatedKeys(v *request.Value, path string) {
	for _, m := range v.Members {
		if m.Repeated {
			c.report(invalidRequestMember, Warning, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
				"%q is given a second time in %s; JSON readers, the AWS CLI's among them, keep only the last one and silently drop the first: keep one", m.Name, path)
		}
	}
}
