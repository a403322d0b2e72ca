package lsp

import (
	"strings"

	"github.com/dynexpr/dynexpr/explain"
	"github.com/dynexpr/dynexpr/partiql"
)

// partiqlHover: on a statement of a PartiQL script, what `dynexpr explain`
// says of it. The script is parsed whole; a statement that does not parse
// has no hover (its diagnostics say why), and the others still do.
func partiqlHover(s *server, d *document, off int) *hover {
	sc, _ := partiql.ParseScript(d.path, d.text)
	if sc == nil {
		return nil
	}
	for i, st := range sc.Statements {
		if off < st.Pos.Offset || off > st.EndPos.Offset {
			continue
		}
		text := explain.PartiQL(sc.Member(i), s.workspaceOf(d).sch)
		var b strings.Builder
		b.WriteString("```partiql\n" + st.Source + "\n```\n")
		explainList(&b, text)
		return markdown(b.String(), d, st.Pos.Offset, st.EndPos.Offset)
	}
	return nil
}
