package lint

import (
	"bytes"
	"slices"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/validate"
)

// file reads, parses and checks one file. A code file is read into *buf,
// and kept only when the prefilter passes it: most of a tree of code is
// read and dropped, and so allocates nothing.
func (l *Linter) file(in Input, buf *[]byte) Result {
	if in.Skip != "" {
		return Result{Name: in.Path, Kind: in.Kind, Skipped: true, Why: in.Skip}
	}
	var data []byte
	var err error
	name, display := in.Path, in.Path
	if name == "-" {
		display = StdinName
		data, err = l.ReadStdin()
	} else if in.Kind == Code {
		data, err = l.MaxInput.ReadInto(name, *buf)
		if err == nil {
			if cap(data) <= 1<<20 {
				*buf = data // not one of a few huge files, kept for good
			}
			if !mentions(data) {
				// No site, so no finding to show a line of.
				return Result{Name: display, Kind: Code}
			}
			data = bytes.Clone(data) // the result keeps it
		}
	} else {
		data, err = l.MaxInput.Read(name)
	}
	r := Result{Name: display, Kind: in.Kind, Src: string(data)}
	if err != nil && name != "-" {
		if msg := config.DanglingLink(name); msg != "" {
			// Met walking a folder (a named one is refused before): a
			// finding to fix, and the walk goes on.
			r.Findings = []validate.Finding{validate.UnreadableInput(diag.Pos{File: display}, msg)}
			return r
		}
	}
	if err != nil {
		r.Unreadable = true
		r.Findings = []validate.Finding{validate.UnreadableInput(diag.Pos{File: display},
			"cannot read the file: "+config.Cause(err).Error())}
		return r
	}
	return l.text(r, data, in.Kind)
}

// Text lints src, the text of the file name (as findings name it), read
// as kind says, as Run lints a file read from disk: the language server's
// way in, for a buffer the editor has not saved.
func (l *Linter) Text(name string, src []byte, kind Kind) Result {
	return l.text(Result{Name: name, Src: string(src)}, src, kind)
}

// text checks the file r names, whose bytes are data.
func (l *Linter) text(r Result, data []byte, kind Kind) Result {
	if kind == ByContent {
		kind = KindOfText(data)
	}
	r.Kind = kind
	if kind == Code {
		return l.code(r, data)
	}
	if kind != DSL && kind != PartiQL {
		return l.requests(r, data, kind)
	}
	if kind == PartiQL {
		return l.partiqlFile(r)
	}
	return l.dsl(r)
}

// dsl checks the DSL file r names. Each statement stands alone: one that
// does not parse is a finding at its place and counts as a statement read,
// and the others are checked all the same.
func (l *Linter) dsl(r Result) Result {
	// One statement at a time: each tree is dropped once checked.
	broken := false
	ignores, err := validate.EachStatementAlone(r.Name, r.Src, func(st *grammar.Statement, ignores *validate.Ignores) error {
		r.Statements++
		l.check(&r, st, ignores)
		return nil
	}, func(err error) {
		broken = true
		r.Statements++
		for _, d := range diag.Append(nil, err) {
			r.Findings = append(r.Findings, inputFinding(d))
		}
	})
	if err != nil {
		// fn returns none: a failure of the parser itself.
		return notParsed(r, err)
	}
	r.Findings = append(r.Findings, ignores.Loose(l.Rules)...)
	if broken {
		// The ignore comments of a statement that does not parse are judged
		// once it parses, but one naming a rule that cannot be silenced is
		// wrong whatever follows: say so now (those of the statements that
		// parsed were reported by Apply already).
		added := false
		for _, f := range validate.UnsilenceableIgnores(r.Name, r.Src, l.Rules) {
			if !slices.ContainsFunc(r.Findings, func(g validate.Finding) bool {
				return g.Rule == f.Rule && g.Pos.Offset == f.Pos.Offset
			}) {
				r.Findings, added = append(r.Findings, f), true
			}
		}
		if added {
			validate.SortFindings(r.Findings)
		}
	}
	return r
}

// notParsed is r for a file that does not parse, as err says: a file that
// does not parse has no other finding.
func notParsed(r Result, err error) Result {
	r.Findings, r.Statements, r.UnboundNames = nil, 0, 0
	for _, d := range diag.Append(nil, err) {
		r.Findings = append(r.Findings, inputFinding(d))
	}
	return r
}

// check adds the findings of the statement st to r.
func (l *Linter) check(r *Result, st *grammar.Statement, ignores *validate.Ignores) {
	if l.Accesses {
		r.Accesses = append(r.Accesses, accessOf(st))
	}
	notes, err := validate.DeployedName(st, l.Schema)
	r.Findings = append(r.Findings, notes...)
	if err != nil {
		for _, d := range diag.Append(nil, err) {
			r.Findings = append(r.Findings, validate.UnresolvedName(d))
		}
		return
	}
	if st.HasUnboundName() {
		r.UnboundNames++
	}
	r.Findings = append(r.Findings, ignores.Apply(st, validate.Check(st, l.Schema, l.Rules), l.Rules)...)
}

// requests checks every request of a request file, one at a time: each
// request's tree is dropped once checked. JSON has no comments, and any
// member the AWS CLI does not know makes it refuse the file, so request
// files have no ignore comments: rules are silenced for a project with
// rules: in .dynexpr.yaml.
func (l *Linter) requests(r Result, data []byte, kind Kind) Result {
	// Whether the file is request JSON, and whether it reads at all, is
	// known only at its end (any one of its objects may be the request, a
	// syntax error may come last), so its findings are kept until then.
	var sniff requestSniff
	var findings []validate.Finding
	var accesses []Access
	n, named := 0, false
	_, err := request.ParseEach(r.Name, data, func(req *request.Request) error {
		sniff.add(req)
		named = named || namesRequest(req)
		if l.AWSCLI == builder.CLIv1 {
			req.FromCLIv1()
		}
		n++
		if request.IsPartiQL(req.Command) {
			findings = append(findings, validate.CheckPartiQLRequest(req, l.Schema, l.Rules)...)
			if l.Accesses {
				accesses = append(accesses, l.partiqlRequestAccesses(req)...)
			}
		} else {
			findings = append(findings, validate.CheckRequest(req, l.Schema, l.Rules)...)
			if l.Accesses {
				accesses = append(accesses, requestAccess(req, req.File.Pos(req.Obj.Start)))
			}
		}
		return nil
	})
	if kind == MaybeRequest {
		if why := whyNotRequest(data, &sniff, err); why != "" {
			return Result{Name: r.Name, Kind: kind, Skipped: true, Why: why}
		}
	}
	switch {
	case err != nil && (kind == MaybeRequest || request.LooksLikeRequest(data)):
		for _, d := range diag.Append(nil, err) {
			r.Findings = append(r.Findings, inputFinding(d))
		}
		return r
	case err != nil || !named:
		r.Findings = []validate.Finding{inputFinding(&diag.Error{Pos: diag.Pos{File: r.Name},
			Msg: `this is not request JSON: a request is a JSON object with "TableName" (or an array or JSON Lines of them), like the output of 'aws dynamodb query --generate-cli-skeleton'; lint reads this file as one because it was named or matched --requests`})}
		return r
	}
	r.Requests = n
	r.Findings = append(r.Findings, findings...)
	r.Accesses = accesses
	return r
}

// namesRequest reports whether a named file's object is a request: one with
// TableName or "command" of its own, or members that tell an operation
// (KeyConditionExpression, Item, ...: a request with a member missing).
func namesRequest(r *request.Request) bool {
	return r.Obj.Get("TableName") != nil || r.Obj.Get(request.CommandMember) != nil || r.Command != ""
}

// inputFinding reports a file that does not parse as a finding, so it shows
// in every output format; like any error finding it makes the exit status 1.
func inputFinding(d *diag.Error) validate.Finding {
	return validate.SyntaxError(d.Pos, d.Msg)
}
