package validate

var unusedIgnore = &Rule{
	Name:     "unused-ignore",
	Severity: Warning,
	Title:    "a dynexpr:ignore comment that silences nothing",
	Why: `An ignore comment names rules to silence on the statement after it. When none
of them fires there (the statement was fixed, or the name is misspelt), the
comment is stale and would hide the next real problem: remove it.`,
	Bad:       "# dynexpr:ignore limit-with-filter -- paging\nscan Tickets limit 10",
	Good:      "scan Tickets limit 10",
	AppliesTo: "ignore comments in .dx files",
}
