package lsp

import (
	"os"
	"slices"
	"time"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/internal/textfile"
	"github.com/dynexpr/dynexpr/lint"
	dxproject "github.com/dynexpr/dynexpr/project"
	"github.com/dynexpr/dynexpr/schema"
)

// workspace is what the documents under one folder are linted against:
// the .dynexpr.yaml found from the folder upward, its rules and its
// schema, loaded once and again only when one of their files changes.
type workspace struct {
	dir    string // where the search for .dynexpr.yaml starts
	conf   *config.Config
	linter *lint.Linter
	sch    *schema.Schema
	// problems are what loading found wrong (a config or schema that does
	// not read, a schema file that is missing), each at its place: the
	// server publishes them at their files. The documents are linted
	// without what failed.
	problems diag.List
	// sources are the files and folders the project was loaded from (and
	// the config file that would be found), which the server watches;
	// stamps are each as it was when read: a change to one reloads.
	sources []string
	stamps  []stamp
}

// stamp is a file's modification time and size; zero for a missing file.
type stamp struct {
	path string
	mod  time.Time
	size int64
}

func stampOf(path string) stamp {
	st := stamp{path: path}
	if fi, err := os.Stat(path); err == nil {
		st.mod, st.size = fi.ModTime(), fi.Size()
		if fi.IsDir() {
			// A schema folder (Terraform, cdk.out): its entries' times.
			if es, err := os.ReadDir(path); err == nil {
				for _, e := range es {
					if i, err := e.Info(); err == nil && i.ModTime().After(st.mod) {
						st.mod = i.ModTime()
					}
					st.size++
				}
			}
		}
	}
	return st
}

// loadWorkspace loads the project of the folder dir as `dynexpr lint` run
// there would (project.Load), each file read within limit. It never
// fails: what does not load is a problem, and the rest is used (no config:
// default rules; no schema: the rules that need one skip).
func loadWorkspace(dir string, limit textfile.Limit) *workspace {
	p, err := dxproject.Load(dxproject.Options{Dir: dir, MaxInput: limit})
	ws := &workspace{dir: dir, conf: p.Config, sch: p.Schema, linter: p.Linter(), sources: p.Sources()}
	if err != nil {
		ws.problems = diag.Append(nil, err)
	}
	for _, f := range ws.sources {
		ws.stamps = append(ws.stamps, stampOf(f))
	}
	return ws
}

// stale reports whether a file the workspace was read from changed.
func (ws *workspace) stale() bool {
	for _, st := range ws.stamps {
		if stampOf(st.path) != st {
			return true
		}
	}
	return false
}

// problemFiles are the files the workspace's problems are at.
func (ws *workspace) problemFiles() []string {
	var files []string
	for _, p := range ws.problems {
		if p.Pos.File != "" && !slices.Contains(files, p.Pos.File) {
			files = append(files, p.Pos.File)
		}
	}
	return files
}
