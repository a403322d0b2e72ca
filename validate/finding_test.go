package validate

import (
	"testing"

	"github.com/dynexpr/dynexpr/diag"
)

// relocationOf is the relocation of inner, whose byte i stands at
// offsets[i] of host (offsets has one more entry, for the end).
func relocationOf(inner, host string, offsets []int) *Relocation {
	return &Relocation{
		Inner:  inner,
		In:     func(p diag.Pos) (int, bool) { return p.Offset, p.IsValid() && p.File == "inner" },
		Host:   []byte(host),
		Offset: func(i int) int { return offsets[min(i, len(offsets)-1)] },
		Pos:    func(off int) diag.Pos { return diag.Pos{File: "host", Offset: off, Line: 1, Col: off + 1} },
	}
}

func innerPos(off int) diag.Pos { return diag.Pos{File: "inner", Offset: off, Line: 1, Col: off + 1} }

// A fix moves into the host only where the bytes it edits are the host's
// own, one for one, and its text reads as itself there.
func TestRelocationMovesOnlyExactEdits(t *testing.T) {
	rename := Finding{Pos: innerPos(0), End: innerPos(6), Rule: "unknown-table",
		Fix: []Edit{{Pos: innerPos(0), End: innerPos(6), Text: "Tickets", anyReader: true}}}

	// name = "Tickes": the name's bytes are the literal's.
	plain := relocationOf("Tickes", `name = "Tickes"`, []int{8, 9, 10, 11, 12, 13, 14})
	f := plain.Finding(rename)
	if f.Pos.Offset != 8 || f.End.Offset != 14 || len(f.Fix) != 1 || f.Fix[0].Pos.Offset != 8 || f.Fix[0].End.Offset != 14 {
		t.Errorf("plain literal: %+v", f)
	}

	// name = "Tick\x65s": the e is an escape, which the edit would write
	// over with text of another length; the finding moves, the fix goes.
	escaped := relocationOf("Tickes", `name = "Tick\x65s"`, []int{8, 9, 10, 11, 12, 16, 17})
	if f := escaped.Finding(rename); f.Pos.Offset != 8 || f.End.Offset != 17 || f.Fix != nil {
		t.Errorf("escaped literal: %+v", f)
	}

	// A text the host would read otherwise (a quote) is no edit of it.
	quoted := rename
	quoted.Fix = []Edit{{Pos: innerPos(0), End: innerPos(6), Text: `"Tickets"`}}
	if f := plain.Finding(quoted); f.Fix != nil {
		t.Errorf("a quote written into the literal: %+v", f.Fix)
	}

	// A place of another file (a schema's) stays.
	other := Finding{Pos: diag.Pos{File: "schema.yaml", Offset: 3, Line: 1, Col: 4}}
	if f := plain.Finding(other); f.Pos != other.Pos {
		t.Errorf("a schema's place moved: %+v", f.Pos)
	}
}
