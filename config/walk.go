package config

import (
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Walk calls visit for every file below the folder root, skipping the
// folders a project does not write its queries in: hidden ones (.git),
// node_modules and vendor (root itself is walked whatever its name).
func Walk(root string, visit func(path string)) error {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		visit(p)
		return nil
	})
	if err != nil {
		return diag.Errorf(diag.Pos{File: root}, "cannot walk the folder: %v", err)
	}
	return nil
}
