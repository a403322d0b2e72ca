package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/goldenfile"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary stand in for dynexpr: testscript puts a
// copy named dynexpr on the scripts' PATH, and running it runs the real
// command line, as a separate process with its own exit status.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"dynexpr": func() { os.Exit(Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs testdata/script/*.txtar, the command line's contract:
// one behaviour per script, each asserting standard output, standard error
// and the exit status.
//
// Besides testscript's own commands, the scripts have:
//
//	exits STATUS PROGRAM [ARGS...]   run PROGRAM; its exit status must be STATUS
//	validjson FILE                   FILE (or stdout) is one JSON document
//
// $EXAMPLES is the repository's examples folder, for `cp $EXAMPLES/tickets.yaml .`.
func TestScripts(t *testing.T) {
	examples, err := filepath.Abs(filepath.Join("..", "..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		UpdateScripts:       *goldenfile.Update, // the expected files inside the scripts
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLES", examples)
			return nil
		},
		// [root]: the process may give files another owner (CI runs as root).
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Getuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":     cmdExits,
			"validjson": cmdValidJSON,
		},
	})
}

// cmdExits runs a program like exec and checks its exact exit status:
// `! exec` only says that a command failed, and dynexpr's statuses mean
// different things (1 a finding, 2 unusable input).
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exits (write the status you expect)")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exits STATUS PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: status %q is not a number", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdValidJSON checks that a file (or stdout) holds exactly one JSON value.
func cmdValidJSON(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: validjson FILE|stdout")
	}
	data := ts.ReadFile(args[0])
	dec := json.NewDecoder(strings.NewReader(data))
	var v any
	err := dec.Decode(&v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	switch {
	case err != nil && !neg:
		ts.Fatalf("%s is not one JSON document: %v", args[0], err)
	case err == nil && neg:
		ts.Fatalf("%s is a JSON document", args[0])
	}
}

// TestRulesListsCatalog checks `dynexpr rules` against the catalog itself,
// which grows as rules are added: every rule on its own line with its
// severity and title, in the catalog's order, and nothing else.
func TestRulesListsCatalog(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"rules"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("dynexpr rules: exit status %d, stderr:\n%s", code, stderr.String())
	}
	if stderr.Len() > 0 {
		t.Errorf("dynexpr rules wrote to standard error:\n%s", stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	rules := validate.All()
	if len(lines) != len(rules) {
		t.Fatalf("dynexpr rules printed %d lines for %d rules:\n%s", len(lines), len(rules), stdout.String())
	}
	for i, r := range rules {
		f := strings.Fields(lines[i])
		if len(f) < 3 || f[0] != r.Name || f[1] != r.Severity.String() || !strings.HasSuffix(lines[i], "  "+r.Title) {
			t.Errorf("line %d: %q, want the name %s, severity %s and title %q", i+1, lines[i], r.Name, r.Severity, r.Title)
		}
		if hasSchema := len(f) > 2 && f[2] == "schema"; hasSchema != r.NeedsSchema {
			t.Errorf("line %d: %q: schema column says %v, the rule's NeedsSchema is %v", i+1, lines[i], hasSchema, r.NeedsSchema)
		}
	}
}
