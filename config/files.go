package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Walk calls visit for every file below the folder root, skipping the
// folders a project does not write its queries in: hidden ones (.git),
// node_modules and vendor (root itself is walked whatever its name).
// notRegular is "" for a regular file (or a link to one, or a link that
// cannot be followed, for the reader to report); for a named pipe, a
// socket or a device it says what the file is, and the caller must not read
// it: a pipe would wait for a writer for ever. Links to folders are not
// followed.
func Walk(root string, visit func(path, notRegular string)) error {
	return WalkInto(root, nil, visit)
}

// Skipped reports whether Walk leaves out a folder of this name.
func Skipped(name string) bool {
	return strings.HasPrefix(name, ".") || name == "node_modules" || name == "vendor"
}

// WalkInto is Walk that also walks the folders Walk leaves out for which
// into (when not nil) reports true: a pattern that names one.
func WalkInto(root string, into func(dir string) bool, visit func(path, notRegular string)) error {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && Skipped(d.Name()) && (into == nil || !into(p)) {
				return filepath.SkipDir
			}
			return nil
		}
		mode := d.Type()
		if mode&fs.ModeSymlink != 0 {
			fi, err := os.Stat(p)
			if err != nil {
				visit(p, "") // a dangling link: reported when read
				return nil
			}
			if fi.IsDir() {
				return nil
			}
			mode = fi.Mode().Type()
		}
		visit(p, notRegular(mode))
		return nil
	})
	if err != nil {
		return diag.Errorf(diag.Pos{File: root}, "cannot walk the folder: %v", err)
	}
	return nil
}

// DanglingLink says, for a path that could not be read, whether it is a
// link to nothing: the message for it ("a link to \"x.dx\", which does not
// exist: ..."), or "". A walk meets such links where a file was renamed or
// a checkout left one behind; the tree has a problem to fix, not a file that
// cannot be read, so lint reports it as a finding and fmt goes on.
func DanglingLink(p string) string {
	fi, err := os.Lstat(p)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return ""
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		return ""
	}
	target, err := os.Readlink(p)
	if err != nil {
		return ""
	}
	return "this is a link to " + quote(target) + ", which does not exist: fix the link or remove it"
}

// notRegular says what a file of this type is when it is not a regular
// file, else "".
func notRegular(mode fs.FileMode) string {
	switch {
	case mode.IsRegular():
		return ""
	case mode&fs.ModeNamedPipe != 0:
		return "not a regular file (a named pipe)"
	case mode&fs.ModeSocket != 0:
		return "not a regular file (a socket)"
	case mode&fs.ModeDevice != 0:
		return "not a regular file (a device)"
	}
	return "not a regular file"
}

// ExpandGlob lists the files a --requests pattern matches, sorted: **
// stands for any number of folders, the rest is path.Match syntax, relative
// to the working folder unless absolute. A pattern that matches nothing is
// an error, so that a typo does not pass CI silently.
func ExpandGlob(pattern string) ([]string, error) { return ExpandFlagGlob("--requests", pattern) }

// ExpandFlagGlob is ExpandGlob for the pattern of flag (--requests,
// --code), which its messages name.
func ExpandFlagGlob(flag, pattern string) ([]string, error) {
	pat := filepath.ToSlash(filepath.Clean(pattern))
	if why := patternProblem(pat); why != "" {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "%s %q: %s", flag, pattern, why)
	}
	root, last := literalFolder(pat)
	if !strings.ContainsAny(last, "*?[") {
		// No pattern at all: a file.
		p := pathJoin(root, last)
		if fi, err := os.Stat(filepath.FromSlash(p)); err != nil || fi.IsDir() {
			return nil, diag.Errorf(diag.Pos{File: pattern}, "%s %q: no such file", flag, pattern)
		}
		return []string{filepath.FromSlash(p)}, nil
	}
	start := root
	if start == "" {
		start = "."
	}
	if fi, err := os.Stat(filepath.FromSlash(start)); err != nil || !fi.IsDir() {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "%s %q matches no file: there is no folder %s", flag, pattern, start)
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
		if t := d.Type(); !t.IsRegular() && t&fs.ModeSymlink == 0 {
			return nil // a named pipe would wait for a writer for ever
		}
		if Match(pat, rel) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "%s %q: %v", flag, pattern, Cause(err))
	}
	if len(out) == 0 {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "%s %q matches no file", flag, pattern)
	}
	sort.Strings(out)
	return out, nil
}

// literalFolder splits a slash-separated pattern into the folder its
// literal start names ("queries/a" of "queries/a/**/*.dx"; "/" begins an
// absolute one) and its first part after that folder.
func literalFolder(pat string) (folder, first string) {
	parts := strings.Split(pat, "/")
	for len(parts) > 1 && !strings.ContainsAny(parts[0], "*?[\\") {
		folder = pathJoin(folder, parts[0])
		if folder == "" {
			folder = "/"
		}
		parts = parts[1:]
	}
	return folder, parts[0]
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
