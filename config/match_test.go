package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	cases := []struct {
		pattern, name string
		want          bool
	}{
		{"*.dx", "a.dx", true},
		{"*.dx", "q/a.dx", false},
		{"**/*.dx", "a.dx", true},
		{"**/*.dx", "q/sub/a.dx", true},
		{"q/**", "q/sub/a.dx", true},
		{"q/**/b.json", "q/b.json", true},
		{"q/**/b.json", "r/b.json", false},
		{"q/?.dx", "q/ab.dx", false},
	}
	for _, c := range cases {
		if got := Match(c.pattern, c.name); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.pattern, c.name, got, c.want)
		}
	}
}

func TestSelection(t *testing.T) {
	dir := t.TempDir()
	c := &Config{Dir: dir, Include: []string{"queries/**/*.dx"}, Exclude: []string{"queries/scratch/**"}, Requests: []string{"fixtures/*.req"}}
	at := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
	for p, want := range map[string]bool{"queries/a.dx": true, "queries/x/b.dx": true, "queries/scratch/c.dx": false, "other/d.dx": false} {
		if got := c.Selected(at(p)); got != want {
			t.Errorf("Selected(%s) = %v, want %v", p, got, want)
		}
	}
	if !c.IsRequest(at("fixtures/a.req")) || c.IsRequest(at("fixtures/sub/a.req")) {
		t.Errorf("IsRequest does not follow requests: %v", c.Requests)
	}
	var none *Config
	if !none.Selected("any.dx") || none.Excluded("any.dx") || none.IsRequest("any.json") {
		t.Errorf("a nil config must select everything and name no request file")
	}
}

func TestFindAndLoad(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte("schemas: [s.yaml]\nrules:\n  limit-with-filter: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	c, err := Find(sub, 0)
	if err != nil {
		t.Fatal(err)
	}
	if c == nil || c.Dir != dir || len(c.Schemas) != 1 || c.Schemas[0] != filepath.Join(dir, "s.yaml") {
		t.Fatalf("Find(%s) = %+v", sub, c)
	}
	if c.Rules["limit-with-filter"] != "off" || c.RulePos["limit-with-filter"].Line != 3 {
		t.Errorf("rules: %v at %v", c.Rules, c.RulePos)
	}
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte("shemas: [s.yaml]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(filepath.Join(dir, FileName), 0); err == nil || err.Error() != filepath.Join(dir, FileName)+`:1:1: error: unknown setting "shemas"; did you mean "schemas"?` {
		t.Errorf("Load of a misspelt setting: %v", err)
	}
}

// TestPatterns: a pattern is cleaned as paths are ("./", "//"), an absolute
// one matches absolute paths, and a malformed one (include, exclude or
// requests) is an error at its place in the config, not a pattern that
// matches nothing.
func TestPatterns(t *testing.T) {
	dir := t.TempDir()
	q := filepath.Join(dir, "queries", "a", "q.dx")
	if err := os.MkdirAll(filepath.Dir(q), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(q, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	load := func(yaml string) (*Config, error) {
		t.Helper()
		path := filepath.Join(dir, FileName)
		if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		return Load(path, 0)
	}
	for _, inc := range []string{"./queries/a/*.dx", "queries//a/*.dx", "queries/a/", filepath.ToSlash(dir) + "/queries/*/*.dx", "/**/q.dx"} {
		c, err := load("include: [\"" + inc + "\"]\n")
		if err != nil {
			t.Fatalf("%s: %v", inc, err)
		}
		if inc == "queries/a/" {
			if c.Include[0] != "queries/a" {
				t.Errorf("%s is read as %q", inc, c.Include[0])
			}
			continue
		}
		if !c.Selected(q) {
			t.Errorf("include %q does not select %s", inc, q)
		}
		if err := c.Unmatched([]string{q}); err != nil {
			t.Errorf("include %q: %v", inc, err)
		}
	}
	for _, c := range []struct{ yaml, want string }{
		{"include: [\"queries/[a-\"]\n", `:1:11: error: include pattern "queries/[a-": bad pattern`},
		{"exclude:\n  - ok/*.dx\n  - \"q/[x\"\n", `:3:5: error: exclude pattern "q/[x": bad pattern`},
		{"requests: 'fixtures/\\'\n", `:1:11: error: requests pattern "fixtures/\": bad pattern`},
	} {
		_, err := load(c.yaml)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s", c.yaml, err, c.want)
		}
	}
	c, err := load("include: [\"/nonexistent-dynexpr/*.dx\"]\n")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Unmatched([]string{q}); err == nil || !strings.Contains(err.Error(), `include pattern "/nonexistent-dynexpr/*.dx" matches no file: there is no folder "/nonexistent-dynexpr"`) {
		t.Errorf("an absolute pattern of no folder: %v", err)
	}
	if _, err := ExpandGlob("fixtures/[a-"); err == nil || !strings.Contains(err.Error(), "bad pattern") {
		t.Errorf("--requests of a bad pattern: %v", err)
	}
}
