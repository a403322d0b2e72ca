package docs

// The shell examples of the README and of every page here run as tests, so
// that no command a user copies names a file that does not exist, a flag
// that is gone, or prints what the page no longer shows.
//
// Three kinds of block are run:
//
//   - A transcript: a fenced block (```sh, ```text or unlabelled) whose
//     first line starts with "$ ". Each "$ COMMAND" (continued by a
//     trailing \) runs in bash; what it prints, standard output and
//     standard error as one stream, must be the lines that follow, up to
//     the next "$ ". A line "..." stands for any number of lines.
//   - A command block: any other ```sh block. It runs as a whole in bash;
//     no dynexpr in it may exit 2 (it could not run as asked), bash itself
//     must not complain (a command or file that does not exist), and every
//     request it hands to `aws` must be one dynexpr's own lint calls clean.
//   - An excerpt: a ```dx block whose first line is "# from FILE" must be a
//     run of lines of that file, as it stands.
//
// The blocks of a page run in order, in one folder of the page's own that
// holds a copy of the repository's examples/ and of testdata/work/ (the
// files the pages name besides the examples: schema.yaml, requests/,
// queries/, ...), so a block sees what the ones before it wrote. A block
// after <!-- file: PATH --> is not run but written there (a .dynexpr.yaml the
// page shows, for the commands after it). On PATH, `dynexpr` is
// this package's test binary running the real command line, and `aws` is a
// stand-in that sends nothing: it checks the request it is given (valid
// JSON within the argument limit, linted clean) and answers as DynamoDB
// does when all went well and there is nothing to return (it prints
// nothing). The real AWS
// CLIs and servers are the end-to-end suite's (e2e/).
//
// go test ./docs -update rewrites a transcript whose output changed (one
// that elides nothing with "...").
//
// A block that cannot run here says why, on the line before it:
// <!-- not run: REASON --> (a Terraform command, a deployed table).

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/cli"
	"github.com/dynexpr/dynexpr/internal/goldenfile"
)

// shellPages are the pages whose shell examples run, relative to docs/.
var shellPages = []string{"../README.md", "cookbook.md", "cost.md", "import.md", "language.md", "partiql.md", "schema.md"}

// exampleEnv is the environment every block runs with: the variables the
// pages' loops and commands take from the user's shell.
var exampleEnv = []string{
	"ID=a91f",
	"EP=http://127.0.0.1:8000",
	"AWS_PAGER=",
	"NO_COLOR=1",
	"LC_ALL=C.UTF-8",
}

// failuresEnv names the file the stand-ins append their complaints to.
const failuresEnv = "DYNEXPR_DOCS_FAILURES"

// TestMain lets the test binary stand in for dynexpr and aws when it is run
// under those names (a link in the PATH folder the blocks get).
func TestMain(m *testing.M) {
	switch filepath.Base(os.Args[0]) {
	case "dynexpr":
		os.Exit(standInDynexpr(os.Args[1:]))
	case "aws":
		os.Exit(standInAWS(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// standInDynexpr runs the real command line and records an exit status of 2:
// a documented command that cannot run as asked.
func standInDynexpr(args []string) int {
	var stderr bytes.Buffer
	code := cli.Run(args, os.Stdin, os.Stdout, &stderr)
	os.Stderr.Write(stderr.Bytes())
	if code >= 2 {
		complain(fmt.Sprintf("dynexpr %s exits %d:\n%s", strings.Join(args, " "), code, stderr.String()))
	}
	return code
}

// standInAWS checks the request of `aws dynamodb COMMAND --cli-input-json
// JSON|file://PATH`: one JSON object, which dynexpr lint calls clean as a
// request of COMMAND (findings below error level are allowed: no schema
// was given), or for create-table one that dynexpr schema reads.
func standInAWS(args []string) int {
	fail := func(why string) int {
		complain("aws " + strings.Join(args, " ") + ": " + why)
		fmt.Fprintln(os.Stderr, "aws (docs stand-in):", why)
		return 255
	}
	if len(args) < 2 || args[0] != "dynamodb" {
		return fail("the stand-in knows only aws dynamodb COMMAND")
	}
	var input string
	found := false
	for i := 2; i < len(args); i++ {
		if args[i] == "--cli-input-json" && i+1 < len(args) {
			input, found = args[i+1], true
		}
	}
	if !found {
		return fail("no --cli-input-json: the pages send requests that dynexpr built")
	}
	if path, ok := strings.CutPrefix(input, "file://"); ok {
		data, err := os.ReadFile(path)
		if err != nil {
			return fail(err.Error())
		}
		input = string(data)
	}
	// A table's definition is read as a schema; a request is linted as
	// the command the line names.
	check := []string{"schema"}
	if command := args[1]; command != "create-table" {
		input = fmt.Sprintf(`{"command": %q, "input": %s}`, command, input)
		check = []string{"lint", "--fail-on", "error"}
	}
	tmp, err := os.CreateTemp("", "docs-request-*.json")
	if err != nil {
		return fail(err.Error())
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(input); err != nil {
		return fail(err.Error())
	}
	tmp.Close()
	var out bytes.Buffer
	if code := cli.Run(append(check, tmp.Name()), strings.NewReader(""), &out, &out); code != 0 {
		return fail(fmt.Sprintf("dynexpr %s of the request exits %d:\n%s\n%s", check[0], code, out.String(), input))
	}
	// The real CLI prints nothing for an empty response ({}), which is
	// what a loop that checks UnprocessedItems reads as "all written".
	return 0
}

// complain appends one complaint to the failures file of the block.
func complain(msg string) {
	f, err := os.OpenFile(os.Getenv(failuresEnv), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "docs stand-in:", err)
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "%s\n", strings.TrimRight(msg, "\n"))
}

func TestShellExamples(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Fatal("the docs' shell examples need bash on PATH")
	}
	bin := standInBin(t)
	counts := map[string]int{}
	for _, page := range shellPages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		blocks, err := parseBlocks(lines)
		if err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		dir := workFolder(t)
		repl := map[int]string{} // with -update: the transcripts' new bodies
		for _, b := range blocks {
			name := fmt.Sprintf("%s:%d", strings.TrimPrefix(page, "../"), b.start+1)
			if path, ok := marker(lines, b.start, fileComment); ok {
				counts["file"]++
				if err := os.WriteFile(filepath.Join(dir, path), []byte(b.body), 0o644); err != nil {
					t.Errorf("%s: %v", name, err)
				}
				continue
			}
			if reason, ok := marker(lines, b.start, notRunComment); ok {
				if reason == "" {
					t.Errorf("%s: <!-- not run: --> needs a reason", name)
				}
				counts["not run"]++
				continue
			}
			switch kind := blockKind(b); kind {
			case "transcript":
				counts[kind]++
				if body, changed := runTranscript(t, name, bin, dir, b.body); changed {
					repl[b.start] = body
				}
			case "commands":
				counts[kind]++
				runCommands(t, name, bin, dir, b.body)
			case "excerpt":
				counts[kind]++
				checkExcerpt(t, name, b.body)
			case "unlabelled commands":
				t.Errorf("%s: a block of commands is labelled ```%s: label it ```sh so that it runs as a test", name, b.lang)
			}
		}
		if len(repl) > 0 {
			if err := os.WriteFile(page, []byte(rewrite(lines, blocks, repl)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("shell examples: %v", counts)
	for _, kind := range []string{"transcript", "commands", "excerpt"} {
		if counts[kind] == 0 {
			t.Errorf("found no %s block: the parser of the pages is broken", kind)
		}
	}
}

// blockKind says how a block is checked, "" for not at all.
func blockKind(b block) string {
	first, _, _ := strings.Cut(b.body, "\n")
	switch {
	case b.lang == "dx" && strings.HasPrefix(first, "# from "):
		return "excerpt"
	case strings.HasPrefix(first, "$ ") && (b.lang == "sh" || b.lang == "text" || b.lang == ""):
		return "transcript"
	case b.lang == "sh":
		return "commands"
	case (b.lang == "" || b.lang == "text") && startsWithCommand(b.body):
		return "unlabelled commands"
	}
	return ""
}

// startsWithCommand reports whether a block's first line runs dynexpr: a
// block of commands that is not labelled sh would escape the test.
func startsWithCommand(body string) bool {
	first, _, _ := strings.Cut(body, "\n")
	return strings.HasPrefix(first, "dynexpr ") || strings.HasPrefix(first, "aws dynamodb ")
}

// The comments that say what to do with the block after them.
var (
	notRunComment = regexp.MustCompile(`^<!-- not run:(.*)-->$`)
	fileComment   = regexp.MustCompile(`^<!-- file:(.*)-->$`)
)

// marker reports whether the block starting at line i follows a comment
// that comment matches, and what the comment says.
func marker(lines []string, i int, comment *regexp.Regexp) (string, bool) {
	j := prevNonBlank(lines, i)
	if j < 0 {
		return "", false
	}
	m := comment.FindStringSubmatch(strings.TrimSpace(lines[j]))
	if m == nil {
		return "", false
	}
	return strings.TrimSpace(m[1]), true
}

// standInBin makes the PATH folder of the blocks: links named dynexpr and
// aws to this test binary.
func standInBin(t *testing.T) string {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	for _, name := range []string{"dynexpr", "aws"} {
		if err := os.Symlink(self, filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// workFolder is a new folder holding copies of examples/ and testdata/work/.
func workFolder(t *testing.T) string {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "examples"), filepath.Join(dir, "examples"))
	copyTree(t, filepath.Join("testdata", "work"), dir)
	return dir
}

func copyTree(t *testing.T, from, to string) {
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// bash runs script in dir with the stand-ins first on PATH and returns what
// it printed (standard output and standard error as one stream, or
// separately) and the stand-ins' complaints.
func bash(t *testing.T, bin, dir, script string, merged bool) (stdout, stderr, failures string) {
	t.Helper()
	failFile := filepath.Join(t.TempDir(), "failures")
	cmd := exec.Command("bash", "-o", "pipefail", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), exampleEnv...)
	cmd.Env = append(cmd.Env, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), failuresEnv+"="+failFile, "HOME="+dir)
	var out, errb bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &errb
	if merged {
		cmd.Stderr = &out
	}
	cmd.Stdin = strings.NewReader("")
	_ = cmd.Run() // the exit status is the commands' own: lint exits 1 on a finding
	data, _ := os.ReadFile(failFile)
	return out.String(), errb.String(), string(data)
}

// bashComplaint matches what bash itself says about a script that names a
// command or a file that does not exist ("bash: line 3: q.dx: No such file
// or directory").
var bashComplaint = regexp.MustCompile(`(?m)^bash: (line \d+: )?.*`)

func runCommands(t *testing.T, name, bin, dir, body string) {
	t.Helper()
	script := strings.NewReplacer("go run ./cmd/dynexpr", "dynexpr").Replace(body)
	script = dropLine(script, "go test ./...") // the command that runs this test
	_, stderr, failures := bash(t, bin, dir, script, false)
	if failures != "" {
		t.Errorf("%s: the example does not run as written:\n%s", name, failures)
	}
	if m := bashComplaint.FindAllString(stderr, -1); m != nil {
		t.Errorf("%s: bash says:\n%s", name, strings.Join(m, "\n"))
	}
}

// dropLine removes the lines that are exactly line.
func dropLine(script, line string) string {
	var out []string
	for _, l := range strings.Split(script, "\n") {
		if strings.TrimSpace(l) != line {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// step is one command of a transcript and the lines it must print.
type step struct {
	command string
	want    []string
}

func parseTranscript(body string) []step {
	var steps []step
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if cmd, ok := strings.CutPrefix(l, "$ "); ok {
			for strings.HasSuffix(cmd, "\\") && i+1 < len(lines) {
				i++
				cmd += "\n" + lines[i]
			}
			steps = append(steps, step{command: cmd})
			continue
		}
		if len(steps) > 0 {
			steps[len(steps)-1].want = append(steps[len(steps)-1].want, l)
		}
	}
	return steps
}

// runTranscript runs the steps of a transcript and compares what each
// prints with what the page shows. With -update, a step whose output
// differs and that elides nothing ("...") gets dynexpr's output, and the
// new body is returned with changed set.
func runTranscript(t *testing.T, name, bin, dir, body string) (newBody string, changed bool) {
	t.Helper()
	var out []string
	for _, s := range parseTranscript(body) {
		out = append(out, "$ "+s.command)
		got, _, failures := bash(t, bin, dir, s.command, true)
		if failures != "" {
			t.Errorf("%s: $ %s: does not run as written:\n%s", name, s.command, failures)
			out = append(out, s.want...)
			continue
		}
		gotLines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		if got == "" {
			gotLines = nil
		}
		switch {
		case matchLines(s.want, gotLines):
			out = append(out, s.want...)
		case *goldenfile.Update && !slices.Contains(s.want, "..."):
			out = append(out, gotLines...)
			changed = true
		default:
			out = append(out, s.want...)
			t.Errorf("%s: $ %s\n--- the page shows\n%s\n--- dynexpr prints\n%s(go test ./docs -update rewrites a transcript that elides nothing)", name, s.command, strings.Join(s.want, "\n"), got)
		}
	}
	return strings.Join(out, "\n") + "\n", changed
}

// matchLines reports whether got is want, where a line "..." in want stands
// for any number of lines.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(want[1:], got[1:])
}

func checkExcerpt(t *testing.T, name, body string) {
	t.Helper()
	first, rest, _ := strings.Cut(body, "\n")
	file := strings.TrimSpace(strings.TrimPrefix(first, "# from "))
	data, err := os.ReadFile(filepath.Join("..", file))
	if err != nil {
		t.Errorf("%s: # from %s: %v", name, file, err)
		return
	}
	if !strings.Contains(string(data), rest) {
		t.Errorf("%s: the block is not a run of lines of %s as it stands: copy them from the file\n%s", name, file, rest)
	}
}
