package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

func newRulesCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "rules [NAME]",
		Short: "List the lint rules, or show one rule's documentation",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				r := validate.Lookup(args[0])
				if r == nil {
					msg := fmt.Sprintf("no rule is named %q", args[0])
					if s := schema.Suggest(args[0], validate.Names()); s != "" {
						msg += fmt.Sprintf("; did you mean %q?", s)
					}
					return &exitError{code: exitBadInput, err: fmt.Errorf("%s ('dynexpr rules' lists them)", msg)}
				}
				_, err := fmt.Fprint(e.stdout, validate.HelpText(r))
				return err
			}
			var b strings.Builder
			tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
			for _, r := range validate.All() {
				schemaMark := ""
				if r.NeedsSchema {
					schemaMark = "schema"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Name, r.Severity, schemaMark, r.Title)
			}
			tw.Flush()
			_, err := fmt.Fprint(e.stdout, b.String())
			return err
		},
	}
}
