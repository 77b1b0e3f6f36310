package discover

import (
	"fmt"
	"iter"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// noteUnmodelled says, for each settings file and state file the client
// reads, which of its keys the client reads on its way to its servers
// and mcpconf does not model (normalize.Client.Unmodelled, from the
// client's loading path): the view is then what the files say without
// that key, and the run must not present it as the client's answer
// without a word. A run on the project alone looks at the project's
// files only.
func (v *viewer) noteUnmodelled() {
	if v.c.LoadPath() == nil {
		return
	}
	seen := map[string]bool{}
	for f := range clientSettingsFiles(v.c) {
		if v.scope == ProjectScopes && f.Base != normalize.RootDir {
			continue
		}
		for _, doc := range v.o.settingDocs(v.c, f, v.root) {
			if seen[doc.Abs] || doc.Root == nil || doc.Root.Kind != normalize.Object {
				continue
			}
			seen[doc.Abs] = true
			if f.Section == "" && f.Group != "state" {
				v.noteKeys(doc, normalize.PathSetting, doc.Root, "")
				continue
			}
			v.noteKeys(doc, normalize.PathState, doc.Root, "")
			if m := projectMember(doc.Root.Get("projects"), v.o.keyRoot(v.c, v.root)); m != nil && m.Value.Kind == normalize.Object {
				v.noteKeys(doc, normalize.PathState, m.Value, "projects.<root>.")
			}
		}
	}
}

// noteKeys notes each member of obj (a key prefix+KEY of the loading
// path) that the client reads and mcpconf does not model, and so on down
// the objects a dotted key of the path names ("mcp.serverCommand").
func (v *viewer) noteKeys(doc *normalize.Document, k normalize.PathKind, obj *normalize.Value, prefix string) {
	for _, m := range obj.Unique() {
		it, ok := v.c.Unmodelled(k, prefix+m.Key)
		if !ok {
			if m.Value.Kind == normalize.Object && v.c.PathKeysUnder(k, prefix+m.Key+".") {
				v.noteKeys(doc, k, m.Value, prefix+m.Key+".")
			}
			continue
		}
		what := ""
		if rest := strings.TrimSpace(strings.TrimPrefix(it.Name, it.Key)); rest != "" && rest != it.Name {
			what = " (" + strings.TrimSuffix(strings.TrimPrefix(rest, "("), ")") + ")"
		}
		why := it.Why
		if it.Fixing {
			why = "not yet: " + why
		}
		v.o.note(fmt.Sprintf("%s:%s sets %q, which %s reads on its way to its MCP servers%s; mcpconf does not model it (%s), so what %s lists may differ from this view",
			doc.Path, m.KeyRange.Start, prefix+m.Key, v.c.Product, what, why, v.c.Product))
	}
}

// clientSettingsFiles yields the files a client keeps its approvals and lists
// in, and, when its lists live in the files that hold the servers
// (Gemini CLI's settings.json), those: the client's settings files.
func clientSettingsFiles(c *normalize.Client) iter.Seq[normalize.File] {
	return func(yield func(normalize.File) bool) {
		if ap := c.Approval; ap != nil {
			for _, st := range ap.Settings {
				if !yield(st.File) {
					return
				}
			}
		}
		inServerFiles := false
		for _, l := range c.Lists {
			for _, f := range l.Files {
				if !yield(f) {
					return
				}
			}
			if l.File != nil && !yield(*l.File) {
				return
			}
			inServerFiles = inServerFiles || l.File == nil && len(l.Files) == 0
		}
		if inServerFiles {
			for _, f := range c.Layout.Files {
				if f.Scope != normalize.ExtensionScope && !yield(f) {
					return
				}
			}
		}
	}
}
