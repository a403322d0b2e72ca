package cli

import (
	"errors"
	"time"

	"github.com/dynexpr/dynexpr/lsp"
	"github.com/spf13/cobra"
)

func newLSPCmd(e *env) *cobra.Command {
	var debounce time.Duration
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server for editors, over standard input and output",
		Long: `Run a Language Server Protocol server over standard input and output, for an
editor to start: diagnostics as 'dynexpr lint' finds them while you type,
formatting as 'dynexpr fmt', hover ('dynexpr explain' on a statement, the
schema on a table, index or attribute, the rule in an ignore comment),
completion, quick fixes and go to definition of a table or index in the
schema file. It reads .dx files and request JSON; the schema and rules come
from the .dynexpr.yaml found from the workspace root. Standard output carries
only protocol messages; what the server says of itself goes to standard
error. docs/editor.md says how to set up VS Code, Neovim, Helix and Emacs.`,
		Example: `  dynexpr lsp`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := lsp.Serve(e.stdin, e.stdout, lsp.Options{Debounce: debounce, Log: e.stderr})
			if errors.Is(err, lsp.ErrNoShutdown) {
				// The protocol's exit status for an exit without shutdown.
				return &exitError{code: 1}
			}
			return err
		},
	}
	// Editors' clients (vscode-languageclient) pass --stdio to say the
	// transport, the only one there is.
	cmd.Flags().Bool("stdio", true, "talk over standard input and output (the only transport; accepted for clients that pass it)")
	cmd.Flags().DurationVar(&debounce, "debounce", 150*time.Millisecond, "lint a changed document once the editor has been quiet this long")
	return cmd
}
