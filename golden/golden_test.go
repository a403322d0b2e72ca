// Package golden holds dynexpr's end-to-end cases, one folder each:
// golden/<group>/<case>/ with
//
//	input.dx      the statements
//	args          optional: more arguments for `dynexpr build`, one a line (# comments)
//	schema.yaml   optional schema (also schema.json, template.yaml, template.json), passed as --schema
//	request.json  what `dynexpr build` prints, when it succeeds
//	warnings.txt  what it prints on standard error while succeeding (lint warnings;
//	              without a schema, the notice of what was not checked)
//	error.txt     "exit status N", then its standard error, when it fails
//	findings.txt  what `dynexpr lint` prints for input.dx, when it finds anything
//
// The test runs the real command line (in-process) in the case's folder.
// `go test ./golden -update` rewrites the expected files from what it
// prints; review the change with git diff.
package golden

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/clitest"
)

var update = flag.Bool("update", false, "rewrite the expected files of every case")

// schemaFiles are the names a case's schema may have.
var schemaFiles = []string{"schema.yaml", "schema.json", "template.yaml", "template.json"}

func TestGolden(t *testing.T) {
	cases, err := filepath.Glob("*/*/input.dx")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no golden cases found")
	}
	for _, in := range cases {
		dir := filepath.Dir(in)
		// Not in parallel: each case runs in its own working folder.
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			runCase(t, dir)
		})
	}
}

func runCase(t *testing.T, dir string) {
	var schemaArgs []string
	for _, name := range schemaFiles {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			schemaArgs = append(schemaArgs, "--schema", name)
		}
	}
	extra, err := readArgs(filepath.Join(dir, "args"))
	if err != nil {
		t.Fatal(err)
	}
	args := append(append([]string{"build"}, schemaArgs...), extra...)
	args = append(args, "-f", "input.dx")
	stdout, stderr, code := run(t, dir, args...)
	if code == 0 {
		check(t, dir, "request.json", stdout)
		check(t, dir, "warnings.txt", stderr)
		check(t, dir, "error.txt", "")
	} else {
		if stdout != "" {
			t.Errorf("exit status %d but standard output is not empty:\n%s", code, stdout)
		}
		check(t, dir, "request.json", "")
		check(t, dir, "warnings.txt", "")
		check(t, dir, "error.txt", fmt.Sprintf("exit status %d\n%s", code, stderr))
	}
	lintArgs := append(append([]string{"lint", "--color", "never"}, schemaArgs...), schemaVars(extra)...)
	lintArgs = append(lintArgs, "input.dx")
	findings, _, lintCode := run(t, dir, lintArgs...)
	if lintCode == 0 && strings.Contains(findings, ": error: ") {
		t.Errorf("lint exits 0 but prints an error-level finding:\n%s", findings)
	}
	check(t, dir, "findings.txt", findings)
}

// schemaVars are the --var NAME=VALUE of args: the schema is read with
// them by lint as by build.
func schemaVars(args []string) []string {
	var out []string
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "--var" {
			out = append(out, args[i], args[i+1])
		}
	}
	return out
}

// readArgs reads the optional args file: one argument a line.
func readArgs(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimRight(line, "\r"); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out, nil
}

func run(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	r := clitest.Run(t, dir, "", args...)
	return r.Stdout, r.Stderr, r.Code
}

// check compares got with the case's file name; an absent file stands for
// empty output. With -update it writes (or removes) the file instead.
func check(t *testing.T, dir, name, got string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if *update {
		if got == "" {
			os.Remove(path)
			return
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s differs (go test ./golden -update rewrites it; review with git diff)\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}
