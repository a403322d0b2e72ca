package validate

var ignoreWithoutReason = &Rule{
	Name:     "ignore-without-reason",
	Severity: Error,
	Title:    "a dynexpr:ignore comment without a reason",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderJSON}, Why: jsonHasNoComments},
	},
	Why: `Silencing a rule needs a reason the next reader can weigh: write it after "--".
An ignore without one silences nothing.`,
	Bad:       "# dynexpr:ignore limit-with-filter\nscan Tickets filter priority = 1 limit 10",
	Good:      "# dynexpr:ignore limit-with-filter -- the dashboard pages until LastEvaluatedKey is absent\nscan Tickets filter priority = 1 limit 10",
	AppliesTo: "ignore comments in .dx files",
}
