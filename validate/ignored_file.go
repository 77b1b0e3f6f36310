package validate

import (
	"fmt"

	"github.com/mcpconf/mcpconf/normalize"
)

// ignoredFileRule reports servers written in files that the client they look
// meant for does not read.
var ignoredFileRule = &Rule{
	ID:       normalize.RuleIgnoredFile,
	Title:    "servers are written in a file the client does not read",
	Severity: normalize.Warning,
	For:      func(c *normalize.Client) bool { return len(c.Ignored) > 0 },
	doc: `Claude Code reads servers from the project's ` + "`.mcp.json`" + ` and from
` + "`~/.claude.json`" + ` (user and local scope). An ` + "`mcpServers`" + ` object anywhere else —
` + "`~/.claude/settings.json`" + `, ` + "`~/.claude/mcp.json`" + `, ` + "`.claude/settings.json`" + `,
` + "`.claude/settings.local.json`" + `, ` + "`.claude/mcp.json`" + ` — is ignored without a word
(checked with Claude Code 2.1.330), so its servers never show up.

When another client of the run reads the file (pisces reads ` + "`.claude/mcp.json`" + `
and ` + "`~/.claude/mcp.json`" + `), the finding is info: the servers are not lost, only
not Claude Code's.

Fix: move the servers to ` + "`.mcp.json`" + ` (shared with the project) or add them with
` + "`claude mcp add`" + ` (user or local scope).`,
	Example: Example{File: ".claude/settings.json",
		Bad:    "{\n  \"permissions\": { \"allow\": [] },\n  \"mcpServers\": {\n    \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n  }\n}\n",
		Good:   "{\n  \"permissions\": { \"allow\": [] }\n}\n",
		Others: map[string]string{".mcp.json": "{ \"mcpServers\": {} }\n"}},
	Check: checkIgnoredFile,
}

func checkIgnoredFile(p *Pass) {
	c := p.Set.Client
	if c == nil {
		return
	}
	for _, ig := range p.Set.Ignored {
		servers := "1 server"
		if ig.Count != 1 {
			servers = fmt.Sprintf("%d servers", ig.Count)
		}
		d := p.Report(ig.Doc, ig.Member.KeyRange, ig.Member.Value.Pointer, "%s under %q in %s: %s ignores this file (%s)",
			servers, ig.Member.Key, ig.Doc.Path, c.Product, ig.Why)
		d.Hint = c.AddHint
		if others := p.readBy(ig.Doc.Path); len(others) > 0 {
			d.Severity = normalize.Info
			d.Message += "; " + normalize.Join(others, "and") + " reads it"
		}
	}
}
