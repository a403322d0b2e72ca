package validate

import "github.com/dynexpr/dynexpr/diag"

var unreadableInput = &Rule{
	Name:      "unreadable-input",
	Severity:  Error,
	Title:     "a file that cannot be read",
	Why:       `A path given to lint, or found while walking a folder, cannot be read (it is missing, a dangling link, or not readable). Nothing in it can be checked. A link to nothing met walking a folder is a finding like any other (exit status 1), and the walk goes on; any other file that cannot be read means lint could not do as asked (exit status 2).`,
	Bad:       "dynexpr lint missing.dx",
	Good:      "dynexpr lint queries/",
	AppliesTo: "every input",
	BadInput:  true,
}

// UnreadableInput is the finding for a file that cannot be read, at pos
// (the file's name, without a line).
func UnreadableInput(pos diag.Pos, msg string) Finding {
	return Finding{Pos: pos, Rule: unreadableInput.Name, Severity: unreadableInput.Severity, Message: msg}
}
