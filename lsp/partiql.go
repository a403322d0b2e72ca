package lsp

import (
	"strings"

	"github.com/dynexpr/dynexpr/explain"
	"github.com/dynexpr/dynexpr/partiql"
)

// partiqlHover: on a statement of a PartiQL script, what `dynexpr explain`
// says of it. The script is parsed whole; one that does not parse has no
// hover (its diagnostics say why).
func partiqlHover(s *server, d *document, off int) *hover {
	sc, err := partiql.ParseScript(d.path, d.text)
	if err != nil {
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
