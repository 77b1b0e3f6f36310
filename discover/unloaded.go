package discover

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// Servers written where their client does not look: the client loads
// none of them. Lint checks what they hold all the same (a secret is in
// the file whether it loads or not); explain NAME says why such a server
// does not show up.

// UnloadedWhere says where an entry the client does not load sits.
type UnloadedWhere int

const (
	UnderWrongKey UnloadedWhere = iota // under another client's servers key (wrong-root-key)
	AtTopLevel                         // at the top level, without the servers key
	NestedTooDeep                      // under a key inside the servers key ("mcp.servers")
)

// Unloaded is one server entry its client does not load.
type Unloaded struct {
	Server normalize.Server
	Client *normalize.Client
	Where  UnloadedWhere
	// Container is the key that holds it (the wrong key, the "servers" of
	// "mcp.servers"); nil at the top level.
	Container *normalize.Member
}

// FindUnloaded finds the entries no client of the view loads, in file
// order.
func FindUnloaded(set *normalize.Set) []Unloaded {
	docs := make(map[string]*normalize.Document, len(set.Documents))
	for _, d := range set.Documents {
		docs[d.Path] = d
	}
	var out []Unloaded
	type key struct {
		path   string
		client *normalize.Client
	}
	seen := map[key]bool{}
	for _, sf := range set.Sources {
		key := key{sf.Path, sf.Client}
		if sf.Status != normalize.Found || sf.Section != "" || seen[key] {
			continue
		}
		seen[key] = true
		c := sf.Client
		doc := docs[sf.Path]
		if c == nil || doc == nil || doc.Root == nil || doc.Root.Kind != normalize.Object || SettingsFile(c, sf.Abs) {
			continue
		}
		src := normalize.Source{Path: doc.Path, Abs: doc.Abs, Client: sf.Client, Scope: sf.Scope, Priority: sf.Priority, Order: sf.Order}
		entry := func(m *normalize.Member, where UnloadedWhere, container *normalize.Member) {
			out = append(out, Unloaded{Server: c.DecodeEntry(doc, m.Key, m.KeyRange.Start, m.Value, src, nil),
				Client: c, Where: where, Container: container})
		}
		root := doc.Root
		for _, k := range c.WrongKeys {
			m := root.Member(k)
			if m == nil || m.Value.Kind != normalize.Object || slices.Contains(c.ToleratedKeys, k) {
				continue
			}
			for _, e := range m.Value.Unique() {
				if e.Value.Kind == normalize.Object {
					entry(e, UnderWrongKey, m)
				}
			}
		}
		var top []*normalize.Member
		for _, m := range root.Unique() {
			if m.Key != c.ServersKey && !slices.Contains(c.WrongKeys, m.Key) && !slices.Contains(c.ToleratedKeys, m.Key) && serverLike(m.Value) {
				top = append(top, m)
			}
		}
		if len(top) > 0 && !PluginFile(c, doc) && !(sf.Flat && root.Member(c.ServersKey) == nil) {
			for _, m := range top {
				entry(m, AtTopLevel, nil)
			}
		}
		if m := nestedServers(c, root); m != nil {
			for _, e := range m.Value.Unique() {
				entry(e, NestedTooDeep, m)
			}
		}
	}
	return out
}

// nestedServers returns a servers key written inside the client's own
// ("mcp": {"servers": {…}} for opencode, "mcpServers": {"mcpServers":
// {…}}): a member of the servers object that is not a server itself but
// holds only servers.
func nestedServers(c *normalize.Client, root *normalize.Value) *normalize.Member {
	sv := root.Get(c.ServersKey)
	if sv == nil || sv.Kind != normalize.Object {
		return nil
	}
	for _, k := range []string{"servers", "mcpServers", "mcp_servers", "mcp", "context_servers"} {
		m := sv.Member(k)
		if m == nil || m.Value.Kind != normalize.Object || serverLike(m.Value) || len(m.Value.Members) == 0 {
			continue
		}
		if read, _ := c.ServersOf(sv); read.Member(k) == nil {
			continue // the client reads the servers in it (Layout.ServersAsRead)
		}
		all := true
		for _, e := range m.Value.Unique() {
			all = all && serverLike(e.Value)
		}
		if all {
			return m
		}
	}
	return nil
}

// serverLike reports an object that defines a server: a command or an
// endpoint.
func serverLike(v *normalize.Value) bool {
	if v == nil || v.Kind != normalize.Object {
		return false
	}
	if c := v.Get("command"); c != nil && (c.Kind == normalize.String || c.Kind == normalize.Array) {
		return true
	}
	for _, k := range []string{"url", "serverUrl", "httpUrl"} {
		if u := v.Get(k); u != nil && u.Kind == normalize.String {
			return true
		}
	}
	return false
}

// SettingsFile reports a file that holds other settings, with the servers
// at a path of their own (VS Code's settings.json): its top level is not
// the servers' business.
func SettingsFile(c *normalize.Client, abs string) bool {
	for _, f := range c.Files {
		if len(f.ServersPath) > 0 && strings.HasSuffix(filepath.ToSlash(abs), "/"+f.Path) {
			return true
		}
	}
	return false
}

// PluginFile reports a servers file that belongs to a plugin, which may
// hold its servers at the top level (Claude Code plugins: a .mcp.json
// beside .claude-plugin/plugin.json).
func PluginFile(c *normalize.Client, doc *normalize.Document) bool {
	manifests := []string{c.PluginManifest}
	if co := c.CoReaderClient(); co != nil {
		manifests = append(manifests, co.PluginManifest)
	}
	for _, m := range manifests {
		if m == "" || doc.Abs == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(doc.Abs), filepath.FromSlash(m))); err == nil {
			return true
		}
	}
	return false
}
