package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

type buildFlags struct {
	files      []string
	statement  string
	params     []string
	paramFiles []string
	schemas    []string
	output     string
	compact    bool
	noLint     bool
}

func newBuildCmd(e *env) *cobra.Command {
	var f buildFlags
	cmd := &cobra.Command{
		Use:   "build [STATEMENT | -f FILE...]",
		Short: "Print the request JSON for a statement",
		Long: `Print the request that 'aws dynamodb <command> --cli-input-json' takes.

Statements come from the arguments, from -f FILE (repeatable; - is standard
input), or from standard input. A file with several statements needs
--statement LABEL to pick one, or --output jsonl to print them all.`,
		Example: `  dynexpr build 'get Tickets key id = "a91f" select subject'
  dynexpr build -p id="$ID" 'update Tickets key id = $id remove openBucket'
  aws dynamodb query --cli-input-json "$(dynexpr build -f examples/tickets.dx --statement open_tickets)"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.build(args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVarP(&f.files, "file", "f", nil, "read statements from `FILE` (- for standard input); repeatable")
	fl.StringVar(&f.statement, "statement", "", "build the statement labelled `LABEL`")
	fl.StringArrayVarP(&f.params, "param", "p", nil, "bind $name: `name=value` (a string, or the schema's type) or name:=JSON; repeatable")
	fl.StringArrayVar(&f.paramFiles, "params", nil, "bind parameters from a JSON object in `FILE`")
	fl.StringArrayVar(&f.schemas, "schema", nil, "table schema `FILE` (project YAML, describe-table JSON, CloudFormation); repeatable")
	fl.StringVarP(&f.output, "output", "o", "json", "output format: json, shell or jsonl")
	fl.BoolVar(&f.compact, "compact", false, "print JSON on one line")
	fl.BoolVar(&f.noLint, "no-lint", false, "build even when a lint rule finds an error")
	return cmd
}

func (e *env) build(args []string, f buildFlags) error {
	switch f.output {
	case "json", "shell", "jsonl":
	default:
		return fmt.Errorf("--output %q: choose json, shell or jsonl", f.output)
	}
	srcs, err := e.readSources(args, f.files)
	if err != nil {
		return err
	}
	stmts, err := parseSources(srcs)
	if err != nil {
		return err
	}
	stmts, err = pickStatements(stmts, f.statement, f.output)
	if err != nil {
		return err
	}
	conf, err := findConfig("")
	if err != nil {
		return err
	}
	sch, err := loadSchema(f.schemas, conf)
	if err != nil {
		return err
	}
	params, err := parseParams(f.params, f.paramFiles)
	if err != nil {
		return err
	}
	used := map[string]bool{}
	var errs diag.List
	for _, st := range stmts {
		if err := grammar.Bind(st, params, typeOf(sch, st), used); err != nil {
			errs = appendErr(errs, err)
		}
	}
	if len(errs) == 0 {
		if err := grammar.CheckUnused(params, used); err != nil {
			errs = appendErr(errs, err)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	if !f.noLint {
		if err := e.lintBuilt(srcs, stmts, sch, conf); err != nil {
			return err
		}
	}
	// Build everything before writing anything: on any error, standard
	// output stays empty.
	var out bytes.Buffer
	for _, st := range stmts {
		req, err := builder.Build(st)
		if err != nil {
			errs = appendErr(errs, err)
			continue
		}
		writeRequest(&out, st, req, f)
	}
	if len(errs) > 0 {
		return errs
	}
	_, err = e.stdout.Write(out.Bytes())
	return err
}

// lintBuilt runs the lint rules over the statements about to be built:
// warnings go to standard error and the build goes on; a finding at error
// level stops it with exit status 1 (DynamoDB would refuse the request).
func (e *env) lintBuilt(srcs []source, stmts []*grammar.Statement, sch *schema.Schema, conf *schema.Config) error {
	vcfg, err := ruleConfig(conf)
	if err != nil {
		return err
	}
	var findings []validate.Finding
	for _, st := range stmts {
		fs := validate.Check(st, sch, vcfg)
		if src, ok := e.sources[st.Pos.Filename]; ok {
			fs = validate.ApplyIgnores(st.Pos.Filename, src, []*grammar.Statement{st}, fs, vcfg)
		}
		findings = append(findings, fs...)
	}
	if len(findings) == 0 {
		return nil
	}
	color := isTerminal(e.stderr) && os.Getenv("NO_COLOR") == ""
	p, err := validate.NewPrinter("text", e.stderr, validate.PrintOptions{
		Color: color, Caret: true,
		Line: func(file string, n int) string { return sourceLine(e.sources[file], n) },
	})
	if err != nil {
		return err
	}
	failed, unusable := false, false
	for _, fd := range findings {
		failed = failed || fd.Severity == validate.Error
		unusable = unusable || fd.Severity == validate.Error && validate.Lookup(fd.Rule).BadInput
		p.Print(fd)
	}
	p.Close()
	if unusable {
		return &exitError{code: exitBadInput}
	}
	if failed {
		fmt.Fprintln(e.stderr, "dynexpr: not built: DynamoDB would refuse this request (fix it, or build anyway with --no-lint)")
		return &exitError{code: exitFindings}
	}
	return nil
}

// pickStatements applies --statement, and insists on jsonl for several.
// A label names one statement: given twice, it is an error.
func pickStatements(stmts []*grammar.Statement, label, output string) ([]*grammar.Statement, error) {
	first := map[string]*grammar.Statement{}
	var errs diag.List
	for _, st := range stmts {
		if st.Label == nil {
			continue
		}
		if prev, dup := first[st.Label.Name]; dup {
			errs = append(errs, diag.Errorf(grammar.ToPos(st.Label.Pos), "label %q is already given to the statement at %s; labels name one statement each", st.Label.Name, grammar.ToPos(prev.Label.Pos)))
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
		return nil, &exitError{code: exitBadInput, err: fmt.Errorf("no statement to build: the input is empty")}
	case len(stmts) > 1 && output != "jsonl":
		return nil, &exitError{code: exitBadInput, err: fmt.Errorf("the input has %d statements: pick one with --statement LABEL, or print them all with --output jsonl", len(stmts))}
	}
	return stmts, nil
}

// typeOf gives parameter binding the schema's type of the statement's
// table attributes.
func typeOf(sch *schema.Schema, st *grammar.Statement) grammar.TypeOf {
	if sch == nil {
		return nil
	}
	t := sch.Table(st.Table.Name)
	if t == nil {
		return nil
	}
	return func(attr string) grammar.ValueType { return grammar.ValueType(t.AttrType(attr)) }
}

// loadSchema reads the --schema files, or else the config's schemas; nil
// when there are none.
func loadSchema(files []string, conf *schema.Config) (*schema.Schema, error) {
	if len(files) == 0 && conf != nil {
		files = conf.Schemas
	}
	if len(files) == 0 {
		return nil, nil
	}
	return schema.Load(files...)
}

func writeRequest(out *bytes.Buffer, st *grammar.Statement, req *builder.Request, f buildFlags) {
	switch f.output {
	case "json":
		out.Write(req.JSON(!f.compact))
		out.WriteByte('\n')
	case "shell":
		fmt.Fprintf(out, "aws dynamodb %s --cli-input-json %s\n", req.Command, shellQuote(string(req.JSON(false))))
	case "jsonl":
		fmt.Fprintf(out, `{"name":%s,"command":%q,"input":%s}`+"\n", jsonString(describeStatement(st)), req.Command, req.JSON(false))
	}
}

// shellQuote quotes s for a POSIX shell: single quotes, with each ' written '\”.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
