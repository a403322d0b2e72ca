package docs

// The integrations the README documents: the pre-commit hooks
// (.pre-commit-hooks.yaml), the GitHub Action (action.yml) and the VS Code
// extension (editors/vscode). Each is read as its tool reads it, and what
// it runs is run, with this package's stand-in dynexpr on PATH.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

type preCommitHook struct {
	ID            string `yaml:"id"`
	Name          string `yaml:"name"`
	Entry         string `yaml:"entry"`
	Language      string `yaml:"language"`
	Files         string `yaml:"files"`
	PassFilenames *bool  `yaml:"pass_filenames"`
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// writeFiles writes name, text pairs into a new folder.
func writeFiles(t *testing.T, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i < len(files); i += 2 {
		path := filepath.Join(dir, files[i])
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const (
	cleanDX  = "ok: get Users key pk = \"u1\"\n"
	brokenDX = "bad: get Users key pk = true\n" // key-value-type: a key is never a boolean
)

func TestPreCommitHooks(t *testing.T) {
	var hooks []preCommitHook
	readYAML(t, "../.pre-commit-hooks.yaml", &hooks)
	byID := map[string]preCommitHook{}
	for _, h := range hooks {
		byID[h.ID] = h
		if h.Language != "golang" || !strings.HasPrefix(h.Entry, "dynexpr ") || h.Name == "" {
			t.Errorf("hook %s: language %q, entry %q, name %q: pre-commit builds dynexpr (golang) and runs it", h.ID, h.Language, h.Entry, h.Name)
		}
	}
	lint, fmtHook := byID["dynexpr-lint"], byID["dynexpr-fmt"]
	if lint.ID == "" || fmtHook.ID == "" {
		t.Fatalf("hooks %v: want dynexpr-lint and dynexpr-fmt", hooks)
	}
	// pre-commit runs a hook when a staged file matches files (re.search).
	for hook, cases := range map[*preCommitHook]map[string]bool{
		// Every kind of input lint reads, and the schema sources: a
		// commit that changes only the schema can make a request wrong.
		&lint:    {"queries/a.dx": true, "requests/q.json": true, "r.jsonl": true, "q.partiql": true, "src/app.py": true, "web/a.ts": true, "schema.yaml": true, "infra/main.tf": true, ".dynexpr.yaml": true, "sub/.dynexpr.yaml": true, "README.md": false},
		&fmtHook: {"a.dx": true, "queries/b.dx": true, "a.json": false, "a.dx.bak": false},
	} {
		re := regexp.MustCompile(hook.Files)
		for file, want := range cases {
			if got := re.MatchString(file); got != want {
				t.Errorf("hook %s: files %q matches %s: %v, want %v", hook.ID, hook.Files, file, got, want)
			}
		}
	}
	if lint.PassFilenames == nil || *lint.PassFilenames {
		t.Errorf("dynexpr-lint must not be given file names: a JSON file named on the command line is linted as request JSON whatever it holds")
	}

	bin := standInBin(t)
	status := func(dir, script string) string {
		out, _, _ := bash(t, bin, dir, script+"; echo \"status $?\"", true)
		return out
	}
	// dynexpr-lint: the repository's files, as its config selects them.
	clean := writeFiles(t, "q.dx", cleanDX, "package.json", `{"name": "x"}`)
	if out := status(clean, lint.Entry); !strings.HasSuffix(out, "status 0\n") {
		t.Errorf("%s on clean files:\n%s", lint.Entry, out)
	}
	bad := writeFiles(t, "q.dx", cleanDX, "queries/bad.dx", brokenDX)
	if out := status(bad, lint.Entry); !strings.HasSuffix(out, "status 1\n") || !strings.Contains(out, "queries/bad.dx:1:") {
		t.Errorf("%s with a finding: want it at its place and status 1:\n%s", lint.Entry, out)
	}
	// dynexpr-fmt: given the staged .dx files, it rewrites them.
	dir := writeFiles(t, "a.dx", "ok:   GET Users   key pk = \"u1\"\n")
	if out := status(dir, fmtHook.Entry+" a.dx"); !strings.HasSuffix(out, "status 0\n") {
		t.Errorf("%s a.dx:\n%s", fmtHook.Entry, out)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a.dx")); string(got) != cleanDX {
		t.Errorf("%s a.dx wrote %q, want %q", fmtHook.Entry, got, cleanDX)
	}
}

type actionStep struct {
	ID   string            `yaml:"id"`
	Name string            `yaml:"name"`
	If   string            `yaml:"if"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

type action struct {
	Name   string `yaml:"name"`
	Inputs map[string]struct {
		Required bool   `yaml:"required"`
		Default  string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

func TestAction(t *testing.T) {
	var a action
	readYAML(t, "../action.yml", &a)
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using %q, want composite", a.Runs.Using)
	}
	if v, ok := a.Inputs["version"]; !ok || !v.Required {
		t.Errorf("input version: %+v, want a required input (the version installed is the one pinned)", v)
	}
	if f := a.Inputs["format"]; f.Default != "sarif" {
		t.Errorf("input format defaults to %q, want sarif", f.Default)
	}
	step := func(pred func(actionStep) bool, what string) actionStep {
		t.Helper()
		i := slices.IndexFunc(a.Runs.Steps, pred)
		if i < 0 {
			t.Fatalf("action.yml has no step that %s", what)
		}
		return a.Runs.Steps[i]
	}
	install := step(func(s actionStep) bool { return strings.Contains(s.Run, "go install") }, "runs go install")
	if install.Run != `go install github.com/dynexpr/dynexpr/cmd/dynexpr@"$VERSION"` ||
		install.Env["VERSION"] != "${{ inputs.version }}" || install.Env["CGO_ENABLED"] != "0" {
		t.Errorf("install step: run %q, env %v: want go install ...cmd/dynexpr@\"$VERSION\", VERSION from inputs.version, CGO_ENABLED=0", install.Run, install.Env)
	}
	upload := step(func(s actionStep) bool { return strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") }, "uploads SARIF")
	if upload.With["sarif_file"] != "${{ steps.lint.outputs.sarif-file }}" || !strings.Contains(upload.If, "inputs.format == 'sarif'") {
		t.Errorf("upload step: with %v, if %q", upload.With, upload.If)
	}
	lint := step(func(s actionStep) bool { return s.ID == "lint" }, "has id lint")
	for _, v := range []string{"FORMAT", "FAIL_ON", "PATHS", "SARIF"} {
		if lint.Env[v] == "" {
			t.Errorf("lint step: no env %s", v)
		}
	}

	// The lint step's script, run as the runner runs it.
	bin := standInBin(t)
	dir := writeFiles(t, "q.dx", cleanDX, "queries/bad.dx", brokenDX)
	run := func(format string) (stdout, outputs, sarif string) {
		t.Helper()
		tmp := t.TempDir()
		env := map[string]string{"FORMAT": format, "FAIL_ON": "error", "PATHS": ". queries", "SARIF": filepath.Join(tmp, "dynexpr.sarif"), "GITHUB_OUTPUT": filepath.Join(tmp, "output")}
		var script strings.Builder
		for k, v := range env {
			script.WriteString("export " + k + "='" + v + "'\n")
		}
		script.WriteString(lint.Run)
		stdout, _, _ = bash(t, bin, dir, script.String(), true)
		o, _ := os.ReadFile(env["GITHUB_OUTPUT"])
		s, _ := os.ReadFile(env["SARIF"])
		return stdout, string(o), string(s)
	}
	stdout, outputs, sarif := run("sarif")
	if !strings.Contains(outputs, "status=1\n") || !strings.Contains(outputs, "sarif-file=") {
		t.Errorf("sarif: outputs %q, want status=1 and the sarif-file (stdout %s)", outputs, stdout)
	}
	var doc struct {
		Runs []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(sarif), &doc); err != nil || len(doc.Runs) != 1 || len(doc.Runs[0].Results) == 0 {
		t.Errorf("sarif: not a SARIF log with the finding (%v):\n%s", err, sarif)
	}
	stdout, outputs, _ = run("github")
	if !strings.Contains(outputs, "status=1\n") || !strings.Contains(stdout, "::error file=queries/bad.dx,") {
		t.Errorf("github: outputs %q, stdout:\n%s", outputs, stdout)
	}
	if stdout, _, _ := run("junit"); !strings.Contains(stdout, "::error::format: write sarif or github") {
		t.Errorf("a bad format: %s", stdout)
	}
}

// yamlBlocks are the ```yaml blocks of a page.
func yamlBlocks(t *testing.T, page string) []string {
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := parseBlocks(strings.Split(string(data), "\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, b := range blocks {
		if b.lang == "yaml" {
			out = append(out, b.body)
		}
	}
	return out
}

// TestREADMEIntegrations: the README's pre-commit and workflow snippets
// name hooks and inputs that exist, and pin one version.
func TestREADMEIntegrations(t *testing.T) {
	var hooks []preCommitHook
	readYAML(t, "../.pre-commit-hooks.yaml", &hooks)
	var a action
	readYAML(t, "../action.yml", &a)
	found := map[string]bool{}
	for _, body := range yamlBlocks(t, "../README.md") {
		var doc struct {
			Repos []struct {
				Repo  string `yaml:"repo"`
				Rev   string `yaml:"rev"`
				Hooks []struct {
					ID string `yaml:"id"`
				} `yaml:"hooks"`
			} `yaml:"repos"`
			Jobs map[string]struct {
				Steps []actionStep `yaml:"steps"`
			} `yaml:"jobs"`
		}
		if err := yaml.Unmarshal([]byte(body), &doc); err != nil {
			t.Errorf("README: a yaml block does not parse: %v\n%s", err, body)
			continue
		}
		for _, r := range doc.Repos {
			if r.Repo != "https://github.com/dynexpr/dynexpr" {
				continue
			}
			found["pre-commit"] = true
			for _, h := range r.Hooks {
				if !slices.ContainsFunc(hooks, func(d preCommitHook) bool { return d.ID == h.ID }) {
					t.Errorf("README: pre-commit hook %q is not in .pre-commit-hooks.yaml", h.ID)
				}
			}
		}
		for _, job := range doc.Jobs {
			for _, s := range job.Steps {
				ref, ok := strings.CutPrefix(s.Uses, "dynexpr/dynexpr@")
				if !ok {
					continue
				}
				found["action"] = true
				for k := range s.With {
					if _, ok := a.Inputs[k]; !ok {
						t.Errorf("README: the action has no input %q", k)
					}
				}
				for k, in := range a.Inputs {
					if _, given := s.With[k]; in.Required && !given {
						t.Errorf("README: the workflow does not give the action's required input %q", k)
					}
				}
				if s.With["version"] != ref {
					t.Errorf("README: the action is pinned at %s but installs dynexpr %s", ref, s.With["version"])
				}
			}
		}
	}
	if !found["pre-commit"] || !found["action"] {
		t.Errorf("README: snippets found %v, want pre-commit and action", found)
	}
}

// TestVSCodeExtension reads editors/vscode as VS Code does: the language,
// its grammar (the generated one: grammar/textmate_test.go), its
// configuration, and the client that starts dynexpr lsp.
func TestVSCodeExtension(t *testing.T) {
	const dir = "../editors/vscode"
	var pkg struct {
		Main             string            `json:"main"`
		Scripts          map[string]string `json:"scripts"`
		Engines          map[string]string `json:"engines"`
		ActivationEvents []string          `json:"activationEvents"`
		Dependencies     map[string]string `json:"dependencies"`
		Contributes      struct {
			Languages []struct {
				ID            string   `json:"id"`
				Extensions    []string `json:"extensions"`
				Configuration string   `json:"configuration"`
			} `json:"languages"`
			Grammars []struct {
				Language  string `json:"language"`
				ScopeName string `json:"scopeName"`
				Path      string `json:"path"`
			} `json:"grammars"`
		} `json:"contributes"`
	}
	readJSON := func(path string, v any) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, path))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	readJSON("package.json", &pkg)
	c := pkg.Contributes
	if len(c.Languages) != 2 || c.Languages[0].ID != "dx" || !slices.Equal(c.Languages[0].Extensions, []string{".dx"}) ||
		c.Languages[1].ID != "partiql" || !slices.Equal(c.Languages[1].Extensions, []string{".partiql"}) {
		t.Fatalf("languages %+v, want dx for .dx files and partiql for .partiql", c.Languages)
	}
	// The server reads every language the extension attaches it to.
	for _, lang := range []string{"dx", "partiql", "json", "python", "go", "typescript", "java", "kotlin"} {
		if !slices.Contains(pkg.ActivationEvents, "onLanguage:"+lang) {
			t.Errorf("activation %v: no onLanguage:%s", pkg.ActivationEvents, lang)
		}
	}
	for i, want := range []string{"#", "--"} {
		var conf struct {
			Comments struct {
				LineComment string `json:"lineComment"`
			} `json:"comments"`
		}
		readJSON(c.Languages[i].Configuration, &conf)
		if conf.Comments.LineComment != want {
			t.Errorf("%s configuration: line comment %q, want %q", c.Languages[i].ID, conf.Comments.LineComment, want)
		}
	}
	if len(c.Grammars) != 1 || c.Grammars[0].Language != "dx" || c.Grammars[0].Path != "./syntaxes/dx.tmLanguage.json" {
		t.Fatalf("grammars %+v", c.Grammars)
	}
	var grammar struct {
		ScopeName string `json:"scopeName"`
	}
	readJSON(c.Grammars[0].Path, &grammar)
	if grammar.ScopeName != c.Grammars[0].ScopeName {
		t.Errorf("package.json names scope %q, the grammar is %q", c.Grammars[0].ScopeName, grammar.ScopeName)
	}
	if !slices.Contains(pkg.ActivationEvents, "onLanguage:dx") || pkg.Dependencies["vscode-languageclient"] == "" || pkg.Engines["vscode"] == "" {
		t.Errorf("activation %v, dependencies %v, engines %v", pkg.ActivationEvents, pkg.Dependencies, pkg.Engines)
	}
	// The extension runs extension.js bundled with the client into main,
	// which vsce package builds first (vscode:prepublish).
	const entry = "extension.js"
	bundle := pkg.Scripts["bundle"]
	if !strings.HasPrefix(bundle, "esbuild "+entry+" --bundle ") || !strings.Contains(bundle, "--outfile="+strings.TrimPrefix(pkg.Main, "./")) ||
		!strings.Contains(bundle, "--external:vscode") || pkg.Scripts["vscode:prepublish"] != "npm run bundle" {
		t.Errorf("scripts %v: vscode:prepublish does not bundle %s into %s", pkg.Scripts, entry, pkg.Main)
	}
	src, err := os.ReadFile(filepath.Join(dir, entry))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`require("vscode-languageclient/node")`, `args: ["lsp"]`, `TransportKind.stdio`, `"dx", "partiql", "json"`, `"python"`, `config.get("code", true)`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("%s does not have %s", entry, want)
		}
	}
	if node, err := exec.LookPath("node"); err == nil {
		if out, err := exec.Command(node, "--check", filepath.Join(dir, entry)).CombinedOutput(); err != nil {
			t.Errorf("node --check %s: %v\n%s", entry, err, out)
		}
	}
}
