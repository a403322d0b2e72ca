//go:build e2e

package e2e

// The README's loop over `dynexpr build --split`, run as written by bash
// through the real AWS CLI v2 against dynoxide.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeSplitLoop is the README's loop: from the line that runs
// `dynexpr build ... --split |` to the `done` that ends it.
func readmeSplitLoop(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?ms)^dynexpr build [^\n]*--split \|\n.*?^done$`).Find(data)
	if m == nil {
		t.Fatal("README.md has no loop over dynexpr build --split (a line `dynexpr build ... --split |` to a line `done`)")
	}
	return string(m)
}

// splitLoopRun is one run of the loop by bash: its exit status, what it
// printed on standard error, and the aws commands it ran.
type splitLoopRun struct {
	exit   int
	stderr string
	calls  []string
}

// runSplitLoop runs script with bash in the repository's root, with
// dynexpr and aws on PATH. aws is a script that notes each call and runs
// the real AWS CLI v2 against srv with the arguments it was given: bash
// passes them to it through execve, as it would to the CLI itself, so an
// argument too long for execve fails here as it would there.
func runSplitLoop(t *testing.T, srv *Server, script string) splitLoopRun {
	t.Helper()
	<-dynexprDone
	if dynexprErr != nil {
		t.Fatalf("dynexpr binary: %v", dynexprErr)
	}
	bin, err := os.MkdirTemp(tmpDir, "split-loop-")
	if err != nil {
		t.Fatal(err)
	}
	calls := filepath.Join(bin, "calls")
	wrapper := fmt.Sprintf("#!/bin/sh\necho \"$1 $2\" >> %q\nexec %q \"$@\" --endpoint-url %q\n", calls, AWSv2(t).Path, srv.Endpoint)
	if err := os.WriteFile(filepath.Join(bin, "aws"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dynexprPath, filepath.Join(bin, "dynexpr")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = repoRoot
	cmd.Env = append(awsEnv(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err = cmd.Run()
	r := splitLoopRun{stderr: stderr.String()}
	if r.exit, err = exitStatus(err); err != nil {
		t.Fatalf("bash: %v", err)
	}
	if data, err := os.ReadFile(calls); err == nil {
		r.calls = strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	return r
}

// itemCount is how many items table holds on srv.
func itemCount(t *testing.T, srv *Server, table string) int {
	t.Helper()
	var out struct{ Count int }
	if err := srv.API("Scan", map[string]string{"TableName": table, "Select": "COUNT"}, &out); err != nil {
		t.Fatal(err)
	}
	return out.Count
}

// TestSplitLoop runs the README's loop as written: it loads the 32 users
// of examples/bulk-load.dx. Then the same loop over a batch of 30 puts of
// ~6 KB items, 180 KB in all, which --split must cut by size for each
// request to fit one argument: every one of the 30 is stored. And over a
// table that does not exist, the loop stops at the first request.
func TestSplitLoop(t *testing.T) {
	srv := Dynoxide(t)
	cli := AWSv2(t)
	loop := readmeSplitLoop(t)
	const schemaArg, fileArg = "--schema examples/users.yaml", "-f examples/bulk-load.dx"
	if !strings.Contains(loop, schemaArg) || !strings.Contains(loop, fileArg) {
		t.Fatalf("the README's loop does not build %s %s:\n%s", schemaArg, fileArg, loop)
	}

	t.Run("as written", func(t *testing.T) {
		CreateTables(t, cli, srv, createTableDocs(t, []string{filepath.Join(repoRoot, "examples", "users.yaml")}), "")
		dx, err := os.ReadFile(filepath.Join(repoRoot, "examples", "bulk-load.dx"))
		if err != nil {
			t.Fatal(err)
		}
		want := len(regexp.MustCompile(`(?m)^\s*put Users item`).FindAll(dx, -1))
		r := runSplitLoop(t, srv, loop)
		t.Logf("the README's loop: exit %d, %d calls: %v", r.exit, len(r.calls), r.calls)
		if r.exit != 0 {
			t.Fatalf("the README's loop: exit %d\n%s", r.exit, r.stderr)
		}
		if got := itemCount(t, srv, "Users"); got != want || want <= 25 {
			t.Errorf("the README's loop stored %d items; examples/bulk-load.dx puts %d", got, want)
		}
	})

	// 30 puts of ~6 KB items into a table of the test's own.
	table := "SplitLoad" + uniqueSuffix()
	dir := t.TempDir()
	schema := filepath.Join(dir, "schema.yaml")
	dxFile := filepath.Join(dir, "load.dx")
	var dx strings.Builder
	dx.WriteString("# dynexpr:ignore batch-too-many-items -- always built with --split\nload: batch write {\n")
	for i := range 30 {
		sep := ";"
		if i == 29 {
			sep = ""
		}
		fmt.Fprintf(&dx, "  put %s item {pk: \"U#%02d\", bio: \"%s\"}%s\n", table, i, strings.Repeat(string(rune('a'+i%26)), 6000), sep)
	}
	dx.WriteString("}\n")
	if err := os.WriteFile(schema, []byte(fmt.Sprintf("tables:\n  %s:\n    key: {partition: pk}\n    attributes: {pk: S}\n", table)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dxFile, []byte(dx.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	big := strings.NewReplacer(schemaArg, "--schema "+schema, fileArg, "-f "+dxFile).Replace(loop)

	t.Run("large items", func(t *testing.T) {
		CreateTables(t, cli, srv, createTableDocs(t, []string{schema}), "")
		r := runSplitLoop(t, srv, big)
		t.Logf("the loop over 30 puts of 6 KB: exit %d, %d calls", r.exit, len(r.calls))
		if r.exit != 0 {
			t.Fatalf("the loop over 30 puts of 6 KB: exit %d\n%.2000s", r.exit, r.stderr)
		}
		if got := itemCount(t, srv, table); got != 30 {
			t.Errorf("the loop stored %d of the 30 items", got)
		}
		if len(r.calls) < 2 {
			t.Errorf("%d call(s): 180 KB of items not cut by size", len(r.calls))
		}
	})

	t.Run("stops at the first failure", func(t *testing.T) {
		missing := strings.ReplaceAll(big, "--schema "+schema, "")
		missing = strings.ReplaceAll(missing, "-f "+dxFile, "-f "+filepath.Join(dir, "missing.dx"))
		if err := os.WriteFile(filepath.Join(dir, "missing.dx"), []byte(strings.ReplaceAll(dx.String(), table, table+"Missing")), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runSplitLoop(t, srv, missing)
		t.Logf("the loop over a table that does not exist: exit %d, %d calls", r.exit, len(r.calls))
		if r.exit == 0 || len(r.calls) != 1 || !strings.Contains(r.stderr, "ResourceNotFoundException") {
			t.Errorf("the loop over a table that does not exist: exit %d after %d calls (want a failure after the first of at least 2)\n%.2000s", r.exit, len(r.calls), r.stderr)
		}
	})
}
