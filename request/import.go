package request

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

// What `dynexpr import` writes for a request file.

// ImportComment is the line `dynexpr import` writes above a request's
// statement: # FILE:LINE (COMMAND), and for a request with legacy
// parameters a second line naming them, so that a reader of the DSL knows
// the request was migrated.
func (r *Request) ImportComment() string {
	c := fmt.Sprintf("# %s:%d (%s)", r.File.Name, r.File.Pos(r.Obj.Start).Line, r.Command)
	if legacy := r.Legacy(); len(legacy) > 0 {
		c += "\n# imported from legacy parameters " + strings.Join(legacy, ", ")
	}
	return c
}

// ImportText writes statements converted from requests as `dynexpr import`
// prints them: each in the DSL's canonical layout under its request's
// ImportComment, separated by ";" and a blank line. A label names one
// statement: a later request of the same name is written without it.
func ImportText(reqs []*Request, stmts []*grammar.Statement) string {
	var b strings.Builder
	labels := map[string]bool{}
	for i, st := range stmts {
		if st.Label != nil {
			if labels[st.Label.Name] {
				unlabelled := *st
				unlabelled.Label = nil
				st = &unlabelled
			} else {
				labels[st.Label.Name] = true
			}
		}
		if i > 0 {
			b.WriteString(";\n\n")
		}
		b.WriteString(reqs[i].ImportComment())
		b.WriteString("\n")
		b.WriteString(grammar.Format(st))
	}
	if len(stmts) > 0 {
		b.WriteString("\n")
	}
	return b.String()
}
