package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/capacity"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/explain"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

func newExplainCmd(e *env) *cobra.Command {
	var f statementFlags
	var cf costFlags
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
else .dynexpr.yaml) tells keys and indexes.

--cost adds what each request consumes by DynamoDB's capacity rules: read
units (4 KB each), write units (1 KB each), the writes each secondary index
takes, and the item's size when the request shows it. What the request does
not show (the size of the table's items, how many items a query reads,
whether the item was in an index before) makes a figure a range: give
--item-size, --sample or item_size in the schema, and --items, to narrow it.
--format json writes each request's explanation, units and findings as JSON.`,
		Example: `  dynexpr explain --schema examples/tickets.yaml -f examples/tickets.dx --statement open_tickets
  dynexpr explain 'scan Tickets filter priority = 1 limit 10'
  dynexpr explain --cost --item-size 2KB --schema examples/tickets.yaml -f examples/tickets.dx --statement resolve_77de`,
		ValidArgsFunction: cobra.NoFileCompletions, // a statement, not a file: -f FILE
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.explain(args, f, cf)
		},
	}
	f.register(cmd.Flags(), "explain")
	cf.register(cmd.Flags())
	e.completeFlag(cmd, "format", completeWords("text", "json"))
	e.completeFlag(cmd, "sample", completeFiles(jsonExts))
	f.registerCompletions(e, cmd)
	return cmd
}

func (e *env) explain(args []string, f statementFlags, cf costFlags) error {
	// Every statement is explained unless one is picked; $params may stay
	// unbound, explained as written.
	hints, err := cf.hints(e)
	if err != nil {
		return err
	}
	srcs, kind, err := e.readStatements(args, f.files, "explain")
	if err != nil {
		return err
	}
	if kind == lint.PartiQL {
		return e.explainPartiQL(srcs, f, cf, hints)
	}
	var out spool
	var lines lineIndex // statements come in file order: each file is indexed once
	arr := jsonArray{w: &out}
	n := 0
	_, err = e.eachStatement(srcs, f, "explain", true, true, func(st *grammar.Statement, in *statementInput, ig *validate.Ignores) error {
		if cf.format == "json" {
			text := strings.TrimSuffix(explain.Statement(st, in.sch), "\n")
			x := newJSONExplanation(st, capacity.Of(st, in.sch, hints), strings.Split(text, "\n"))
			if err := x.addFindings(check(in, st, ig), validate.PrintOptions{
				Line: func(file string, n int) string { return lines.line(file, e.sources[file], n) },
			}); err != nil {
				return err
			}
			return arr.add(x)
		}
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
		if cf.cost {
			for _, line := range strings.SplitAfter(explain.Cost(capacity.Of(st, in.sch, hints)), "\n") {
				if line != "" {
					out.WriteString("- " + line)
				}
			}
		}
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
	if cf.format == "json" {
		if err := arr.close(); err != nil {
			return err
		}
	}
	_, err = out.WriteTo(e.stdout)
	return err
}

// explainPartiQL explains each statement of PartiQL sources, then what
// lint finds in its request (the statement alone, or the file's batch or
// transaction under its marker).
func (e *env) explainPartiQL(srcs []source, f statementFlags, cf costFlags, hints capacity.Hints) error {
	in, err := e.setup(f)
	if err != nil {
		return err
	}
	sch, rules := in.sch, in.vcfg
	var out bytes.Buffer
	var lines lineIndex
	arr := jsonArray{w: &out}
	n := 0
	for _, s := range srcs {
		sc, err := partiql.ParseScript(s.name, s.text)
		if err != nil {
			return err
		}
		for i, req := range validate.PartiQLRequests(sc) {
			if f.statement != "" && (sc.Mode != partiql.ModeEach || sc.Names[i] != f.statement) {
				continue
			}
			findings := validate.CheckPartiQL(req, sch, rules)
			if cf.format == "json" {
				for k, ps := range req.Statements {
					ds := validate.PartiQLAsDSL(ps, sch)
					text := strings.TrimSuffix(explain.PartiQL(ps.Stmt, ds, sch), "\n")
					x := jsonExplanation{File: ps.Stmt.Pos.File, Line: ps.Stmt.Pos.Line, Op: camelCommand(req.Command),
						Explanation: strings.Split(text, "\n"), IndexWrites: map[string]capacity.Units{}, IndexEffect: map[string]string{}, Findings: []json.RawMessage{}}
					if ds != nil {
						x = newJSONExplanation(ds, partiqlCost(req, ds, sch, hints), x.Explanation)
						x.File, x.Line, x.Op, x.RunsAs = ps.Stmt.Pos.File, ps.Stmt.Pos.Line, camelCommand(req.Command), ds.Kind.Operation()
					}
					if sc.Mode == partiql.ModeEach {
						x.Label = sc.Names[i]
					}
					if k == len(req.Statements)-1 { // the request's findings go with its last statement
						if err := x.addFindings(findings, validate.PrintOptions{
							Line: func(file string, n int) string { return lines.line(file, s.text, n) },
						}); err != nil {
							return err
						}
					}
					n++
					if err := arr.add(x); err != nil {
						return err
					}
				}
				continue
			}
			for _, ps := range req.Statements {
				if n > 0 {
					out.WriteByte('\n')
				}
				n++
				out.WriteString(diag.PrintableLines(ps.Stmt.Source) + "\n")
				ds := validate.PartiQLAsDSL(ps, sch)
				for _, line := range strings.SplitAfter(strings.TrimSuffix(explain.PartiQL(ps.Stmt, ds, sch), "\n"), "\n") {
					out.WriteString("- " + line)
				}
				out.WriteByte('\n')
				if cf.cost && ds != nil {
					for _, line := range strings.SplitAfter(explain.Cost(partiqlCost(req, ds, sch, hints)), "\n") {
						if line != "" {
							out.WriteString("- " + line)
						}
					}
				}
			}
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
	if cf.format == "json" {
		if err := arr.close(); err != nil {
			return err
		}
	}
	_, err = e.stdout.Write(out.Bytes())
	return err
}

// partiqlCost is what one statement of a PartiQL request consumes: what
// it runs as, a member of a transaction in ExecuteTransaction ("PartiQL -
// a SQL-compatible query language for Amazon DynamoDB": a statement costs
// as the operation it runs as).
func partiqlCost(req *validate.PartiQLRequest, ds *grammar.Statement, sch *schema.Schema, h capacity.Hints) capacity.Cost {
	if req.Command == builder.CommandExecuteTransaction {
		group := grammar.KindTransactWrite
		if ds.Kind == grammar.KindGet {
			group = grammar.KindTransactGet
		}
		return capacity.Of(&grammar.Statement{Kind: group, Members: []*grammar.Statement{ds}}, sch, h)
	}
	return capacity.Of(ds, sch, h)
}

// camelCommand is the operation an aws dynamodb command sends:
// execute-statement is ExecuteStatement.
func camelCommand(cmd string) string {
	var b strings.Builder
	for _, w := range strings.Split(cmd, "-") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}
