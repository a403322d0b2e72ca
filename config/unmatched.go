package config

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Unmatched checks the config's include and requests patterns after a lint
// walk: one that matches none of the files the walk met (walked) nor any
// file of the project is a typo that would check nothing and pass, so it is
// an error at its place in the config. A pattern that matches files of the
// project outside the walked folders is fine: lint was asked for a part of
// the project. The project is searched only for the patterns the walk did
// not match, from the pattern's literal folder.
func (c *Config) Unmatched(walked []string) error {
	if c == nil || len(c.Include)+len(c.Requests) == 0 {
		return nil
	}
	rels, abss := make([]string, len(walked)), make([]string, len(walked))
	var errs diag.List
	check := func(what string, patterns []string, at []diag.Pos) {
		for i, pat := range patterns {
			if c.matchesOne(pat, walked, rels, abss) {
				continue
			}
			found, why := c.inProject(pat)
			if found {
				continue
			}
			var pos diag.Pos
			if i < len(at) {
				pos = at[i]
			}
			errs = append(errs, diag.Errorf(pos, "%s pattern %q matches no file%s", what, pat, why))
		}
	}
	check("include", c.Include, c.IncludePos)
	check("requests", c.Requests, c.RequestsPos)
	return errs.Err()
}

// matchesOne reports whether pat matches one of the paths; rels and abss
// keep each path's forms as patterns are matched against it (target).
func (c *Config) matchesOne(pat string, paths, rels, abss []string) bool {
	for i, p := range paths {
		if Match(pat, c.target(pat, p, &rels[i], &abss[i])) {
			return true
		}
	}
	return false
}

// inProject reports whether pat matches a file below the config's folder;
// when not, why says what is missing (`: there is no folder "querys"; did
// you mean "queries"?`) when a folder of the pattern's literal start is.
func (c *Config) inProject(pat string) (found bool, why string) {
	folder, _ := literalFolder(pat)
	start := filepath.FromSlash(folder)
	if !path.IsAbs(folder) {
		start = filepath.Join(c.Dir, start)
	}
	if fi, err := os.Stat(start); err != nil || !fi.IsDir() {
		return false, ": there is no folder " + quote(folder) + c.suggestRel(start)
	}
	if rel, err := filepath.Rel(start, c.Dir); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
		// A folder above the project ("/**/*.dx"): the project is what is
		// searched, not the disk.
		start = c.Dir
	}
	_ = Walk(start, func(p, notRegular string) {
		var rel, abs string
		found = found || Match(pat, c.target(pat, p, &rel, &abs))
	})
	return found, ""
}

// MissingSchemas is an error at its place for each schemas: entry that
// names no file, with a did-you-mean from the folder it names.
func (c *Config) MissingSchemas() error {
	if c == nil {
		return nil
	}
	var errs diag.List
	for i, f := range c.Schemas {
		if _, err := os.Stat(f); !os.IsNotExist(err) {
			continue // read, or reported when read
		}
		var pos diag.Pos
		if i < len(c.SchemaPos) {
			pos = c.SchemaPos[i]
		}
		errs = append(errs, diag.Errorf(pos, "schema %s matches no file%s", quote(c.relOrAbs(f)), c.suggestRel(f)))
	}
	return errs.Err()
}

// relOrAbs is p as a config names it: relative to its folder when inside.
func (c *Config) relOrAbs(p string) string {
	if rel, err := filepath.Rel(c.Dir, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}

// suggestRel is the did-you-mean for a missing path of the config, written
// as the config would write it.
func (c *Config) suggestRel(p string) string {
	if s := SuggestPath(p); s != "" {
		return "; did you mean " + quote(c.relOrAbs(s)) + "?"
	}
	return ""
}
