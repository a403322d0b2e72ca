package cli

import (
	"fmt"
	"io"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/format"
	"github.com/dynexpr/dynexpr/internal/safefile"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/spf13/cobra"
)

func newFmtCmd(e *env) *cobra.Command {
	var write, check bool
	cmd := &cobra.Command{
		Use:   "fmt [-w | --check] [PATH...]",
		Short: "Rewrite DSL files in the canonical layout",
		Long: `Print DSL files in one canonical layout, as gofmt does for Go: keywords in
lower case, clauses in the language's order, one line per statement when it
fits in 80 columns and one clause per indented line when not, statements
separated by ";"; a transaction or a batch with one member a line, indented.
Comments before a statement or after it on its last line stay where they are,
and so do a group's comments between its members; a statement with a comment
inside it (inside a member, for a group) is left as written.
Folders are walked for *.dx files; - (or no PATH) reads standard input.
fmt formats the DSL only: a PartiQL script, request JSON or code named (or
given on standard input) is left as it is, with a message and exit status 2.

The result is checked before anything is written: the file must parse into
the same statements, building the same requests, and keep every comment.

-w rewrites the files that change instead of printing them. --check prints
the names of the files that would change and exits 1 if there are any. A
link to nothing met walking a folder is said on standard error, the other
files are still done, and the exit status is 1.`,
		Example: `  dynexpr fmt -w .
  dynexpr fmt --check queries/      # in CI
  dynexpr fmt < dashboard.dx`,
		ValidArgsFunction: completeFiles(formatExts),
		RunE: func(cmd *cobra.Command, args []string) error {
			if write && check {
				return fmt.Errorf("-w and --check do not go together: --check changes nothing")
			}
			return e.fmtFiles(args, write, check)
		},
	}
	cmd.Flags().BoolVarP(&write, "write", "w", false, "rewrite the files that change")
	cmd.Flags().BoolVar(&check, "check", false, "list the files that would change; exit 1 if any")
	return cmd
}

func (e *env) fmtFiles(args []string, write, check bool) error {
	if len(args) == 0 {
		args = []string{"-"}
	}
	files, err := lint.FormatInputs(args)
	if err != nil {
		return err
	}
	var errs diag.List
	changed, dangling := 0, 0
	for _, file := range files {
		in, err := e.readInput(file)
		if msg := config.DanglingLink(file); err != nil && file != "-" && msg != "" {
			// Met walking a folder (a named one is refused before): said,
			// and the other files are formatted.
			dangling++
			e.report(diag.Errorf(diag.Pos{File: file}, "%s", msg))
			continue
		}
		if err != nil {
			errs = diag.Append(errs, err)
			continue
		}
		name, src := in.name, in.text
		if why := lint.FormatRefusal(file, []byte(src)); why != "" {
			errs = append(errs, diag.Errorf(diag.Pos{File: name}, "%s", why))
			continue
		}
		out, err := format.File(name, src)
		if err != nil {
			errs = diag.Append(errs, err)
			continue
		}
		switch {
		case check:
			if out != src {
				changed++
				fmt.Fprintln(e.stdout, diag.Printable(name))
			}
		case write && file != "-":
			if out != src {
				changed++
				if err := safefile.Replace(file, []byte(out)); err != nil {
					errs = append(errs, diag.Errorf(diag.Pos{File: file}, "cannot write the file: %v", config.Cause(err)))
				}
			}
		default:
			io.WriteString(e.stdout, out)
		}
	}
	if len(errs) > 0 {
		return &exitError{code: exitBadInput, err: errs}
	}
	if check && changed > 0 || dangling > 0 {
		return &exitError{code: exitFindings}
	}
	return nil
}
