package grammar

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Parse reads a file of statements. file names the input in messages
// ("queries.dx", "<arg>", "<stdin>"). The error, if any, is a *diag.Error
// or a diag.List.
func Parse(file, src string) (f *File, err error) {
	defer func() {
		// No input may reach the user as a stack trace.
		if r := recover(); r != nil {
			f, err = nil, diag.Errorf(diag.Pos{File: file}, "cannot parse this input (%v)", r)
		}
	}()
	f, perr := parseFast(file, src)
	switch e := perr.(type) {
	case nil:
	case *diag.Error:
		atLastToken(e, src)
		return nil, hinted(e, src)
	case *LexError:
		return nil, hinted(&diag.Error{Pos: e.Pos, Msg: e.Msg}, src)
	default:
		return nil, perr
	}
	var errs diag.List
	for _, st := range f.Statements {
		if st == nil {
			continue
		}
		errs = append(errs, resolveStatement(st, src)...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	// Drop the empty statements that a trailing ";" leaves.
	out := f.Statements[:0]
	for _, st := range f.Statements {
		if st != nil {
			out = append(out, st)
		}
	}
	f.Statements = out
	return f, nil
}

// atLastToken moves an "unexpected end of input" error from the end of the
// input (after the last newline, or a trailing comment) to just after the
// last token, where the statement stops short, so that its caret stands
// under something the user wrote.
func atLastToken(de *diag.Error, src string) {
	if !strings.HasPrefix(de.Msg, "unexpected end of input") {
		return
	}
	_, ends, err := Trivia(de.Pos.File, src)
	if err != nil || len(ends) == 0 {
		return
	}
	de.Pos = posAt(de.Pos.File, src, ends[len(ends)-1])
}

// hinted is the syntax error e, or the error hintError says explains it
// better.
func hinted(e *diag.Error, src string) *diag.Error {
	if at, msg, ok := hintError(src, e.Pos); ok {
		return &diag.Error{Pos: at, Msg: msg}
	}
	return e
}
