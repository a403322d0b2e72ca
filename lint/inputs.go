package lint

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/appcode"
	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
)

// Kind says how a file is read.
type Kind uint8

const (
	// DSL: a .dx file.
	DSL Kind = iota
	// Request: named as request JSON (a *.json or *.jsonl argument, or a
	// match of --requests or the config's requests:); a file that is not
	// request JSON is reported.
	Request
	// MaybeRequest: a *.json or *.jsonl met walking a folder; one that is
	// not request JSON (package.json, a schema, tsconfig) is skipped.
	MaybeRequest
	// ByContent: standard input, or a named file of another extension:
	// request JSON if it looks like it, else DSL.
	ByContent
	// Code: application code (appcode.LangOf tells its language), named,
	// or matched by --code or the config's code: patterns.
	Code
	// PartiQL: a PartiQL script, whatever its name (a *.partiql file is
	// one as DSL too: the language server's unsaved buffer has no name).
	PartiQL
)

// CodeExtensions are the file extensions of the application code lint
// reads (as Code).
func CodeExtensions() []string { return appcode.Extensions() }

// Input is one file to lint and how to read it; the path "-" is standard
// input.
type Input struct {
	Path string
	Kind Kind
	// Skip, when set, says why a walked file is not read (a named pipe, a
	// socket): its result is Skipped with this reason.
	Skip string
}

// Inputs expands lint's arguments into the files to lint: files as given,
// folders walked for *.dx, *.json and *.jsonl (filtered by the config's
// include and exclude), "-" for standard input, and the files the
// requestGlobs (--requests) match. Files matching a --requests glob or the
// config's requests: patterns are request JSON whatever their extension.
// No argument means the working folder, unless --requests names the files.
// A file named twice is linted once. A walked named pipe, socket or device
// is an Input with Skip set. A folder that gives nothing to lint, and a
// pattern of the config that matches no file (config.Unmatched), are
// errors: a typo must not lint nothing and pass.
//
// Application code is read where it is asked for: a code file named, the
// files codeGlobs (--code) match, and in a walked folder those the
// config's code: patterns or codeGlobs match; a walk reads no code in
// node_modules, vendor, .git, dist, build or .venv unless a pattern names
// the folder.
func Inputs(args, requestGlobs, codeGlobs []string, c *config.Config) ([]Input, error) {
	var out []Input
	index := map[string]int{}
	add := func(p string, kind Kind) {
		key := p
		if p != "-" {
			key = filepath.Clean(p)
		}
		if i, ok := index[key]; ok {
			if kind == Request {
				out[i].Kind = Request
			}
			return
		}
		index[key] = len(out)
		out = append(out, Input{Path: p, Kind: kind})
	}
	for _, g := range requestGlobs {
		matches, err := config.ExpandGlob(g)
		if err != nil {
			return nil, err
		}
		for _, m := range matches {
			add(m, Request)
		}
	}
	var codePatterns []string
	if c != nil {
		codePatterns = append(codePatterns, c.Code...)
	}
	for _, g := range codeGlobs {
		codePatterns = append(codePatterns, filepath.ToSlash(filepath.Clean(g)))
		matches, err := config.ExpandFlagGlob("--code", g)
		if err != nil {
			return nil, err
		}
		for _, m := range matches {
			if _, ok := appcode.LangOf(m); ok && !inCodeFolder(filepath.ToSlash(filepath.Clean(m)), codePatterns) {
				add(m, Code)
			}
		}
	}
	isCode := func(p string) bool {
		if _, ok := appcode.LangOf(p); !ok {
			return false
		}
		return (config.MatchesGlob(codeGlobs, p) || c.IsCode(p)) && !inCodeFolder(p, codePatterns)
	}
	if len(args) == 0 && len(requestGlobs) == 0 && len(codeGlobs) == 0 {
		args = []string{"."}
	}
	isRequest := func(p string) bool {
		return config.MatchesGlob(requestGlobs, p) || c.IsRequest(p)
	}
	var walked []string
	walkedFolder := false
	var empty error // the first folder with nothing to lint
	for _, a := range args {
		if a == "-" {
			add(a, ByContent)
			continue
		}
		fi, err := os.Stat(a)
		if err != nil {
			return nil, diag.Errorf(diag.Pos{File: a}, "cannot read: %s", config.NoSuchPath(a, err))
		}
		if !fi.IsDir() {
			_, code := appcode.LangOf(a)
			switch {
			case strings.HasSuffix(a, ".dx"):
				add(a, DSL)
			case code:
				add(a, Code)
			case isRequestExt(a) || isRequest(a):
				add(a, Request)
			default:
				add(a, ByContent)
			}
			continue
		}
		walkedFolder = true
		var found []Input
		into := func(dir string) bool {
			for _, pat := range codePatterns {
				if namesFolder(pat, filepath.Base(dir)) {
					return true
				}
			}
			return false
		}
		err = config.WalkInto(a, into, func(p, notRegular string) {
			walked = append(walked, p)
			in := Input{Path: p, Skip: notRegular}
			switch {
			case isRequest(p) && !c.Excluded(p):
				in.Kind = Request
			case isCode(p):
				in.Kind = Code
			case strings.HasSuffix(p, ".dx") && c.Selected(p):
				in.Kind = DSL
			case isRequestExt(p) && c.Selected(p):
				in.Kind = MaybeRequest
			default:
				return
			}
			found = append(found, in)
		})
		if err != nil {
			return nil, err
		}
		if !anyRead(found) && empty == nil {
			empty = noFileIn(a, c)
		}
		sort.Slice(found, func(i, j int) bool { return found[i].Path < found[j].Path })
		for _, f := range found {
			if f.Skip != "" {
				out = append(out, f) // never read, so never merged with a named one
				continue
			}
			add(f.Path, f.Kind)
		}
	}
	if walkedFolder {
		// A pattern's typo is the likelier cause of an empty folder.
		if err := c.Unmatched(walked); err != nil {
			return nil, err
		}
	}
	if empty != nil {
		return nil, empty
	}
	return out, nil
}

func anyRead(found []Input) bool {
	for _, f := range found {
		if f.Skip == "" {
			return true
		}
	}
	return false
}

// noFileIn is the error for a folder argument that gives nothing to lint: a
// typo in a path, or include patterns that select nothing there, must not
// pass as clean.
func noFileIn(folder string, c *config.Config) error {
	msg := "no file to lint in this folder: no *.dx, *.json or *.jsonl file below it"
	if c != nil && len(c.Include)+len(c.Exclude) > 0 {
		msg = "no file to lint in this folder: no *.dx, *.json or *.jsonl file below it that the include and exclude patterns of " + c.File + " select"
	}
	return diag.Errorf(diag.Pos{File: folder}, "%s", msg)
}

func isRequestExt(p string) bool {
	return strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".jsonl")
}
