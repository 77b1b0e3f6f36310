package discover

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// nameList is one list of server names found in a file (a Client.Lists
// setting): pisces disabledServers/enabledServers, Gemini
// mcp.allowed/excluded, agent-code [security] mcp_server_allowlist/denylist,
// Claude Code's per-project disabledMcpServers.
type nameList struct {
	owner string // the client whose file holds it
	spec  normalize.List
	names map[string]bool
	label string // e.g. `"disabledServers" at ~/.pisces/mcp.json:2:3`
	path  string
	pos   normalize.Pos
	// at holds the position of each name's entry, for reasons.
	at map[string]normalize.Pos
}

func (l *nameList) key(name string) string {
	if l.spec.Fold {
		return fold(name)
	}
	return name
}

// fold is a name as Gemini CLI compares it (normalizeServerId): lower
// case, without the spaces around it.
func fold(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func (l *nameList) has(name string) bool { return l != nil && l.names[l.key(name)] }

// newList reads a list setting from the member m holding it: an array of
// names, or (Switches) an object of name -> {"enabled": false}.
func newList(doc *normalize.Document, owner string, spec normalize.List, m *normalize.Member, root string) *nameList {
	label := spec.Label()
	if strings.Contains(label, "<root>") {
		label = strings.Replace(label, ".<root>.", fmt.Sprintf("[%q].", root), 1)
	}
	if label == "" {
		label = doc.Path
	}
	l := &nameList{owner: owner, spec: spec, names: map[string]bool{}, at: map[string]normalize.Pos{},
		path: doc.Path, pos: m.KeyRange.Start, label: fmt.Sprintf("%q at %s:%s", label, doc.Path, m.KeyRange.Start)}
	if strings.Contains(spec.Label(), "<root>") {
		l.label = fmt.Sprintf("%s at %s:%s", label, doc.Path, m.KeyRange.Start)
	}
	if spec.Switches {
		l.label = fmt.Sprintf("%s:%s", doc.Path, m.KeyRange.Start)
		for _, e := range m.Value.Unique() {
			if spec.FoldedKeys && e.Key != fold(e.Key) {
				continue // looked up by the folded name only: never matches
			}
			// `state?.enabled ?? true`: null or absent is on, any other
			// false value off
			if en := e.Value.Get("enabled"); en != nil && en.Kind != normalize.Null && !truthy(en) {
				l.names[l.key(e.Key)] = true
				l.at[l.key(e.Key)] = e.KeyRange.Start
			}
		}
		return l
	}
	if m.Value.Kind == normalize.Array {
		for _, it := range m.Value.Items {
			if it.Kind == normalize.String {
				l.names[l.key(it.Str)] = true
				l.at[l.key(it.Str)] = it.Range.Start
			}
		}
	}
	return l
}

// readList finds a list setting in a document; nil when it is not set.
func readList(doc *normalize.Document, owner string, spec normalize.List, root string) *nameList {
	if len(spec.Path) == 0 {
		if doc.Root == nil || doc.Root.Kind != normalize.Object {
			return nil
		}
		return newList(doc, owner, spec, &normalize.Member{Key: "", KeyRange: doc.Root.Range, Value: doc.Root}, root)
	}
	m := lookupKey(doc.Root, spec.Path, root)
	if m == nil {
		return nil
	}
	return newList(doc, owner, spec, m, root)
}

// gate builds the reason a list gives for name.
func (l *nameList) gate(name string, status normalize.Status, verb string) normalize.Gate {
	pos := l.pos
	if p, ok := l.at[l.key(name)]; ok {
		pos = p
	}
	reason := verb + " " + l.label
	hint := fmt.Sprintf("remove %q from %s", name, l.label)
	switch {
	case l.spec.Switches:
		reason = fmt.Sprintf("switched off at %s:%s", l.path, pos)
		hint = fmt.Sprintf("set \"enabled\" to true at %s:%s", l.path, pos)
	case verb == "not listed in":
		hint = fmt.Sprintf("add %q to %s", name, l.label)
	}
	return normalize.Gate{Status: status, Kind: normalize.ByList, Reason: reason, Path: l.path, Pos: pos, Hint: hint}
}

// clientLists are the allow-lists and deny-lists of one client, highest
// precedence first.
type clientLists struct{ allow, deny []*nameList }

type fileLists struct {
	// pisces: the merged view, where only the lists pisces honours apply,
	// the first file that sets one winning.
	pisces bool
	// trusted: lists in project files count (Client.List.Trusted).
	trusted bool
	hide    []*nameList
	unhide  []*nameList
	client  map[string]*clientLists
}

// collect reads the lists of one server file. Locations arrive highest
// precedence first.
func (f *fileLists) collect(doc *normalize.Document, loc Location) {
	c := normalize.ClientByID(loc.Client)
	if loc.Extension != nil {
		return // a manifest, not settings
	}
	for _, spec := range c.Lists {
		if spec.File != nil || f.pisces && !spec.Pisces {
			continue
		}
		if spec.Trusted && !f.trusted && !loc.Scope.OutsideProject() {
			continue
		}
		if l := readList(doc, c.ID, spec, loc.key("")); l != nil {
			f.add(l)
		}
	}
}

// collectOwnFileLists reads the lists that live in files of their own
// (Gemini CLI's enablement file, Claude Code's state file).
func (o *Options) collectOwnFileLists(c *normalize.Client, f *fileLists) {
	root := o.projectRoot(c)
	for _, spec := range c.Lists {
		if spec.File == nil {
			continue
		}
		if doc := o.readDoc(c, *spec.File, root); doc != nil {
			if l := readList(doc, c.ID, spec, root); l != nil {
				f.add(l)
			}
		}
	}
}

func (f *fileLists) add(l *nameList) {
	switch l.spec.Effect {
	case normalize.HideList:
		f.hide = append(f.hide, l)
	case normalize.UnhideList:
		f.unhide = append(f.unhide, l)
	case normalize.AllowList, normalize.DenyList:
		if f.client == nil {
			f.client = map[string]*clientLists{}
		}
		cl := f.client[l.owner]
		if cl == nil {
			cl = &clientLists{}
			f.client[l.owner] = cl
		}
		if l.spec.Effect == normalize.AllowList {
			cl.allow = append(cl.allow, l)
		} else {
			cl.deny = append(cl.deny, l)
		}
	}
}

// combine is how the lists of one setting combine in this run.
func (f *fileLists) combine(ls []*nameList) normalize.Combine {
	if f.pisces || len(ls) == 0 {
		return normalize.FirstSet
	}
	return ls[0].spec.Combine
}

// denied returns the deny-list that lists name, or nil.
func (f *fileLists) denied(ls []*nameList, name string) *nameList {
	for i, l := range ls {
		if f.combine(ls) == normalize.FirstSet && i > 0 {
			break
		}
		if l.has(name) {
			return l
		}
	}
	return nil
}

// notAllowed returns an allow-list that does not list name, or nil.
func (f *fileLists) notAllowed(ls []*nameList, name string) *nameList {
	for i, l := range ls {
		if f.combine(ls) == normalize.FirstSet && i > 0 {
			break
		}
		if (len(l.names) > 0 || l.spec.EmptyBlocks && !f.pisces) && !l.has(name) {
			return l
		}
	}
	return nil
}

// applyBeforeMerge blocks definitions that their own client's lists block.
// They still own their name in the merge.
func (f *fileLists) applyBeforeMerge(defs []normalize.Server) {
	for i := range defs {
		s := &defs[i]
		c := f.client[s.Source.Client]
		if c == nil || !s.Enabled {
			continue
		}
		if l := f.denied(c.deny, s.Name); l != nil { // deny is checked first by every client
			s.TurnOff(l.gate(s.Name, normalize.StatusBlocked, "listed in"))
		} else if l := f.notAllowed(c.allow, s.Name); l != nil {
			s.TurnOff(l.gate(s.Name, normalize.StatusBlocked, "not listed in"))
		}
	}
}

// applyAfterMerge applies the hide and unhide lists, which act on the name
// whatever file won it: a hide list turns it off, an unhide list turns
// back on a server another client's file disabled. In pisces's merged view
// a hide list wins over any other reason; in a client's own view a server
// already off keeps its first reason.
func (f *fileLists) applyAfterMerge(entries []normalize.Entry, pisces bool) {
	for i := range entries {
		s := &entries[i].Server
		for _, l := range f.hide {
			if l.has(s.Name) && (pisces || s.Enabled) {
				s.TurnOff(l.gate(s.Name, normalize.StatusDisabled, "listed in"))
				break
			}
		}
		if s.Enabled || s.Off == nil || f.hidden(s.Name) {
			continue
		}
		for _, l := range f.unhide {
			if l.has(s.Name) && l.owner != s.Source.Client {
				s.TurnOn()
				break
			}
		}
	}
}

func (f *fileLists) hidden(name string) bool {
	for _, l := range f.hide {
		if l.has(name) {
			return true
		}
	}
	return false
}
