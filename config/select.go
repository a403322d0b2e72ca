package config

import (
	"path"
	"path/filepath"
)

// The patterns of a config are relative to its folder. Each method takes a
// nil config (no .dynexpr.yaml) as one that selects everything and names no
// request files.

// IsRequest reports whether p matches the config's requests: patterns.
func (c *Config) IsRequest(p string) bool {
	return c != nil && c.matchesAny(c.Requests, p)
}

// Excluded reports whether p matches the config's exclude patterns.
func (c *Config) Excluded(p string) bool {
	return c != nil && c.matchesAny(c.Exclude, p)
}

// Selected applies the config's include and exclude patterns to a file met
// walking a folder: not excluded, and included when include is given.
func (c *Config) Selected(p string) bool {
	if c == nil || len(c.Include) == 0 && len(c.Exclude) == 0 {
		return true
	}
	if c.Excluded(p) {
		return false
	}
	return len(c.Include) == 0 || c.matchesAny(c.Include, p)
}

func (c *Config) matchesAny(patterns []string, p string) bool {
	if len(patterns) == 0 {
		return false
	}
	var rel, abs string
	for _, pat := range patterns {
		if Match(pat, c.target(pat, p, &rel, &abs)) {
			return true
		}
	}
	return false
}

// target is p as pattern pat is matched against it: relative to the
// config's folder, or absolute for an absolute pattern ("/srv/queries/*.dx").
// rel and abs keep what is worked out, for the next pattern.
func (c *Config) target(pat, p string, rel, abs *string) string {
	if path.IsAbs(pat) {
		if *abs == "" {
			a, err := filepath.Abs(p)
			if err != nil {
				a = p
			}
			*abs = filepath.ToSlash(a)
		}
		return *abs
	}
	if *rel == "" {
		*rel = c.rel(p)
	}
	return *rel
}

// rel is p relative to the config's folder, slash-separated.
func (c *Config) rel(p string) string {
	rel := p
	if abs, err := filepath.Abs(p); err == nil {
		if r, err := filepath.Rel(c.Dir, abs); err == nil {
			rel = r
		}
	}
	return filepath.ToSlash(rel)
}
