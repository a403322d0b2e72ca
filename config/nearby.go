package config

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/dynexpr/dynexpr/schema"
)

// SuggestPath returns the existing path closest to p, for a did-you-mean
// under "no such file": the first part of p that does not exist is replaced
// by the closest name in its folder. "" when nothing is close, or when p's
// folder cannot be read. It reads one folder, so it is cheap.
func SuggestPath(p string) string {
	clean := filepath.Clean(p)
	parts := strings.Split(clean, string(filepath.Separator))
	dir := ""
	if filepath.IsAbs(clean) {
		dir = string(filepath.Separator)
		parts = parts[1:]
	}
	for i, part := range parts {
		next := filepath.Join(dir, part)
		if dir == "" {
			next = part
		}
		if _, err := os.Lstat(next); err == nil {
			dir = next
			continue
		}
		at := dir
		if at == "" {
			at = "."
		}
		entries, err := os.ReadDir(at)
		if err != nil {
			return ""
		}
		names := make([]string, len(entries))
		for j, e := range entries {
			names[j] = e.Name()
		}
		s := schema.Suggest(part, names)
		if s == "" || s == part {
			return ""
		}
		return filepath.Join(append([]string{dir, s}, parts[i+1:]...)...)
	}
	return ""
}

// didYouMean is `; did you mean "q"?` for the path SuggestPath finds, or "".
func didYouMean(p string) string {
	if s := SuggestPath(p); s != "" {
		return `; did you mean "` + s + `"?`
	}
	return ""
}

// NoSuchPath is the reason a path given on the command line cannot be
// read, with a did-you-mean when the file does not exist.
func NoSuchPath(p string, err error) string {
	msg := Cause(err).Error()
	if os.IsNotExist(err) {
		msg += didYouMean(p)
	}
	return msg
}
