package config

import "path/filepath"

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
	rel := c.rel(p)
	for _, pat := range patterns {
		if Match(pat, rel) {
			return true
		}
	}
	return false
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
