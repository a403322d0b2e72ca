package cli

import (
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
