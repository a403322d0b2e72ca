package schema

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// dirFormat is a kind of folder that holds a schema as a whole: it is told
// by what the folder contains, and read with everything in it.
type dirFormat struct {
	name string // as messages say it, with what identifies it
	// is reports whether the folder dir is of this kind.
	is func(dir string) bool
	// read returns the folder's tables, or the problems that stop it.
	read func(opt Options, dir string) ([]*Table, diag.List)
}

// dirFormats are the kinds of folder a --schema may name, tried in order.
var dirFormats = []dirFormat{cdkOut, tfDir}

// loadDir reads the folder dir as the first kind in dirFormats it is; a
// folder of no kind says which kinds were tried.
func loadDir(opt Options, dir string) ([]*Table, diag.List) {
	var tried []string
	for _, f := range dirFormats {
		if f.is(dir) {
			return f.read(opt, dir)
		}
		tried = append(tried, f.name)
	}
	msg := "cannot read the schema file: is a directory"
	if len(tried) > 0 {
		msg = "this folder is none of the kinds of folder dynexpr reads as a schema (" + strings.Join(tried, "; ") + "): name the schema files in it instead"
	}
	return nil, diag.List{diag.Errorf(diag.Pos{File: dir}, "%s", msg)}
}
