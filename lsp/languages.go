package lsp

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/format"
	"github.com/dynexpr/dynexpr/lint"
)

// language is how the server reads one kind of file: a reader of the CLI,
// plugged in as one entry of languages. Diagnostics go through the lint
// engine (lint.Linter.Text, as `dynexpr lint` reads the file); the other
// features are optional, nil where the language has none.
type language struct {
	name string
	// ids are the editor's language identifiers (didOpen's languageId),
	// exts the file extensions: a document is the first language whose
	// extension its path has, else whose id the editor gives it.
	ids, exts []string
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

// languages are the readers the server serves, each with the lint.Kind
// lint reads it as.
var languages = []*language{
	{
		name: "dynexpr", ids: []string{"dynexpr", "dx"}, exts: []string{".dx"},
		kind:   func(*workspace, string) lint.Kind { return lint.DSL },
		format: format.File,
		hover:  dslHover, complete: dslComplete, definition: dslDefinition,
		actions: dslActions,
	},
	{
		name: "request JSON", ids: []string{"json", "jsonl", "jsonlines"}, exts: []string{".json", ".jsonl"},
		kind: requestKind,
	},
	{
		name: "PartiQL", ids: []string{"partiql"}, exts: []string{".partiql"},
		kind:  func(*workspace, string) lint.Kind { return lint.PartiQL },
		hover: partiqlHover,
	},
	{
		// Diagnostics only: the requests the code writes as literals, as
		// `dynexpr lint --code` checks them.
		name: "application code", exts: lint.CodeExtensions(),
		ids:  []string{"go", "python", "javascript", "javascriptreact", "typescript", "typescriptreact", "java", "kotlin"},
		kind: func(*workspace, string) lint.Kind { return lint.Code },
	},
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
// the editor says is of language id; nil for one the server does not read.
func languageOf(path, id string) *language {
	if ext := strings.ToLower(filepath.Ext(path)); ext != "" {
		for _, l := range languages {
			if slices.Contains(l.exts, ext) {
				return l
			}
		}
	}
	for _, l := range languages {
		if slices.Contains(l.ids, id) {
			return l
		}
	}
	return nil
}

// Reads says what the server reads, from languages, for its help: one
// line a language, its name and its files ("PartiQL: *.partiql").
func Reads() string {
	var b strings.Builder
	for _, l := range languages {
		exts := make([]string, len(l.exts))
		for i, e := range l.exts {
			exts[i] = "*" + e
		}
		b.WriteString("  " + l.name + ": " + strings.Join(exts, ", ") + "\n")
	}
	return b.String()
}
