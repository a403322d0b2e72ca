package request_test

// The import command's contract, run through the command line in-process:
// an external test package, since the command line imports this package.

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/clitest"
	"github.com/dynexpr/dynexpr/request"
)

// TestImportCommand runs `dynexpr import` on every case of testdata/import:
// it prints want.dx, or fails with exit status 2, want.err on standard error
// and nothing on standard output; and `dynexpr build --output jsonl` of what
// it prints gives requests that normalise like the originals.
func TestImportCommand(t *testing.T) {
	dirs, err := filepath.Glob("testdata/import/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			r := clitest.Run(t, dir, "", "import", "input.json")
			if want, rerr := os.ReadFile(filepath.Join(dir, "want.err")); rerr == nil {
				if r.Code != 2 {
					t.Fatalf("exit status %d, want status 2", r.Code)
				}
				if r.Stdout != "" {
					t.Errorf("standard output is not empty:\n%s", r.Stdout)
				}
				for _, line := range strings.Split(strings.TrimSpace(string(want)), "\n") {
					if !strings.Contains(r.Stderr, line+"\n") {
						t.Errorf("standard error lacks %q:\n%s", line, r.Stderr)
					}
				}
				return
			}
			if r.Code != 0 {
				t.Fatalf("exit status %d\n%s", r.Code, r.Stderr)
			}
			want, err := os.ReadFile(filepath.Join(dir, "want.dx"))
			if err != nil {
				t.Fatal(err)
			}
			if r.Stdout != string(want) {
				t.Errorf("got:\n%s\nwant:\n%s", r.Stdout, want)
			}
			checkBuiltFromImport(t, dir, r.Stdout)
		})
	}
}

// checkBuiltFromImport builds the imported text with dynexpr and compares
// each request with the original (with legacy parameters, its
// expression form).
func checkBuiltFromImport(t *testing.T, dir, dsl string) {
	t.Helper()
	built := clitest.Run(t, dir, dsl, "build", "--no-lint", "--output", "jsonl", "-f", "-")
	if built.Code != 0 {
		t.Fatalf("dynexpr build of the imported text: exit status %d\n%s", built.Code, built.Stderr)
	}
	src, err := os.ReadFile(filepath.Join(dir, "input.json"))
	if err != nil {
		t.Fatal(err)
	}
	orig, err := request.Parse("input.json", src)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(built.Stdout))
	sc.Buffer(nil, 1<<20)
	i := 0
	labels := map[string]bool{}
	for sc.Scan() {
		var line struct {
			Name    string          `json:"name"`
			Command string          `json:"command"`
			Input   json.RawMessage `json:"input"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		if i >= len(orig.Requests) {
			t.Fatalf("dynexpr build printed more requests than input.json holds")
		}
		// A request with legacy parameters builds as the expressions that
		// replaced them.
		o, err := orig.Requests[i].Modernize()
		if err != nil {
			t.Fatal(err)
		}
		bf, err := request.Parse("built.json", line.Input)
		if err != nil {
			t.Fatal(err)
		}
		b := bf.Requests[0]
		b.Command = line.Command
		got, gerr := b.Normalize()
		want, werr := o.Normalize()
		if gerr != nil || werr != nil {
			t.Fatalf("request %d: normalize: %v, %v", i+1, gerr, werr)
		}
		if got != want {
			t.Errorf("request %d: built\n%s\nwant\n%s", i+1, got, want)
		}
		if l := o.Label(); l != "" && !labels[l] {
			labels[l] = true
			if line.Name != l {
				t.Errorf("request %d: built with name %q, want the label %q", i+1, line.Name, l)
			}
		}
		i++
	}
	if i != len(orig.Requests) {
		t.Errorf("dynexpr build printed %d requests, input.json holds %d", i, len(orig.Requests))
	}
}
