package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/lint"
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
	// stamps are the files read, and the config file that would be
	// found, as they were when read: a change to one reloads.
	stamps []stamp
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

// loadWorkspace reads the config found from dir upward and the schema it
// names. It never fails: what does not load is a problem, and the rest is
// used (no config: default rules; no schema: the rules that need one skip).
func loadWorkspace(dir string) *workspace {
	ws := &workspace{dir: dir}
	add := func(err error) {
		if err != nil {
			ws.problems = diag.Append(ws.problems, err)
		}
	}
	conf, err := config.Find(dir, 0) // the default cap on its size
	add(err)
	ws.conf = conf
	if conf != nil {
		ws.stamps = append(ws.stamps, stampOf(conf.File))
	} else {
		// Noticed when it is created.
		ws.stamps = append(ws.stamps, stampOf(filepath.Join(dir, config.FileName)))
	}
	rules, err := lint.RuleConfig(conf)
	add(err)
	ws.linter = &lint.Linter{Rules: rules}
	if conf == nil {
		return ws
	}
	ws.linter.AWSCLI, ws.linter.Env = conf.AWSCLI, conf.Env
	for _, f := range conf.Schemas {
		ws.stamps = append(ws.stamps, stampOf(f))
	}
	if err := conf.MissingSchemas(); err != nil {
		add(err)
		return ws
	}
	if len(conf.Schemas) > 0 {
		sch, err := schema.LoadWith(schema.Options{}, conf.Schemas...)
		add(err)
		ws.sch = sch
		ws.linter.Schema = sch
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
