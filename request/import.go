package request

import (
	"bytes"
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
// prints them (ImportWriter).
func ImportText(reqs []*Request, stmts []*grammar.Statement) string {
	var w ImportWriter
	for i, st := range stmts {
		w.Add(reqs[i], st)
	}
	return w.String()
}

// ImportWriter writes statements converted from requests as `dynexpr
// import` prints them, one at a time: each in the DSL's canonical layout
// under its request's ImportComment, separated by ";" and a blank line. A
// label names one statement: a later request of the same name is written
// without it.
type ImportWriter struct {
	b      bytes.Buffer
	labels map[string]bool
	added  []string // the labels in the order first written, for Rewind
}

// ImportMark is where an ImportWriter stands, to Rewind to.
type ImportMark struct{ len, labels int }

// Mark is where w stands now.
func (w *ImportWriter) Mark() ImportMark { return ImportMark{w.b.Len(), len(w.added)} }

// Rewind takes back what was added since m: the statements of a file found
// to be bad after them.
func (w *ImportWriter) Rewind(m ImportMark) {
	w.b.Truncate(m.len)
	for _, l := range w.added[m.labels:] {
		delete(w.labels, l)
	}
	w.added = w.added[:m.labels]
}

// Add writes st, the statement of r.
func (w *ImportWriter) Add(r *Request, st *grammar.Statement) {
	if st.Label != nil {
		if w.labels[st.Label.Name] {
			unlabelled := *st
			unlabelled.Label = nil
			st = &unlabelled
		} else {
			if w.labels == nil {
				w.labels = map[string]bool{}
			}
			w.labels[st.Label.Name] = true
			w.added = append(w.added, st.Label.Name)
		}
	}
	if w.b.Len() > 0 {
		w.b.WriteString(";\n\n")
	}
	w.b.WriteString(r.ImportComment())
	w.b.WriteString("\n")
	w.b.WriteString(grammar.Format(st))
}

// String is the text written, ended by a newline when not empty.
func (w *ImportWriter) String() string {
	if w.b.Len() == 0 {
		return ""
	}
	return w.b.String() + "\n"
}
