// Package clitest runs the dynexpr command line in-process for the tests
// that use it the way a user does: the golden cases, the docs' examples and
// the import round trips. Running cli.Run instead of a built binary keeps go
// test's cache honest for free (the test binary links the code it runs) and
// spares a build and a process per run.
package clitest

import (
	"bytes"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/cli"
)

// Result is what one run printed and its exit status.
type Result struct {
	Stdout, Stderr string
	Code           int
}

// Run runs `dynexpr args...` in the folder dir ("" for the working folder)
// with stdin as standard input. A panic fails t: dynexpr must not panic on
// any input. Run changes the process's working folder while the command
// runs, so the tests that call it must not run in parallel.
func Run(t testing.TB, dir, stdin string, args ...string) Result {
	t.Helper()
	if dir != "" {
		back, err := os.Getwd()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chdir(dir); err != nil {
			t.Fatal(err)
		}
		defer func() {
			if err := os.Chdir(back); err != nil {
				t.Fatal(err)
			}
		}()
	}
	var stdout, stderr bytes.Buffer
	code := run(t, args, stdin, &stdout, &stderr)
	return Result{Stdout: stdout.String(), Stderr: stderr.String(), Code: code}
}

func run(t testing.TB, args []string, stdin string, stdout, stderr *bytes.Buffer) int {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("dynexpr %s panicked: %v\n%s", strings.Join(args, " "), p, debug.Stack())
		}
	}()
	return cli.Run(args, strings.NewReader(stdin), stdout, stderr)
}
