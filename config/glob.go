package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Match matches a slash-separated path against a pattern where ** stands
// for any number of folders and the rest is path.Match syntax.
func Match(pattern, name string) bool {
	return matchParts(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

func matchParts(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchParts(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := filepath.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// MatchesGlob matches a path against --requests patterns (each taken
// relative to the working folder, as ExpandGlob takes it).
func MatchesGlob(patterns []string, p string) bool {
	name := filepath.ToSlash(filepath.Clean(p))
	for _, pat := range patterns {
		if Match(filepath.ToSlash(filepath.Clean(pat)), name) {
			return true
		}
	}
	return false
}

// ExpandGlob lists the files a --requests pattern matches, sorted: **
// stands for any number of folders, the rest is path.Match syntax, relative
// to the working folder unless absolute. A pattern that matches nothing is
// an error, so that a typo does not pass CI silently.
func ExpandGlob(pattern string) ([]string, error) {
	pat := filepath.ToSlash(filepath.Clean(pattern))
	parts := strings.Split(pat, "/")
	root := ""
	for len(parts) > 1 && !strings.ContainsAny(parts[0], "*?[") {
		root = pathJoin(root, parts[0])
		parts = parts[1:]
	}
	if !strings.ContainsAny(parts[0], "*?[") {
		// No pattern at all: a file.
		p := pathJoin(root, parts[0])
		if fi, err := os.Stat(filepath.FromSlash(p)); err != nil || fi.IsDir() {
			return nil, diag.Errorf(diag.Pos{File: pattern}, "--requests %q: no such file", pattern)
		}
		return []string{filepath.FromSlash(p)}, nil
	}
	start := root
	if start == "" {
		start = "."
	}
	if fi, err := os.Stat(filepath.FromSlash(start)); err != nil || !fi.IsDir() {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "--requests %q matches no file: there is no folder %s", pattern, start)
	}
	var out []string
	err := filepath.WalkDir(filepath.FromSlash(start), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(p)
		if d.IsDir() {
			if rel != start && strings.HasPrefix(d.Name(), ".") && !strings.HasPrefix(pat, ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if Match(pat, rel) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "--requests %q: %v", pattern, Cause(err))
	}
	if len(out) == 0 {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "--requests %q matches no file", pattern)
	}
	sort.Strings(out)
	return out, nil
}

func pathJoin(a, b string) string {
	switch {
	case a == "":
		return b
	case strings.HasSuffix(a, "/"):
		return a + b
	}
	return a + "/" + b
}
