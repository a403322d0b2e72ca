package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/dynexpr/dynexpr/diag"
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
				r, err := validate.RuleNamed(args[0])
				if err != nil {
					return &exitError{code: exitBadInput, err: fmt.Errorf("%v ('dynexpr rules' lists them)", err)}
				}
				// The examples may hold what they warn about (a raw
				// zero-width space): escaped on the terminal.
				_, err = fmt.Fprint(e.stdout, diag.PrintableLines(validate.HelpText(r)))
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
