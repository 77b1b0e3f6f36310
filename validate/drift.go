package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// driftRule reports one server name that the clients of a project define
// differently.
var driftRule = &Rule{
	ID:       normalize.RuleDrift,
	Title:    "clients of the same project define one server differently",
	Severity: normalize.Warning,
	Cross:    true,
	Clients:  "every pair of clients in the set that defines the same server name",
	doc: `A team that supports several editors keeps the same server in each one's
file: ` + "`.mcp.json`" + ` for Claude Code, ` + "`.cursor/mcp.json`" + ` for Cursor,
` + "`.vscode/mcp.json`" + ` for VS Code. When the copies drift apart, each editor starts
something else under the same name, and a fix made in one file is missing in
the others.

The definitions are compared as each client reads them: placeholders in each
client's own syntax are the same reference (` + "`${GITHUB_TOKEN}`" + ` in ` + "`.mcp.json`" + `
equals ` + "`${env:GITHUB_TOKEN}`" + ` in ` + "`.cursor/mcp.json`" + `, and Codex's
` + "`env_vars = [\"GITHUB_TOKEN\"]`" + ` passes the same variable), and each client's
transport inference applies. A difference in what starts or is reached
(transport, command, args, URL) is a warning; a difference in environment,
headers or working directory is info.

Each definition the clients use is compared with the first client's (in the
order of ` + "`mcpconf explain`" + `'s columns); the finding sits on the other client's
definition and points at the first.

Fix: make the copies the same, or give different servers different names.`,
	Example: Example{File: ".mcp.json",
		Bad: "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"], \"env\": { \"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\" } }\n" +
			"} }\n",
		Good: "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.8.1\"], \"env\": { \"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\" } }\n" +
			"} }\n",
		Others: map[string]string{".cursor/mcp.json": "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.8.1\"], \"env\": { \"GITHUB_TOKEN\": \"${env:GITHUB_TOKEN}\" } }\n" +
			"} }\n"}},
	Check: checkDrift,
}

func checkDrift(p *Pass) {
	if p.Workspace == nil || len(p.Workspace.Views) < 2 {
		return
	}
	type use struct {
		c *normalize.Client
		s *normalize.Server
	}
	byName := map[string][]use{}
	var names []string
	for _, v := range p.Workspace.Views {
		c := v.Client
		if c == nil || c.ReadsProviders() {
			continue // a view merged by priority holds other clients' definitions
		}
		for i := range v.Entries {
			s := &v.Entries[i].Server
			if s.Node == nil {
				continue
			}
			if _, ok := byName[s.Name]; !ok {
				names = append(names, s.Name)
			}
			byName[s.Name] = append(byName[s.Name], use{c, s})
		}
	}
	for _, name := range names {
		uses := byName[name]
		base := uses[0]
		for _, u := range uses[1:] {
			if u.s.Source.Path == base.s.Source.Path && u.s.Source.Pointer == base.s.Source.Pointer {
				continue // the same definition read by two clients
			}
			fields, starts := resolve.CrossDifferences(base.c, base.s, u.c, u.s)
			if len(fields) == 0 {
				continue
			}
			what := "with other environment or headers"
			if starts {
				what = "and starts something else"
			}
			d := p.At(u.s, "", "server %q differs between %s (%s:%s) and %s (%s:%s) %s: %s",
				name, u.c.Product, u.s.Source.Path, u.s.Source.Pos, base.c.Product, base.s.Source.Path, base.s.Source.Pos,
				what, strings.Join(fields, ", "))
			if !starts {
				d.Severity = normalize.Info
			}
			d.Related = append(d.Related, normalize.Related{Path: base.s.Source.Path, Pos: base.s.Source.Pos,
				Message: fmt.Sprintf("%s's definition", base.c.Product)})
			d.Hint = "make the definitions the same (each in its client's own placeholder syntax), or rename one if they are different servers"
		}
	}
}
