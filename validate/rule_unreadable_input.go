package validate

var unreadableInput = &Rule{
	Name:      "unreadable-input",
	Severity:  Error,
	Title:     "a file that cannot be read",
	Why:       `A path given to lint, or found while walking a folder, cannot be read (it is missing, a dangling link, or not readable). Nothing in it can be checked.`,
	Bad:       "dynexpr lint missing.dx",
	Good:      "dynexpr lint queries/",
	AppliesTo: "every input",
	BadInput:  true,
}
