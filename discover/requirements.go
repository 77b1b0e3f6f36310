package discover

import (
	"fmt"

	"github.com/mcpconf/mcpconf/normalize"
)

// requirementsDoc reads the machine's allow list of servers of a client
// that has one (Client.Requirements): nil when it is not there or the run
// reads no machine files; failed is set when it does not parse.
func (v *viewer) requirementsDoc() (doc *normalize.Document, failed *normalize.Diagnostic) {
	rq := v.c.Requirements
	if rq == nil || v.scope == ProjectScopes || v.o.System == "" {
		return nil, nil
	}
	for _, f := range rq.Files {
		if !f.ForOS(v.o.goos()) {
			continue
		}
		abs, display := v.o.fileAbs(v.c, f, v.root)
		r := v.o.readAll([]Location{{Client: v.c, Abs: abs, Display: display, Format: f.Format, Scope: f.Scope}})[0]
		if r.doc == nil {
			continue
		}
		if r.doc.Root == nil {
			for i, d := range r.diags {
				if d.Severity == normalize.Error {
					return r.doc, &r.diags[i]
				}
			}
			return r.doc, &normalize.Diagnostic{Path: display, Message: "cannot be read"}
		}
		return r.doc, nil
	}
	return nil, nil
}

// requirements applies the machine's allow list by identity (Codex's
// McpServerPolicy): with the table there, a server it does not list under
// its name with the same command (stdio) or URL (remote) is blocked, and
// every server when the table is empty.
func (v *viewer) requirements(set *normalize.Set) {
	doc, failed := v.requirementsDoc()
	if doc == nil || failed != nil {
		return // a file that does not parse refuses the whole config (refuse)
	}
	rq := v.c.Requirements
	m := doc.Root.Member(rq.Key)
	if doc.Root.Kind != normalize.Object || m == nil || m.Value.Kind != normalize.Object {
		return
	}
	table := m.Value
	said := fmt.Sprintf(rq.Reason, doc.Path)
	for i := range set.Entries {
		s := &set.Entries[i].Server
		if s.Off != nil && s.Off.Status == normalize.StatusUntrusted {
			continue // not loaded: nothing to allow
		}
		req := table.Member(s.Name)
		want, kind := "", "command"
		if s.Transport != normalize.Stdio {
			kind = "url"
		}
		if req != nil {
			if id := req.Value.Get(rq.Identity); id != nil {
				if w := id.Get(kind); w != nil && w.Kind == normalize.String {
					want = w.Str
				}
			}
		}
		got := s.Command
		if kind == "url" {
			got = s.URL
		}
		if req != nil && want != "" && want == got {
			continue
		}
		at, why := m.KeyRange.Start, fmt.Sprintf("%q is not listed", s.Name)
		if req != nil {
			at = req.KeyRange.Start
			why = fmt.Sprintf("%q is allowed only with %s %q, not %q", s.Name, kind, want, got)
			if want == "" {
				why = fmt.Sprintf("%q is listed without a %s %s", s.Name, kind, rq.Identity)
			}
		}
		s.TurnOff(normalize.Gate{Status: normalize.StatusBlocked, Kind: normalize.ByList, Path: doc.Path, Pos: at,
			Reason: fmt.Sprintf("%s: %s (%s:%s)", said, why, doc.Path, at),
			Hint:   fmt.Sprintf("ask the machine's administrator to allow it in %s: [%s.%s.%s] %s = %q", doc.Path, rq.Key, s.Name, rq.Identity, kind, got)})
	}
}
