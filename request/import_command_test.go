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
	"github.com/dynexpr/dynexpr/internal/goldenfile"
	"github.com/dynexpr/dynexpr/request"
)

// TestImportCommand runs `dynexpr import` on every case of testdata/import:
// it prints want.dx (nothing when the case has none); with want.err it
// also reports an error at each place of want.err on standard error (the
// converter's messages; import says lint's where lint refuses the request
// first) and exits with status 2, having printed the requests that
// convert; and `dynexpr build --output jsonl` of what it prints gives
// requests that normalise like the originals.
func TestImportCommand(t *testing.T) {
	dirs, err := filepath.Glob("testdata/import/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			r := clitest.Run(t, dir, "", "import", "input.json")
			want := goldenfile.Read(t, filepath.Join(dir, "want.dx"))
			// want.err, when the case has one, is never empty (-update
			// removes an empty one).
			if wantErr := goldenfile.Read(t, filepath.Join(dir, "want.err")); wantErr != "" {
				if r.Code != 2 {
					t.Fatalf("exit status %d, want status 2", r.Code)
				}
				for _, line := range strings.Split(strings.TrimSpace(wantErr), "\n") {
					at, _, _ := strings.Cut(line, " error: ")
					if !strings.HasPrefix(r.Stderr, at+" error: ") && !strings.Contains(r.Stderr, "\n"+at+" error: ") {
						t.Errorf("standard error lacks an error at %s:\n%s", at, r.Stderr)
					}
				}
			} else if r.Code != 0 {
				t.Fatalf("exit status %d\n%s", r.Code, r.Stderr)
			}
			if r.Stdout != want {
				t.Errorf("got:\n%s\nwant:\n%s", r.Stdout, want)
			}
			if r.Stdout != "" {
				checkBuiltFromImport(t, dir, r.Stdout)
			}
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
	// The requests imported: those whose comment the text carries.
	var imported []*request.Request
	for _, o := range orig.Requests {
		if strings.Contains(dsl, o.ImportComment()+"\n") {
			imported = append(imported, o)
		}
	}
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
		if i >= len(imported) {
			t.Fatalf("dynexpr build printed more requests than were imported from input.json")
		}
		// A request with legacy parameters builds as the expressions that
		// replaced them.
		o, err := imported[i].Modernize()
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
	if i != len(imported) {
		t.Errorf("dynexpr build printed %d requests, %d were imported from input.json", i, len(imported))
	}
}

// TestImportOwnOutput: what `dynexpr build` prints for every golden case
// that builds, `dynexpr import` reads back, and building the imported
// statements prints the same requests byte for byte (through jsonl, which
// carries each request's command and label). A case whose build stops at a
// lint error is built with --no-lint: dynexpr prints those requests too.
// What `dynexpr lint` finds an error in, import must refuse (exit 2).
func TestImportOwnOutput(t *testing.T) {
	cases, err := filepath.Glob("../golden/*/*/input.dx")
	if err != nil {
		t.Fatal(err)
	}
	var built, refused, requests int
	for _, in := range cases {
		dir := filepath.Dir(in)
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			schemaArgs, cliArgs, args := goldenBuildArgs(t, dir)
			first := clitest.Run(t, dir, "", append(append([]string{"build", "--no-lint"}, args...), "-f", "input.dx")...)
			if first.Code != 0 {
				return // the case does not build: nothing to read back
			}
			built++
			linted := clitest.Run(t, dir, first.Stdout, append(append([]string{"lint"}, cliArgs...), "-")...)
			imported := clitest.Run(t, dir, first.Stdout, append(append([]string{"import"}, cliArgs...), "-")...)
			if linted.Code == 1 {
				refused++
				if imported.Code != 2 {
					t.Errorf("dynexpr import of requests lint finds an error in: exit status %d, want 2\n%s\nlint:\n%s", imported.Code, imported.Stdout, linted.Stdout)
				}
				return
			}
			if imported.Code != 0 {
				t.Fatalf("dynexpr import of what dynexpr build printed: exit status %d\n%s\nbuilt:\n%s", imported.Code, imported.Stderr, first.Stdout)
			}
			again := clitest.Run(t, dir, imported.Stdout, append(append(append([]string{"build", "--no-lint", "--output", "jsonl"}, schemaArgs...), cliArgs...), "-f", "-")...)
			if again.Code != 0 {
				t.Fatalf("dynexpr build of the imported text: exit status %d\n%s\nimported:\n%s", again.Code, again.Stderr, imported.Stdout)
			}
			want, got := jsonlRequests(t, first.Stdout), jsonlRequests(t, again.Stdout)
			if len(got) != len(want) {
				t.Fatalf("%d requests built back, want %d", len(got), len(want))
			}
			for i := range want {
				w, g := want[i], got[i]
				if w.Command != g.Command || string(w.Input) != string(g.Input) || !strings.Contains(w.Name, ":") && w.Name != g.Name {
					t.Errorf("request %d changed on the way through import:\n%s %s %s\nthen:\n%s %s %s\nimported:\n%s",
						i+1, w.Name, w.Command, w.Input, g.Name, g.Command, g.Input, imported.Stdout)
				}
				requests++
			}
		})
	}
	if built == 0 {
		t.Fatal("no golden case built")
	}
	t.Logf("%d requests of %d golden cases (of %d) built back byte for byte; import refused the %d that lint refuses", requests, built-refused, len(cases), refused)
}

// goldenBuildArgs gives a golden case's schema arguments, and the arguments
// of its build (schemas, then its args file) with the output made jsonl.
func goldenBuildArgs(t *testing.T, dir string) (schemaArgs, cliArgs, args []string) {
	t.Helper()
	for _, n := range []string{"schema.yaml", "schema.json", "template.yaml", "template.json"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			schemaArgs = append(schemaArgs, "--schema", n)
		}
	}
	var extra []string
	if b, err := os.ReadFile(filepath.Join(dir, "args")); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if line = strings.TrimRight(line, "\r"); line != "" && !strings.HasPrefix(line, "#") {
				extra = append(extra, line)
			}
		}
	}
	args = append(args, schemaArgs...)
	for i := 0; i < len(extra); i++ {
		switch extra[i] {
		case "-o", "--output":
			i++ // jsonl instead, below
		case "--schema":
			schemaArgs = append(schemaArgs, extra[i], extra[i+1])
			args = append(args, extra[i], extra[i+1])
			i++
		case "--aws-cli":
			// The request's binary values are for this CLI: import reads
			// them, and the rebuild writes them, for it too.
			cliArgs = append(cliArgs, extra[i], extra[i+1])
			args = append(args, extra[i], extra[i+1])
			i++
		default:
			args = append(args, extra[i])
		}
	}
	return schemaArgs, cliArgs, append(args, "--output", "jsonl")
}

// jsonlLine is one line of `dynexpr build --output jsonl`.
type jsonlLine struct {
	Name    string          `json:"name"`
	Command string          `json:"command"`
	Input   json.RawMessage `json:"input"`
}

func jsonlRequests(t *testing.T, out string) []jsonlLine {
	t.Helper()
	var lines []jsonlLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var line jsonlLine
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		lines = append(lines, line)
	}
	return lines
}
