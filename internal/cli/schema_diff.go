package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/spf13/cobra"
)

// newSchemaDiffCmd is `dynexpr schema diff A B`: the drift check between
// two sources that should describe the same tables.
func newSchemaDiffCmd(e *env) *cobra.Command {
	f := &schemaDiffFlags{}
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "Say how two schema sources differ",
		Long: `Compare the tables two schema sources describe — say the Terraform files
and the describe-table output of the deployed table — and print one line a
difference: tables and indexes only one side has, keys, key attributes'
types, index kinds, projections, include lists and TTL. Declared types of
attributes no key uses are not compared (only project YAML gives them), nor
a TTL one side cannot tell (describe-table output, without its
describe-time-to-live beside it): a note on standard error says so.

A and B are each a schema file or folder, or several joined by commas
(describe.json,Tickets.ttl.json); --var applies to both sides.

A table whose name in DynamoDB a side cannot tell (a TableName that needs a
--var) is compared with none: its line says what to pass.

Exit status: 0 the two describe the same tables, 1 they differ or a table
could not be compared, 2 a side cannot be read.`,
		Example: `  dynexpr schema diff infra/ deployed/Tickets.json,deployed/Tickets.ttl.json
  dynexpr schema diff --format json schema.yaml template.yaml`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: completeFiles(schemaExts),
		RunE:              func(_ *cobra.Command, args []string) error { return e.schemaDiff(f, args[0], args[1]) },
	}
	f.vars.registerVars(cmd.Flags())
	cmd.Flags().StringVar(&f.format, "format", "text", "output format: text (one line a difference) or json")
	// --var applies to both sides: each a comma-separated list of paths.
	f.vars.registerCompletions(e, cmd, nil, func(args []string) [][]string {
		var sides [][]string
		for _, a := range args {
			sides = append(sides, strings.Split(a, ","))
		}
		return sides
	})
	e.completeFlag(cmd, "format", completeWords(diffFormats...))
	return cmd
}

// schemaDiffFlags are the flags of schema diff.
type schemaDiffFlags struct {
	vars   schemaFlags
	format string
}

// schemaDiff prints the differences between the schemas at a and b (each a
// comma-separated list of paths), and exits 1 when there are any.
func (e *env) schemaDiff(f *schemaDiffFlags, a, b string) error {
	if !slices.Contains(diffFormats, f.format) {
		return fmt.Errorf("unknown --format %q: write text or json", f.format)
	}
	opt, err := f.vars.options(e.limit)
	if err != nil {
		return err
	}
	var sides [2]*schema.Schema
	for i, arg := range []string{a, b} {
		if sides[i], err = schema.LoadWith(opt, strings.Split(arg, ",")...); err != nil {
			return err
		}
	}
	if err := f.vars.checkVars(sides[0], sides[1]); err != nil {
		return err
	}
	diffs := schema.Diff(sides[0], sides[1])
	for _, note := range schema.TTLNotCompared(sides[0], sides[1]) {
		fmt.Fprintf(e.stderr, "dynexpr: note: %s\n", diag.Printable(note))
	}
	var out bytes.Buffer
	if f.format == "json" {
		if diffs == nil {
			diffs = []schema.Difference{}
		}
		data, err := json.MarshalIndent(diffs, "", "  ")
		if err != nil {
			return err
		}
		out.Write(append(data, '\n'))
	} else {
		for _, d := range diffs {
			// Names come from the sources as they are: escaped, as every
			// human-facing output escapes them.
			out.WriteString(diag.Printable(d.String()) + "\n")
		}
	}
	if _, err := e.stdout.Write(out.Bytes()); err != nil {
		return err
	}
	if len(diffs) > 0 {
		return &exitError{code: exitFindings}
	}
	return nil
}
