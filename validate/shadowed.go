package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// Shadowed reports definitions that lost to a higher-priority definition
// of the same name.
var Shadowed = &Rule{
	ID:       "shadowed",
	Title:    "a server definition is hidden by a higher-priority one with the same name",
	Severity: normalize.Warning,
	Merged:   true,
	Doc: `Definitions are never merged: when several files define the same server
name, the one with the highest priority wins whole and the others are not
loaded (pisces order: pisces > Claude Code > Codex > Gemini CLI > opencode >
Cursor, Windsurf > agent-code > VS Code > bare ` + "`mcp.json`" + `; within a client, local >
project > user). This is how pisces merges every client's files, and how
each client treats its own scopes (Claude Code local > project > user,
Cursor project > global).

A hidden definition that differs from the winner is a warning: editing it
changes nothing, and the server that starts is not the one you read. The
finding names the fields that differ and points at the winner. An identical
copy is reported as info: it is dead weight that will drift.

A server written twice in the same servers object is hidden the same way:
every client's JSON reader keeps the last entry; duplicate-key reports that.

Codex itself merges its user and project TOML files key by key; for Codex
servers the finding describes the merged view of all clients, where one
definition wins whole.

Fix: delete the definition you do not want, or rename one of them if both
are meant to run.`,
	Example: Example{File: ".mcp.json",
		Bad: "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n" +
			"} }\n",
		Good: "{ \"mcpServers\": {\n" +
			"  \"github-npx\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n" +
			"} }\n",
		Others: map[string]string{".cursor/mcp.json": "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"docker\", \"args\": [\"run\", \"-i\", \"--rm\", \"ghcr.io/github/github-mcp-server:v0.9.0\"] }\n" +
			"} }\n"}},
	Check: checkShadowed,
}

func checkShadowed(p *Pass) {
	merged := isMerged(p.Set)
	c := normalize.ClientByID(p.Set.Client)
	for i := range p.Set.Entries {
		e := &p.Set.Entries[i]
		for j := range e.Shadowed {
			sh := &e.Shadowed[j]
			if !merged && (e.Server.FieldPaths != nil || sh.Server.Off != nil && sh.Server.Off.Yields) {
				// layers folded key by key are not hidden, and a definition
				// waiting for approval is a status, not a mistake
				continue
			}
			reportShadow(p, c, merged, &e.Server, &sh.Server, sh.Differences, sh.Reason)
		}
	}
}

func reportShadow(p *Pass, c *normalize.Client, merged bool, w, l *normalize.Server, diffs []string, reason string) {
	if l.Node == nil {
		return
	}
	where := fmt.Sprintf("%s:%s", w.Source.Path, w.Source.Pos)
	in := ""
	if !merged && c != nil {
		in = " in " + c.Product
	}
	var d *normalize.Diagnostic
	if len(diffs) > 0 {
		d = p.At(l, "", "server %q is hidden%s by the definition at %s, which differs in %s",
			l.Name, in, where, strings.Join(diffs, ", "))
	} else {
		d = p.At(l, "", "server %q is hidden%s by an identical definition at %s", l.Name, in, where)
		d.Severity = normalize.Info
	}
	d.Related = append(d.Related, normalize.Related{Path: w.Source.Path, Pos: w.Source.Pos, Message: "the definition in effect"})
	if others := p.readBy(l.Source.Path); len(others) > 0 {
		// another client uses this very definition: deleting it would take
		// the server away from that client
		d.Hint = fmt.Sprintf("%s; %s reads this definition too, so keep it; make the two definitions the same if they are meant to be one server", reason, joinAnd(others))
		return
	}
	d.Hint = reason + "; delete the unused definition, or rename one if both should run"
}

// readBy names the other clients of the run that read a file.
func (p *Pass) readBy(path string) []string {
	if p.Workspace == nil {
		return nil
	}
	var out []string
	for _, v := range p.Workspace.Views {
		if v == p.Set {
			continue
		}
		for _, s := range v.Sources {
			if s.Path == path && s.Status == normalize.Found {
				out = append(out, normalize.ProductName(v.Client))
				break
			}
		}
	}
	return out
}
