package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
)

// AddRequest is one server to write for several clients (mcpconf add).
type AddRequest struct {
	// Options locate the project and the home, prepared.
	Options *discover.Options
	Clients []*normalize.Client
	Scope   normalize.Scope // one of WriteScopes
	Server  define.Server
	// DryRun computes the changes and writes nothing.
	DryRun bool
	// Replace rewrites a definition of the same name where a file has one
	// (sync), instead of refusing the client.
	Replace bool
	// Force writes, where a client cannot hold the definition exactly,
	// its nearest form (define.Force), with a warning of what it changes.
	Force bool
}

// WriteScopes are the scopes add, remove and sync write to: the
// project's file, the user's, and the project's private one
// (normalize.Local: Claude Code's projects[<root>] in ~/.claude.json).
var WriteScopes = []normalize.Scope{normalize.Project, normalize.User, normalize.Local}

// AddResult is what add wrote, or would write (DryRun), and what it
// refused.
type AddResult struct {
	// Files are the files changed, in client order: Before is empty for a
	// file add creates.
	Files   []FileFix
	Created []bool
	Refused []ClientRefusal
	// Warnings say what --force changed for a client (Reason holds it).
	Warnings []ClientRefusal
}

// ClientRefusal is a client add does not write the server for, and why.
type ClientRefusal struct {
	Client       *normalize.Client
	Reason, Hint string
}

// Add writes req.Server into each client's file of the scope
// (discover.Options.TargetFile), translated for it (define.For), through
// the editor: the file's other bytes kept, written atomically, a file
// created with its directories when missing. A client whose file does
// not parse, already defines the name, or cannot hold the definition
// exactly is refused with the reason; the others are written.
func Add(req AddRequest) (*AddResult, error) {
	out := &AddResult{}
	refuse := out.refuse
	for _, c := range req.Clients {
		t, ok := out.target(req.Options, c, req.Scope)
		if !ok {
			continue
		}
		abs, display, format := t.Abs, t.Display, t.Format
		var err error
		var e define.Entry
		var warns []string
		if req.Force {
			e, warns, err = define.Force(c, req.Server)
		} else {
			e, err = define.For(c, req.Server)
		}
		var r *define.Refusal
		if errors.As(err, &r) {
			refuse(c, r.Reason, r.Hint)
			continue
		}
		if err != nil {
			return nil, err
		}
		doc, _, err := discover.ReadFile(abs, display, format)
		created := errors.Is(err, fs.ErrNotExist)
		if err != nil && !created {
			return nil, err
		}
		var before []byte
		if created {
			empty := "{}\n"
			if format == normalize.TOML {
				empty = ""
			}
			before = []byte(empty)
			doc, _ = discover.Parse(abs, display, format, before)
		} else {
			before = doc.Src
		}
		if doc.Root == nil || doc.Root.Kind != normalize.Object {
			refuse(c, fmt.Sprintf("%s does not parse: nothing was written to it", display), "fix it first (mcpconf lint shows how)")
			continue
		}
		at, missing, bad := within(doc.Root, t.Within)
		if bad != "" {
			refuse(c, fmt.Sprintf("%s holds %s where %s keeps its servers: nothing was written to it", display, bad, c.Product), "")
			continue
		}
		var ins normalize.Edit
		if len(missing) > 0 {
			// the levels Claude Code's local scope needs, created as the
			// smallest entry it reads: {"mcpServers": {NAME: …}}
			v := fmt.Sprintf("{%q: {%q: %s}}", c.ServersKey, req.Server.Name, e.JSON)
			for i := len(missing) - 1; i > 0; i-- {
				v = fmt.Sprintf("{%q: %s}", missing[i], v)
			}
			ins, err = edit.InsertMember(doc, at, missing[0], layout(at, v))
		} else if servers := at.Get(c.ServersKey); servers != nil && servers.Kind == normalize.Object {
			if m := servers.Member(req.Server.Name); m != nil && !req.Replace {
				refuse(c, fmt.Sprintf("%q is already defined in %s:%s", req.Server.Name, display, m.KeyRange.Start), "remove it first (mcpconf remove), or choose another name")
				continue
			} else if m != nil && sameJSON(m.Value, e.JSON) {
				continue // already so: nothing to write
			} else if m != nil {
				ins, err = edit.ReplaceValue(doc, m.Value, layout(m.Value, e.JSON))
			} else {
				ins, err = edit.InsertMember(doc, servers, req.Server.Name, layout(servers, e.JSON))
			}
		} else {
			ins, err = edit.InsertMember(doc, at, c.ServersKey, layout(at, fmt.Sprintf("{%q: %s}", req.Server.Name, e.JSON)))
		}
		if err != nil {
			refuse(c, fmt.Sprintf("cannot add %q to %s: %v", req.Server.Name, display, err), "")
			continue
		}
		after, err := edit.Apply(before, []normalize.Edit{ins})
		if err != nil {
			return nil, err
		}
		if created && format != normalize.TOML {
			// a new file has no style to follow: two spaces, as users write
			var b bytes.Buffer
			if json.Indent(&b, bytes.TrimSpace(after), "", "  ") == nil {
				after = append(b.Bytes(), '\n')
			}
		}
		if !req.DryRun {
			if err := write(t, before, after, created); err != nil {
				refuse(c, err.Error(), "")
				continue
			}
		}
		if created {
			before = nil
		}
		out.Files = append(out.Files, FileFix{Path: display, Abs: abs, Format: format, Before: before, After: after, Fixed: 1})
		out.Created = append(out.Created, created)
		for _, w := range warns {
			out.Warnings = append(out.Warnings, ClientRefusal{Client: c, Reason: w})
		}
	}
	return out, nil
}

// RemoveRequest is a server to remove from several clients' files
// (mcpconf remove).
type RemoveRequest struct {
	Options *discover.Options
	Clients []*normalize.Client
	Scope   normalize.Scope
	Name    string
	DryRun  bool
}

// Remove deletes the server Name from each client's file of the scope,
// through the editor; a client whose file does not define it, or does
// not parse, is refused with the reason.
func Remove(req RemoveRequest) (*AddResult, error) {
	out := &AddResult{}
	refuse := out.refuse
	for _, c := range req.Clients {
		t, ok := out.target(req.Options, c, req.Scope)
		if !ok {
			continue
		}
		abs, display, format := t.Abs, t.Display, t.Format
		doc, _, err := discover.ReadFile(abs, display, format)
		if errors.Is(err, fs.ErrNotExist) {
			refuse(c, fmt.Sprintf("%s does not exist: no %q to remove", display, req.Name), "")
			continue
		}
		if err != nil {
			return nil, err
		}
		if doc.Root == nil || doc.Root.Kind != normalize.Object {
			refuse(c, fmt.Sprintf("%s does not parse: nothing was written to it", display), "fix it first (mcpconf lint shows how)")
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
			refuse(c, fmt.Sprintf("%s does not define %q", display, req.Name), "")
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
		if !req.DryRun {
			if err := write(t, doc.Src, after, false); err != nil {
				refuse(c, err.Error(), "")
				continue
			}
		}
		out.Files = append(out.Files, FileFix{Path: display, Abs: abs, Format: format, Before: doc.Src, After: after, Fixed: 1})
		out.Created = append(out.Created, false)
	}
	return out, nil
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

// layout is a definition's JSON as the place it goes is written: over
// several lines, two spaces a level, where that place spans lines (the
// editor indents it to its line); on one line otherwise.
func layout(at *normalize.Value, compact string) string {
	if at.Range.Start.Line == at.Range.End.Line {
		return compact
	}
	var b bytes.Buffer
	if json.Indent(&b, []byte(compact), "", "  ") != nil {
		return compact
	}
	return b.String()
}

// write writes the target file, read as before, with after (or creates
// it), under the lock its client writes it under (discover.Target.Lock).
func write(t discover.Target, before, after []byte, created bool) error {
	if t.Lock != "" {
		release, err := edit.TakeLock(t.Abs, t.Lock)
		if err != nil {
			return err
		}
		defer release()
	}
	if created {
		return edit.CreateFile(t.Abs, after, t.Format, t.Private)
	}
	return edit.WriteFile(t.Abs, before, after, t.Format)
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
	r.Refused = append(r.Refused, ClientRefusal{Client: c, Reason: reason, Hint: hint})
}

// target is the file of c a write in scope goes to; a client without one
// is refused.
func (r *AddResult) target(o *discover.Options, c *normalize.Client, scope normalize.Scope) (discover.Target, bool) {
	t, ok := o.TargetFile(c, scope)
	if !ok {
		r.refuse(c, fmt.Sprintf("%s has no %s file mcpconf writes servers to", c.Product, scope), "choose another --scope")
	}
	if ok && t.Unsupported != "" {
		r.refuse(c, t.Unsupported+": nothing was written", "run mcpconf in the main checkout, or choose another --scope")
		return t, false
	}
	return t, ok
}
