package config

import (
	"path"
	"path/filepath"
	"strings"
)

// A pattern is read once, where it is written (Load, ExpandGlob): a
// malformed one is an error there, not a pattern that silently matches
// nothing, and it is cleaned as the paths it is matched against are
// ("./queries//a/*.dx" is "queries/a/*.dx").

// patternProblem says why pat is not a pattern, or "".
func patternProblem(pat string) string {
	for _, part := range strings.Split(pat, "/") {
		if _, err := path.Match(part, ""); err != nil {
			return "bad pattern: a [ opens a set of characters that a ] must close, like [a-z], and a \\ escapes the character after it"
		}
	}
	return ""
}

// cleanPattern is pat as the paths it is matched against are written:
// without "./", doubled slashes or a trailing slash.
func cleanPattern(pat string) string { return path.Clean(pat) }

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
