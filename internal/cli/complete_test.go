package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestCompletedWordsAreAccepted runs each command with every word shell
// completion offers for its flag: completion must offer nothing the
// command refuses (the lists are shared, but --fail-on and --aws-cli are
// read by validate and builder).
func TestCompletedWordsAreAccepted(t *testing.T) {
	t.Chdir(t.TempDir())
	write := func(name, text string) {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("s.yaml", "tables:\n  Tab:\n    key: {partition: id}\n    attributes: {id: S}\n")
	write("q.dx", `get Tab key id = "a"`+"\n")
	write("r.json", `{"TableName": "Tab", "Key": {"id": {"S": "a"}}}`+"\n")
	for _, tc := range []struct {
		cmd  string // the command line, FLAG standing for the flag and its value
		flag string
	}{
		{"build --schema s.yaml -f q.dx FLAG", "--output"},
		{"build --schema s.yaml -f q.dx FLAG", "--aws-cli"},
		{"lint --schema s.yaml q.dx FLAG", "--format"},
		{"lint --schema s.yaml q.dx FLAG", "--fail-on"},
		{"lint --schema s.yaml q.dx FLAG", "--color"},
		{"lint --schema s.yaml q.dx FLAG", "--aws-cli"},
		{"import --schema s.yaml r.json FLAG", "--aws-cli"},
		{"schema diff s.yaml s.yaml FLAG", "--format"},
	} {
		args := strings.Fields(strings.Replace(tc.cmd, "FLAG", tc.flag, 1))
		words := completions(t, append([]string{"__complete"}, append(args, "")...)...)
		if len(words) == 0 {
			t.Errorf("%s: no completions", tc.cmd)
		}
		for _, w := range words {
			args := strings.Fields(strings.Replace(tc.cmd, "FLAG", tc.flag+" "+w, 1))
			var stdout, stderr bytes.Buffer
			if code := Run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Errorf("dynexpr %s: exit status %d, a word completion offers:\n%s", strings.Join(args, " "), code, stderr.String())
			}
		}
	}
}

// completions runs dynexpr __complete and returns the completions, without
// their descriptions and the directive line.
func completions(t *testing.T, args ...string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := Run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("dynexpr %s: exit status %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], ":") {
		t.Fatalf("dynexpr %s: no directive line:\n%s", strings.Join(args, " "), stdout.String())
	}
	var out []string
	for _, l := range lines[:len(lines)-1] {
		word, _, _ := strings.Cut(l, "\t")
		out = append(out, word)
	}
	return out
}
