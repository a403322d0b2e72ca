package grammar

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Parse reads a file of statements. file names the input in messages
// ("queries.dx", "<arg>", "<stdin>"). The error, if any, is a *diag.Error
// or a diag.List.
func Parse(file, src string) (*File, error) {
	var sts []*Statement
	if err := ParseEach(file, src, func(st *Statement) error {
		sts = append(sts, st)
		return nil
	}); err != nil {
		return nil, err
	}
	f := &File{Pos: diag.Pos{File: file, Line: 1, Col: 1}, Statements: sts}
	if len(sts) > 0 {
		f.Pos = sts[0].Pos
	}
	return f, nil
}

// ParseEach reads a file of statements as Parse does, but gives each
// statement to fn as soon as it is parsed and resolved, in order, and keeps
// none of them: what a command does one statement at a time costs the
// memory of one statement's tree, not the file's.
//
// The error is Parse's (a syntax error alone, which may come after fn has
// seen the statements before it; else the errors of every statement that
// does not resolve, which fn does not see), or the first error fn returns,
// which stops the parse.
func ParseEach(file, src string, fn func(*Statement) error) (err error) {
	defer func() {
		// No input may reach the user as a stack trace.
		if r := recover(); r != nil {
			err = diag.Errorf(diag.Pos{File: file}, "cannot parse this input (%v)", r)
		}
	}()
	var errs diag.List
	var fnErr error
	_, perr := parseFastEach(file, src, func(st *Statement) bool {
		if e := resolveStatement(st, src); len(e) > 0 {
			errs = append(errs, e...)
			return true
		}
		if len(errs) > 0 {
			return true // the file is refused: fn sees no more of it
		}
		fnErr = fn(st)
		return fnErr == nil
	})
	switch e := perr.(type) {
	case nil:
	case *diag.Error:
		atLastToken(e, src)
		return hinted(e, src, diag.Pos{File: file, Line: 1, Col: 1})
	case *LexError:
		return hinted(&diag.Error{Pos: e.Pos, Msg: e.Msg}, src, diag.Pos{File: file, Line: 1, Col: 1})
	default:
		return perr
	}
	if fnErr != nil {
		return fnErr
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// atLastToken moves an "unexpected end of input" error from the end of the
// input (after the last newline, or a trailing comment) to just after the
// last token, where the statement stops short, so that its caret stands
// under something the user wrote.
func atLastToken(de *diag.Error, src string) {
	atLastTokenFrom(de, src, diag.Pos{File: de.Pos.File, Line: 1, Col: 1})
}

// atLastTokenFrom is atLastToken reading src from from, a statement's
// start: what comes before it does not matter, even if it does not lex.
func atLastTokenFrom(de *diag.Error, src string, from diag.Pos) {
	if !strings.HasPrefix(de.Msg, "unexpected end of input") {
		return
	}
	l := newLexerAt(src, from)
	last := -1
	for {
		t, err := l.Next()
		if err != nil {
			return
		}
		if t.Type == tokEOF {
			break
		}
		last = l.off
	}
	if last >= 0 {
		de.Pos = posAt(de.Pos.File, src, last)
	}
}

// hinted is the syntax error e, or the error hintError says explains it
// better; from is where the statement of e starts, or the file.
func hinted(e *diag.Error, src string, from diag.Pos) *diag.Error {
	if at, msg, ok := hintError(src, from, e.Pos); ok {
		return &diag.Error{Pos: at, Msg: msg}
	}
	return e
}
