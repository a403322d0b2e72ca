package schema

import (
	"cmp"
	"slices"
	"sync"

	"github.com/dynexpr/dynexpr/diag"
)

// Note is something a source holds that dynexpr did not read, which the
// user should know of though nothing is wrong: a Terraform module call
// whose tables only terraform show -json can tell.
type Note struct {
	Pos diag.Pos
	Msg string
}

// noteLog collects the notes of one load, as varLog its variables.
type noteLog struct {
	mu    sync.Mutex
	notes []Note
}

// note records a note; safe on Options whose log is nil.
func (o Options) note(pos diag.Pos, msg string) {
	if o.notes == nil {
		return
	}
	o.notes.mu.Lock()
	defer o.notes.mu.Unlock()
	o.notes.notes = append(o.notes.notes, Note{pos, msg})
}

// list returns the notes by place: byte-stable whatever order folders
// were read in.
func (l *noteLog) list() []Note {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	out := slices.Clone(l.notes)
	slices.SortStableFunc(out, func(a, b Note) int {
		return cmp.Or(cmp.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Offset, b.Pos.Offset))
	})
	// A file's tables are added twice, to the file's schema and to the
	// load's: a note about them is said once.
	seen := map[Note]bool{}
	return slices.DeleteFunc(out, func(n Note) bool {
		dup := seen[n]
		seen[n] = true
		return dup
	})
}
