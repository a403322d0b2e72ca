package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

// partiqlRequest is one request to build: its statements, how they are
// sent, and its name in jsonl output.
type partiqlRequest struct {
	name    string
	command string
	stmts   []*validate.PartiQLStatement
}

// buildPartiQL builds the PartiQL sources: each statement an
// execute-statement, or each file marked -- dynexpr:batch or
// -- dynexpr:transaction one batch-execute-statement or
// execute-transaction. The ? parameters are bound from -p 1=VALUE,
// -p 2:=JSON, ... numbered from 1 in the order written across everything
// built.
func (e *env) buildPartiQL(srcs []source, f buildFlags) error {
	if f.split {
		return &exitError{code: exitBadInput, err: fmt.Errorf("--split cuts DSL batches; a PartiQL file is sent as written (-- dynexpr:batch takes up to %d statements)", builder.MaxBatchStatements)}
	}
	var reqs []partiqlRequest
	var errs diag.List
	for _, s := range srcs {
		sc, err := partiql.ParseScript(s.name, s.text)
		if err != nil {
			errs = diag.Append(errs, err)
			continue
		}
		reqs = append(reqs, scriptRequests(sc, f.statement)...)
	}
	if len(errs) > 0 {
		return errs
	}
	reqs, err := pickPartiQL(reqs, f.statement, f.output == "jsonl")
	if err != nil {
		return err
	}
	in, err := e.setup(f.statementFlags)
	if err != nil {
		return err
	}
	sch, cli := in.sch, in.cli
	params, err := parseParams(f.params, f.paramFiles, e.sources, e.limit)
	if err != nil {
		return err
	}
	used := map[string]bool{}
	n := 0 // the ?s are numbered across everything built
	indent := f.output == "json" && !f.compact
	var out spool
	var findings []validate.Finding
	for _, r := range reqs {
		stmts, err := bindPartiQL(r.stmts, params, sch, used, &n)
		if err != nil {
			errs = diag.Append(errs, err)
			continue
		}
		if !f.noLint {
			findings = append(findings, lintPartiQL(r, stmts, sch, in.vcfg)...)
		}
		req, err := builder.BuildPartiQL(r.command, stmts, cli)
		if err != nil {
			errs = diag.Append(errs, err)
			continue
		}
		js := req.JSON(indent)
		if f.output == "shell" && len(js) > builder.MaxArgBytes {
			errs = diag.Append(errs, diag.Errorf(r.stmts[0].Stmt.Pos, "this request is %d bytes of JSON, and one command-line argument carries at most %d (Linux's limit): build it into a file instead (dynexpr build ... > req.json, without --output shell) and send that: aws dynamodb %s --cli-input-json file://req.json", len(js), builder.MaxArgBytes, req.Command))
			continue
		}
		writeRequest(&out, r.name, req, js, f.output)
	}
	if len(errs) == 0 {
		if err := grammar.CheckUnused(params, used); err != nil {
			errs = diag.Append(errs, err)
		}
	}
	if len(errs) == 0 && !f.noLint {
		if err := e.lintBuilt(in, findings); err != nil {
			return err
		}
	}
	if len(errs) > 0 {
		return errs
	}
	_, err = out.WriteTo(e.stdout)
	return err
}

// lintPartiQL runs the rules lint runs over a PartiQL request (one entry
// point, validate.CheckPartiQL) on request r as built: its ?s are the
// values bound, its Parameters.
func lintPartiQL(r partiqlRequest, bound []builder.PartiQLStatement, sch *schema.Schema, cfg *validate.Config) []validate.Finding {
	req := &validate.PartiQLRequest{Command: r.command, Pos: r.stmts[0].Stmt.Pos}
	for i, s := range r.stmts {
		c := *s
		c.HasParams, c.Params = true, validate.PartiQLParams(bound[i].Parameters)
		req.Statements = append(req.Statements, &c)
	}
	return validate.CheckPartiQL(req, sch, cfg)
}

// scriptRequests are the requests of one script: one for a marked file
// (unless --statement picks one of its statements), else one a statement.
func scriptRequests(sc *partiql.Script, pick string) []partiqlRequest {
	name := func(i int) string {
		if sc.Names[i] != "" {
			return sc.Names[i]
		}
		st := sc.Statements[i]
		return fmt.Sprintf("%s:%d", st.Pos.File, st.Pos.Line)
	}
	if sc.Mode != partiql.ModeEach && pick == "" && len(sc.Statements) > 0 {
		cmd := builder.CommandBatchExecuteStatement
		if sc.Mode == partiql.ModeTransaction {
			cmd = builder.CommandExecuteTransaction
		}
		return []partiqlRequest{{name: fmt.Sprintf("%s:%d", sc.ModePos.File, sc.ModePos.Line), command: cmd, stmts: validate.PartiQLRequests(sc)[0].Statements}}
	}
	out := make([]partiqlRequest, len(sc.Statements))
	for i := range sc.Statements {
		out[i] = partiqlRequest{name: name(i), command: builder.CommandExecuteStatement, stmts: []*validate.PartiQLStatement{validate.PartiQLStatementOf(sc, i)}}
		if sc.Names[i] == "" && pick != "" {
			out[i].name = "\x00" + out[i].name // no name: --statement cannot pick it
		}
	}
	return out
}

// pickPartiQL applies --statement NAME (a "-- name:" comment's), and
// refuses several requests unless many (--output jsonl).
func pickPartiQL(reqs []partiqlRequest, pick string, many bool) ([]partiqlRequest, error) {
	if pick != "" {
		var names []string
		var found *partiqlRequest
		for i, r := range reqs {
			if r.name == pick && found != nil {
				// Two files name a statement alike: which is meant
				// cannot be told.
				return nil, diag.Errorf(r.stmts[0].Stmt.Pos, "the name %q is already given to the statement at %s; names are given once", pick, found.stmts[0].Stmt.Pos)
			}
			if r.name == pick {
				found = &reqs[i]
				continue
			}
			if !strings.HasPrefix(r.name, "\x00") {
				names = append(names, r.name)
			}
		}
		if found != nil {
			return []partiqlRequest{*found}, nil
		}
		msg := fmt.Sprintf("no statement is named %q (a PartiQL statement is named by a `-- name: NAME` line before it)", pick)
		if s := schema.Suggest(pick, names); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else if len(names) > 0 {
			msg += "; names: " + strings.Join(names, ", ")
		}
		return nil, &exitError{code: exitBadInput, err: fmt.Errorf("%s", msg)}
	}
	switch {
	case len(reqs) == 0:
		return nil, &exitError{code: exitBadInput, err: fmt.Errorf("no statement to build: the input is empty")}
	case len(reqs) > 1 && !many:
		return nil, &exitError{code: exitBadInput, err: fmt.Errorf("the input has %d statements: pick one with --statement NAME (a `-- name: NAME` line before it), print them all with --output jsonl, or send them as one request with a `-- dynexpr:batch` or `-- dynexpr:transaction` line at the top", len(reqs))}
	}
	return reqs, nil
}

// bindPartiQL binds the ? parameters of one request's statements, numbered
// on from *n in the order written (the first ? built is 1): -p 1=VALUE is
// a string (or the type the schema gives the attribute it meets), -p
// 1:=JSON the JSON's.
func bindPartiQL(stmts []*validate.PartiQLStatement, params grammar.Params, sch *schema.Schema, used map[string]bool, n *int) ([]builder.PartiQLStatement, error) {
	types := typeOf(sch)
	var errs diag.List
	out := make([]builder.PartiQLStatement, len(stmts))
	for i, vs := range stmts {
		st := vs.Stmt
		out[i] = builder.PartiQLStatement{Pos: st.Pos, Statement: st.Source}
		attrs, numbers := partiql.ParamTypes(st)
		for j, p := range st.Params {
			*n++
			name := strconv.Itoa(*n)
			if _, ok := params[name]; !ok {
				errs = append(errs, diag.Errorf(p.Pos, "parameter %s (the %s ? built) is not bound: give it with -p %s=VALUE (a string), -p %s:=JSON, or --params FILE", name, ordinal(*n), name, name))
				continue
			}
			want := grammar.TypeS
			switch {
			case numbers[j]:
				want = grammar.TypeN
			case attrs[j] != "" && types != nil && st.Table != nil:
				want = types(st.Table.Name, attrs[j])
			}
			v := &grammar.Value{Pos: p.Pos, Type: grammar.TypeParam, FromParam: name}
			if err := grammar.BindOne(v, params, want, used); err != nil {
				errs = diag.Append(errs, err)
				continue
			}
			out[i].Parameters = append(out[i].Parameters, v)
		}
	}
	return out, errs.Err()
}

// ordinal is n in words for small n, "1st", "2nd", ... after.
func ordinal(n int) string {
	words := [...]string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
	if n < len(words) {
		return words[n]
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
