package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
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
	awsCLI     string // --aws-cli, of build only
}

// register adds the flags to fl; verb names what the command does with a
// statement, for --statement's help.
func (f *statementFlags) register(fl *pflag.FlagSet, verb string) {
	fl.StringArrayVarP(&f.files, "file", "f", nil, "read statements from `FILE` (- for standard input); repeatable")
	fl.StringVar(&f.statement, "statement", "", verb+" the statement labelled `LABEL`")
	fl.StringArrayVarP(&f.params, "param", "p", nil, "bind $name: `name=value` (a string, or the schema's type) or name:=JSON; repeatable")
	fl.StringArrayVar(&f.paramFiles, "params", nil, "bind parameters from a JSON object in `FILE`")
	f.schemas.register(fl, schemaFlagHelp(""))
	fl.StringVar(&f.config, "config", "", "use this config `FILE` (its schemas and rule severities) instead of looking for .dynexpr.yaml")
}

// statementInput is what build and explain work on, besides the
// statements themselves.
type statementInput struct {
	sch  *schema.Schema
	conf *config.Config
	vcfg *validate.Config
	cli  builder.AWSCLI
}

// eachStatement parses the statements of sources already read (the
// arguments and -f files, readSources: build and explain read them first,
// to tell PartiQL from the DSL), picks them (--statement; several only
// when many), finds the config and the schema, binds the parameters, and
// gives fn each statement picked, in
// order, with the ignore comments of its file. One statement is parsed at
// a time and none is kept once fn returns: a file of 300,000 statements
// costs the memory of its text and of what fn keeps. With optionalParams
// (explain), a statement is taken with its $params unbound when no
// parameter is given.
//
// The errors are those of the whole input, in this order: syntax errors,
// labels (--statement, several statements), config and schema, parameters,
// deployed table names; fn may have seen statements before an error shows,
// so what it makes is used only when there is none.
func (e *env) eachStatement(srcs []source, f statementFlags, verb string, many, optionalParams bool, fn func(*grammar.Statement, *statementInput, *validate.Ignores) error) (*statementInput, error) {
	// The config and the schema come first, so that the statements are
	// checked as they are parsed; their errors wait for the syntax errors.
	in, setupErr := e.setup(f)
	bind := !optionalParams || len(f.params) > 0 || len(f.paramFiles) > 0
	var params grammar.Params
	if setupErr == nil && bind {
		params, setupErr = parseParams(f.params, f.paramFiles, e.sources, e.limit)
	}
	pick := picker{label: f.statement, many: many}
	var syntax, bindErrs, deployErrs diag.List
	var notes []validate.Finding // DeployedName's, printed when the input has no error before them
	used := map[string]bool{}
	for _, s := range srcs {
		_, err := validate.EachStatement(s.name, s.text, func(st *grammar.Statement, ig *validate.Ignores) error {
			if !pick.add(st) || setupErr != nil || len(syntax) > 0 {
				return nil
			}
			// Parameters are bound first: a table written $table has its
			// name only then, for DeployedName and every schema lookup
			// after it (Bind types the values by the table it has just
			// bound).
			if bind {
				if err := grammar.Bind(st, params, typeOf(in.sch), used); err != nil {
					bindErrs = diag.Append(bindErrs, err)
				}
			}
			if len(bindErrs) > 0 {
				return nil
			}
			n, err := validate.DeployedName(st, in.sch)
			notes = append(notes, n...)
			if err != nil {
				deployErrs = diag.Append(deployErrs, err)
			}
			if len(deployErrs) > 0 {
				return nil
			}
			return fn(st, in, ig)
		})
		if err != nil {
			syntax = diag.Append(syntax, err)
		}
	}
	if len(syntax) > 0 {
		return nil, syntax
	}
	if err := pick.err(verb); err != nil {
		return nil, err
	}
	if setupErr != nil {
		return nil, setupErr
	}
	if len(bindErrs) == 0 && bind {
		if err := grammar.CheckUnused(params, used); err != nil {
			bindErrs = diag.Append(bindErrs, err)
		}
	}
	if len(bindErrs) > 0 {
		return nil, bindErrs
	}
	for _, n := range notes {
		fmt.Fprintf(e.stderr, "%s: note: %s\n", n.Pos, diag.Printable(n.Message))
	}
	if many && len(pick.sources) > 1 && pick.label == "" && slices.Contains(pick.sources, argName) {
		// The argument and -f files together: said, not silently joined.
		fmt.Fprintf(e.stderr, "dynexpr: note: read %s: %s\n", diag.Plural(pick.n, "statement"), diag.Printable(strings.TrimSuffix(strings.TrimPrefix(pick.where(), " ("), ")")))
	}
	if len(deployErrs) > 0 {
		return nil, deployErrs
	}
	return in, nil
}

// setup loads the project: the config, the schema, the rules' severities
// and the AWS CLI.
func (e *env) setup(f statementFlags) (*statementInput, error) {
	p, err := e.loadProject(f.config, f.schemas, f.awsCLI)
	if err != nil {
		return nil, err
	}
	return &statementInput{sch: p.Schema, conf: p.Config, vcfg: p.Rules, cli: p.AWSCLI}, nil
}

// check runs the lint rules over st, with the dynexpr:ignore comments of
// its file applied.
func check(in *statementInput, st *grammar.Statement, ig *validate.Ignores) []validate.Finding {
	return ig.Apply(st, validate.Check(st, in.sch, in.vcfg), in.vcfg)
}

// picker applies --statement as the statements come: with a label, the
// statement it names; without, every statement when many (build --output
// jsonl, explain), else the only one. A label names one statement: given
// twice, it is an error.
type picker struct {
	label string
	many  bool

	first  map[string]diag.Pos // where each label is given
	labels []string            // in order, for "did you mean"
	dups   diag.List
	found  bool
	n      int // statements seen
	// sources are the inputs the statements came from, in order, and
	// how many each gave: "the input has 3 statements" says where.
	sources []string
	per     map[string]int
}

// add counts st, and reports whether it is picked.
func (p *picker) add(st *grammar.Statement) bool {
	p.n++
	if p.per == nil {
		p.per = map[string]int{}
	}
	if p.per[st.Pos.File]++; p.per[st.Pos.File] == 1 {
		p.sources = append(p.sources, st.Pos.File)
	}
	if st.Label != nil {
		if p.first == nil {
			p.first = map[string]diag.Pos{}
		}
		name := st.Label.Name
		if prev, dup := p.first[name]; dup {
			p.dups = append(p.dups, diag.Errorf(st.Label.Pos, "label %q is already given to the statement at %s; labels name one statement each", name, prev))
			return false
		}
		p.first[name] = st.Label.Pos
		p.labels = append(p.labels, name)
		if p.label != "" && name == p.label {
			p.found = true
			return true
		}
	}
	return p.label == "" && len(p.dups) == 0 && (p.many || p.n == 1)
}

// err is what is wrong with the statements seen, for a command that would
// verb them.
func (p *picker) err(verb string) error {
	if len(p.dups) > 0 {
		return p.dups
	}
	if p.label != "" {
		if p.found {
			return nil
		}
		msg := fmt.Sprintf("no statement is labelled %q", p.label)
		if s := schema.Suggest(p.label, p.labels); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else if len(p.labels) > 0 {
			msg += "; labels: " + strings.Join(p.labels, ", ")
		}
		return &exitError{code: exitBadInput, err: fmt.Errorf("%s", msg)}
	}
	switch {
	case p.n == 0:
		return &exitError{code: exitBadInput, err: fmt.Errorf("no statement to %s: the input is empty", verb)}
	case p.n > 1 && !p.many:
		return &exitError{code: exitBadInput, err: fmt.Errorf("the input has %d statements%s: pick one with --statement LABEL, or print them all with --output jsonl", p.n, p.where())}
	}
	return nil
}

// where says which inputs the statements came from, when there are
// several: " (1 in the argument, 2 in q.dx)"; "" for one.
func (p *picker) where() string {
	if len(p.sources) < 2 {
		return ""
	}
	parts := make([]string, len(p.sources))
	for i, src := range p.sources {
		parts[i] = fmt.Sprintf("%d in %s", p.per[src], sourceWords(source{name: src}))
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
