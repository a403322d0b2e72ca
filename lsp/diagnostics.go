package lsp

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/internal/textfile"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/validate"
)

// findingAt is a finding of a document with the diagnostic it is shown as.
type findingAt struct {
	validate.Finding
	diag diagnostic
}

// lint lints d as `dynexpr lint` would the file and publishes what it finds.
func (s *server) lint(d *document) {
	ws := s.workspaceOf(d)
	var r lint.Result
	switch {
	case d.unsynced != "":
		r.Findings = []validate.Finding{validate.UnreadableInput(diag.Pos{File: d.path}, d.unsynced)}
	case int64(len(d.text)) > s.opt.MaxInput.Bytes():
		// As lint says of a file over --max-input-size.
		r.Findings = []validate.Finding{validate.UnreadableInput(diag.Pos{File: d.path},
			"cannot read the file: "+(&textfile.TooLargeError{Limit: s.opt.MaxInput}).Error())}
	default:
		r = d.cache.Lint(ws.linter, d.path, []byte(d.text), d.lang.kind(ws, d.path))
	}
	d.result, d.dirty = &r, false
	version := d.version
	s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{
		URI: d.uri, Version: &version, Diagnostics: diagnosticsOf(d.findings()),
	})
}

// findings are the document's findings from its last lint, with their
// diagnostics. A finding at another file (none today) is left out.
func (d *document) findings() []findingAt {
	if d.result == nil {
		return nil
	}
	out := make([]findingAt, 0, len(d.result.Findings))
	for _, f := range d.result.Findings {
		if f.Pos.File != "" && f.Pos.File != d.path {
			continue
		}
		out = append(out, findingAt{f, diagnosticOf(f, d.rangeAt(f.Pos, f.End))})
	}
	return out
}

func diagnosticsOf(fs []findingAt) []diagnostic {
	out := make([]diagnostic, len(fs))
	for i, f := range fs {
		out[i] = f.diag
	}
	return out
}

// diagnosticOf is a finding as the editor shows it: the rule as its code,
// linked to the rule's page, and the message with the suggestion, as the
// text output says them.
func diagnosticOf(f validate.Finding, r lspRange) diagnostic {
	msg := f.Message
	if f.Suggestion != "" && !strings.Contains(msg, f.Suggestion) {
		msg += "\nsuggestion: " + f.Suggestion
	}
	dg := diagnostic{Range: r, Severity: severityOf(f.Severity), Code: f.Rule, Source: "dynexpr", Message: msg}
	if validate.Lookup(f.Rule) != nil {
		dg.CodeDescription = &struct {
			Href string `json:"href"`
		}{validate.DocURL(f.Rule)}
	}
	return dg
}

func severityOf(s validate.Severity) int {
	switch s {
	case validate.Error:
		return severityError
	case validate.Warning:
		return severityWarning
	}
	return severityInformation
}

// publishProblems publishes what loading ws found wrong at the files it
// is at (the config, a schema file), and clears what old had published at
// files where ws finds nothing. A file open in the editor is not among
// them: its diagnostics are its lint's.
func (s *server) publishProblems(old, ws *workspace) {
	byFile := map[string][]diagnostic{}
	for _, p := range ws.problems {
		if p.Pos.File == "" {
			s.logf("%s", p.Msg)
			s.notify("window/showMessage", map[string]any{"type": 2, "message": "dynexpr: " + p.Msg})
			continue
		}
		uri := uriOf(p.Pos.File)
		byFile[uri] = append(byFile[uri], problemDiagnostic(p))
	}
	if old != nil {
		for _, f := range old.problemFiles() {
			if uri := uriOf(f); byFile[uri] == nil {
				byFile[uri] = []diagnostic{}
			}
		}
	}
	for uri, dgs := range byFile {
		if s.docs[uri] != nil {
			continue
		}
		s.published[uri] = len(dgs) > 0
		s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Diagnostics: dgs})
	}
}

// problemDiagnostic is a config or schema problem at its place.
func problemDiagnostic(p *diag.Error) diagnostic {
	pos := problemPosition(p.Pos)
	return diagnostic{Range: lspRange{pos, pos}, Severity: severityError, Source: "dynexpr", Message: p.Msg}
}
