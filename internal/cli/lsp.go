package cli

import (
	"errors"
	"fmt"
	"time"

	"github.com/dynexpr/dynexpr/lsp"
	"github.com/spf13/cobra"
)

func newLSPCmd(e *env) *cobra.Command {
	debounce := debounceFlag(lsp.DebounceAuto)
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server for editors, over standard input and output",
		Long: `Run a Language Server Protocol server over standard input and output, for an
editor to start: diagnostics as 'dynexpr lint' finds them while you type,
formatting as 'dynexpr fmt', hover ('dynexpr explain' on a statement, the
schema on a table, index or attribute, the rule in an ignore comment),
completion, quick fixes and go to definition of a table or index in the
schema file (hover, completion, formatting and definition are the DSL's;
PartiQL has hover too). It reads:

` + lsp.Reads() + `
The schema and rules come from the .dynexpr.yaml found from the workspace
root; a document larger than --max-input-size is not linted. Standard output
carries only protocol messages; what the server says of itself goes to
standard error. docs/editor.md says how to set up VS Code, Neovim, Helix
and Emacs.`,
		Example: `  dynexpr lsp`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := lsp.Serve(e.stdin, e.stdout, lsp.Options{Debounce: time.Duration(debounce), Log: e.stderr, MaxInput: e.limit})
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
	cmd.Flags().Var(&debounce, "debounce", "lint a changed document once the editor has been quiet this long, `auto|DURATION`: auto is as soon as no message from the editor is waiting")
	return cmd
}

// debounceFlag is --debounce: a duration, or auto (lsp.DebounceAuto).
type debounceFlag time.Duration

func (f *debounceFlag) String() string {
	if time.Duration(*f) == lsp.DebounceAuto {
		return "auto"
	}
	return time.Duration(*f).String()
}

func (f *debounceFlag) Set(s string) error {
	if s == "auto" {
		*f = debounceFlag(lsp.DebounceAuto)
		return nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return fmt.Errorf("%q is neither auto nor a duration like 150ms", s)
	}
	*f = debounceFlag(d)
	return nil
}

func (f *debounceFlag) Type() string { return "auto|DURATION" }
