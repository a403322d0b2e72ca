package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

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

// Relocation moves the findings made on one text into the file that holds
// it: the request JSON written for application code (each of whose bytes
// stands for a byte of the code file), a PartiQL statement read from a
// string literal of code or from a JSON string of a request. It is the one
// place such findings move, and all of a finding that is a place moves
// with it: its position, its end, and its fix's edits. An edit that cannot
// be made exactly in the host drops the whole fix (half a fix is an edit
// at a wrong place): one whose bytes are not the host's own, one for one
// (an escape, a quote the host writes otherwise, a byte the reader wrote
// itself), or whose text the host would need escaped. The second places a
// message names are moved as the message is written: Place is what the
// checks take for it (request.File.Outside).
type Relocation struct {
	// Inner is the text the findings were made on; In is the byte of Inner
	// a place is at, false for a place of another file (a schema's), which
	// stays where it is.
	Inner string
	In    func(diag.Pos) (int, bool)
	// Host is the text of the file that holds Inner; Offset is the byte of
	// Host that byte i of Inner stands for (i up to len(Inner)), and Pos
	// the place of a byte of Host.
	Host   []byte
	Offset func(i int) int
	Pos    func(off int) diag.Pos
}

// Finding is f moved into the host.
func (r *Relocation) Finding(f Finding) Finding {
	from, ok := r.In(f.Pos)
	if !ok {
		return f
	}
	end := f.End
	f.Pos, f.End = r.Pos(r.Offset(from)), diag.Pos{}
	if to, ok := r.In(end); ok && to > from {
		if e := r.Pos(r.Offset(to)); e.Offset > f.Pos.Offset {
			f.End = e
		}
	}
	if f.Fix != nil {
		f.Fix = r.edits(f.Fix)
	}
	return f
}

// Place is where byte off of Inner stands in the host, and that place's
// line up to it (for its column in characters), for a message that names
// a second place ("first at 3:14").
func (r *Relocation) Place(off int) (diag.Pos, string) {
	at := r.Pos(r.Offset(max(0, min(off, len(r.Inner)))))
	start := max(0, at.Offset-at.Col+1)
	return at, string(r.Host[start:min(at.Offset, len(r.Host))])
}

// edits are fix's edits moved into the host; nil when one cannot be.
func (r *Relocation) edits(fix []Edit) []Edit {
	out := make([]Edit, 0, len(fix))
	for _, e := range fix {
		a, okA := r.In(e.Pos)
		b, okB := r.In(e.End)
		if !okA || !okB || b < a || !hostSafe(e.Text) {
			return nil
		}
		h, ok := r.exact(a, b)
		if !ok {
			return nil
		}
		e.Pos, e.End = r.Pos(h), r.Pos(h+b-a)
		out = append(out, e)
	}
	return out
}

// exact is the byte of Host where bytes [a, b) of Inner stand, when they
// are the host's own bytes, one for one; an insertion (a == b) must fall
// between two such bytes.
func (r *Relocation) exact(a, b int) (int, bool) {
	if a == b {
		if a == 0 || a >= len(r.Inner) {
			return 0, false
		}
		h, ok := r.exact(a-1, a+1)
		return h + 1, ok
	}
	h := r.Offset(a)
	for i := a; i < b; i++ {
		j := h + i - a
		if i >= len(r.Inner) || r.Offset(i) != j || j < 0 || j >= len(r.Host) || r.Host[j] != r.Inner[i] {
			return 0, false
		}
	}
	return h, true
}

// hostSafe reports whether text reads as itself inside any host's string
// literal: no quote, backslash, dollar, brace or control byte, which one
// host or another would read otherwise (an f-string's braces, a
// template's "${", a Kotlin "$name").
func hostSafe(text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < ' ' || c >= 0x7f || strings.IndexByte("\"'`\\${}", c) >= 0 {
			return false
		}
	}
	return true
}
