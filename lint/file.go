package lint

import (
	"bytes"
	"os"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/validate"
)

// file reads, parses and checks one file.
func (l *Linter) file(in Input) Result {
	var data []byte
	var err error
	name, display := in.Path, in.Path
	if name == "-" {
		display = StdinName
		data, err = l.ReadStdin()
	} else {
		data, err = os.ReadFile(name)
	}
	r := Result{Name: display, Src: string(data)}
	if err != nil {
		r.Bad = true
		r.Findings = []validate.Finding{validate.UnreadableInput(diag.Pos{File: display},
			"cannot read the file: "+config.Cause(err).Error())}
		return r
	}
	kind := in.Kind
	if kind == ByContent {
		// DSL never starts with "{" or "[": JSON does.
		kind = DSL
		if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
			kind = Request
		}
	}
	if kind != DSL {
		return l.requests(r, data, kind)
	}
	f, err := grammar.Parse(display, r.Src)
	if err != nil {
		r.Bad = true
		for _, d := range diag.Append(nil, err) {
			r.Findings = append(r.Findings, inputFinding(d))
		}
		return r
	}
	r.Statements = len(f.Statements)
	ignores := validate.IndexIgnores(display, r.Src, f.Statements)
	for _, st := range f.Statements {
		r.Findings = append(r.Findings, ignores.Apply(st, validate.Check(st, l.Schema, l.Rules), l.Rules)...)
	}
	r.Findings = append(r.Findings, ignores.Loose(l.Rules)...)
	return r
}

// requests checks every request of a request file. JSON has no comments,
// and any member the AWS CLI does not know makes it refuse the file, so
// request files have no ignore comments: rules are silenced for a project
// with rules: in .dynexpr.yaml.
func (l *Linter) requests(r Result, data []byte, kind Kind) Result {
	if kind == MaybeRequest && !request.LooksLikeRequest(data) {
		// A walked *.json that does not even mention TableName: not read
		// further.
		return Result{Name: r.Name, Skipped: true}
	}
	f, verdict, err := readRequests(r.Name, data)
	switch {
	case kind == MaybeRequest && verdict != requestJSON:
		// A walked *.json that is not a request: package.json, a
		// describe-table output, a CloudFormation template.
		return Result{Name: r.Name, Skipped: true}
	case err != nil:
		r.Bad = true
		for _, d := range diag.Append(nil, err) {
			r.Findings = append(r.Findings, inputFinding(d))
		}
		return r
	case verdict == notRequest:
		r.Bad = true
		r.Findings = []validate.Finding{inputFinding(&diag.Error{Pos: diag.Pos{File: r.Name},
			Msg: `this is not request JSON: a request is a JSON object with "TableName" (or an array or JSON Lines of them), like the output of 'aws dynamodb query --generate-cli-skeleton'; lint reads this file as one because it was named or matched --requests`})}
		return r
	}
	r.Requests = len(f.Requests)
	for _, req := range f.Requests {
		r.Findings = append(r.Findings, validate.CheckRequest(req, l.Schema, l.Rules)...)
	}
	return r
}

// How much a JSON file looks like request JSON.
type requestVerdict uint8

const (
	notRequest requestVerdict = iota
	// maybeRequestJSON: objects without TableName or "command" whose
	// members still tell an operation (KeyConditionExpression, Item, ...):
	// a request with a member missing, when the file was named.
	maybeRequestJSON
	// requestJSON: an object with TableName or "command" of its own.
	requestJSON
)

// readRequests parses a file as request JSON and says how much it is one.
// A file that does not parse is request JSON with an error when
// request.LooksLikeRequest (it mentions "TableName"), else not request JSON
// (a walked package.json with a syntax error is skipped, not reported).
// LooksLikeRequest also matches describe-table outputs and CloudFormation
// templates, which hold TableName deeper down, so a file that parses is a
// request file only when a request has TableName (or dynexpr's "command")
// as its own member.
func readRequests(name string, data []byte) (*request.File, requestVerdict, error) {
	f, err := request.Parse(name, data)
	if err != nil {
		if request.LooksLikeRequest(data) {
			return nil, requestJSON, err
		}
		return nil, notRequest, nil
	}
	verdict := notRequest
	for _, r := range f.Requests {
		switch {
		case r.Obj.Get("TableName") != nil || r.Obj.Get("command") != nil:
			return f, requestJSON, nil
		case r.Command != "":
			verdict = maybeRequestJSON
		}
	}
	return f, verdict, nil
}

// inputFinding reports an input that could not be used as a finding, so it
// shows in every output format (and makes the exit status 2).
func inputFinding(d *diag.Error) validate.Finding {
	return validate.SyntaxError(d.Pos, d.Msg)
}
