package config

import (
	"path/filepath"
	"strings"
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
