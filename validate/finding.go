package validate

import "fmt"

// String renders a finding as every text output starts it:
// `file:line:col: severity: message (rule-name)`.
func (f Finding) String() string {
	return fmt.Sprintf("%s: %s: %s (%s)", f.Pos, f.Severity, f.Message, f.Rule)
}

// BadInput reports whether the finding says the input cannot be used at
// all (Rule.BadInput): an error of such a rule makes build's exit status 2.
func (f Finding) BadInput() bool {
	r := byName[f.Rule]
	return f.Severity == Error && r != nil && r.BadInput
}
