package main

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/explain"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

type explainFlags struct {
	files      []string
	statement  string
	params     []string
	paramFiles []string
	schemas    []string
}

func newExplainCmd(e *env) *cobra.Command {
	var f explainFlags
	cmd := &cobra.Command{
		Use:   "explain [STATEMENT | -f FILE...]",
		Short: "Tell in words what a statement's request does",
		Long: `Tell in words what the request of a statement does: the table or index it
reads or writes, what its key condition picks, what the filter still reads and
pays for, which attributes come back and from where, how a write moves the
item in and out of the secondary indexes, and what dynexpr lint finds.

Statements come as for build: arguments, -f FILE (- for standard input),
--statement LABEL to pick one; every statement is explained when none is
picked. The schema (--schema, or .dynexpr.yaml) tells keys and indexes.`,
		Example: `  dynexpr explain --schema examples/tickets.yaml -f examples/tickets.dx --statement open_tickets
  dynexpr explain 'scan Tickets filter priority = 1 limit 10'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.explain(args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVarP(&f.files, "file", "f", nil, "read statements from `FILE` (- for standard input); repeatable")
	fl.StringVar(&f.statement, "statement", "", "explain the statement labelled `LABEL`")
	fl.StringArrayVarP(&f.params, "param", "p", nil, "bind $name: `name=value` or name:=JSON; repeatable")
	fl.StringArrayVar(&f.paramFiles, "params", nil, "bind parameters from a JSON object in `FILE`")
	fl.StringArrayVar(&f.schemas, "schema", nil, "table schema `FILE`; repeatable")
	return cmd
}

func (e *env) explain(args []string, f explainFlags) error {
	srcs, err := e.readSources(args, f.files)
	if err != nil {
		return err
	}
	stmts, err := parseSources(srcs)
	if err != nil {
		return err
	}
	// Every statement may be explained: "jsonl" lets pickStatements keep
	// them all when no label is given.
	stmts, err = pickStatements(stmts, f.statement, "jsonl")
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
	vcfg, err := ruleConfig(conf)
	if err != nil {
		return err
	}
	// Parameters are optional here: an unbound $param is explained as
	// written. Bind only what was given.
	if len(f.params) > 0 || len(f.paramFiles) > 0 {
		params, err := parseParams(f.params, f.paramFiles)
		if err != nil {
			return err
		}
		var errs diag.List
		for _, st := range stmts {
			if err := grammar.Bind(st, params, typeOf(sch, st), map[string]bool{}); err != nil {
				errs = appendErr(errs, err)
			}
		}
		if len(errs) > 0 {
			return errs
		}
	}
	var out strings.Builder
	for i, st := range stmts {
		if i > 0 {
			out.WriteByte('\n')
		}
		out.WriteString(grammar.Format(st) + "\n")
		for _, line := range strings.SplitAfter(strings.TrimSuffix(explain.Statement(st, sch), "\n"), "\n") {
			out.WriteString("- " + line)
		}
		out.WriteByte('\n')
		findings := validate.Check(st, sch, vcfg)
		if src, ok := e.sources[st.Pos.Filename]; ok {
			findings = validate.ApplyIgnores(st.Pos.Filename, src, []*grammar.Statement{st}, findings, vcfg)
		}
		if len(findings) == 0 {
			out.WriteString("- dynexpr lint: nothing to report.\n")
		}
		for _, fd := range findings {
			fmt.Fprintf(&out, "- dynexpr lint: %s: %s (%s)\n", fd.Severity, fd.Message, fd.Rule)
		}
	}
	_, err = e.stdout.Write([]byte(out.String()))
	return err
}
