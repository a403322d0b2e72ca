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
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"time"
)

// ErrNoShutdown is what Serve returns when the editor sent exit without
// shutdown first: the protocol asks for exit status 1 then.
var ErrNoShutdown = errors.New("exit without shutdown")

// Options configure a server.
type Options struct {
	// Debounce is how long after a change the document is linted: typing
	// goes on, and a lint per keystroke would be wasted. Zero lints at
	// once.
	Debounce time.Duration
	// Log receives what the server says about itself (never the editor's
	// output): standard error.
	Log io.Writer
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
	return s.run(newFrameReader(in))
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
	wake  chan struct{} // the debounce timer fired
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
	for {
		select {
		case <-s.wake:
			s.lintDirty()
		case in := <-msgs:
			var fe *frameError
			switch {
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
		"textDocument/didSave":                nothing,
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
			"positionEncoding":           encoding,
			"textDocumentSync":           map[string]any{"openClose": true, "change": 2}, // incremental
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
		d.apply(c.Range, c.Text)
	}
	d.version = p.TextDocument.Version
	s.schedule()
	return nil, nil
}

// schedule lints the changed documents once the editor has been quiet
// for the debounce.
func (s *server) schedule() {
	if s.opt.Debounce <= 0 {
		s.lintDirty()
		return
	}
	if s.timer == nil {
		s.timer = time.AfterFunc(s.opt.Debounce, func() {
			select {
			case s.wake <- struct{}{}:
			default:
			}
		})
		return
	}
	s.timer.Reset(s.opt.Debounce)
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
