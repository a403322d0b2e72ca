// Package importer turns a request JSON into a DSL statement and proves the
// conversion: the request is one lint finds no error in, the statement's
// text reads back to the same statement, and it builds a request that asks
// DynamoDB for exactly what the original asks. `dynexpr import` prints only
// statements that pass.
package importer

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

// Import is Statement of a request that lint, with the schema sch and the
// rule severities rules (either may be nil), finds no error in: a request
// lint refuses is refused with lint's error findings, each at its place.
// The converter reads only what it can write as a statement, so a request
// DynamoDB or the AWS CLI would refuse (a "command" that names no command,
// a member of the wrong type, redundant parentheses) could otherwise
// import as another request; running the rules refuses exactly what lint
// does, by construction.
func Import(r *request.Request, sch *schema.Schema, rules *validate.Config) (*grammar.Statement, error) {
	var errs diag.List
	for _, f := range validate.CheckRequest(r, sch, rules) {
		if f.Severity == validate.Error {
			msg := f.Message
			if f.Suggestion != "" && !strings.Contains(msg, f.Suggestion) {
				msg += " (suggestion: " + f.Suggestion + ")"
			}
			errs = append(errs, diag.Errorf(f.Pos, "%s (%s)", msg, f.Rule))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return Statement(r)
}

// Statement converts one request and checks the statement: its DSL text
// parses back to it, and it builds the request it came from. A request the
// DSL cannot say is an error at the request's place. A request with legacy
// parameters is first written with the expressions that replaced them
// (request.Request.Modernize), and the statement must build that request.
func Statement(r *request.Request) (*grammar.Statement, error) {
	orig := r
	if legacy := r.Legacy(); len(legacy) > 0 && !request.IsGroup(r.Command) {
		m, err := r.Modernize()
		if err != nil {
			return nil, err
		}
		r = m
		if _, err := r.Statement(); err != nil {
			// The message is about the request written with expressions,
			// whose places are not the file's: say it at the request.
			msg := err.Error()
			if d, ok := err.(*diag.Error); ok {
				msg = d.Msg
			}
			return nil, diag.Errorf(orig.File.Pos(orig.Obj.Start), "written with expressions in place of its legacy parameters (%s), the request is still one the DSL cannot say: %s",
				strings.Join(legacy, ", "), msg)
		}
	}
	st, err := r.Statement()
	if err != nil {
		return nil, err
	}
	at := orig.File.Pos(orig.Obj.Start)
	text := grammar.Format(st)
	f, err := grammar.Parse("<import>", text)
	if err != nil || len(f.Statements) != 1 {
		return nil, diag.Errorf(at, "the statement written for this request does not read back (a dynexpr bug; please report it): %s: %v", text, err)
	}
	built, err := builder.Build(st)
	if err != nil {
		return nil, prefixErrors(err, "the DSL cannot build this request: ")
	}
	rebuilt, err := builder.Build(f.Statements[0])
	if err != nil || !bytes.Equal(built.JSON(false), rebuilt.JSON(false)) {
		return nil, diag.Errorf(at, "the statement written for this request builds another request once read back (a dynexpr bug; please report it): %s", text)
	}
	if diff := sameRequest(r, built); diff != "" {
		return nil, diag.Errorf(at, "the DSL cannot say exactly what this request says: %s", diff)
	}
	return st, nil
}

// sameRequest compares what a request and the request built from its
// statement ask DynamoDB for, and says how they differ ("" when they do
// not).
func sameRequest(r *request.Request, built *builder.Request) string {
	want, err := r.Normalize()
	if err != nil {
		return err.Error()
	}
	bf, err := request.Parse("<built>", built.JSON(false))
	if err != nil || len(bf.Requests) != 1 {
		return fmt.Sprintf("the built request does not read back: %v", err)
	}
	b := bf.Requests[0]
	b.Command = r.Command
	got, err := b.Normalize()
	if err != nil {
		return err.Error()
	}
	if got == want {
		return ""
	}
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("the request has %q, the statement builds %q", w, g)
		}
	}
	return "the requests differ"
}

// prefixErrors puts prefix before the message of each positioned error.
func prefixErrors(err error, prefix string) error {
	switch e := err.(type) {
	case *diag.Error:
		return &diag.Error{Pos: e.Pos, Msg: prefix + e.Msg}
	case diag.List:
		out := make(diag.List, len(e))
		for i, d := range e {
			out[i] = &diag.Error{Pos: d.Pos, Msg: prefix + d.Msg}
		}
		return out
	}
	return err
}
