package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/validate"
	"github.com/mcpconf/mcpconf/view"
)

// Options are what the server may touch of the outside world: the
// streams it speaks LSP on, where its own messages go, and the
// environment discovery reads (as every command's injected IO).
type Options struct {
	In  io.Reader
	Out io.Writer
	// Log receives the server's own messages (stderr); nil discards them.
	Log io.Writer
	// Home is the home directory user files are read from ("" is
	// HomeDir's: the user's).
	Home   string
	Getenv func(string) string
	// Environ lists the environment ("NAME=value"); completion offers
	// its names, never a value. nil: none.
	Environ func() []string
	Getwd   func() (string, error)
	HomeDir func() (string, error)
	// Version is mcpconf's, for serverInfo.
	Version string
	// Boundary makes a run's secret boundary: every text sent crosses
	// one.
	Boundary func() *secret.Boundary
}

// ErrExitWithoutShutdown is Serve's answer when the client sent exit
// before shutdown (the process then exits 1, as LSP asks).
var ErrExitWithoutShutdown = errors.New("exit before shutdown")

// Serve answers LSP on o.In and o.Out until exit, the end of the input,
// or ctx's end. It returns nil after shutdown and exit.
func Serve(ctx context.Context, o Options) error {
	if o.Boundary == nil {
		o.Boundary = secret.New
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	s := &server{o: o, c: newConn(o.In, o.Out), docs: map[string]*document{}, dirty: map[string]bool{}, enc: utf16, trees: map[string]*treeRun{}}
	return s.run(ctx)
}

// document is an open file as the editor has it.
type document struct {
	uri     string
	abs     string
	version int
	text    *text
}

// treeRun is the last lint of a tree: the run, and each open file's
// findings with their diagnostics.
type treeRun struct {
	run   *run.Lint
	b     *secret.Boundary   // learned the run's secrets
	files map[string][]found // by absolute path
}

// found is one finding of a file: the diagnostic sent and the fix lint
// knows, in the text it was made for.
type found struct {
	diag    Diagnostic
	fix     *normalize.Fix
	version int
}

type server struct {
	o           Options
	c           *conn
	initialized bool
	shutdown    bool
	watch       bool // the client registers file watchers dynamically
	enc         encoding
	markdown    bool
	folders     []string             // absolute, clean
	docs        map[string]*document // by absolute path
	dirty       map[string]bool      // trees to lint again, by root
	trees       map[string]*treeRun  // by root
}

type incoming struct {
	m   *message
	err error
}

func (s *server) run(ctx context.Context) error {
	in := make(chan incoming)
	stop := make(chan struct{})
	defer close(stop) // the reader ends with the server, at its next message or the input's end
	go func() {
		for {
			m, err := s.c.read()
			var perr *rpcError
			select {
			case in <- incoming{m, err}:
			case <-stop:
				return
			}
			if err != nil && !errors.As(err, &perr) {
				return
			}
		}
	}()
	for {
		var next incoming
		select {
		case next = <-in:
		default:
			// nothing waiting: lint what changed, then wait (edits that
			// come faster than lint runs are linted once)
			s.lintDirty()
			select {
			case next = <-in:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if next.err != nil {
			var perr *rpcError
			if errors.As(next.err, &perr) {
				s.c.reply(json.RawMessage("null"), nil, perr)
				continue
			}
			if errors.Is(next.err, io.EOF) {
				if s.shutdown {
					return nil
				}
				return ErrExitWithoutShutdown
			}
			return next.err
		}
		if next.m.Method == "exit" {
			if s.shutdown {
				return nil
			}
			return ErrExitWithoutShutdown
		}
		s.handle(next.m)
	}
}

// handle answers one message; a panic is an internal error, and the
// server goes on.
func (s *server) handle(m *message) {
	defer func() {
		if r := recover(); r != nil {
			buf := make([]byte, 4096)
			buf = buf[:runtime.Stack(buf, false)]
			s.logf("internal error in %s: %v\n%s", m.Method, r, buf)
			if m.isRequest() {
				s.c.reply(m.ID, nil, &rpcError{Code: codeInternalError, Message: fmt.Sprintf("internal error in %s: %v", m.Method, r)})
			}
		}
	}()
	if !m.isRequest() {
		if m.Method == "" {
			return // a response: this server sends no request
		}
		if err := s.notification(m); err != nil {
			s.logf("%s: %v", m.Method, err)
		}
		return
	}
	result, err := s.request(m)
	var rerr *rpcError
	if err != nil && !errors.As(err, &rerr) {
		rerr = &rpcError{Code: codeInternalError, Message: err.Error()}
	}
	if rerr != nil {
		rerr.Message = s.o.Boundary().Message(rerr.Message).String()
	}
	s.c.reply(m.ID, result, rerr)
}

func (s *server) request(m *message) (any, error) {
	switch {
	case m.Method == "initialize":
		return s.initialize(m.Params)
	case !s.initialized:
		return nil, &rpcError{Code: codeServerNotInitialized, Message: "the server is not initialized: send initialize first"}
	case s.shutdown:
		return nil, &rpcError{Code: codeInvalidRequest, Message: fmt.Sprintf("%q after shutdown: send exit", m.Method)}
	}
	switch m.Method {
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "textDocument/hover":
		var p TextDocumentPositionParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.hover(p)
	case "textDocument/completion":
		var p TextDocumentPositionParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.completion(p)
	case "textDocument/definition":
		var p TextDocumentPositionParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.definition(p)
	case "textDocument/documentSymbol":
		var p DocumentSymbolParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.documentSymbols(p)
	case "textDocument/codeAction":
		var p CodeActionParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.codeActions(p)
	}
	return nil, &rpcError{Code: codeMethodNotFound, Message: fmt.Sprintf("method %q is not supported", m.Method)}
}

func (s *server) notification(m *message) error {
	if !s.initialized || s.shutdown {
		return nil // dropped, as the specification says
	}
	switch m.Method {
	case "initialized":
		if s.watch {
			// files that are not open change on disk too (a checkout, another
			// editor): the client says so, and the open files of their tree
			// are linted again
			var ws []FileSystemWatcher
			for _, g := range watchedGlobs {
				ws = append(ws, FileSystemWatcher{GlobPattern: g})
			}
			return s.c.request(1, "client/registerCapability", RegistrationParams{Registrations: []Registration{
				{ID: "mcpconf-watch", Method: "workspace/didChangeWatchedFiles", RegisterOptions: map[string]any{"watchers": ws}}}})
		}
	case "textDocument/didOpen":
		var p DidOpenTextDocumentParams
		if err := decode(m.Params, &p); err != nil {
			return err
		}
		abs, err := pathOf(p.TextDocument.URI)
		if err != nil {
			return err
		}
		s.docs[abs] = &document{uri: p.TextDocument.URI, abs: abs, version: p.TextDocument.Version, text: newText([]byte(p.TextDocument.Text))}
		s.touch(abs)
	case "textDocument/didChange":
		var p DidChangeTextDocumentParams
		if err := decode(m.Params, &p); err != nil {
			return err
		}
		abs, err := pathOf(p.TextDocument.URI)
		if err != nil {
			return err
		}
		d := s.docs[abs]
		if d == nil {
			return fmt.Errorf("%q changed but was never opened", p.TextDocument.URI)
		}
		t := d.text
		for _, c := range p.ContentChanges {
			if t, err = t.apply(c, s.enc); err != nil {
				return fmt.Errorf("change to %q: %v", p.TextDocument.URI, err)
			}
		}
		d.text, d.version = t, p.TextDocument.Version
		s.touch(abs)
	case "textDocument/didClose":
		var p DidCloseTextDocumentParams
		if err := decode(m.Params, &p); err != nil {
			return err
		}
		abs, err := pathOf(p.TextDocument.URI)
		if err != nil {
			return err
		}
		if d := s.docs[abs]; d != nil {
			delete(s.docs, abs)
			s.touch(abs) // the others now read the disk's
			s.publish(d.uri, nil, nil)
		}
	case "workspace/didChangeWorkspaceFolders":
		// an open file may now belong to another folder's tree
		var p DidChangeWorkspaceFoldersParams
		if err := decode(m.Params, &p); err != nil {
			return err
		}
		for _, f := range p.Event.Removed {
			if abs, err := pathOf(f.URI); err == nil {
				s.folders = slices.DeleteFunc(s.folders, func(x string) bool { return x == abs })
			}
		}
		for _, f := range p.Event.Added {
			if abs, err := pathOf(f.URI); err == nil && !slices.Contains(s.folders, abs) {
				s.folders = append(s.folders, abs)
			}
		}
		for abs := range s.docs {
			s.touch(abs)
		}
	case "textDocument/didSave", "workspace/didChangeWatchedFiles":
		// the disk changed under the files that are not open
		for abs := range s.docs {
			s.touch(abs)
		}
	}
	return nil
}

// watchedGlobs are the files whose changes on disk may change what lint
// says of an open file: the clients' config files (JSON, JSONC, TOML;
// pisces's YAML settings) and .mcpconf.toml.
var watchedGlobs = []string{"**/*.json", "**/*.jsonc", "**/*.toml", "**/*.yml", "**/*.yaml"}

func decode(params json.RawMessage, v any) error {
	if len(params) == 0 {
		return &rpcError{Code: codeInvalidParams, Message: "params are missing"}
	}
	if err := json.Unmarshal(params, v); err != nil {
		return &rpcError{Code: codeInvalidParams, Message: "params do not decode: " + err.Error()}
	}
	return nil
}

func (s *server) initialize(params json.RawMessage) (any, error) {
	if s.initialized {
		return nil, &rpcError{Code: codeInvalidRequest, Message: "initialize was sent twice"}
	}
	var p InitializeParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	for _, f := range p.WorkspaceFolders {
		if abs, err := pathOf(f.URI); err == nil {
			s.folders = append(s.folders, abs)
		}
	}
	if len(s.folders) == 0 && p.RootURI != nil {
		if abs, err := pathOf(*p.RootURI); err == nil {
			s.folders = append(s.folders, abs)
		}
	}
	if len(s.folders) == 0 && p.RootPath != nil && filepath.IsAbs(*p.RootPath) {
		s.folders = append(s.folders, filepath.Clean(*p.RootPath))
	}
	// UTF-16 unless the client offers only another encoding mcpconf counts
	if encs := p.Capabilities.General.PositionEncodings; len(encs) > 0 && !slices.Contains(encs, string(utf16)) {
		for _, e := range encs {
			if e == string(utf8e) || e == string(utf32) {
				s.enc = encoding(e)
				break
			}
		}
	}
	s.markdown = slices.Contains(p.Capabilities.TextDocument.Hover.ContentFormat, "markdown")
	s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.initialized = true
	return InitializeResult{
		Capabilities: ServerCapabilities{
			PositionEncoding:   string(s.enc),
			TextDocumentSync:   TextDocumentSyncOptions{OpenClose: true, Change: syncIncremental, Save: true},
			HoverProvider:      true,
			CodeActionProvider: CodeActionOptions{CodeActionKinds: []string{kindQuickFix, kindFixAll}},
			CompletionProvider: &CompletionOptions{TriggerCharacters: []string{`"`, "$", "{", ":"}},
			DefinitionProvider: true, DocumentSymbolProvider: true,
			Workspace: &WorkspaceCapabilities{WorkspaceFolders: WorkspaceFoldersSupport{Supported: true, ChangeNotifications: true}},
		},
		ServerInfo: ServerInfo{Name: "mcpconf", Version: s.o.Version},
	}, nil
}

// pathOf is the absolute path of a file: URI.
func pathOf(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", fmt.Errorf("%q is not a file: URI", uri)
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	p = filepath.FromSlash(p)
	if !filepath.IsAbs(p) {
		return "", fmt.Errorf("%q is not an absolute file: URI", uri)
	}
	return filepath.Clean(p), nil
}

// uriOf is the file: URI of an absolute path.
func uriOf(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

func (s *server) logf(format string, args ...any) {
	msg := s.o.Boundary().Message(fmt.Sprintf(format, args...)).String()
	fmt.Fprintf(s.o.Log, "mcpconf lsp: %s\n", msg)
	s.c.notify("window/logMessage", map[string]any{"type": 1, "message": msg})
}

// overlay is the open documents' text, for discovery.
func (s *server) overlay() discover.Overlay {
	texts := make(map[string][]byte, len(s.docs))
	for abs, d := range s.docs {
		texts[abs] = d.text.src
	}
	return func(abs string) ([]byte, bool) {
		src, ok := texts[abs]
		return src, ok
	}
}

// options are discovery's options for a tree: its root is where lint
// runs (--root and the working directory), with the open documents laid
// over the disk.
func (s *server) options(root string) (discover.Options, error) {
	home := s.o.Home
	dopts, err := app.Discovery(app.DiscoveryRequest{Root: root, Home: home, Getenv: s.o.Getenv,
		Getwd: func() (string, error) { return root, nil }, HomeDir: s.o.HomeDir})
	if err != nil {
		return dopts, err
	}
	dopts.Overlay = s.overlay()
	return dopts, nil
}

// treeOf is the root a file is linted from: the workspace folder that
// holds it (the deepest), else the project its path places it in (the
// directory its client starts in); a user file the clients read
// (~/.claude.json, whose entry for the folder holds its local servers
// and approvals) in the first folder's tree, as mcpconf lint FILE run
// there; else its directory.
func (s *server) treeOf(abs string) string {
	best := ""
	for _, f := range s.folders {
		if within(f, abs) && len(f) > len(best) {
			best = f
		}
	}
	if best != "" {
		return best
	}
	dir := filepath.Dir(abs)
	if root, ok := discover.SettingsRoot(abs); ok {
		return root
	}
	if dopts, err := s.options(dir); err == nil && dopts.Prepare() == nil {
		if loc, root, ok := dopts.Classify(abs); ok {
			if !loc.Scope.OutsideProject() {
				return root
			}
			if len(s.folders) > 0 {
				return s.folders[0]
			}
		}
	}
	return dir
}

func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && filepath.IsLocal(rel)
}

// touch marks the tree of abs to be linted again: a change to one file
// changes what lint says of the others of its tree.
func (s *server) touch(abs string) { s.dirty[s.treeOf(abs)] = true }

// lintDirty lints every tree that changed.
func (s *server) lintDirty() {
	roots := make([]string, 0, len(s.dirty))
	for r := range s.dirty {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	for _, r := range roots {
		delete(s.dirty, r)
		s.lintTree(r)
	}
}

// lintTree lints the open files of the tree at root, as mcpconf lint
// FILE... run at root lints them, and publishes each one's findings.
func (s *server) lintTree(root string) {
	var open []*document
	for _, d := range s.docs {
		if s.treeOf(d.abs) == root {
			open = append(open, d)
		}
	}
	sort.Slice(open, func(i, j int) bool { return open[i].abs < open[j].abs })
	run, known, err := s.lint(root, open)
	if err != nil {
		s.logf("cannot lint %q: %v", root, err)
		return
	}
	tr := &treeRun{run: run, files: map[string][]found{}}
	s.trees[root] = tr
	if run == nil {
		for _, d := range open {
			s.publish(d.uri, &d.version, nil)
		}
		return
	}
	b := s.o.Boundary()
	safe := view.NewLint(b, run)
	tr.b = b
	texts := map[string]*text{}
	textOf := func(abs string) *text {
		if d := s.docs[abs]; d != nil {
			return d.text
		}
		if t, ok := texts[abs]; ok {
			return t
		}
		var t *text
		if src, err := os.ReadFile(abs); err == nil {
			t = newText(src)
		}
		texts[abs] = t
		return t
	}
	for i, d := range run.Findings {
		abs := absOf(run, d.Path)
		doc := s.docs[abs]
		if doc == nil || !known[abs] {
			// a finding written in a file the editor does not show, about
			// a server that spans an open one (a definition drifting from
			// it, one it shadows): shown at its place in the open file,
			// the finding's own place as related information
			s.mirror(run, d, safe.Findings[i], known, textOf, tr)
			continue
		}
		diag := s.diagnostic(run, d, safe.Findings[i], doc.text, textOf)
		tr.files[abs] = append(tr.files[abs], found{diag: diag, fix: d.Fix, version: doc.version})
	}
	for _, d := range open {
		var diags []Diagnostic
		for _, f := range tr.files[d.abs] {
			diags = append(diags, f.diag)
		}
		s.publish(d.uri, &d.version, diags)
	}
}

// lint runs mcpconf lint at root on the open files of its tree that
// lint knows (known, by absolute path); nil when there is none.
func (s *server) lint(root string, open []*document) (*run.Lint, map[string]bool, error) {
	dopts, err := s.options(root)
	if err != nil {
		return nil, nil, err
	}
	probe := dopts
	if err := probe.Prepare(); err != nil {
		return nil, nil, err
	}
	known := map[string]bool{}
	var paths []string
	for _, d := range open {
		if lintable(&probe, d.abs) {
			known[d.abs] = true
			paths = append(paths, d.abs)
		}
	}
	if len(paths) == 0 {
		return nil, known, nil
	}
	scope, err := app.ReadScope("project") // lint's default
	if err != nil {
		return nil, nil, err
	}
	run, err := app.Lint(app.LintRequest{Options: dopts, Paths: paths, Scope: scope, Version: s.o.Version})
	return run, known, err
}

// lintable says lint takes abs on its command line: a config file a
// client reads, a settings file that decides on its project's servers,
// or the linter's config.
func lintable(dopts *discover.Options, abs string) bool {
	if _, _, ok := dopts.Classify(abs); ok {
		return true
	}
	if _, ok := discover.SettingsRoot(abs); ok {
		return true
	}
	return filepath.Base(abs) == validate.ConfigFile
}

// absOf is the absolute path of a display path of run: "~/…" under the
// home, relative ones under the base.
func absOf(run *run.Lint, display string) string {
	switch {
	case display == "":
		return ""
	case (display == "~" || strings.HasPrefix(display, "~/")) && run.Home != "":
		return filepath.Join(run.Home, filepath.FromSlash(strings.TrimPrefix(display[1:], "/")))
	case filepath.IsAbs(display):
		return filepath.Clean(display)
	}
	return filepath.Join(run.Base, filepath.FromSlash(display))
}

// diagnostic is a finding as LSP shows it: the rule as its code, linked
// to its documentation, the message and the hint as lint's JSON writes
// them (masked), its range in the editor's encoding, the related places.
func (s *server) diagnostic(run *run.Lint, d normalize.Diagnostic, f view.Finding, t *text, textOf func(string) *text) Diagnostic {
	out := Diagnostic{Code: f.Rule.String(), Source: "mcpconf", Severity: lspSeverity(f.Severity), Message: f.Message.String()}
	if h := f.Hint.String(); h != "" {
		out.Message += "\n" + h
	}
	if u := f.DocURL.String(); u != "" {
		out.CodeDescription = &CodeDescription{Href: u}
	}
	out.Range = s.rangeOf(t, f.Pos, f.End)
	data := &DiagnosticData{Pointer: f.Pointer.String(), Hint: f.Hint.String()}
	for _, c := range f.Clients {
		data.Clients = append(data.Clients, c.String())
	}
	out.Data = data
	for i, r := range f.Related {
		path := d.Related[i].Path
		if path == "" {
			path = d.Path
		}
		abs := absOf(run, path)
		loc := Location{URI: uriOf(abs)}
		if rt := textOf(abs); rt != nil {
			loc.Range = s.rangeOf(rt, r.Pos, view.Pos{})
		}
		out.RelatedInformation = append(out.RelatedInformation, DiagnosticRelatedInformation{Location: loc, Message: r.Message.String()})
	}
	return out
}

// mirror adds finding d, written in a file that is not open, to each
// open file one of its related places is in, at that place; its own
// place comes first among the related ones. Its fix edits the other
// file: none is offered here.
func (s *server) mirror(run *run.Lint, d normalize.Diagnostic, f view.Finding, known map[string]bool, textOf func(string) *text, tr *treeRun) {
	done := map[string]bool{}
	for i, r := range d.Related {
		path := r.Path
		if path == "" {
			path = d.Path
		}
		abs := absOf(run, path)
		doc := s.docs[abs]
		if doc == nil || !known[abs] || done[abs] || !r.Pos.IsValid() {
			continue
		}
		done[abs] = true
		diag := s.diagnostic(run, d, f, doc.text, textOf)
		diag.Range = s.rangeOf(doc.text, f.Related[i].Pos, view.Pos{})
		own := Location{URI: uriOf(absOf(run, d.Path))}
		if t := textOf(absOf(run, d.Path)); t != nil {
			own.Range = s.rangeOf(t, f.Pos, f.End)
		}
		diag.RelatedInformation = append([]DiagnosticRelatedInformation{{Location: own, Message: "the finding, in " + f.Path.String()}}, diag.RelatedInformation...)
		tr.files[abs] = append(tr.files[abs], found{diag: diag, version: doc.version})
	}
}

// rangeOf is lint's span (1-based, columns in code points; End zero for
// a point) in t, in the editor's encoding; no position is the file's
// start.
func (s *server) rangeOf(t *text, pos, end view.Pos) Range {
	if !pos.IsValid() {
		return Range{}
	}
	start := t.at(pos.Line, pos.Col, s.enc)
	r := Range{Start: start, End: start}
	if end.IsValid() {
		r.End = t.at(end.Line, end.Col, s.enc)
	}
	return r
}

func lspSeverity(sev view.Severity) int {
	switch sev {
	case view.Error:
		return severityError
	case view.Warning:
		return severityWarning
	}
	return severityInformation
}

func (s *server) publish(uri string, version *int, diags []Diagnostic) {
	if diags == nil {
		diags = []Diagnostic{}
	}
	s.c.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: uri, Version: version, Diagnostics: diags})
}

// fresh lints the tree of abs now when it changed since it was last
// linted: a code action is made from the text the editor has.
func (s *server) fresh(abs string) *treeRun {
	root := s.treeOf(abs)
	if s.dirty[root] || s.trees[root] == nil {
		delete(s.dirty, root)
		s.lintTree(root)
	}
	return s.trees[root]
}

// bom is the UTF-8 byte order mark, which discovery leaves out of a
// document's text: offsets of lint's edits follow it in a buffer that
// holds it.
var bom = []byte{0xEF, 0xBB, 0xBF}

// textEdits are a fix's edits in t, the text lint read; ok is false when
// an edit is in another file (lint --fix makes no such fix either) or
// writes a value the boundary masks (the editor would be sent a secret).
func (s *server) textEdits(b *secret.Boundary, abs string, t *text, fix *normalize.Fix) ([]TextEdit, bool) {
	shift := 0
	if bytes.HasPrefix(t.src, bom) {
		shift = len(bom)
	}
	var out []TextEdit
	for _, e := range fix.Edits {
		if e.Abs != abs || b.Lines(e.Text).String() != e.Text {
			return nil, false
		}
		out = append(out, TextEdit{Range: Range{Start: t.position(e.Start.Offset+shift, s.enc), End: t.position(e.End.Offset+shift, s.enc)}, NewText: e.Text})
	}
	return out, len(out) > 0
}
