package validate

import (
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
)

// allowListDropsRule reports project servers an allow-list keeps from starting.
var allowListDropsRule = &Rule{
	ID:       normalize.RuleAllowListDrops,
	Title:    "an allow-list keeps a server the project defines from starting",
	Severity: normalize.Warning,
	Clients:  "each client with allow-lists: Claude Code's allowedMcpServers, Gemini CLI's mcp.allowed, …",
	doc: "A server the project shares (Claude Code's `.mcp.json`, Gemini CLI's\n" +
		"`.gemini/settings.json`) that an allow-list does not admit never starts, and\n" +
		"Claude Code does not even list it in `claude mcp list`. Claude Code adds up the\n" +
		"`allowedMcpServers` of every settings file (managed, local, project, user); an\n" +
		"empty one admits no server; once it holds a `serverCommand` entry a stdio\n" +
		"server needs its exact command line (its name no longer admits it), and once\n" +
		"it holds a `serverUrl` entry a remote server needs a matching URL. The finding\n" +
		"names the list and the entry to add. Lists in the user's or the machine's\n" +
		"files count with `--scope all` (and `--system`).",
	Example: Example{File: ".mcp.json",
		Bad:    "{ \"mcpServers\": { \"docs\": { \"type\": \"http\", \"url\": \"https://docs.example.com/mcp\" } } }\n",
		Good:   "{ \"mcpServers\": { \"docs\": { \"type\": \"http\", \"url\": \"https://mcp.example.com/docs\" } } }\n",
		Others: map[string]string{".claude/settings.json": "{ \"allowedMcpServers\": [{ \"serverUrl\": \"https://mcp.example.com/*\" }] }\n"}},
	Check: checkAllowListDrops,
}

func checkAllowListDrops(p *Pass) {
	c := p.Set.Client
	allow := map[string]bool{}
	for _, l := range p.Set.Lists {
		if l.Effect == normalize.AllowList {
			allow[l.Path+"#"+l.Pos.String()] = true
		}
	}
	for i := range p.Set.Definitions {
		s := &p.Set.Definitions[i]
		if s.Source.Scope != normalize.Project || s.Off == nil || s.Off.Status != normalize.StatusBlocked || !allow[s.Off.Path+"#"+s.Off.Pos.String()] {
			continue
		}
		d := p.At(s, "", "%s does not load project server %q: %s", c.Product, s.Name, s.Off.Reason)
		d.Hint = s.Off.Hint
		if s.Off.Admit == "" {
			continue
		}
		doc := p.Document(s.Off.Path)
		if l := listAt(doc, s.Off.Pos); l != nil {
			if edits, err := edit.AppendItem(doc, l, s.Off.Admit); err == nil {
				suggest(d, d.Hint, edits...)
			}
		}
	}
}

// listAt is the array under the key at pos in doc; nil when there is
// none.
func listAt(doc *normalize.Document, pos normalize.Pos) *normalize.Value {
	if doc == nil || doc.Root == nil {
		return nil
	}
	var found *normalize.Value
	doc.Root.Walk(func(v *normalize.Value) bool {
		for _, m := range v.Members {
			if m.KeyRange.Start == pos && m.Value != nil && m.Value.Kind == normalize.Array {
				found = m.Value
			}
		}
		return found == nil
	})
	return found
}
