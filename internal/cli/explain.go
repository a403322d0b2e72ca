package cli

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/explain"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

func newExplainCmd(e *env) *cobra.Command {
	var f statementFlags
	cmd := &cobra.Command{
		Use:   "explain [STATEMENT | -f FILE...]",
		Short: "Tell in words what a statement's request does",
		Long: `Tell in words what the request of a statement does: the table or index it
reads or writes, what its key condition picks, what the filter still reads and
pays for, which attributes come back and what the index projects, how a write
moves the item in and out of the secondary indexes, what capacity, metrics
and return_on_failure return; then what dynexpr lint finds.

A transaction or a batch is explained as its command (all or nothing, or
each request on its own, and what comes back unprocessed), then each member
numbered from 0, as DynamoDB numbers the CancellationReasons of a
TransactionCanceledException, with its FILE:LINE.

Statements come as for build: arguments, -f FILE (- for standard input),
--statement LABEL to pick one; every statement is explained when none is
picked. The schema (--schema, or the schemas of the config: --config FILE,
else .dynexpr.yaml) tells keys and indexes.`,
		Example: `  dynexpr explain --schema examples/tickets.yaml -f examples/tickets.dx --statement open_tickets
  dynexpr explain 'scan Tickets filter priority = 1 limit 10'`,
		ValidArgsFunction: cobra.NoFileCompletions, // a statement, not a file: -f FILE
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.explain(args, f)
		},
	}
	f.register(cmd.Flags(), "explain")
	f.registerCompletions(e, cmd)
	return cmd
}

func (e *env) explain(args []string, f statementFlags) error {
	// Every statement is explained unless one is picked; $params may stay
	// unbound, explained as written.
	srcs, err := e.readSources(args, f.files)
	if err != nil {
		return err
	}
	if isPartiQL(srcs) {
		return e.explainPartiQL(srcs, f)
	}
	var out spool
	var lines lineIndex // statements come in file order: each file is indexed once
	n := 0
	_, err = e.eachStatement(srcs, f, "explain", true, true, func(st *grammar.Statement, in *statementInput, ig *validate.Ignores) error {
		if n++; n > 1 {
			out.WriteByte('\n')
		}
		// The statement as fmt writes it, but for a terminal: a name in
		// backticks keeps its characters raw in the DSL, escaped here.
		out.WriteString(diag.PrintableLines(grammar.Format(st)) + "\n")
		for _, line := range strings.SplitAfter(strings.TrimSuffix(explain.Statement(st, in.sch), "\n"), "\n") {
			// A group's member says its lines indented under its number:
			// a list inside the list.
			if rest, ok := strings.CutPrefix(line, "  "); ok {
				out.WriteString("  - " + rest)
				continue
			}
			out.WriteString("- " + line)
		}
		out.WriteByte('\n')
		findings := check(in, st, ig)
		if len(findings) == 0 {
			out.WriteString("- dynexpr lint: nothing to report.\n")
			return nil
		}
		out.WriteString("- dynexpr lint finds:\n")
		// No caret (the statement is printed above), but the line, for
		// columns in characters.
		p, err := validate.NewPrinter("text", &out, validate.PrintOptions{
			Line: func(file string, n int) string { return lines.line(file, e.sources[file], n) },
		})
		if err != nil {
			return err
		}
		for _, fd := range findings {
			p.Print(fd)
		}
		p.Close()
		return nil
	})
	if err != nil {
		return err
	}
	_, err = out.WriteTo(e.stdout)
	return err
}

// explainPartiQL explains each statement of PartiQL sources, then what
// lint finds in its request (the statement alone, or the file's batch or
// transaction under its marker).
func (e *env) explainPartiQL(srcs []source, f statementFlags) error {
	in, err := e.setup(f)
	if err != nil {
		return err
	}
	sch, rules := in.sch, in.vcfg
	var out bytes.Buffer
	var lines lineIndex
	n := 0
	for _, s := range srcs {
		sc, err := partiql.ParseScript(s.name, s.text)
		if err != nil {
			return err
		}
		for i, req := range partiql.Requests(sc) {
			if f.statement != "" && (sc.Mode != partiql.ModeEach || sc.Names[i] != f.statement) {
				continue
			}
			for _, ps := range req.Statements {
				if n > 0 {
					out.WriteByte('\n')
				}
				n++
				out.WriteString(diag.PrintableLines(ps.Stmt.Source) + "\n")
				for _, line := range strings.SplitAfter(strings.TrimSuffix(explain.PartiQL(ps, sch), "\n"), "\n") {
					out.WriteString("- " + line)
				}
				out.WriteByte('\n')
			}
			findings := validate.CheckPartiQL(req, sch, rules)
			if len(findings) == 0 {
				out.WriteString("- dynexpr lint: nothing to report.\n")
				continue
			}
			out.WriteString("- dynexpr lint finds:\n")
			p, err := validate.NewPrinter("text", &out, validate.PrintOptions{
				Line: func(file string, n int) string { return lines.line(file, s.text, n) },
			})
			if err != nil {
				return err
			}
			for _, fd := range findings {
				p.Print(fd)
			}
			p.Close()
		}
	}
	if n == 0 {
		return fmt.Errorf("--statement %q: no statement has that name (-- name: %s before it)", f.statement, f.statement)
	}
	_, err = e.stdout.Write(out.Bytes())
	return err
}
