// Package lsp is `dynexpr lsp`: a Language Server over a pair of streams
// (the editor's pipes) for the files the CLI reads. Diagnostics are what
// `dynexpr lint` finds, through the same engine; formatting is `dynexpr
// fmt`; hover on a statement is `dynexpr explain`. The schema comes from
// the .dynexpr.yaml found from the workspace folder that holds the file,
// as the CLI finds it from the working folder (package project). What a
// file is comes from lint.Readers; what the server serves of each kind is
// one entry of languages (languages.go).
//
// The server writes nothing but protocol messages to its output, and a
// message it cannot read, a method it does not know or a handler that
// fails is answered (or logged) and the server goes on.
package lsp

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"sort"
	"time"

	"github.com/dynexpr/dynexpr/internal/textfile"
)

// DebounceAuto is the debounce of `dynexpr lsp`: a change is linted as
// soon as the editor is idle, no message waiting to be read. A lint of a
// change costs a few milliseconds (lint.Cache), so each pause in typing is
// linted at once; changes that come while a lint runs (a burst, a paste, a
// key held down, a costly lint) wait in the pipe and are all read before
// the next lint, which is then one for all of them. A wait timed by the
// lint's cost was measured too, from Neovim: it doubled the time from a
// keystroke to its diagnostics on a loaded machine, where a lint's cost
// varies tenfold, and saved nothing the idle check does not.
const DebounceAuto time.Duration = -1

// ErrNoShutdown is what Serve returns when the editor sent exit without
// shutdown first: the protocol asks for exit status 1 then.
var ErrNoShutdown = errors.New("exit without shutdown")

// Options configure a server.
type Options struct {
	// Debounce is how long after a change the document is linted: typing
	// goes on, and a lint per keystroke would be wasted. Zero lints at
	// once; DebounceAuto by what linting the document costs.
	Debounce time.Duration
	// Log receives what the server says about itself (never the editor's
	// output): standard error.
	Log io.Writer
	// MaxInput is --max-input-size: a document larger is not linted (its
	// diagnostic says why), as lint reads no file larger.
	MaxInput textfile.Limit

	// maxMessage, when not 0, is the cap on a message (tests).
	maxMessage int
}

// Serve runs a server reading messages from in and writing them to out
// until the editor sends exit or closes in. It returns nil after shutdown
// and exit, ErrNoShutdown after exit alone, and the read error if in
// fails otherwise.
func Serve(in io.Reader, out io.Writer, opt Options) error {
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	s := &server{
		opt:        opt,
		out:        &frameWriter{w: out},
		docs:       map[string]*document{},
		workspaces: map[string]*workspace{},
		published:  map[string]bool{},
		wake:       make(chan struct{}, 1),
	}
	r := newFrameReader(in)
	if opt.MaxInput > textfile.DefaultLimit {
		r.max = int(min(2*opt.MaxInput.Bytes(), 1<<40))
	}
	if opt.maxMessage > 0 {
		r.max = opt.maxMessage
	}
	return s.run(r)
}

type server struct {
	opt Options
	out *frameWriter
	// folders are the workspace folders' paths (the root's alone when the
	// editor gives no folders; none when it gives no root): each document
	// is linted with the project of the folder that holds it.
	folders []string
	// watch is what the client can do for file watchers, and watching the
	// patterns registered (workspace.go).
	watch    watchSupport
	watching []fileSystemWatcher
	ready    bool // the client sent initialized: the server may ask
	requests int  // the server's requests sent, for their ids

	initialized, shuttingDown bool
	utf8                      bool // positions count bytes: the client accepted utf-8

	docs       map[string]*document // by URI
	workspaces map[string]*workspace
	// published are the files not open in the editor (a config, a schema)
	// where a workspace's problems were published: cleared when fixed.
	published map[string]bool

	timer *time.Timer
	// idleLint: lint the changed documents once no message is waiting
	// (DebounceAuto).
	idleLint bool
	wake     chan struct{} // the debounce timer fired
}

type incoming struct {
	body []byte
	err  error
}

func (s *server) run(r *frameReader) error {
	msgs := make(chan incoming)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			body, err := r.read()
			select {
			case msgs <- incoming{body, err}:
			case <-done:
				return
			}
			var fe *frameError
			if err != nil && !errors.As(err, &fe) {
				return
			}
		}
	}()
	var waiting *incoming // read while looking whether the editor is idle
	for {
		if s.idleLint && waiting == nil {
			// Lint now if the editor is idle, else after what it sent.
			select {
			case next := <-msgs:
				waiting = &next
			default:
				s.idleLint = false
				s.lintDirty()
			}
		}
		var in incoming
		if waiting != nil {
			in, waiting = *waiting, nil
		} else {
			select {
			case <-s.wake:
				// A message already waiting comes first: the editor is
				// not idle, and the lint waits again.
				select {
				case in = <-msgs:
					s.schedule()
				default:
					s.lintDirty()
					continue
				}
			case in = <-msgs:
			}
		}

		var fe *frameError
		switch {
		case errors.As(in.err, &fe) && fe.tooLarge > 0:
			s.tooLarge(fe, r.max)
			continue
		case errors.As(in.err, &fe):
			s.logf("unreadable message: %v", fe)
			s.reply(nil, nil, &rpcError{codeParseError, fe.msg})
			continue
		case in.err == io.EOF:
			return nil
		case in.err != nil:
			return in.err
		}
		if exit, err := s.handle(in.body); exit {
			return err
		}
	}
}

func (s *server) logf(format string, args ...any) {
	fmt.Fprintf(s.opt.Log, "dynexpr lsp: "+format+"\n", args...)
}

// handle answers one message; exit says the editor asked to stop.
func (s *server) handle(body []byte) (exit bool, err error) {
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		s.reply(nil, nil, &rpcError{codeParseError, "the message is not JSON: " + err.Error()})
		return false, nil
	}
	if m.Method == "" {
		if m.Result == nil && m.Error == nil {
			s.reply(m.ID, nil, &rpcError{codeInvalidRequest, "a message needs a method"})
		}
		return false, nil // a response: the server asks nothing it waits for
	}
	if m.Method == "exit" {
		if s.shuttingDown {
			return true, nil
		}
		return true, ErrNoShutdown
	}
	result, rerr := s.call(&m)
	if m.isRequest() {
		s.reply(m.ID, result, rerr)
	} else if rerr != nil && rerr.Code != codeMethodNotFound {
		s.logf("%s: %s", m.Method, rerr.Message)
	}
	return false, nil
}

// call runs the method's handler, recovering from a panic in it: a bug
// must cost one answer, not the editor's server.
func (s *server) call(m *message) (result any, rerr *rpcError) {
	defer func() {
		if p := recover(); p != nil {
			s.logf("%s: internal error: %v\n%s", m.Method, p, debug.Stack())
			result, rerr = nil, &rpcError{codeInternalError, fmt.Sprintf("internal error in %s: %v", m.Method, p)}
		}
	}()
	switch {
	case m.Method == "initialize":
		if s.initialized {
			return nil, &rpcError{codeInvalidRequest, "initialize was sent twice"}
		}
	case !s.initialized:
		return nil, &rpcError{codeServerNotInitialized, "initialize must come first"}
	case s.shuttingDown:
		return nil, &rpcError{codeInvalidRequest, "the server is shutting down"}
	}
	h, ok := handlers[m.Method]
	if !ok {
		// $/ methods are optional: they may be ignored.
		return nil, &rpcError{codeMethodNotFound, "unknown method " + m.Method}
	}
	return h(s, m.Params)
}

func (s *server) reply(id json.RawMessage, result any, rerr *rpcError) {
	m := &message{ID: id, Error: rerr}
	if id == nil {
		m.ID = json.RawMessage("null")
	}
	if rerr == nil {
		b, err := json.Marshal(result)
		if err != nil {
			m.Error = &rpcError{codeInternalError, err.Error()}
		} else {
			m.Result = b
		}
	}
	if err := s.out.write(m); err != nil {
		s.logf("cannot write: %v", err)
	}
}

func (s *server) notify(method string, params any) {
	b, err := json.Marshal(params)
	if err != nil {
		s.logf("%s: %v", method, err)
		return
	}
	if err := s.out.write(&message{Method: method, Params: b}); err != nil {
		s.logf("cannot write: %v", err)
	}
}

// handler answers a method; a notification's result is dropped.
type handler func(s *server, params json.RawMessage) (any, *rpcError)

var handlers map[string]handler

func init() {
	// Set here: the handlers refer to the table through call.
	handlers = map[string]handler{
		"initialize":                          (*server).initialize,
		"initialized":                         (*server).initializedNote,
		"shutdown":                            (*server).shutdown,
		"textDocument/didOpen":                (*server).didOpen,
		"textDocument/didChange":              (*server).didChange,
		"textDocument/didSave":                (*server).didSave,
		"textDocument/didClose":               (*server).didClose,
		"workspace/didChangeWatchedFiles":     (*server).didChangeWatchedFiles,
		"workspace/didChangeConfiguration":    nothing,
		"textDocument/formatting":             (*server).formatting,
		"textDocument/hover":                  (*server).hover,
		"textDocument/completion":             (*server).completion,
		"textDocument/codeAction":             (*server).codeAction,
		"textDocument/definition":             (*server).definition,
		"$/cancelRequest":                     nothing,
		"$/setTrace":                          nothing,
		"workspace/didChangeWorkspaceFolders": (*server).didChangeWorkspaceFolders,
	}
}

func nothing(*server, json.RawMessage) (any, *rpcError) { return nil, nil }

// decode reads a method's params into v.
func decode(params json.RawMessage, v any) *rpcError {
	if len(params) == 0 {
		return &rpcError{codeInvalidParams, "params are missing"}
	}
	if err := json.Unmarshal(params, v); err != nil {
		return &rpcError{codeInvalidParams, "params: " + err.Error()}
	}
	return nil
}

func (s *server) initialize(params json.RawMessage) (any, *rpcError) {
	var p initializeParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	s.initialized = true
	s.setFolders(&p)
	encoding := "utf-16"
	for _, e := range p.Capabilities.General.PositionEncodings {
		if e == "utf-8" {
			s.utf8, encoding = true, "utf-8"
		}
	}
	return map[string]any{
		"capabilities": map[string]any{
			"positionEncoding": encoding,
			// Incremental, and the text on save: what resynchronises a
			// document after a change too large to read (tooLarge).
			"textDocumentSync":           map[string]any{"openClose": true, "change": 2, "save": map[string]any{"includeText": true}},
			"documentFormattingProvider": true,
			"hoverProvider":              true,
			"completionProvider":         map[string]any{"triggerCharacters": []string{" ", "$", "."}},
			"codeActionProvider":         map[string]any{"codeActionKinds": []string{"quickfix"}},
			"definitionProvider":         true,
		},
		"serverInfo": map[string]any{"name": "dynexpr"},
	}, nil
}

func (s *server) shutdown(json.RawMessage) (any, *rpcError) {
	s.shuttingDown = true
	if s.timer != nil {
		s.timer.Stop()
	}
	return nil, nil
}

func (s *server) didOpen(params json.RawMessage) (any, *rpcError) {
	var p didOpenParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	td := p.TextDocument
	path := pathOf(td.URI)
	lang := languageOf(path, td.LanguageID)
	if lang == nil {
		return nil, nil // not ours: the editor may send every file
	}
	d := &document{uri: td.URI, path: path, version: td.Version, lang: lang, utf8: s.utf8}
	if path == "" {
		d.path = td.URI
	}
	d.setText(td.Text)
	s.docs[td.URI] = d
	s.lint(d)
	return nil, nil
}

func (s *server) didChange(params json.RawMessage) (any, *rpcError) {
	var p didChangeParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return nil, nil
	}
	for _, c := range p.ContentChanges {
		if d.unsynced != "" && c.Range != nil {
			continue // of a text the server does not have
		}
		d.unsynced = ""
		d.apply(c.Range, c.Text)
	}
	d.version = p.TextDocument.Version
	if d.unsynced == "" {
		s.schedule()
	}
	return nil, nil
}

// didSave: the text as saved, when the editor sends it (the server asks
// for it): a document the server stopped holding is the editor's again,
// and one it holds is checked against it.
func (s *server) didSave(params json.RawMessage) (any, *rpcError) {
	var p didSaveParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d := s.docs[p.TextDocument.URI]
	if d == nil || p.Text == nil || d.unsynced == "" && d.text == *p.Text {
		return nil, nil
	}
	if d.unsynced == "" {
		s.logf("%s: the saved text is not the server's copy: the saved one is used", d.path)
	}
	d.unsynced = ""
	d.setText(*p.Text)
	s.lint(d)
	return nil, nil
}

// tooLarge answers a message over the cap, which was skipped: a request
// gets an error; a document whose change or text it was is no longer
// held as the editor holds it, which the user is told (a message, and the
// document's one diagnostic) until the editor sends its whole text again
// (on save, or when it is reopened). Its incremental changes until then
// are of a text the server does not have, and are dropped.
func (s *server) tooLarge(fe *frameError, limit int) {
	sn := fe.sniffed
	s.logf("%s (%s %s)", fe.msg, sn.method, sn.uri)
	switch {
	case sn.method == "":
		s.reply(nil, nil, &rpcError{codeParseError, fe.msg})
		return
	case len(sn.id) > 0:
		s.reply(sn.id, nil, &rpcError{codeRequestFailed, fe.msg})
		return
	}
	switch sn.method {
	case "textDocument/didOpen", "textDocument/didChange", "textDocument/didSave":
	default:
		return
	}
	var docs []*document
	switch d := s.docs[sn.uri]; {
	case d != nil:
		docs = append(docs, d)
	case sn.uri == "" && s.initialized:
		// Which document is not known: none is trusted.
		for _, d := range s.docs {
			docs = append(docs, d)
		}
	case sn.method == "textDocument/didOpen" && s.initialized:
		path := pathOf(sn.uri)
		lang := languageOf(path, "")
		if lang == nil {
			return
		}
		d := &document{uri: sn.uri, path: cmp.Or(path, sn.uri), lang: lang, utf8: s.utf8}
		s.docs[sn.uri] = d
		docs = append(docs, d)
	}
	for _, d := range docs {
		d.unsynced = fmt.Sprintf("dynexpr stopped checking %s: the editor sent %s of it at once, more than the %s the server reads in one message, so the server no longer has the text the editor shows; save the file (or close and open it again) to check it again",
			filepath.Base(d.path), textfile.Size(int64(fe.tooLarge)), textfile.Size(int64(limit)))
		d.setText("")
		s.notify("window/showMessage", map[string]any{"type": 1, "message": d.unsynced})
		s.lint(d)
	}
}

// schedule lints the changed documents once the editor has been quiet
// for the debounce.
func (s *server) schedule() {
	wait := s.opt.Debounce
	switch {
	case wait < 0:
		s.idleLint = true
		return
	case wait == 0:
		s.lintDirty()
		return
	}
	if s.timer == nil {
		s.timer = time.AfterFunc(wait, func() {
			select {
			case s.wake <- struct{}{}:
			default:
			}
		})
		return
	}
	s.timer.Reset(wait)
}

func (s *server) didClose(params json.RawMessage) (any, *rpcError) {
	var p didCloseParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if _, ok := s.docs[p.TextDocument.URI]; ok {
		delete(s.docs, p.TextDocument.URI)
		// A closed file's findings are the command line's to show.
		s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []diagnostic{}})
	}
	return nil, nil
}

// lintDirty lints every document changed since its last lint, in a fixed
// order.
func (s *server) lintDirty() {
	uris := make([]string, 0, len(s.docs))
	for u, d := range s.docs {
		if d.dirty {
			uris = append(uris, u)
		}
	}
	sort.Strings(uris)
	for _, u := range uris {
		s.lint(s.docs[u])
	}
}
