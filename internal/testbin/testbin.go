// Package testbin builds the dynexpr binary for the tests that run it the
// way a user does (golden cases, the docs' examples, import round trips).
//
// go test caches a package's result keyed on the files the test itself
// opens; a binary built by `go build` in a subprocess is invisible to it,
// so a changed command would replay an old "ok". Build therefore reads
// every Go source of the module: the cache then keys on all of them.
package testbin

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Build compiles ./cmd/dynexpr into dir and returns the binary's path.
func Build(dir string) (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	if err := readSources(root); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "dynexpr")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/dynexpr")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/dynexpr: %v\n%s", err, out)
	}
	return bin, nil
}

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the test's folder")
		}
		dir = parent
	}
}

func readSources(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") || d.Name() == "go.mod" || d.Name() == "go.sum") {
			_, err = os.ReadFile(p)
		}
		return err
	})
}
