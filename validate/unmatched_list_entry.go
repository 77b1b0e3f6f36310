package validate

import (
	"fmt"

	"github.com/mcpconf/mcpconf/normalize"
)

// unmatchedListEntryRule reports allow-list and deny-list entries that match
// no server, and those the client ignores.
var unmatchedListEntryRule = &Rule{
	ID:       normalize.RuleUnmatchedListEntry,
	Title:    "an allow-list or deny-list entry matches no server, or the client ignores it",
	Severity: normalize.Warning,
	Clients:  "each client with allow-lists or deny-lists: Claude Code's allowedMcpServers and deniedMcpServers, Gemini CLI's mcp.allowed and mcp.excluded, …",
	doc: "An entry of `deniedMcpServers` or `allowedMcpServers` (Claude Code), `mcp.excluded`\n" +
		"or `mcp.allowed` (Gemini CLI) that matches no server the client reads is\n" +
		"reported: a misspelled name (`githb`) or a command line that differs by one\n" +
		"argument blocks nothing, or admits nothing, without a word. This needs every\n" +
		"file the client reads, so it is checked with `--scope all` only (an entry may\n" +
		"name a server of the user's own files).\n\n" +
		"Entries the client ignores are reported in any scope: Claude Code takes an\n" +
		"entry with exactly one of `serverName`, `serverCommand` (a non-empty array of\n" +
		"strings) or `serverUrl`, and an allow-list name of letters, digits, `-` and `_`\n" +
		"only. An allow-list whose every entry is ignored admits no server at all\n" +
		"(`allow-list-drops` names the project's servers it drops).",
	Example: Example{File: ".claude/settings.json",
		Bad:    "{ \"allowedMcpServers\": [{ \"serverName\": \"github\", \"serverUrl\": \"https://api.githubcopilot.com/mcp/\" }] }\n",
		Good:   "{ \"allowedMcpServers\": [{ \"serverUrl\": \"https://api.githubcopilot.com/mcp/\" }] }\n",
		Others: map[string]string{".mcp.json": "{ \"mcpServers\": { \"github\": { \"type\": \"http\", \"url\": \"https://api.githubcopilot.com/mcp/\" } } }\n"}},
	Check: checkUnmatchedListEntry,
}

func checkUnmatchedListEntry(p *Pass) {
	c := p.Set.Client
	if c.ReadsProviders() {
		return // the lists it honours are its providers': their own views judge the entries
	}
	var names []string
	for _, e := range p.Set.Entries {
		names = append(names, e.Server.Name)
	}
	for _, l := range p.Set.Lists {
		doc := p.Document(l.Path)
		if doc == nil {
			continue
		}
		for _, e := range l.Entries {
			switch {
			case e.Ignored != "":
				d := p.Report(doc, e.Range, e.Pointer, "%s ignores entry %s of %q: %s", c.Product, e.Text, l.Key, e.Ignored)
				d.Hint = "fix or remove the entry"
			case len(e.Matches) == 0 && p.Set.UserRead:
				d := p.Report(doc, e.Range, e.Pointer, "entry %s of %q matches no server %s reads here", e.Text, l.Key, c.Product)
				d.Hint = "remove the entry, or name a server " + c.Product + " reads"
				if near := normalize.Closest(e.Name, names); e.Name != "" && near != "" {
					d.Hint += fmt.Sprintf(": did you mean %q?", near)
				}
			}
		}
	}
}
