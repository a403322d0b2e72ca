package project

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/validate"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const tickets = "tables:\n  Tickets:\n    key: {partition: id}\n    attributes: {id: S}\n"

// The config found from Dir upward names the schema, the rules and the
// AWS CLI; --aws-cli wins over aws_cli.
func TestLoadFromFolder(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".dynexpr.yaml"), "schemas: [schema.yaml]\naws_cli: v1\nrules:\n  limit-with-filter: off\n")
	write(t, filepath.Join(dir, "schema.yaml"), tickets)
	sub := filepath.Join(dir, "queries", "deep")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	p, err := Load(Options{Dir: sub})
	if err != nil {
		t.Fatal(err)
	}
	if p.Schema == nil || p.Schema.Table("Tickets") == nil {
		t.Errorf("schema: %+v", p.Schema)
	}
	if p.AWSCLI != builder.CLIv1 || p.Rules.Severities["limit-with-filter"] != validate.Off {
		t.Errorf("aws cli %v, rules %v", p.AWSCLI, p.Rules.Severities)
	}
	want := []string{filepath.Join(dir, ".dynexpr.yaml"), filepath.Join(dir, "schema.yaml")}
	if got := p.Sources(); !slices.Equal(got, want) {
		t.Errorf("sources %v, want %v", got, want)
	}
	if l := p.Linter(); l.Schema != p.Schema || l.Rules != p.Rules || l.AWSCLI != builder.CLIv1 {
		t.Errorf("linter %+v", l)
	}
	p, err = Load(Options{Dir: sub, AWSCLI: "v2"})
	if err != nil || p.AWSCLI != builder.CLIv2 {
		t.Errorf("--aws-cli v2: %v %v", p.AWSCLI, err)
	}
	if _, err := Load(Options{Dir: sub, AWSCLI: "v3"}); err == nil || !strings.Contains(err.Error(), `--aws-cli "v3"`) {
		t.Errorf("--aws-cli v3: %v", err)
	}
}

// Without a config, the place one would be found is a source: creating it
// changes the project.
func TestLoadNoConfig(t *testing.T) {
	dir := t.TempDir()
	p, err := Load(Options{Dir: dir})
	if err != nil || p.Config != nil || p.Schema != nil {
		t.Fatalf("%+v %v", p, err)
	}
	if got := p.Sources(); !slices.Equal(got, []string{filepath.Join(dir, ".dynexpr.yaml")}) {
		t.Errorf("sources %v", got)
	}
}

// What does not load is an error at its place, and the rest is loaded: the
// language server lints with it.
func TestLoadKeepsWhatLoads(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".dynexpr.yaml"), "schemas: [schema.yaml]\nrules:\n  limit-with-filter: off\n  no-such-rule: error\n")
	write(t, filepath.Join(dir, "schema.yaml"), tickets)
	p, err := Load(Options{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "no-such-rule") {
		t.Errorf("error: %v", err)
	}
	if p.Rules.Severities["limit-with-filter"] != validate.Off || p.Schema == nil {
		t.Errorf("the rest was not loaded: rules %v, schema %v", p.Rules.Severities, p.Schema)
	}
}

// --schema replaces the config's schemas; --var a source does not declare
// is refused.
func TestLoadFlags(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".dynexpr.yaml"), "schemas: [missing.yaml]\n")
	other := filepath.Join(dir, "other.yaml")
	write(t, other, tickets)
	p, err := Load(Options{Dir: dir, Schemas: []string{other}})
	if err != nil || p.Schema.Table("Tickets") == nil || !slices.Equal(p.SchemaFiles, []string{other}) {
		t.Fatalf("--schema: %+v %v", p, err)
	}
	if _, err := Load(Options{Dir: dir, Schemas: []string{other}, Vars: []string{"stage=dev"}}); err == nil || !strings.Contains(err.Error(), `variable "stage"`) {
		t.Errorf("--var no source declares: %v", err)
	}
	if _, err := Load(Options{Dir: dir}); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("the config's missing schema: %v", err)
	}
}
