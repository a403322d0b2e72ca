package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/lint"
)

// Names of inputs that are not files, as messages show them.
const (
	argName   = "<arg>"
	stdinName = lint.StdinName
)

// source is one input text and the name messages give it.
type source struct {
	name string
	text string
}

// readSources gathers the statement texts of a command: the arguments
// (joined, so an unquoted statement still works), each -f FILE ("-" is
// standard input), or standard input when neither is given.
func (e *env) readSources(args, files []string) ([]source, error) {
	var out []source
	if len(args) == 1 && args[0] == "-" {
		args, files = nil, append(files, "-")
	}
	if len(args) > 0 && len(files) > 0 && len(args) == 1 && isLabelLike(args[0]) {
		// build -f q.dx open_tickets: a label meant, read as a statement.
		return nil, &exitError{code: exitBadInput, err: fmt.Errorf("%q is read as a statement, beside those of -f %s; to pick the statement labelled %s, write --statement %s", args[0], files[0], args[0], args[0])}
	}
	if len(args) > 0 {
		text := strings.Join(args, " ")
		e.sources[argName] = text
		out = append(out, source{argName, text})
	}
	if len(args) == 0 && len(files) == 0 {
		files = []string{"-"}
	}
	if err := sameFileTwice(files); err != nil {
		return nil, err
	}
	for _, f := range files {
		s, err := e.readInput(f)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// isLabelLike reports whether an argument is one word that can be a label:
// no statement is one word (it has a verb and a table at least).
func isLabelLike(arg string) bool {
	if arg == "" {
		return false
	}
	for i, r := range arg {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '-')) {
			return false
		}
	}
	return true
}

// sameFileTwice refuses a file given twice (-f q.dx -f ./q.dx, a link to
// it, - twice): its statements would be read twice, every label would
// clash with itself, and a request would be built twice.
func sameFileTwice(files []string) error {
	type seen struct {
		name string
		info os.FileInfo
	}
	var before []seen
	for _, f := range files {
		var fi os.FileInfo
		if f != "-" {
			var err error
			if fi, err = os.Stat(f); err != nil {
				continue // reading it says why
			}
		}
		for _, b := range before {
			if f == "-" && b.name == "-" || fi != nil && b.info != nil && os.SameFile(fi, b.info) {
				what := "the file"
				if f == "-" {
					what = "standard input"
				}
				return &exitError{code: exitBadInput, err: fmt.Errorf("%s is given twice (-f %s, then -f %s): its statements would be read twice; give it once", what, b.name, f)}
			}
		}
		before = append(before, seen{f, fi})
	}
	return nil
}

// readInput reads one file, or standard input for "-", and keeps its text
// for the caret under a message.
func (e *env) readInput(file string) (source, error) {
	if file == "-" {
		b, err := e.readStdin()
		if err != nil {
			return source{}, diag.Errorf(diag.Pos{File: stdinName}, "cannot read standard input: %v", err)
		}
		e.sources[stdinName] = string(b)
		return source{stdinName, string(b)}, nil
	}
	b, err := e.limit.Read(file)
	if err != nil {
		return source{}, diag.Errorf(diag.Pos{File: file}, "cannot read the file: %v", config.Cause(err))
	}
	e.sources[file] = string(b)
	return source{file, string(b)}, nil
}

// readStdin is the one reader of standard input: it reads it on the first
// call, and every later call (another "-", another goroutine of lint) gets
// the same bytes.
func (e *env) readStdin() ([]byte, error) {
	e.stdinOnce.Do(func() { e.stdinData, e.stdinErr = e.limit.ReadAll(e.stdin) })
	return e.stdinData, e.stdinErr
}

// kindOf is how a source is read: by its file's extension (lint.Readers,
// the one table), or, for the arguments, standard input and a file of
// another extension, by its text (lint.KindOfText).
func kindOf(s source) lint.Kind {
	if s.name != argName && s.name != stdinName {
		if r := lint.ReaderOf(s.name); r != nil {
			return r.Kind
		}
	}
	return lint.KindOfText([]byte(s.text))
}

// readStatements reads the statements build and explain (verb) are given
// (readSources) and tells their language (statementsKind).
func (e *env) readStatements(args, files []string, verb string) ([]source, lint.Kind, error) {
	srcs, err := e.readSources(args, files)
	if err != nil {
		return nil, lint.DSL, err
	}
	kind, err := statementsKind(srcs, verb)
	return srcs, kind, err
}

// statementsKind is the language of the statements build and explain are
// given: PartiQL when every source is PartiQL, else the DSL (whose parser
// says what else a source is). Sources of both are refused, naming each:
// PartiQL's parameters are numbered (?) and the DSL's named ($name), so
// one set of -p values cannot bind both, and --statement would pick among
// labels and names of two kinds.
func statementsKind(srcs []source, verb string) (lint.Kind, error) {
	var dsl, pq *source // the first source of each
	for i := range srcs {
		s, isPQ := &srcs[i], kindOf(srcs[i]) == lint.PartiQL
		switch {
		case isPQ && pq == nil:
			pq = s
		case !isPQ && dsl == nil:
			dsl = s
		}
	}
	switch {
	case pq == nil:
		return lint.DSL, nil
	case dsl == nil:
		return lint.PartiQL, nil
	}
	return lint.DSL, &exitError{code: exitBadInput, err: fmt.Errorf("%s reads one language a run, and %s is the DSL while %s is PartiQL: %s them in two runs (the DSL's parameters are $names, PartiQL's are numbered ?s)", verb, sourceWords(*dsl), sourceWords(*pq), verb)}
}

// sourceWords names a source in a message: the file, "the argument" or
// "standard input".
func sourceWords(s source) string {
	switch s.name {
	case argName:
		return "the argument"
	case stdinName:
		return "standard input"
	}
	return s.name
}
