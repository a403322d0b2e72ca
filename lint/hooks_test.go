package lint

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/goldenfile"
)

// The pre-commit hook and the GitHub Action run on every kind of input
// dynexpr reads: their file pattern and description are written from the
// table of readers, so that a reader added is a file the hook sees.
// go test ./lint -update rewrites them.

// hookFiles is the hook's files: pattern (a Python regex pre-commit
// searches each staged path with): every extension of FileExtensions,
// which holds .yaml and so .dynexpr.yaml too, or only those of the readers
// keep picks.
func hookFiles(exts []string) string {
	alts := make([]string, len(exts))
	for i, e := range exts {
		alts[i] = regexp.QuoteMeta(strings.TrimPrefix(e, "."))
	}
	return `\.(` + strings.Join(alts, "|") + `)$`
}

// readsWords says what dynexpr reads, for the descriptions: "DSL (.dx),
// request JSON (.json, .jsonl), PartiQL (.partiql) and application code
// (Go, Python, ...)".
func readsWords() string {
	var parts, code []string
	for _, r := range Readers() {
		if r.Kind == Code {
			code = append(code, r.Name)
			continue
		}
		parts = append(parts, r.Name+" ("+strings.Join(r.Exts, ", ")+")")
	}
	parts = append(parts, "application code ("+strings.Join(code, ", ")+")")
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// setLine replaces the value of the first line that starts with key:
// (indented as it is) after the line that is after (or "- " after).
func setLine(t *testing.T, text, after, key, value string) string {
	t.Helper()
	lines := strings.Split(text, "\n")
	start := -1
	for i, l := range lines {
		if start < 0 && strings.TrimPrefix(l, "- ") == after {
			start = i
		}
		if start >= 0 && strings.HasPrefix(strings.TrimSpace(l), key+":") {
			indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
			lines[i] = indent + key + ": " + value
			return strings.Join(lines, "\n")
		}
	}
	t.Fatalf("no %s: after %q", key, after)
	return ""
}

func TestPreCommitHooksFromReaders(t *testing.T) {
	const path = "../.pre-commit-hooks.yaml"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	text = setLine(t, text, "id: dynexpr-lint", "description", "Check DynamoDB requests — "+readsWords()+" — against DynamoDB's rules and the tables' schema; runs when one of them, a schema file or .dynexpr.yaml changes.")
	text = setLine(t, text, "id: dynexpr-lint", "files", hookFiles(FileExtensions()))
	var formats []string
	for _, r := range Readers() {
		if r.Formats {
			formats = append(formats, r.Exts...)
		}
	}
	text = setLine(t, text, "id: dynexpr-fmt", "files", hookFiles(formats))
	goldenfile.Check(t, path, text)

	// The pattern is one pre-commit can use, and it picks what it must.
	re := regexp.MustCompile(hookFiles(FileExtensions()))
	for _, p := range []string{"q/a.dx", "reqs.jsonl", "r.json", "q.partiql", "src/app.py", "web/x.tsx", "Main.kt", "infra/main.tf", "prod.tfvars", "schema.yml", ".dynexpr.yaml", "sub/.dynexpr.yaml"} {
		if !re.MatchString(p) {
			t.Errorf("the hook does not run when %s changes", p)
		}
	}
	for _, p := range []string{"README.md", "a.dx.bak", "Makefile"} {
		if re.MatchString(p) {
			t.Errorf("the hook runs when %s changes", p)
		}
	}
}

func TestActionDescriptionFromReaders(t *testing.T) {
	const path = "../action.yml"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := setLine(t, string(data), "name: dynexpr lint", "description", "Lint DynamoDB requests — "+readsWords()+" — against DynamoDB's rules and the tables' schema.")
	goldenfile.Check(t, path, text)
}
