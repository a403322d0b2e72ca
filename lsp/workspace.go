package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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
	// changed: the editor reported a change to one of its files.
	changed bool
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

// Workspace folders: each document is linted with the project of the
// folder that holds it, as `dynexpr lint` run in that folder would; and the
// project's files are watched, so that a schema or .dynexpr.yaml changed
// on disk is applied at once, not at the next keystroke.

// watchSupport is what the client said it can do with file watchers.
type watchSupport struct {
	dynamic  bool // it takes watchers registered by the server
	relative bool // as patterns relative to a folder
}

// watchRegistration is the id of the server's one registration of file
// watchers, replaced whenever what it watches changes.
const watchRegistration = "dynexpr-watched-files"

// setFolders reads the workspace folders (the root alone when the editor
// gives none) and the client's support of file watchers from initialize.
func (s *server) setFolders(p *initializeParams) {
	switch {
	case len(p.WorkspaceFolders) > 0:
		for _, f := range p.WorkspaceFolders {
			s.addFolder(f.URI)
		}
	case p.RootURI != "":
		s.addFolder(p.RootURI)
	case p.RootPath != "":
		s.folders = append(s.folders, filepath.Clean(p.RootPath))
	}
	w := p.Capabilities.Workspace.DidChangeWatchedFiles
	s.watch = watchSupport{dynamic: w.DynamicRegistration, relative: w.RelativePatternSupport}
}

func (s *server) addFolder(uri string) {
	if p := pathOf(uri); p != "" && !slices.Contains(s.folders, filepath.Clean(p)) {
		s.folders = append(s.folders, filepath.Clean(p))
	}
}

// initializedNote: the client is ready for the server's requests. Each
// folder's project is loaded now, so that its problems show and its files
// are watched before a document is opened.
func (s *server) initializedNote(json.RawMessage) (any, *rpcError) {
	s.ready = true
	for _, f := range s.folders {
		s.workspaceAt(f)
	}
	s.updateWatchers()
	return nil, nil
}

// didChangeWorkspaceFolders: folders added are loaded, those removed
// forgotten, and every open document is linted with its folder's project.
func (s *server) didChangeWorkspaceFolders(params json.RawMessage) (any, *rpcError) {
	var p didChangeWorkspaceFoldersParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	for _, f := range p.Event.Removed {
		if path := filepath.Clean(pathOf(f.URI)); pathOf(f.URI) != "" {
			s.folders = slices.DeleteFunc(s.folders, func(d string) bool { return d == path })
			if ws := s.workspaces[path]; ws != nil {
				s.publishProblems(ws, &workspace{}) // its problems go with it
				delete(s.workspaces, path)
			}
		}
	}
	for _, f := range p.Event.Added {
		s.addFolder(f.URI)
	}
	s.relintAll()
	s.updateWatchers()
	return nil, nil
}

// relintAll loads each folder's project (again where it changed), for its
// problems to show, and lints every open document with its project.
func (s *server) relintAll() {
	for _, f := range s.folders {
		s.workspaceAt(f)
	}
	for _, d := range s.docs {
		d.dirty = true
	}
	s.lintDirty()
}

// didChangeWatchedFiles: a config or a schema changed, was created or
// deleted. The projects loaded from it (or that a new .dynexpr.yaml may
// change) are loaded again, now, whatever their files' times say, and the
// documents linted with them.
func (s *server) didChangeWatchedFiles(params json.RawMessage) (any, *rpcError) {
	var p didChangeWatchedFilesParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	var changed []string
	for _, c := range p.Changes {
		if path := pathOf(c.URI); path != "" {
			changed = append(changed, filepath.Clean(path))
		}
	}
	for _, ws := range s.workspaces {
		if ws.affectedBy(changed) {
			ws.changed = true
		}
	}
	// The others are checked against their files' times and sizes, as at
	// every lint: a client may report a change without saying which file.
	s.relintAll()
	return nil, nil
}

// affectedBy reports whether a change to one of the files changes the
// project: one it was loaded from (or a file in a schema folder), or a
// .dynexpr.yaml anywhere, which may be the one found now.
func (ws *workspace) affectedBy(files []string) bool {
	for _, f := range files {
		if filepath.Base(f) == config.FileName {
			return true
		}
		for _, src := range ws.sources {
			if f == src || within(f, src) {
				return true
			}
		}
	}
	return false
}

// within reports whether path is inside the folder dir.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// workspaceOf is the workspace of the document: that of the workspace
// folder holding it (the innermost), else of its own folder, else (a
// buffer not saved yet) of the first folder.
func (s *server) workspaceOf(d *document) *workspace {
	dir := ""
	for _, f := range s.folders {
		if within(d.path, f) && len(f) > len(dir) {
			dir = f
		}
	}
	switch {
	case dir != "":
	case pathOf(d.uri) != "":
		dir = filepath.Dir(d.path)
	case len(s.folders) > 0:
		dir = s.folders[0]
	default:
		dir = "."
	}
	return s.workspaceAt(dir)
}

// workspaceAt is the project of the folder dir, loaded again when one of
// its files changed.
func (s *server) workspaceAt(dir string) *workspace {
	ws := s.workspaces[dir]
	if ws == nil || ws.changed || ws.stale() {
		old := ws
		ws = loadWorkspace(dir, s.opt.MaxInput)
		s.workspaces[dir] = ws
		s.publishProblems(old, ws)
		s.updateWatchers()
	}
	return ws
}

// updateWatchers registers with the client a watcher for .dynexpr.yaml in
// every folder and for every file and folder the projects were loaded from,
// replacing the watchers registered before when they differ. A client that
// takes no registration is asked nothing: its own settings say what it
// reports (the VS Code extension asks for the same files).
func (s *server) updateWatchers() {
	if !s.ready || !s.watch.dynamic {
		return
	}
	var ws []fileSystemWatcher
	add := func(base, pattern string) {
		var w fileSystemWatcher
		if s.watch.relative {
			w.GlobPattern = relativePattern{BaseURI: uriOf(base), Pattern: pattern}
		} else {
			w.GlobPattern = filepath.ToSlash(filepath.Join(base, pattern))
		}
		if !slices.ContainsFunc(ws, func(x fileSystemWatcher) bool { return x == w }) {
			ws = append(ws, w)
		}
	}
	for _, f := range s.folders {
		add(f, "**/"+config.FileName)
	}
	dirs := make([]string, 0, len(s.workspaces))
	for d := range s.workspaces {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	for _, d := range dirs {
		for _, src := range s.workspaces[d].sources {
			if fi, err := os.Stat(src); err == nil && fi.IsDir() {
				add(src, "**/*")
			} else {
				add(filepath.Dir(src), filepath.Base(src))
			}
		}
	}
	if slices.Equal(ws, s.watching) {
		return
	}
	if s.watching != nil {
		s.request("client/unregisterCapability", map[string]any{
			// The protocol's own spelling.
			"unregisterations": []map[string]any{{"id": watchRegistration, "method": "workspace/didChangeWatchedFiles"}},
		})
	}
	s.watching = ws
	s.request("client/registerCapability", map[string]any{
		"registrations": []map[string]any{{
			"id": watchRegistration, "method": "workspace/didChangeWatchedFiles",
			"registerOptions": map[string]any{"watchers": ws},
		}},
	})
}

// request sends the client a request; its answer is not waited for (run
// reads a response and drops it).
func (s *server) request(method string, params any) {
	b, err := json.Marshal(params)
	if err != nil {
		s.logf("%s: %v", method, err)
		return
	}
	s.requests++
	id := json.RawMessage(strconv.Quote("dynexpr-" + strconv.Itoa(s.requests)))
	if err := s.out.write(&message{ID: id, Method: method, Params: b}); err != nil {
		s.logf("cannot write: %v", err)
	}
}
