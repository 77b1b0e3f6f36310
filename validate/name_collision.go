package validate

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
)

// nameCollisionRule reports server names that the same client turns into the
// same tool-name prefix.
var nameCollisionRule = &Rule{
	ID:       normalize.RuleNameCollision,
	Title:    "two server names become the same prefix in a client's tool names",
	Severity: normalize.Warning,
	Clients:  "each client with a known tool-name scheme: %s",
	For:      func(c *normalize.Client) bool { return c.ToolNames != nil },
	Reader:   true,
	doc: `Clients put the server name into every tool name the model sees, after
replacing the characters their model APIs do not accept:

{{gen:schemes}}

Two servers whose names end up with the same server part ("my-server" and
"my_server" in pisces, "a.b" and "a_b" in Codex) produce the same name for
every tool they both have: Codex keeps the first and drops the other with
only a log line (recent Codex releases append a hash to both names instead,
which the model then sees), pisces keeps one of the two and logs a warning,
opencode lets the second replace the first, and Gemini CLI, which prefixes
a tool with its server only when the bare name is taken, overwrites a
prefixed name it already gave out.

Only servers one client actually loads are compared: pisces reads every
provider's files, Codex only its TOML files, Claude Code its own files and
` + "`.mcp.json`" + `, opencode and Gemini CLI their own settings. Only winning, enabled
definitions take part. Rename one of the two servers so that the names
differ in letters, not only in punctuation, case or digits.`,
	Example: Example{File: ".mcp.json",
		Bad: "{ \"mcpServers\": {\n" +
			"  \"github.work\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] },\n" +
			"  \"github_work\": { \"type\": \"http\", \"url\": \"https://api.githubcopilot.com/mcp/\" }\n" +
			"} }\n",
		Good: "{ \"mcpServers\": {\n" +
			"  \"github-local\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] },\n" +
			"  \"github-remote\": { \"type\": \"http\", \"url\": \"https://api.githubcopilot.com/mcp/\" }\n" +
			"} }\n"},
	parts: map[string]func() string{"schemes": schemesTable},
	Check: checkNameCollision,
}

// collision is one pair of servers that share a prefix in some schemes.
type collision struct {
	later, earlier *normalize.Server
	prefixes       []string            // the shared server parts, in scheme order
	clients        map[string][]string // prefix -> product names of the clients
}

func checkNameCollision(p *Pass) {
	// Winning, enabled definitions: pisces's merged view.
	var merged []*normalize.Server
	for i := range p.Set.Entries {
		if s := &p.Set.Entries[i].Server; s.Enabled {
			merged = append(merged, s)
		}
	}
	// Each client's own view: its definitions, the first of a name wins.
	defs := p.Definitions()
	perClient := map[string][]*normalize.Server{}
	seen := map[string]bool{}
	for i := range defs {
		s := &defs[i]
		k := s.Source.Client.ID + "\x00" + s.Name
		if seen[k] {
			continue
		}
		seen[k] = true
		if s.Enabled {
			perClient[s.Source.Client.ID] = append(perClient[s.Source.Client.ID], s)
		}
	}

	// Definitions are identified by where they are written: the merged
	// view holds copies of the same definitions.
	id := func(s *normalize.Server) string { return s.Source.Path + "\x00" + s.Source.Pointer }
	found := map[[2]string]*collision{}
	var order []*collision
	clients := normalize.Clients()
	if !byPriority(p.Set) {
		// a client's own view: its scheme, over the servers it starts
		clients = []*normalize.Client{p.Set.Client}
	}
	for _, cl := range clients {
		sc := cl.ToolNames
		if sc == nil {
			continue
		}
		var servers []*normalize.Server
		if cl.ReadsProviders() || !byPriority(p.Set) {
			servers = merged
		} else {
			seenName := map[string]bool{}
			for _, c := range readsShapes(cl) {
				for _, s := range perClient[c] {
					if !seenName[s.Name] { // Claude: its own files over .mcp.json
						seenName[s.Name] = true
						servers = append(servers, s)
					}
				}
			}
		}
		if len(servers) < 2 {
			continue
		}
		servers = slices.Clone(servers)
		slices.SortStableFunc(servers, func(a, b *normalize.Server) int {
			return cmp.Or(cmp.Compare(a.Source.Order, b.Source.Order), cmp.Compare(a.Source.Pos.Offset, b.Source.Pos.Offset))
		})
		first := make(map[string]*normalize.Server, len(servers))
		for _, s := range servers {
			prefix := sc.ServerPrefix(s.Name)
			e, ok := first[prefix]
			if !ok {
				first[prefix] = s
				continue
			}
			key := [2]string{id(s), id(e)}
			c := found[key]
			if c == nil {
				c = &collision{later: s, earlier: e, clients: map[string][]string{}}
				found[key] = c
				order = append(order, c)
			}
			if _, ok := c.clients[prefix]; !ok {
				c.prefixes = append(c.prefixes, prefix)
			}
			if name := cl.Product; !slices.Contains(c.clients[prefix], name) {
				c.clients[prefix] = append(c.clients[prefix], name)
			}
		}
	}
	for _, c := range order {
		parts := make([]string, len(c.prefixes))
		for i, pre := range c.prefixes {
			parts[i] = fmt.Sprintf("%q in %s", pre, normalize.Join(c.clients[pre], "and"))
		}
		d := p.At(c.later, "", "servers %q and %q both become %s tool names: tools with the same name clash",
			c.later.Name, c.earlier.Name, normalize.Join(parts, "and"))
		d.Related = append(d.Related, normalize.Related{Path: c.earlier.Source.Path, Pos: c.earlier.Source.Pos,
			Message: fmt.Sprintf("server %q", c.earlier.Name)})
		d.Hint = "rename one of them so the names differ in letters, not only in punctuation, case or digits"
	}
}

// readsShapes lists the providers whose files a client loads in the merged
// set: its own, and those it reads beside pisces (Claude Code's .mcp.json).
func readsShapes(c *normalize.Client) []string {
	out := []string{c.ID}
	for _, o := range normalize.Clients() {
		if o.CoReader == c.ID {
			out = append(out, o.ID)
		}
	}
	return out
}
