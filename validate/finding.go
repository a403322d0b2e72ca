package validate

// String renders a finding as the text output starts it, but with the
// column in bytes and the message as it is (for tests and debugging; the
// printers count characters and escape control characters).
func (f Finding) String() string {
	return headline(f.Pos.String(), f.Severity.String(), f.Message, f.Rule)
}

// BadInput reports whether the finding says the input cannot be used at
// all (Rule.BadInput): an error of such a rule makes build's exit status 2.
func (f Finding) BadInput() bool {
	r := byName[f.Rule]
	return f.Severity == Error && r != nil && r.BadInput
}
