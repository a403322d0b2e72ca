package lint

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

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
	// told by its text (KindOfText).
	ByContent
	// Code: application code (appcode.LangOf tells its language), named,
	// or matched by --code or the config's code: patterns.
	Code
	// PartiQL: a PartiQL script, whatever its name (the language server's
	// unsaved buffer has none).
	PartiQL
)

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
// folders walked for the files of the kinds Readers reads by their
// extension alone (*.dx, *.json, *.jsonl, *.partiql; filtered by the
// config's include and exclude), "-" for standard input, and the files the
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
//
// NotRead counts the files a walk met of a kind it reads only by pattern
// (application code no code: or --code pattern names), by reader: lint -v
// says them, so that a clean lint does not hide what it never read.
func Inputs(args, requestGlobs, codeGlobs []string, c *config.Config) (inputs []Input, notRead map[*Reader]int, err error) {
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
			return nil, nil, err
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
			return nil, nil, err
		}
		for _, m := range matches {
			if r := ReaderOf(m); r != nil && r.Kind == Code && !inCodeFolder(filepath.ToSlash(filepath.Clean(m)), codePatterns) {
				add(m, Code)
			}
		}
	}
	isCode := func(p string) bool {
		if r := ReaderOf(p); r == nil || r.Kind != Code {
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
			return nil, nil, diag.Errorf(diag.Pos{File: a}, "cannot read: %s", config.NoSuchPath(a, err))
		}
		if !fi.IsDir() {
			// A file named is read as its extension says (request JSON
			// whatever it holds), a match of requests: as request JSON,
			// any other by its content.
			r := ReaderOf(a)
			switch {
			case r != nil && r.Kind != Request:
				add(a, r.Kind)
			case r != nil || isRequest(a):
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
			r := ReaderOf(p)
			switch {
			case isRequest(p) && !c.Excluded(p):
				in.Kind = Request
			case isCode(p):
				in.Kind = Code
			case r != nil && !r.ByPattern && c.Selected(p):
				in.Kind = r.Walked
			default:
				if r != nil && r.ByPattern && notRegular == "" && !inCodeFolder(p, codePatterns) && !c.Excluded(p) {
					if notRead == nil {
						notRead = map[*Reader]int{}
					}
					notRead[r]++
				}
				return
			}
			found = append(found, in)
		})
		if err != nil {
			return nil, nil, err
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
			return nil, nil, err
		}
	}
	if empty != nil {
		return nil, nil, empty
	}
	return out, notRead, nil
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
	msg := "no file to lint in this folder: no " + walkedPatterns() + " file below it"
	if c != nil && len(c.Include)+len(c.Exclude) > 0 {
		msg += " that the include and exclude patterns of " + c.File + " select"
	}
	return diag.Errorf(diag.Pos{File: folder}, "%s", msg)
}

// walkedPatterns are the files a walk reads by their extension alone:
// "*.dx, *.json, *.jsonl or *.partiql".
func walkedPatterns() string {
	var pats []string
	for _, r := range Readers() {
		if !r.ByPattern {
			for _, e := range r.Exts {
				pats = append(pats, "*"+e)
			}
		}
	}
	return strings.Join(pats[:len(pats)-1], ", ") + " or " + pats[len(pats)-1]
}

// FormatInputs expands the arguments of fmt: a folder gives its files of
// the kinds fmt formats (Reader.Formats: *.dx), sorted (see config.Walk);
// a file or "-" (standard input) is itself, for fmt to refuse when it is
// of a kind it does not format (FormatRefusal).
func FormatInputs(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		if a == "-" {
			out = append(out, a)
			continue
		}
		fi, err := os.Stat(a)
		if err != nil {
			return nil, diag.Errorf(diag.Pos{File: a}, "cannot read: %v", config.Cause(err))
		}
		if !fi.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		err = config.Walk(a, func(p, notRegular string) {
			if r := ReaderOf(p); notRegular == "" && r != nil && r.Formats {
				found = append(found, p)
			}
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

// FormatRefusal says why fmt does not format the file name whose text is
// src (told by its extension, or by its text for standard input, "-", and
// other extensions), or "" when it does: fmt has a canonical layout for the DSL
// only, and a PartiQL script or request JSON given to it must be said to be
// left alone, not be parsed as the DSL and called wrong.
func FormatRefusal(name string, src []byte) string {
	r := ReaderOf(name)
	if r == nil {
		r = ReaderFor(name, KindOfText(src))
	}
	if r == nil || r.Formats {
		return ""
	}
	var formats []string
	for _, f := range Readers() {
		if f.Formats {
			for _, e := range f.Exts {
				formats = append(formats, "*"+e)
			}
		}
	}
	return "this is " + r.Name + ", and dynexpr fmt formats the DSL (" + strings.Join(formats, ", ") + ") only: it is left as it is (dynexpr lint checks it)"
}
