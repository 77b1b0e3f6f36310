package discover

import (
	"fmt"

	"github.com/mcpconf/mcpconf/normalize"
)

// nameList is a list of server names in a file that turns servers on or
// off: pisces disabledServers/enabledServers, Gemini mcp.allowed/excluded,
// agent-code [security] mcp_server_allowlist/denylist.
type nameList struct {
	names map[string]bool
	label string // e.g. `"disabledServers" at ~/.pisces/mcp.json:2:3`
}

func (l *nameList) has(name string) bool { return l != nil && l.names[name] }

func readList(doc *normalize.Document, parent *normalize.Value, key, label string) *nameList {
	m := parent.Member(key)
	if m == nil {
		return nil
	}
	names, _ := m.Value.Strings()
	l := &nameList{names: map[string]bool{}, label: fmt.Sprintf("%q at %s:%s", label, doc.Path, m.KeyRange.Start)}
	for _, n := range names {
		l.names[n] = true
	}
	return l
}

type clientLists struct{ allow, deny *nameList }

type fileLists struct {
	piscesDisabled []*nameList
	piscesEnabled  []*nameList
	client         map[string]*clientLists // gemini, agent-code
}

// collect reads the lists of one file. Locations arrive highest precedence
// first, so the first file that sets a client's list is the one in force.
func (f *fileLists) collect(doc *normalize.Document, loc Location) {
	top := doc.Root
	switch loc.Client {
	case "pisces":
		if l := readList(doc, top, "disabledServers", "disabledServers"); l != nil {
			f.piscesDisabled = append(f.piscesDisabled, l)
		}
		if l := readList(doc, top, "enabledServers", "enabledServers"); l != nil {
			f.piscesEnabled = append(f.piscesEnabled, l)
		}
	case "gemini":
		if mcp := top.Get("mcp"); mcp != nil {
			f.set(loc.Client, readList(doc, mcp, "allowed", "mcp.allowed"), readList(doc, mcp, "excluded", "mcp.excluded"))
		}
	case "agent-code":
		if sec := top.Get("security"); sec != nil {
			f.set(loc.Client, readList(doc, sec, "mcp_server_allowlist", "security.mcp_server_allowlist"),
				readList(doc, sec, "mcp_server_denylist", "security.mcp_server_denylist"))
		}
	}
}

func (f *fileLists) set(client string, allow, deny *nameList) {
	if f.client == nil {
		f.client = map[string]*clientLists{}
	}
	c := f.client[client]
	if c == nil {
		c = &clientLists{}
		f.client[client] = c
	}
	if c.allow == nil {
		c.allow = allow
	}
	if c.deny == nil {
		c.deny = deny
	}
}

// applyBeforeMerge turns off definitions that their own client's lists
// block. They still own their name in the merge.
func (f *fileLists) applyBeforeMerge(defs []normalize.Server) {
	for i := range defs {
		s := &defs[i]
		c := f.client[s.Source.Client]
		if c == nil || !s.Enabled {
			continue
		}
		switch {
		case c.deny.has(s.Name): // deny is checked first by both clients
			s.Enabled, s.DisabledBy = false, "listed in "+c.deny.label
		case c.allow != nil && len(c.allow.names) > 0 && !c.allow.has(s.Name):
			s.Enabled, s.DisabledBy = false, "not listed in "+c.allow.label
		}
	}
}

// applyAfterMerge applies pisces's file-level lists, which act on the name
// whatever provider won it: disabledServers hides it, enabledServers turns
// back on a server another tool's file disabled.
func (f *fileLists) applyAfterMerge(entries []normalize.Entry) {
	for i := range entries {
		s := &entries[i].Server
		for _, l := range f.piscesDisabled {
			if l.has(s.Name) {
				s.Enabled, s.DisabledBy = false, "listed in "+l.label
				break
			}
		}
		if !s.Enabled && s.DisabledBy != "" && s.Source.Client != "pisces" && !f.disabledByPisces(s.Name) {
			for _, l := range f.piscesEnabled {
				if l.has(s.Name) {
					s.Enabled, s.DisabledBy = true, ""
					break
				}
			}
		}
	}
}

func (f *fileLists) disabledByPisces(name string) bool {
	for _, l := range f.piscesDisabled {
		if l.has(name) {
			return true
		}
	}
	return false
}
