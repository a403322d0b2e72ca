package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
	"github.com/spf13/cobra"
)

func newImportCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "import FILE...",
		Short: "Turn request JSON files into DSL statements",
		Long: `Read request JSON files — the inputs of 'aws dynamodb <command> --cli-input-json',
one object, an array of them, JSON Lines, or dynexpr's own jsonl output — and
print one DSL statement per request, each under a comment naming the request
(# FILE:LINE (COMMAND)) and labelled with its name where it has one. - reads
standard input.

Placeholders are resolved: #name becomes the attribute name, :value the
value written inline. Every statement is checked before it is printed: it
must build the request it came from (up to placeholder names), so that
'dynexpr build' of the output asks DynamoDB for the same thing. A request the
DSL cannot say (legacy parameters such as KeyConditions, a syntax error, an
undefined or unused placeholder, a member with no clause such as
ReturnConsumedCapacity TOTAL) is an error at its place, and nothing is
printed.`,
		Example: `  dynexpr import requests/open-tickets.json > queries.dx
  dynexpr import requests/*.json > queries.dx && dynexpr build -f queries.dx --output jsonl
  dynexpr build -f queries.dx --output jsonl | dynexpr import -`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.importRequests(args)
		},
	}
}

func (e *env) importRequests(args []string) error {
	var reqs []*request.Request
	var stmts []*grammar.Statement
	var errs diag.List
	var stdin []byte
	stdinRead := false
	for _, a := range args {
		name, data := a, []byte(nil)
		var err error
		if a == "-" {
			name = stdinName
			if !stdinRead {
				stdin, err = io.ReadAll(e.stdin)
				stdinRead = true
			}
			data = stdin
			if err != nil {
				return diag.Errorf(diag.Pos{File: stdinName}, "cannot read standard input: %v", err)
			}
		} else if data, err = os.ReadFile(a); err != nil {
			errs = append(errs, diag.Errorf(diag.Pos{File: a}, "cannot read the file: %v", unwrapPathError(err)))
			continue
		}
		e.sources[name] = string(data)
		f, err := request.Parse(name, data)
		if err != nil {
			errs = appendErr(errs, err)
			continue
		}
		for _, r := range f.Requests {
			st, err := importRequest(r)
			if err != nil {
				errs = appendErr(errs, err)
				continue
			}
			reqs = append(reqs, r)
			stmts = append(stmts, st)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	_, err := io.WriteString(e.stdout, request.ImportText(reqs, stmts))
	return err
}

// importRequest converts one request and checks the statement: its DSL text
// parses back to it, and it builds the request it came from.
func importRequest(r *request.Request) (*grammar.Statement, error) {
	st, err := r.Statement()
	if err != nil {
		return nil, err
	}
	at := st.Pos
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
