package validate

import "fmt"

// String renders a finding as every text output starts it:
// `file:line:col: severity: message (rule-name)`.
func (f Finding) String() string {
	return fmt.Sprintf("%s: %s: %s (%s)", f.Pos, f.Severity, f.Message, f.Rule)
}
