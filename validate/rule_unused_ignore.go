package validate

var unusedIgnore = &Rule{
	Name:     "unused-ignore",
	Severity: Warning,
	Title:    "a dynexpr:ignore comment that silences nothing",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderJSON}, Why: jsonHasNoComments},
	},
	Why: `An ignore comment names rules to silence on one statement: the one whose line
it ends, or the next one when only comments stand between them. When none of
them fires there (the statement was fixed, or the name is misspelt), the
comment is stale and would hide the next real problem: remove it. A comment
that a blank line cuts off from the statement below, or that no statement
follows, applies to none: it is reported too, rather than dropped in silence.`,
	Bad:       "# dynexpr:ignore limit-with-filter -- paging\nscan Tickets limit 10",
	Good:      "scan Tickets limit 10",
	AppliesTo: "ignore comments in .dx files",
}
