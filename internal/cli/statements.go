package cli

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/pflag"
)

// statementFlags are the flags of the commands that take statements: build
// and explain.
type statementFlags struct {
	files      []string
	statement  string
	params     []string
	paramFiles []string
	schemas    schemaFlags
	config     string
}

// register adds the flags to fl; verb names what the command does with a
// statement, for --statement's help.
func (f *statementFlags) register(fl *pflag.FlagSet, verb string) {
	fl.StringArrayVarP(&f.files, "file", "f", nil, "read statements from `FILE` (- for standard input); repeatable")
	fl.StringVar(&f.statement, "statement", "", verb+" the statement labelled `LABEL`")
	fl.StringArrayVarP(&f.params, "param", "p", nil, "bind $name: `name=value` (a string, or the schema's type) or name:=JSON; repeatable")
	fl.StringArrayVar(&f.paramFiles, "params", nil, "bind parameters from a JSON object in `FILE`")
	f.schemas.register(fl, "table schema `FILE` (project YAML, describe-table JSON, CloudFormation, serverless.yml, Terraform, terraform show -json) or folder (a cdk.out, a Terraform module); repeatable")
	fl.StringVar(&f.config, "config", "", "use this config `FILE` (its schemas and rule severities) instead of looking for .dynexpr.yaml")
}

// statementInput is what build and explain work on.
type statementInput struct {
	stmts []*grammar.Statement
	sch   *schema.Schema
	conf  *config.Config
	// ignores are the ignore comments of each source, indexed once: a
	// batch of statements costs one pass over each file.
	ignores map[string][]*validate.Ignores
}

// statementsFrom parses the statements of sources already read (the
// arguments and -f files, readSources), picks them (--statement; several
// only when many), finds the config and the schema, and binds the
// parameters. With optionalParams (explain), a statement is taken with its
// $params unbound when no parameter is given.
func (e *env) statementsFrom(srcs []source, f statementFlags, verb string, many, optionalParams bool) (*statementInput, error) {
	stmts, ignores, err := parseSources(srcs)
	if err != nil {
		return nil, err
	}
	stmts, err = pickStatements(stmts, f.statement, verb, many)
	if err != nil {
		return nil, err
	}
	conf, err := findConfig(f.config)
	if err != nil {
		return nil, err
	}
	sch, err := f.schemas.load(conf)
	if err != nil {
		return nil, err
	}
	// Parameters are bound first: a table written $table has its name
	// only then, for DeployedName and every schema lookup after it (Bind
	// types the values by the table it has just bound).
	if !optionalParams || len(f.params) > 0 || len(f.paramFiles) > 0 {
		if err := bindParams(stmts, f, sch, e.sources); err != nil {
			return nil, err
		}
	}
	var errs diag.List
	for _, st := range stmts {
		notes, err := validate.DeployedName(st, sch)
		if err != nil {
			errs = diag.Append(errs, err)
		}
		for _, n := range notes {
			fmt.Fprintf(e.stderr, "%s: note: %s\n", n.Pos, diag.Printable(n.Message))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return &statementInput{stmts: stmts, sch: sch, conf: conf, ignores: ignores}, nil
}

// bindParams binds the -p and --params parameters in stmts; each given
// must be used. Each -p's text goes into sources, for carets.
func bindParams(stmts []*grammar.Statement, f statementFlags, sch *schema.Schema, sources map[string]string) error {
	params, err := parseParams(f.params, f.paramFiles, sources)
	if err != nil {
		return err
	}
	var errs diag.List
	used := map[string]bool{}
	for _, st := range stmts {
		if err := grammar.Bind(st, params, typeOf(sch), used); err != nil {
			errs = diag.Append(errs, err)
		}
	}
	if len(errs) == 0 {
		if err := grammar.CheckUnused(params, used); err != nil {
			errs = diag.Append(errs, err)
		}
	}
	return errs.Err()
}

// check runs the lint rules over statements of in, with the dynexpr:ignore
// comments of their sources applied.
func (e *env) check(in *statementInput, stmts []*grammar.Statement) ([]validate.Finding, error) {
	vcfg, err := lint.RuleConfig(in.conf)
	if err != nil {
		return nil, err
	}
	var findings []validate.Finding
	for _, st := range stmts {
		fs := validate.Check(st, in.sch, vcfg)
		for _, ig := range in.ignores[st.Pos.File] {
			fs = ig.Apply(st, fs, vcfg)
		}
		findings = append(findings, fs...)
	}
	return findings, nil
}

// pickStatements applies --statement; without it, several statements are
// an error unless many (build --output jsonl, explain).
// A label names one statement: given twice, it is an error.
func pickStatements(stmts []*grammar.Statement, label, verb string, many bool) ([]*grammar.Statement, error) {
	first := map[string]*grammar.Statement{}
	var errs diag.List
	for _, st := range stmts {
		if st.Label == nil {
			continue
		}
		if prev, dup := first[st.Label.Name]; dup {
			errs = append(errs, diag.Errorf(st.Label.Pos, "label %q is already given to the statement at %s; labels name one statement each", st.Label.Name, prev.Label.Pos))
			continue
		}
		first[st.Label.Name] = st
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if label != "" {
		var labels []string
		for _, st := range stmts {
			if st.Label != nil {
				if st.Label.Name == label {
					return []*grammar.Statement{st}, nil
				}
				labels = append(labels, st.Label.Name)
			}
		}
		msg := fmt.Sprintf("no statement is labelled %q", label)
		if s := schema.Suggest(label, labels); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else if len(labels) > 0 {
			msg += "; labels: " + strings.Join(labels, ", ")
		}
		return nil, &exitError{code: exitBadInput, err: fmt.Errorf("%s", msg)}
	}
	switch {
	case len(stmts) == 0:
		return nil, &exitError{code: exitBadInput, err: fmt.Errorf("no statement to %s: the input is empty", verb)}
	case len(stmts) > 1 && !many:
		return nil, &exitError{code: exitBadInput, err: fmt.Errorf("the input has %d statements: pick one with --statement LABEL, or print them all with --output jsonl", len(stmts))}
	}
	return stmts, nil
}
