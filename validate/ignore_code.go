package validate

import "github.com/dynexpr/dynexpr/diag"

// An ignore comment in application code, in the host language's comment
// syntax (`// dynexpr:ignore reserved-word -- the legacy table`), silences
// the findings on the line it ends, or on the next line, and those of a
// request that starts there; the rules about ignores (a reason after "--",
// an ignore that silences nothing) apply as in a DSL file.

// CodeIgnore is one ignore comment of a code file.
type CodeIgnore struct {
	Pos diag.Pos
	// Args is what follows "dynexpr:ignore": the rules, "--", the reason.
	Args string
	// Comment starts a comment in the file's language ("//", "#"), for
	// messages.
	Comment string
	// Target names what the ignore applies to ("the next line"), and
	// Covers tells its findings.
	Target string
	Covers func(Finding) bool
}

// ApplyCodeIgnores drops the findings of a code file that its ignores
// silence and adds the findings about the ignores themselves.
func ApplyCodeIgnores(igs []CodeIgnore, findings []Finding, cfg *Config) []Finding {
	list := make([]*ignore, len(igs))
	for i := range igs {
		list[i] = ignoreOf(igs[i].Pos, igs[i].Args)
		list[i].code = &igs[i]
	}
	return apply(list, findings, cfg)
}
