package lint

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/dynexpr/dynexpr/appcode"
	"github.com/dynexpr/dynexpr/grammar"
)

// Reader is one kind of input dynexpr reads, told by a file's extension:
// the one table (Readers) that the folder walk, standard input, build,
// explain, fmt, the language server, shell completion and the pre-commit
// hook's pattern all read, so that they never disagree on what a file is.
type Reader struct {
	// Name is how messages and lint -v say the kind: "DSL", "request
	// JSON", "PartiQL", or a code language ("Go", "Python", ...).
	Name string
	// Exts are the file extensions, lower case, with the dot.
	Exts []string
	// Kind is how lint reads a file of this kind named on the command
	// line; a walked one is read as Walked, when the walk reads it at all.
	Kind, Walked Kind
	// ByPattern: a walk reads the file only when a code: or --code
	// pattern matches it, not by its extension alone (application code:
	// most code holds no request).
	ByPattern bool
	// Formats: dynexpr fmt formats it.
	Formats bool
	// IDs are the editors' language identifiers of the kind (the
	// language server's didOpen languageId).
	IDs []string
}

// Readers are the kinds of input dynexpr reads, in the order lint -v says
// them: DSL, request JSON, PartiQL, then each code language (appcode's).
// Made on first use: a build pays nothing for the table at start.
var Readers = sync.OnceValue(func() []*Reader {
	out := []*Reader{
		{Name: "DSL", Exts: []string{".dx"}, Kind: DSL, Walked: DSL, Formats: true, IDs: []string{"dynexpr", "dx"}},
		{Name: "request JSON", Exts: []string{".json", ".jsonl"}, Kind: Request, Walked: MaybeRequest, IDs: []string{"json", "jsonl", "jsonlines"}},
		{Name: "PartiQL", Exts: []string{".partiql"}, Kind: PartiQL, Walked: PartiQL, IDs: []string{"partiql"}},
	}
	for _, c := range codeReaders {
		r := &Reader{Name: c.name, Kind: Code, Walked: Code, ByPattern: true, IDs: c.ids}
		for _, ext := range appcode.Extensions() {
			if l, _ := appcode.LangOf("f" + ext); l == c.lang {
				r.Exts = append(r.Exts, ext)
			}
		}
		out = append(out, r)
	}
	return out
})

// codeReaders are the code languages, each a reader of its own with its
// name and its editors' language identifiers.
var codeReaders = [...]struct {
	lang appcode.Lang
	name string
	ids  []string
}{
	{appcode.Go, "Go", []string{"go"}},
	{appcode.Python, "Python", []string{"python"}},
	{appcode.JavaScript, "JavaScript/TypeScript", []string{"javascript", "javascriptreact", "typescript", "typescriptreact"}},
	{appcode.Java, "Java", []string{"java"}},
	{appcode.Kotlin, "Kotlin", []string{"kotlin"}},
}

// ReaderOf is the reader of a file by its extension; nil for a file of no
// kind dynexpr reads by its name (standard input, a file of another
// extension: KindOfText tells).
func ReaderOf(path string) *Reader {
	ext := strings.ToLower(filepath.Ext(path))
	if ext == "" {
		return nil
	}
	for _, r := range Readers() {
		if slices.Contains(r.Exts, ext) {
			return r
		}
	}
	return nil
}

// ReaderFor is the reader of a file read as kind: its extension's for
// Code, else the reader of that kind (request JSON for MaybeRequest); nil
// for ByContent.
func ReaderFor(path string, kind Kind) *Reader {
	if kind == Code {
		return ReaderOf(path)
	}
	if kind == MaybeRequest {
		kind = Request
	}
	for _, r := range Readers() {
		if r.Kind == kind {
			return r
		}
	}
	return nil
}

// KindOfText tells a text that has no name to tell it by (standard input,
// a statement given as an argument, a file of another extension) by its
// start: JSON ("{" or "[") is request JSON, a first statement in PartiQL
// (SELECT ... FROM, INSERT INTO, UPDATE "T" ... WHERE, DELETE FROM,
// EXISTS(...)) is PartiQL, anything else the DSL.
func KindOfText(data []byte) Kind {
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		return Request
	}
	if grammar.LooksLikePartiQL(string(data)) {
		return PartiQL
	}
	return DSL
}

// SchemaExtensions are the extensions of the schema sources' files
// (project YAML, describe-table and CloudFormation JSON, serverless.yml,
// Terraform; a cdk.out or a Terraform module is a folder of them): lint
// leaves a walked one alone.
func SchemaExtensions() []string { return []string{".yaml", ".yml", ".json", ".tf"} }

// VarFileExtensions are the extensions of Terraform's variable files
// (terraform.tfvars, --var-file), which change the tables a module makes.
func VarFileExtensions() []string { return []string{".tfvars"} }

// FileExtensions are the extensions of every file dynexpr reads, inputs,
// schema sources and variable files, each once, in the order of Readers.
func FileExtensions() []string {
	var out []string
	for _, r := range Readers() {
		out = append(out, r.Exts...)
	}
	for _, e := range append(SchemaExtensions(), VarFileExtensions()...) {
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}
