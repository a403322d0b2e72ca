package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/schema"
	"github.com/spf13/cobra"
)

// newSchemaDiffCmd is `dynexpr schema diff A B`: the drift check between
// two sources that should describe the same tables.
func newSchemaDiffCmd(e *env) *cobra.Command {
	var vars schemaFlags
	var format string
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "Say how two schema sources differ",
		Long: `Compare the tables two schema sources describe — say the Terraform files
and the describe-table output of the deployed table — and print one line a
difference: tables and indexes only one side has, keys, key attributes'
types, index kinds, projections, include lists and TTL. Declared types of
attributes no key uses are not compared (only project YAML gives them).

A and B are each a schema file or folder, or several joined by commas
(describe.json,Tickets.ttl.json); --var applies to both sides.

Exit status: 0 the two describe the same tables, 1 they differ, 2 a side
cannot be read.`,
		Example: `  dynexpr schema diff infra/ deployed/Tickets.json,deployed/Tickets.ttl.json
  dynexpr schema diff --format json schema.yaml template.yaml`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return fmt.Errorf("unknown --format %q: write text or json", format)
			}
			opt, err := vars.options()
			if err != nil {
				return err
			}
			var sides [2]*schema.Schema
			for i, arg := range args {
				if sides[i], err = schema.LoadWith(opt, strings.Split(arg, ",")...); err != nil {
					return err
				}
			}
			diffs := schema.Diff(sides[0], sides[1])
			var out bytes.Buffer
			if format == "json" {
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
					out.WriteString(d.String() + "\n")
				}
			}
			if _, err := e.stdout.Write(out.Bytes()); err != nil {
				return err
			}
			if len(diffs) > 0 {
				return &exitError{code: exitFindings}
			}
			return nil
		},
	}
	vars.registerVars(cmd.Flags())
	cmd.Flags().StringVar(&format, "format", "text", "output format: text (one line a difference) or json")
	return cmd
}
