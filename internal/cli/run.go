// Package cli is dynexpr's command line: the commands, their flags and help,
// reading the inputs, and writing the results, the messages and the exit
// status. cmd/dynexpr only calls Run; the tests run the command line
// in-process through Run as well.
package cli

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/internal/textfile"
	"github.com/spf13/cobra"
)

// Exit statuses: 0 done; 1 findings (lint: syntax errors and unknown
// tables too); 2 the command could not run as asked (build: input it cannot
// use).
const (
	exitOK       = 0
	exitFindings = 1
	exitBadInput = 2
)

// exitError carries an exit status up to run, the one place that maps
// errors to statuses.
type exitError struct {
	code int
	err  error // already reported when nil
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

// env is what a command needs from the process: its streams and the
// sources it has read (for printing the offending line under a message).
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	sources        map[string]string
	// limit is --max-input-size, the cap on each input read.
	limit textfile.Limit

	// Standard input is read once, by readStdin, however many inputs
	// name it.
	stdinOnce sync.Once
	stdinData []byte
	stdinErr  error

	// completing: the command line asks for shell completions.
	completing bool
}

// Run runs the dynexpr command line with args (without the program's name)
// and returns the process's exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, sources: map[string]string{}, completing: isCompletion(args)}
	root := newRootCmd(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			e.report(ee.err)
		}
		return ee.code
	}
	var de *diag.Error
	var dl diag.List
	if errors.As(err, &de) || errors.As(err, &dl) {
		e.report(err)
		return exitBadInput
	}
	// Anything else is a usage problem Cobra found: a bad flag, a missing
	// argument, quoted as typed: its control characters are escaped.
	fmt.Fprintf(stderr, "dynexpr: %s\nRun 'dynexpr --help' for usage.\n", diag.Printable(err.Error()))
	return exitBadInput
}

func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "dynexpr",
		Short: "DynamoDB requests from a compact language: build them, lint them",
		Long: `dynexpr reads a compact language of DynamoDB requests and prints the exact
JSON that 'aws dynamodb <command> --cli-input-json' takes, and lints requests
against the tables' schema before DynamoDB refuses them.`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.PersistentFlags().Var(&e.limit, textfile.FlagName, "read no input (file, standard input, schema, config) larger than `SIZE`: 64MiB, 1GiB")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return err })
	setVersionFlag(root)
	root.AddCommand(newBuildCmd(e), newLintCmd(e), newFmtCmd(e), newExplainCmd(e), newReportCmd(e), newRulesCmd(e), newSchemaCmd(e), newImportCmd(e), newVersionCmd(e))
	root.AddCommand(newLSPCmd(e))
	refuseUnknownShells(root)
	return root
}
