package config

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSuggestPath(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "queries", "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "queries", "open.dx"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	at := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
	for p, want := range map[string]string{
		"querys/open.dx":    at("queries/open.dx"), // the folder misspelt: the rest kept
		"queries/opne.dx":   at("queries/open.dx"),
		"queries/dep/x.dx":  at("queries/deep/x.dx"),
		"queries/open.dx":   "", // exists
		"nothing/like/this": "",
	} {
		if got := SuggestPath(at(p)); got != want {
			t.Errorf("SuggestPath(%s) = %q, want %q", p, got, want)
		}
	}
}
