package discover

import (
	"fmt"

	"github.com/mcpconf/mcpconf/normalize"
)

// nameList is one list of server names found in a file (a Client.Lists
// setting): pisces disabledServers/enabledServers, Gemini
// mcp.allowed/excluded, agent-code [security] mcp_server_allowlist/denylist.
type nameList struct {
	owner string // the client whose file holds it
	names map[string]bool
	label string // e.g. `"disabledServers" at ~/.pisces/mcp.json:2:3`
	path  string
	pos   normalize.Pos
}

func (l *nameList) has(name string) bool { return l != nil && l.names[name] }

func readList(doc *normalize.Document, owner string, spec normalize.List) *nameList {
	parent := doc.Root
	for _, k := range spec.Path[:len(spec.Path)-1] {
		parent = parent.Get(k)
	}
	m := parent.Member(spec.Path[len(spec.Path)-1])
	if m == nil {
		return nil
	}
	names, _ := m.Value.Strings()
	l := &nameList{owner: owner, names: map[string]bool{}, path: doc.Path, pos: m.KeyRange.Start,
		label: fmt.Sprintf("%q at %s:%s", spec.Label(), doc.Path, m.KeyRange.Start)}
	for _, n := range names {
		l.names[n] = true
	}
	return l
}

// gate builds the reason a list gives.
func (l *nameList) gate(status normalize.Status, verb string) normalize.Gate {
	return normalize.Gate{Status: status, Kind: normalize.ByList, Reason: verb + " " + l.label, Path: l.path, Pos: l.pos}
}

type clientLists struct{ allow, deny *nameList }

type fileLists struct {
	hide   []*nameList
	unhide []*nameList
	client map[string]*clientLists
}

// collect reads the lists of one file. Locations arrive highest precedence
// first, so the first file that sets a client's allow-list or deny-list is
// the one in force; every hide and unhide list applies.
func (f *fileLists) collect(doc *normalize.Document, loc Location) {
	c := normalize.ClientByID(loc.Client)
	for _, spec := range c.Lists {
		l := readList(doc, c.ID, spec)
		if l == nil {
			continue
		}
		switch spec.Effect {
		case normalize.HideList:
			f.hide = append(f.hide, l)
		case normalize.UnhideList:
			f.unhide = append(f.unhide, l)
		case normalize.AllowList, normalize.DenyList:
			if f.client == nil {
				f.client = map[string]*clientLists{}
			}
			cl := f.client[c.ID]
			if cl == nil {
				cl = &clientLists{}
				f.client[c.ID] = cl
			}
			if spec.Effect == normalize.AllowList && cl.allow == nil {
				cl.allow = l
			}
			if spec.Effect == normalize.DenyList && cl.deny == nil {
				cl.deny = l
			}
		}
	}
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
		switch {
		case c.deny.has(s.Name): // deny is checked first by both clients
			s.TurnOff(c.deny.gate(normalize.StatusBlocked, "listed in"))
		case c.allow != nil && len(c.allow.names) > 0 && !c.allow.has(s.Name):
			s.TurnOff(c.allow.gate(normalize.StatusBlocked, "not listed in"))
		}
	}
}

// applyAfterMerge applies the hide and unhide lists, which act on the name
// whatever provider won it: a hide list turns it off, an unhide list turns
// back on a server another client's file disabled.
func (f *fileLists) applyAfterMerge(entries []normalize.Entry) {
	for i := range entries {
		s := &entries[i].Server
		for _, l := range f.hide {
			if l.has(s.Name) {
				s.TurnOff(l.gate(normalize.StatusDisabled, "listed in"))
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
