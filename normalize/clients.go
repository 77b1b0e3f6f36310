package normalize

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// clients is the explicit list of every client mcpconf knows, in the order
// of pisces's providers table (ties keep this order). The package doc says
// how to add one.
var clients = []*Client{
	pisces,
	claude,
	codex,
	gemini,
	qwen,
	opencode,
	kilo,
	cursor,
	windsurf,
	agentCode,
	vscode,
	mcpJSON,
	claudeDesktop,
	zed,
	roo,
	cline,
	xcode,
	copilot,
}

// Clients returns every descriptor, providers included, in table order.
func Clients() []*Client { return slices.Clone(clients) }

// ClientByID returns the descriptor of a client id or alias, or nil.
func ClientByID(id string) *Client { return clientIDs()[id] }

// clientIDs maps every id and alias to its client (the first in table
// order), built on first use: every definition read asks for its client.
var clientIDs = sync.OnceValue(func() map[string]*Client {
	m := map[string]*Client{}
	for _, c := range clients {
		for _, id := range append([]string{c.ID}, c.Aliases...) {
			if _, ok := m[id]; !ok {
				m[id] = c
			}
		}
	}
	return m
})

// IDOf is a client's id, or "" for nil: a file no client owns, pisces's
// merged view of a Set.
func IDOf(c *Client) string {
	if c == nil {
		return ""
	}
	return c.ID
}

// CoReaderClient returns the descriptor of the client named by CoReader,
// or nil.
func (c *Client) CoReaderClient() *Client { return ClientByID(c.CoReader) }

// ViewIDs lists the ids of the clients that have a view of their own
// (what --client accepts besides aliases), sorted.
func ViewIDs() []string {
	var out []string
	for _, c := range clients {
		if c.Views() {
			out = append(out, c.ID)
		}
	}
	slices.Sort(out)
	return out
}

// ViewNames lists every name --client accepts: ids and aliases, sorted.
func ViewNames() []string {
	var out []string
	for _, c := range clients {
		if c.Views() {
			out = append(out, c.Names()...)
		}
	}
	slices.Sort(out)
	return out
}

// Providers returns the providers table (Client.Providers: pisces's),
// highest priority first; ties keep table order (cursor before windsurf),
// as pisces registers them. Each row names its client.
func Providers() []*Provider { return providers() }

// ProviderOf returns the row of the providers table that reads c's files,
// or nil when no client reads them as a provider.
func ProviderOf(c *Client) *Provider {
	for _, p := range providers() {
		if p.Client == c {
			return p
		}
	}
	return nil
}

var providers = sync.OnceValue(func() []*Provider {
	var out []*Provider
	for _, owner := range clients {
		for _, p := range owner.Providers {
			if p.Client == nil {
				p.Client = owner
			}
			out = append(out, &p)
		}
	}
	slices.SortStableFunc(out, func(a, b *Provider) int { return cmp.Compare(b.Priority, a.Priority) })
	return out
})

// productName is a client's product name ("Claude Code" for claude), or
// the id itself for an id mcpconf does not know.
func productName(id string) string {
	if c := ClientByID(id); c != nil {
		return c.Product
	}
	return id
}

// ProductList names every client of the descriptors table, in table
// order, and then the files read without a client of their own: "pisces,
// Claude Code, …, Roo Code, and a bare mcp.json".
func ProductList() string {
	var names, bare []string
	for _, c := range clients {
		if c.Views() {
			names = append(names, c.Product)
		} else {
			bare = append(bare, "a bare "+c.Product)
		}
	}
	names = append(names, bare...)
	if n := len(names); n > 1 {
		names[n-1] = "and " + names[n-1]
	}
	return strings.Join(names, ", ")
}

// ProfileHelp says, for each client that reads a profile when told, how
// and where, for --profile's help: "codex --profile NAME reads
// ~/.codex/NAME.config.toml".
func ProfileHelp() []string {
	var out []string
	for _, id := range ViewIDs() {
		if c := ClientByID(id); c != nil && c.Profile != nil {
			out = append(out, fmt.Sprintf("%s %s NAME reads %s", c.ID, c.Profile.Flag, c.Profile.For("NAME").Display("linux")))
		}
	}
	return out
}

// ProjectTables are the JSON files some client keeps a table of projects
// in (File.Section: ~/.claude.json's "projects"), wherever a descriptor
// names them: its files, its providers', where its approvals, trust and
// lists are read. A reader may leave out the entries of projects a run
// does not look at.
func ProjectTables() []File { return projectTables() }

var projectTables = sync.OnceValue(func() []File {
	var out []File
	add := func(fs ...File) {
		for _, f := range fs {
			if f.Section != "" && f.Format == JSON && !slices.ContainsFunc(out, func(o File) bool { return o.Base == f.Base && o.Path == f.Path }) {
				out = append(out, f)
			}
		}
	}
	for _, c := range clients {
		add(c.Files...)
		for _, p := range c.Providers {
			add(p.Files...)
		}
		if c.Approval != nil {
			for _, st := range c.Approval.Settings {
				add(st.File)
			}
		}
		if c.Trust != nil {
			add(c.Trust.File)
		}
		for _, l := range c.Lists {
			if l.File != nil {
				add(*l.File)
			}
			add(l.Files...)
		}
	}
	return out
})
