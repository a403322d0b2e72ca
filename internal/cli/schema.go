package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/spf13/cobra"
)

func newSchemaCmd(e *env) *cobra.Command {
	var createTable bool
	var vars schemaFlags
	cmd := &cobra.Command{
		Use:   "schema FILE...",
		Short: "Print the tables a schema file describes",
		Long: wrapHelp(`Print the tables and indexes dynexpr understood from schema files (` + schema.SourceList() + `), in the
project's YAML (so any source converts to it, TTL included). A table whose name
in DynamoDB the source leaves unknown is printed under the source's own name,
and standard error says why, with what is known of the name (its template,
"*" for each unknown part) and the --var that gives what is missing. With --create-table,
print for each table the input of 'aws dynamodb create-table --cli-input-json'
instead (PAY_PER_REQUEST). 'dynexpr schema diff A B' says how two sources
differ.`),
		Example: `  dynexpr schema template.yaml
  dynexpr schema --var stage=prod infra/terraform
  dynexpr schema --create-table schema.yaml | while read -r t; do aws dynamodb create-table --cli-input-json "$t"; done
  dynexpr schema diff schema.yaml deployed.describe.json`,
		Args: cobra.MinimumNArgs(1),
		ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			// The first word may be diff, which cobra offers: files too,
			// but not as extensions to filter by.
			if len(args) == 0 && strings.HasPrefix("diff", toComplete) {
				return nil, cobra.ShellCompDirectiveDefault
			}
			return schemaExts(), cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opt, err := vars.options(e.limit)
			if err != nil {
				return err
			}
			sch, err := schema.LoadWith(opt, args...)
			if err != nil {
				return err
			}
			if err := vars.checkVars(sch); err != nil {
				return err
			}
			for _, n := range sch.Notes {
				fmt.Fprintln(e.stderr, diag.Printable(fmt.Sprintf("dynexpr: note: %s: %s", n.Pos, n.Msg)))
			}
			for _, t := range sch.Tables {
				var note string
				switch {
				case t.Unresolved != "" && t.Template != "":
					note = fmt.Sprintf("dynexpr: table %q is printed under the source's own name (its name in DynamoDB is %q, the \"*\" unknown): %s", t.Name, t.Template, t.Unresolved)
				case t.Unresolved != "":
					note = fmt.Sprintf("dynexpr: table %q is printed under the source's own name: %s", t.Name, t.Unresolved)
				default:
					continue
				}
				fmt.Fprintln(e.stderr, diag.Printable(note))
			}
			var out bytes.Buffer
			if createTable {
				inputs, err := schema.CreateTableInputs(sch)
				if err != nil {
					return err
				}
				// One compact document a line, so a shell loop can read them:
				//   dynexpr schema --create-table s.yaml | while read -r t; do
				//     aws dynamodb create-table --cli-input-json "$t"; done
				for _, in := range inputs {
					if err := json.Compact(&out, in.JSON()); err != nil {
						return err
					}
					out.WriteByte('\n')
				}
			} else if err := schema.WriteYAML(&out, sch); err != nil {
				return err
			}
			_, err = e.stdout.Write(out.Bytes())
			return err
		},
	}
	vars.registerVars(cmd.Flags())
	vars.registerCompletions(e, cmd, nil, func(args []string) [][]string { return [][]string{args} })
	cmd.AddCommand(newSchemaDiffCmd(e))
	cmd.Flags().BoolVar(&createTable, "create-table", false, "print 'aws dynamodb create-table --cli-input-json' inputs, one JSON document per line")
	return cmd
}
