package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// Names of inputs that are not files, as messages show them (cli.md).
const (
	argName   = "<arg>"
	stdinName = "<stdin>"
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
	if len(args) > 0 {
		text := strings.Join(args, " ")
		e.sources[argName] = text
		out = append(out, source{argName, text})
	}
	if len(args) == 0 && len(files) == 0 {
		files = []string{"-"}
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

// readInput reads one file, or standard input for "-", and keeps its text
// for the caret under a message.
func (e *env) readInput(file string) (source, error) {
	if file == "-" {
		b, err := io.ReadAll(e.stdin)
		if err != nil {
			return source{}, diag.Errorf(diag.Pos{File: stdinName}, "cannot read standard input: %v", err)
		}
		e.sources[stdinName] = string(b)
		return source{stdinName, string(b)}, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return source{}, diag.Errorf(diag.Pos{File: file}, "cannot read the file: %v", unwrapPathError(err))
	}
	e.sources[file] = string(b)
	return source{file, string(b)}, nil
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// parseSources parses every source; all errors are reported together.
func parseSources(srcs []source) ([]*grammar.Statement, error) {
	var stmts []*grammar.Statement
	var errs diag.List
	for _, s := range srcs {
		f, err := grammar.Parse(s.name, s.text)
		if err != nil {
			errs = appendErr(errs, err)
			continue
		}
		stmts = append(stmts, f.Statements...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return stmts, nil
}

func appendErr(list diag.List, err error) diag.List {
	switch e := err.(type) {
	case diag.List:
		return append(list, e...)
	case *diag.Error:
		return append(list, e)
	}
	return append(list, &diag.Error{Msg: err.Error()})
}

// parseParams reads -p name=value (a string, or the schema's type) and
// -p name:=JSON.
func parseParams(flags []string, files []string) (grammar.Params, error) {
	params := grammar.Params{}
	for _, f := range flags {
		eq := strings.IndexByte(f, '=')
		if eq <= 0 {
			return nil, diag.Errorf(diag.Pos{File: "-p " + f}, "a parameter is written -p name=value or -p name:=JSON")
		}
		name, val, isJSON := f[:eq], f[eq+1:], false
		if strings.HasSuffix(name, ":") {
			name, isJSON = strings.TrimSuffix(name, ":"), true
		}
		name = strings.TrimPrefix(name, "$")
		if !validParamName(name) {
			return nil, diag.Errorf(diag.Pos{File: "-p " + f}, "parameter name %q: use letters, digits and _", name)
		}
		params[name] = grammar.Param{Text: val, JSON: isJSON, Source: "-p " + name}
	}
	for _, file := range files {
		if err := readParamsFile(file, params); err != nil {
			return nil, err
		}
	}
	return params, nil
}

func validParamName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func describeStatement(st *grammar.Statement) string {
	if st.Label != nil {
		return st.Label.Name
	}
	return fmt.Sprintf("%s:%d", st.Pos.File, st.Pos.Line)
}
