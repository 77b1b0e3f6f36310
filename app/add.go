package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/view"
)

// AddRequest is servers to write for several clients (mcpconf add: one;
// mcpconf sync: every server copied).
type AddRequest struct {
	// Options locate the project and the home, prepared.
	Options *discover.Options
	Clients []*normalize.Client
	Scope   normalize.Scope // one of WriteScopes
	Servers []define.Server
	// DryRun computes the changes and writes nothing.
	DryRun bool
	// Replace rewrites a definition of the same name where a file has one
	// (sync), instead of refusing the client.
	Replace bool
	// Force writes, where a client cannot hold the definition exactly,
	// its nearest form (define.Force), with a warning of what it changes.
	Force bool
	// Context stops the write (Ctrl-C, SIGTERM) before a file's rename:
	// the clients not written yet are refused, their files as they were.
	// nil: never.
	Context context.Context
}

// WriteScopes are the scopes add, remove and sync write to: the
// project's file, the user's, and the project's private one
// (normalize.Local: Claude Code's projects[<root>] in ~/.claude.json).
var WriteScopes = []normalize.Scope{normalize.Project, normalize.User, normalize.Local}

// AddResult is what add wrote, or would write (DryRun), and what it
// refused.
type AddResult struct {
	// Files are the files changed, in client order (Created: a file add
	// creates, Before empty).
	Files   []FileFix
	Refused []run.ClientNote
	// Warnings say what --force changed for a client (Reason holds it).
	Warnings []run.ClientNote
	// Written are the definitions in the files, written or found already
	// so (for remove: the names taken out): what Verify checks each
	// client's view against.
	Written []Written
	// Unverified are the clients whose view, read again after the write,
	// does not use what was written (Verify).
	Unverified []run.ClientNote
	// Secrets are what explain masks in the files read, as read before
	// the write, and in the definitions written or copied: the output of
	// the write masks them (run.Write.Secrets), in a dry run and after
	// a remove too, when nothing read again holds them.
	Secrets []string
}

// Verify reads the clients' views again after the write (o, prepared
// afresh) and records what they do not use as written (Unverified) and,
// for remove, the definitions they still use elsewhere (Warnings).
func (r *AddResult) Verify(o *discover.Options, remove bool) {
	p, w := Verify(o, r.Written, remove)
	r.Unverified = append(r.Unverified, p...)
	r.Warnings = append(r.Warnings, w...)
}

// Written is one server in one client's file after a write (or, for
// remove, taken out of it).
type Written struct {
	Client    *normalize.Client
	Abs, Path string // the file, and as displayed
	// Scope is the scope written: ~/.claude.json holds Claude Code's user
	// servers and each project's local ones.
	Scope  normalize.Scope
	Server define.Server
	// Forced: written in its nearest form (define.Force), not as given.
	Forced bool
}

// Run is the result as the view package takes it: name is the server add
// or remove wrote ("" for sync), the files' changes as unified diffs.
func (r *AddResult) Run(name string, remove, dryRun bool) *run.Write {
	w := &run.Write{Name: name, Remove: remove, DryRun: dryRun, Refused: r.Refused, Warnings: r.Warnings, Unverified: r.Unverified, Secrets: r.Secrets}
	for _, f := range r.Files {
		w.Files = append(w.Files, run.WrittenFile{Path: f.Path, Created: f.Created, Diff: edit.Diff(f.Path, f.Before, f.After)})
	}
	return w
}

// Add writes req.Servers into each client's file of the scope
// (discover.Options.TargetFile), translated for it (define.For), through
// the editor: the file's other bytes kept, a file created with its
// directories when missing, each file written once, atomically, with
// every server. A server a client cannot hold exactly, or whose name its
// file already defines (without Replace), is refused for that client with
// the reason; a client whose file cannot be read whole or does not parse
// is refused; the others are written.
func Add(req AddRequest) (*AddResult, error) {
	out := &AddResult{}
	refuse := out.refuse
	for _, s := range req.Servers {
		out.learnServer(s)
	}
	ctx := orBackground(req.Context)
	for _, c := range req.Clients {
		if out.interrupted(ctx, c) {
			continue
		}
		t, ok := out.target(req.Options, c, req.Scope)
		if !ok {
			continue
		}
		abs, display, format := t.Abs, t.Display, t.Format
		doc, created, ok, err := out.open(req.Options, c, t)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if created {
			empty := "{}\n"
			if format == normalize.TOML {
				empty = ""
			}
			doc, _ = discover.Parse(abs, display, format, []byte(empty))
		}
		before := doc.Src
		first := doc // as read: the document later servers are added to is parsed again
		var warnings []string
		var written []Written
		w := &fileEdit{req: req, c: c, t: t, src: doc.Src, doc: doc}
		for _, s := range req.Servers {
			if ctx.Err() != nil {
				break
			}
			warns, err := w.add(s)
			var r *define.Refusal
			if errors.As(err, &r) {
				refuse(c, r.Reason, r.Hint)
				continue
			}
			if err != nil {
				return nil, err
			}
			written = append(written, Written{Client: c, Abs: abs, Path: display, Scope: req.Scope, Server: s, Forced: len(warns) > 0})
			if n := define.NameNote(c, s); n != "" {
				warns = append(warns, n)
			}
			warnings = append(warnings, warns...)
		}
		if out.interrupted(ctx, c) {
			continue
		}
		src, err := w.result()
		if err != nil {
			return nil, err
		}
		out.Written = append(out.Written, written...)
		for _, w := range warnings {
			out.Warnings = append(out.Warnings, run.ClientNote{Client: c, Reason: w})
		}
		after := src
		if bytes.Equal(after, before) && !created || len(written) == 0 {
			continue // already so: nothing to write
		}
		if created && format != normalize.TOML {
			// a new file has no style to follow: two spaces, as users write
			var b bytes.Buffer
			if json.Indent(&b, bytes.TrimSpace(after), "", "  ") == nil {
				after = append(b.Bytes(), '\n')
			}
		}
		if !req.DryRun {
			if err := write(ctx, req.Options, t, before, after, created); err != nil {
				out.Written = out.Written[:len(out.Written)-len(written)]
				refuse(c, err.Error(), "")
				continue
			}
		}
		if created {
			before = nil
		} else {
			out.Secrets = append(out.Secrets, prunedSecrets(first, before, after)...)
		}
		out.Files = append(out.Files, FileFix{Path: display, Abs: abs, Format: format, Before: before, After: after, Fixed: len(written), Created: created})
	}
	return out, nil
}

// fileEdit is the servers written into one client's file: its text
// with those written so far (src), parsed (doc, nil until needed), and
// the edits of doc not applied yet (batch). Servers added to an object of
// servers that has one already go through one edit.Batch, the file
// parsed once for all of them: parsed again after each, a sync of
// thousands of servers into one file cost the square of their number.
// Where the batch cannot take a server (the object of servers, or the
// levels above it, missing; a name given twice), what it holds is
// applied, the result parsed, and the server written on it alone, as
// every server was before: the bytes are the same either way
// (edit.TestBatchSameAsOneAtATime, TestSyncBatchSameAsOneAtATime).
type fileEdit struct {
	req   AddRequest
	c     *normalize.Client
	t     discover.Target
	src   []byte
	doc   *normalize.Document
	batch *edit.Batch
	names map[string]*normalize.Member // doc's servers by name, for a large object
}

// add writes s, or says why not (a *define.Refusal), with the warnings
// of what --force changed.
func (w *fileEdit) add(s define.Server) ([]string, error) {
	e, warns, err := entry(w.c, s, w.req)
	if err != nil {
		return nil, err
	}
	for {
		if w.doc == nil { // parsed again only when another server follows
			w.doc, _ = w.req.Options.ParseTarget(w.t, w.src)
			w.names = nil
		}
		if w.batch != nil && w.batch.Has(s.Name) { // given twice
			if err := w.flush(); err != nil {
				return nil, err
			}
			continue
		}
		if done, err := w.batched(s, e, warns); done || err != nil {
			return warns, err
		}
		if w.batch != nil && !w.batch.Empty() {
			if err := w.flush(); err != nil {
				return nil, err
			}
			continue
		}
		w.batch = nil
		next, err := addOne(w.doc, w.c, w.t, s, e, warns, w.req)
		if err != nil {
			return nil, err
		}
		if next != nil {
			w.src, w.doc = next, nil
		}
		return warns, nil
	}
}

// batched writes s (as e) through the batch where the object of servers
// has a member already: done when written, found already so, or refused
// (err); not done when it is for addOne.
func (w *fileEdit) batched(s define.Server, e define.Entry, warns []string) (done bool, err error) {
	if oneAtATime {
		return false, nil
	}
	c, display := w.c, w.t.Display
	at, missing, bad := within(w.doc.Root, w.t.Within)
	if bad != "" || len(missing) > 0 {
		return false, nil
	}
	servers := at.Get(c.ServersKey)
	if servers == nil || servers.Kind != normalize.Object || len(servers.Members) == 0 {
		return false, nil
	}
	m := w.member(servers, s.Name)
	switch {
	case m != nil && !w.req.Replace:
		return true, taken(s, display, m)
	case m != nil && (sameJSON(m.Value, e.JSON) || len(warns) == 0 && readsAs(w.doc, m, c, display, s, e)):
		return true, nil
	case m != nil && m.Value.Kind == normalize.Object && len(warns) == 0 && w.doc.Format == normalize.TOML:
		return false, nil // its members that differ, by addOne (replaceMembers)
	}
	if w.batch == nil {
		if w.batch, err = edit.NewBatch(w.doc, servers); err != nil {
			return false, err
		}
	}
	ok := false
	switch {
	case m != nil && m.Value.Kind == normalize.Object && len(warns) == 0:
		// only the members that differ (replaceMembers)
		got, inputs := decodeMember(w.doc, m, c, display)
		if text := entryMembers(w.doc, w.t, m.Value, c, inputs, s, e); got != nil && text != nil {
			ok, err = w.batch.ReplaceText(m, string(text))
		} else {
			ok, err = w.batch.Replace(m, edit.Layout(m.Value, e.JSON))
		}
	case m != nil:
		ok, err = w.batch.Replace(m, edit.Layout(m.Value, e.JSON))
	default:
		ok, err = w.batch.Insert(s.Name, edit.Layout(servers, e.JSON))
	}
	if err != nil {
		return true, &define.Refusal{Reason: fmt.Sprintf("cannot add %q to %s: %v", s.Name, display, err)}
	}
	return ok, nil
}

// oneAtATime, set by tests, writes every server alone, the file parsed
// again after each, as Add did before edit.Batch: what a batch writes is
// compared with it.
var oneAtATime bool

// member is the member of servers (doc's) named name, looked up in a map
// in a large object: once per server, a search of the object cost the
// square of their number.
func (w *fileEdit) member(servers *normalize.Value, name string) *normalize.Member {
	if len(servers.Members) < 64 {
		return servers.Member(name)
	}
	if w.names == nil {
		w.names = make(map[string]*normalize.Member, len(servers.Members))
		for _, m := range servers.Members {
			w.names[m.Key] = m // the last of a name, as Member finds
		}
	}
	return w.names[name]
}

// flush applies the batch: src is then the text with every server so
// far, to be parsed again.
func (w *fileEdit) flush() error {
	if w.batch != nil && !w.batch.Empty() {
		next, err := w.batch.Result()
		if err != nil {
			return err
		}
		w.src, w.doc = next, nil
	}
	w.batch = nil
	return nil
}

// result is the file's text with every server written.
func (w *fileEdit) result() ([]byte, error) {
	if err := w.flush(); err != nil {
		return nil, err
	}
	return w.src, nil
}

// entry is s written for c, or a *define.Refusal when c cannot hold it
// or it goes into a project's file and holds what was read from a
// private one; warns say what --force changed.
func entry(c *normalize.Client, s define.Server, req AddRequest) (e define.Entry, warns []string, err error) {
	if req.Scope == normalize.Project {
		// a project's file is shared: what was read from a private one
		// goes there only as references
		if err := define.Shared(c, s); err != nil {
			return e, nil, err
		}
	}
	if req.Force {
		return define.Force(c, s)
	}
	e, err = define.For(c, s)
	return e, nil, err
}

// taken refuses s, whose name m already defines in the file.
func taken(s define.Server, display string, m *normalize.Member) error {
	return &define.Refusal{Reason: fmt.Sprintf("%q is already defined in %s:%s", s.Name, display, m.KeyRange.Start), Hint: "remove it first (mcpconf remove), or choose another name"}
}

// addOne is doc's text with s written as e for c in the target t, or nil
// when the file already holds it; a *define.Refusal when the name is
// taken and the request does not replace, or a level of t.Within is
// there but not an object.
func addOne(doc *normalize.Document, c *normalize.Client, t discover.Target, s define.Server, e define.Entry, warns []string, req AddRequest) ([]byte, error) {
	display := t.Display
	at, missing, bad := within(doc.Root, t.Within)
	if bad != "" {
		return nil, &define.Refusal{Reason: fmt.Sprintf("%s holds %s where %s keeps its servers: nothing was written to it", display, bad, c.Product)}
	}
	var ins normalize.Edit
	var err error
	switch servers := at.Get(c.ServersKey); {
	case len(missing) > 0:
		// the levels Claude Code's local scope needs, created as the
		// smallest entry it reads: {"mcpServers": {NAME: …}}
		v := fmt.Sprintf("{%q: {%s: %s}}", c.ServersKey, jsonString(s.Name), e.JSON)
		for i := len(missing) - 1; i > 0; i-- {
			v = fmt.Sprintf("{%s: %s}", jsonString(missing[i]), v)
		}
		ins, err = edit.InsertMember(doc, at, missing[0], edit.Layout(at, v))
	case servers != nil && servers.Kind == normalize.Object:
		switch m := servers.Member(s.Name); {
		case m != nil && !req.Replace:
			return nil, taken(s, display, m)
		case m != nil && (sameJSON(m.Value, e.JSON) || len(warns) == 0 && readsAs(doc, m, c, display, s, e)):
			return nil, nil // already so, or what the client launches the same
		case m != nil && m.Value.Kind == normalize.Object && len(warns) == 0:
			// only the members that differ (replaceMembers)
			if next := replaceMembers(req.Options, t, doc, c, s, e); next != nil {
				return next, nil
			}
			ins, err = edit.ReplaceValue(doc, m.Value, edit.Layout(m.Value, e.JSON))
		case m != nil:
			ins, err = edit.ReplaceValue(doc, m.Value, edit.Layout(m.Value, e.JSON))
		default:
			ins, err = edit.InsertMember(doc, servers, s.Name, edit.Layout(servers, e.JSON))
		}
	default:
		ins, err = edit.InsertMember(doc, at, c.ServersKey, edit.Layout(at, fmt.Sprintf("{%s: %s}", jsonString(s.Name), e.JSON)))
	}
	if err != nil {
		return nil, &define.Refusal{Reason: fmt.Sprintf("cannot add %q to %s: %v", s.Name, display, err)}
	}
	return edit.Apply(doc.Src, []normalize.Edit{ins})
}

// RemoveRequest is a server to remove from several clients' files
// (mcpconf remove).
type RemoveRequest struct {
	Options *discover.Options
	Clients []*normalize.Client
	Scope   normalize.Scope
	Name    string
	DryRun  bool
	Context context.Context // as AddRequest's
}

// Remove deletes the server Name from each client's file of the scope,
// through the editor; a client whose file does not define it, or does
// not parse, is refused with the reason.
func Remove(req RemoveRequest) (*AddResult, error) {
	out := &AddResult{}
	refuse := out.refuse
	ctx := orBackground(req.Context)
	for _, c := range req.Clients {
		if out.interrupted(ctx, c) {
			continue
		}
		t, ok := out.target(req.Options, c, req.Scope)
		if !ok {
			continue
		}
		abs, display, format := t.Abs, t.Display, t.Format
		doc, absent, ok, err := out.open(req.Options, c, t)
		if err != nil {
			return nil, err
		}
		if absent {
			out.notHere(req.Options, c, t, req.Scope, req.Name, fmt.Sprintf("%s does not exist: no %q to remove", display, req.Name))
		}
		if !ok || absent {
			continue
		}
		at, missing, _ := within(doc.Root, t.Within)
		var servers *normalize.Value
		if len(missing) == 0 && at != nil {
			servers = at.Get(c.ServersKey)
		}
		var m *normalize.Member
		if servers != nil && servers.Kind == normalize.Object {
			m = servers.Member(req.Name)
		}
		if m == nil {
			out.notHere(req.Options, c, t, req.Scope, req.Name, fmt.Sprintf("%s does not define %q", display, req.Name))
			continue
		}
		edits, err := edit.DeleteMember(doc, servers, m)
		if err != nil {
			refuse(c, fmt.Sprintf("cannot remove %q from %s: %v", req.Name, display, err), "")
			continue
		}
		after, err := edit.Apply(doc.Src, edits)
		if err != nil {
			return nil, err
		}
		if out.interrupted(ctx, c) {
			continue
		}
		if !req.DryRun {
			if err := write(ctx, req.Options, t, doc.Src, after, false); err != nil {
				refuse(c, err.Error(), "")
				continue
			}
		}
		out.Secrets = append(out.Secrets, prunedSecrets(doc, doc.Src, after)...)
		out.Files = append(out.Files, FileFix{Path: display, Abs: abs, Format: format, Before: doc.Src, After: after, Fixed: 1})
		out.Written = append(out.Written, Written{Client: c, Abs: abs, Path: display, Scope: req.Scope, Server: define.Server{Name: req.Name}})
	}
	return out, nil
}

// open reads the file of c a write goes to (discover.Options.ReadTarget):
// missing when it does not exist yet; ok false when c is refused because
// the file was not read whole, does not parse, or holds no object (the
// first error found says why: a file too large to read, a syntax error
// and where).
func (r *AddResult) open(o *discover.Options, c *normalize.Client, t discover.Target) (doc *normalize.Document, missing, ok bool, err error) {
	doc, diags, err := o.ReadTarget(t)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, true, true, nil
	}
	if err != nil {
		return nil, false, false, err
	}
	if doc != nil && doc.Root != nil {
		r.Secrets = append(r.Secrets, view.DocumentSecrets(doc)...)
	}
	return doc, false, !unwritable(c, t.Display, doc, diags, r.refuse), nil
}

// learnServer records the secrets of a definition written (Secrets).
func (r *AddResult) learnServer(s define.Server) {
	n := &normalize.Server{Command: s.Command, Args: s.Args, URL: s.URL, Env: map[string]string{}, Headers: map[string]string{}}
	for _, e := range s.Env {
		n.Env[e.Key] = e.Value
	}
	for _, h := range s.Headers {
		n.Headers[h.Key] = h.Value
	}
	r.Secrets = append(r.Secrets, view.ServerSecrets(n)...)
}

// unwritable refuses c when its file's document is no object (open).
func unwritable(c *normalize.Client, display string, doc *normalize.Document, diags []normalize.Diagnostic, refuse func(c *normalize.Client, reason, hint string)) bool {
	if doc != nil && doc.Root != nil && doc.Root.Kind == normalize.Object {
		return false
	}
	why := fmt.Sprintf("%s does not parse", display)
	if doc != nil && doc.Root != nil {
		why = fmt.Sprintf("the top level of %s is not an object", display)
	}
	for _, d := range diags {
		if d.Severity == normalize.Error {
			why = fmt.Sprintf("%s: %s", display, d.Message)
			if d.Pos.IsValid() {
				why = fmt.Sprintf("%s:%s: %s", display, d.Pos, d.Message)
			}
			break
		}
	}
	refuse(c, why+": nothing was written to it", "fix it first (mcpconf lint shows how)")
	return true
}

// readsAs reports whether c launches from m, its definition of s.Name,
// what it would from e, the entry written for s (launchesAs): a
// definition written in another way that means the same ({"url": u}
// where a "type" is optional, a VS Code ${input:id} for the ${NAME}
// written in its place) is left as the user wrote it. Only m is decoded:
// the whole object, once per server, cost the square of their number.
func readsAs(doc *normalize.Document, m *normalize.Member, c *normalize.Client, display string, s define.Server, e define.Entry) bool {
	got, inputs := decodeMember(doc, m, c, display)
	want, ok := decodeEntry(c, s.Name, e.JSON)
	return got != nil && ok && launchesAs(c, inputs, got, want)
}

// jsonString quotes s as a JSON string, as the editor writes one.
func jsonString(s string) string {
	q, _ := edit.Literal(normalize.JSON, s) // a string always has one
	return q
}

// sameJSON reports whether a value of a file holds what text does, as
// JSON (a TOML table and the JSON object of the same keys and values are
// the same).
func sameJSON(v *normalize.Value, text string) bool {
	var want any
	if json.Unmarshal([]byte(text), &want) != nil {
		return false
	}
	a, err1 := json.Marshal(v.Interface())
	b, err2 := json.Marshal(want)
	return err1 == nil && err2 == nil && bytes.Equal(a, b)
}

// write writes the target file, read as before, with after (or creates
// it), under the lock its client writes it under (discover.Target.Lock),
// inside the project or the home (writeScope), unless ctx stops it first.
func write(ctx context.Context, o *discover.Options, t discover.Target, before, after []byte, created bool) error {
	if t.Lock != "" {
		release, err := edit.TakeLock(t.Abs, t.Lock)
		if err != nil {
			return err
		}
		defer release()
	}
	in := writeScope(o.Root, o.Home, t.Abs)
	if created {
		return edit.CreateFile(ctx, in, t.Abs, after, t.Format, t.Private)
	}
	return edit.WriteFile(ctx, in, t.Abs, before, after, t.Format)
}

// within follows keys down from top, the object that holds the servers
// (discover.Target.Within): at is the deepest object found, missing the
// keys not there from it down. bad, when not empty, says which of them is
// there but not an object (nothing can be written under it).
func within(top *normalize.Value, keys []string) (at *normalize.Value, missing []string, bad string) {
	at = top
	for i, k := range keys {
		m := at.Member(k)
		if m == nil {
			return at, keys[i:], ""
		}
		if m.Value.Kind != normalize.Object {
			return nil, nil, fmt.Sprintf("%s at %s, not an object,", m.Value.Kind, m.KeyRange.Start)
		}
		at = m.Value
	}
	return at, nil, ""
}

// refuse records that a client is not written, and why.
func (r *AddResult) refuse(c *normalize.Client, reason, hint string) {
	r.Refused = append(r.Refused, run.ClientNote{Client: c, Reason: reason, Hint: hint})
}

// target is the file of c a write in scope goes to; a client without one
// is refused.
func (r *AddResult) target(o *discover.Options, c *normalize.Client, scope normalize.Scope) (discover.Target, bool) {
	t, ok := o.TargetFile(c, scope)
	if !ok {
		hint := "choose another --scope"
		if other := scopesOf(o, c); other != "" {
			hint = "use " + other
		}
		r.refuse(c, fmt.Sprintf("%s has no %s file mcpconf writes servers to", c.Product, scope), hint)
	}
	return t, ok
}
