package lsp

import (
	"encoding/json"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

func (s *server) formatting(params json.RawMessage) (any, *rpcError) {
	var p documentFormattingParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d := s.docs[p.TextDocument.URI]
	if d == nil || d.lang.format == nil {
		return nil, nil
	}
	out, err := d.lang.format(d.path, d.text)
	if err != nil {
		// The diagnostics show why; formatting on save must not nag.
		s.logf("format %s: %v", d.path, err)
		return []textEdit{}, nil
	}
	return []textEdit{d.replacement(out)}, nil
}

// replacement is the one edit that turns the document's text into out:
// the part that differs, so the editor keeps the cursor and the marks
// outside it.
func (d *document) replacement(out string) textEdit {
	old := d.text
	pre := 0
	for pre < len(old) && pre < len(out) && old[pre] == out[pre] {
		pre++
	}
	suf := 0
	for suf < len(old)-pre && suf < len(out)-pre && old[len(old)-1-suf] == out[len(out)-1-suf] {
		suf++
	}
	// Whole characters: the ends must not split one.
	for pre > 0 && pre < len(old) && old[pre]&0xC0 == 0x80 {
		pre--
	}
	for suf > 0 && old[len(old)-suf]&0xC0 == 0x80 {
		suf--
	}
	return textEdit{Range: lspRange{d.position(pre), d.position(len(old) - suf)}, NewText: out[pre : len(out)-suf]}
}

func (s *server) definition(params json.RawMessage) (any, *rpcError) {
	d, off, err := s.at(params)
	if err != nil || d == nil || d.lang.definition == nil {
		return nil, err
	}
	locs := d.lang.definition(s, d, off)
	if locs == nil {
		return nil, nil
	}
	return locs, nil
}

// dslDefinition: a table or index name goes to where the schema declares it.
func dslDefinition(s *server, d *document, off int) []location {
	st := d.statementAt(off)
	if st == nil {
		return nil
	}
	n := findNode(st, off)
	sch := s.workspaceOf(d).sch
	if n == nil || sch == nil || n.stmt.Table == nil || n.attr != "" {
		return nil
	}
	t := sch.Table(n.stmt.Table.Name)
	if t == nil {
		return nil
	}
	at := t.Pos
	if n.index != nil {
		ix := t.Index(n.index.Name)
		if ix == nil {
			return nil
		}
		at = ix.Pos
	}
	if at.File == "" {
		return nil
	}
	p := problemPosition(at)
	return []location{{URI: uriOf(at.File), Range: lspRange{p, p}}}
}

func (s *server) codeAction(params json.RawMessage) (any, *rpcError) {
	var p codeActionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return nil, nil
	}
	if d.dirty || d.result == nil {
		s.lint(d) // the actions are of the text as it is now
	}
	from, to := d.offset(p.Range.Start), d.offset(p.Range.End)
	actions := []codeAction{}
	for _, f := range d.findings() {
		fa, fb := d.offset(f.diag.Range.Start), d.offset(f.diag.Range.End)
		if fb < from || fa > to {
			continue
		}
		if len(f.Fix) > 0 {
			edits := make([]textEdit, len(f.Fix))
			for i, e := range f.Fix {
				edits[i] = textEdit{Range: lspRange{d.posOf(e.Pos), d.posOf(e.End)}, NewText: e.Text}
			}
			actions = append(actions, codeAction{
				Title: "Fix: " + f.Suggestion, Kind: "quickfix", IsPreferred: true,
				Diagnostics: []diagnostic{f.diag}, Edit: workspaceEdit{Changes: map[string][]textEdit{d.uri: edits}},
			})
		}
		if d.lang.actions != nil {
			actions = append(actions, d.lang.actions(d, f)...)
		}
	}
	return actions, nil
}

// ignoreReason stands for the reason an ignore comment must give (the
// rule ignore-without-reason wants one): the user writes it over.
const ignoreReason = "REASON"

// dslActions: an ignore comment for the finding's rule on the line above
// its statement, indented as the statement's line is. Findings about the
// input itself, and about ignores, are not silenced that way.
func dslActions(d *document, f findingAt) []codeAction {
	switch f.Rule {
	case "syntax-error", "unreadable-input", "unused-ignore", "ignore-without-reason", "":
		return nil
	}
	if !f.Pos.IsValid() {
		return nil
	}
	start := statementStart(d.text, f.Pos.Offset)
	lineStart := strings.LastIndexAny(d.text[:start], "\r\n") + 1
	line := d.text[lineStart:]
	indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	text := indent + "# dynexpr:ignore " + f.Rule + " -- " + ignoreReason + lineEnding(d.text)
	at := d.position(lineStart)
	return []codeAction{{
		Title: "Ignore " + f.Rule + " for this statement (a comment with the reason to write)", Kind: "quickfix",
		Diagnostics: []diagnostic{f.diag},
		Edit:        workspaceEdit{Changes: map[string][]textEdit{d.uri: {{Range: lspRange{at, at}, NewText: text}}}},
	}}
}

// statementStart is where the statement holding off starts: the member of
// a group, inside its braces, or the statement.
func statementStart(src string, off int) int {
	sp := grammar.SpanAt(src, off)
	from := grammar.SkipTrivia(src, sp.From)
	if toks, _ := tokens(src[from:off]); len(toks) > 0 && (strings.EqualFold(toks[0], "transact") || strings.EqualFold(toks[0], "batch")) {
		if open := strings.IndexByte(src[from:off], '{'); open >= 0 {
			inner := from + open + 1
			from = grammar.SkipTrivia(src, inner+grammar.SpanAt(src[inner:sp.To], off-inner).From)
		}
	}
	return from
}

// lineEnding is the line end src's first line has, "\n" by default.
func lineEnding(src string) string {
	if i := strings.IndexAny(src, "\r\n"); i >= 0 && src[i] == '\r' {
		if i+1 < len(src) && src[i+1] == '\n' {
			return "\r\n"
		}
		return "\r"
	}
	return "\n"
}

// problemPosition is the LSP position of a place in a file not open in
// the editor (a config, a schema): its column, counted in bytes, is read
// as a character, which it is on a line of ASCII, as those lines mostly
// are.
func problemPosition(p diag.Pos) position {
	if !p.IsValid() {
		return position{}
	}
	return position{p.Line - 1, p.Col - 1}
}
