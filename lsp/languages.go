package lsp

import (
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/format"
	"github.com/dynexpr/dynexpr/lint"
)

// language is how the server reads one kind of file: the features it
// serves for the readers of lint.Readers (the one table of what a file is,
// by its extension or the editor's language id) of one lint.Kind.
// Diagnostics go through the lint engine (lint.Linter.Text, as `dynexpr
// lint` reads the file); the other features are optional, nil where the
// language has none.
type language struct {
	name string
	// reads is the lint.Kind of the readers the language serves.
	reads lint.Kind
	// kind is how lint reads a document of the language at path (the
	// workspace's config may say more, as requests: does).
	kind func(ws *workspace, path string) lint.Kind
	// format is `dynexpr fmt` of the language: the text in canonical
	// layout, or an error if it cannot be formatted.
	format func(name, src string) (string, error)
	// The DSL's features, given the document's parse and the cursor.
	hover      func(s *server, d *document, off int) *hover
	complete   func(s *server, d *document, off int) []completionItem
	definition func(s *server, d *document, off int) []location
	// actions are the code actions a finding offers besides its fix (an
	// ignore comment).
	actions func(d *document, f findingAt) []codeAction
}

// languages are what the server serves of each kind of reader.
var languages = []*language{
	{
		name: "dynexpr", reads: lint.DSL,
		kind:   func(*workspace, string) lint.Kind { return lint.DSL },
		format: format.File,
		hover:  dslHover, complete: dslComplete, definition: dslDefinition,
		actions: dslActions,
	},
	{
		name: "request JSON", reads: lint.Request,
		kind: requestKind,
	},
	{
		name: "PartiQL", reads: lint.PartiQL,
		kind:  func(*workspace, string) lint.Kind { return lint.PartiQL },
		hover: partiqlHover,
	},
	{
		// Diagnostics only: the requests the code writes as literals, as
		// `dynexpr lint --code` checks them.
		name: "application code", reads: lint.Code,
		kind: func(*workspace, string) lint.Kind { return lint.Code },
	},
}

// readers are the readers of lint.Readers the language serves: their
// names, extensions and editors' language ids.
func (l *language) readers() []*lint.Reader {
	var out []*lint.Reader
	for _, r := range lint.Readers() {
		if r.Kind == l.reads {
			out = append(out, r)
		}
	}
	return out
}

// requestKind: a JSON file is request JSON when the config says so
// (requests:), else only if it looks like one, as lint reads a walked
// *.json: package.json or a schema open in the editor is left alone.
func requestKind(ws *workspace, path string) lint.Kind {
	if ws.conf != nil && path != "" && ws.conf.IsRequest(path) {
		return lint.Request
	}
	return lint.MaybeRequest
}

// languageOf is the language of the document at path (may be ""), which
// the editor says is of language id: its reader by the path's extension,
// else by the id; nil for one the server does not read.
func languageOf(path, id string) *language {
	r := lint.ReaderOf(path)
	if r == nil {
		for _, c := range lint.Readers() {
			if slices.Contains(c.IDs, id) {
				r = c
				break
			}
		}
	}
	if r == nil {
		return nil
	}
	for _, l := range languages {
		if slices.Contains(l.readers(), r) {
			return l
		}
	}
	return nil
}

// Reads says what the server reads, from lint.Readers through languages,
// for its help: one line a reader, its name and its files ("PartiQL:
// *.partiql").
func Reads() string {
	var b strings.Builder
	for _, l := range languages {
		for _, r := range l.readers() {
			exts := make([]string, len(r.Exts))
			for i, e := range r.Exts {
				exts[i] = "*" + e
			}
			b.WriteString("  " + r.Name + ": " + strings.Join(exts, ", ") + "\n")
		}
	}
	return b.String()
}
