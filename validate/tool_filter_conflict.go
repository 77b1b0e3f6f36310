package validate

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// toolFilterConflictRule reports tools that are both allowed and denied, and
// allow-lists that allow nothing.
var toolFilterConflictRule = &Rule{
	ID:       normalize.RuleToolFilterConflict,
	Title:    "a tool is both included and excluded, or the include list is empty",
	Severity: normalize.Warning,
	doc: "Clients that filter a server's tools take an allow-list and a deny-list:\n" +
		"{{gen:lists}}. In\n" +
		"all of them the deny-list wins, so a tool listed in both is hidden although\n" +
		"the allow-list names it; one of the two entries is a mistake. For pisces a\n" +
		"deny pattern that matches an allowed name (`delete_*` against `delete_repo`)\n" +
		"counts too; an allow pattern with a narrower deny entry (`*` but not\n" +
		"`delete_repo`) is the normal way to use both lists.\n\n" +
		"An empty allow-list (`\"includeTools\": []`) allows no tool at all, which is\n" +
		"rarely meant: remove the list to allow every tool, or disable the server.",
	parts: map[string]func() string{"lists": toolFilterLists},
	Example: Example{File: ".gemini/settings.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"context7\": {\n      \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\",\n      \"includeTools\": [\"resolve-library-id\", \"get-library-docs\"],\n      \"excludeTools\": [\"get-library-docs\"]\n    }\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"context7\": {\n      \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\",\n      \"includeTools\": [\"resolve-library-id\"]\n    }\n  }\n}\n"},
	Check: checkToolFilterConflict,
}

func checkToolFilterConflict(p *Pass) {
	for s, c := range p.Servers() {
		keys := c.ToolFilters
		if keys[0] == "" || keys[1] == "" {
			continue
		}
		inc, exc := s.Node.Get(keys[0]), s.Node.Get(keys[1])
		if inc == nil || inc.Kind != normalize.Array {
			continue
		}
		if len(inc.Items) == 0 {
			d := p.At(s, keys[0], "server %q has an empty %q: %s makes none of its tools available", s.Name, keys[0], clientProduct(s))
			d.Hint = "list the tools to allow, remove the list to allow every tool, or disable the server"
			continue
		}
		if exc == nil || exc.Kind != normalize.Array || len(exc.Items) == 0 {
			continue
		}
		allowed := make(map[string]bool, len(inc.Items))
		for _, it := range inc.Items {
			if it.Kind != normalize.String {
				continue
			}
			name := it.Str
			if c.ToolArgsInAllow {
				// Gemini CLI also takes "tool(args)" entries that allow a tool.
				if j := strings.IndexByte(name, '('); j > 0 {
					name = name[:j]
				}
			}
			allowed[name] = true
		}
		for _, it := range exc.Items {
			if it.Kind != normalize.String {
				continue
			}
			if allowed[it.Str] {
				d := p.AtValue(p.Document(s.Source.Path), it, "server %q lists tool %q in both %q and %q: %s hides it (the deny-list wins)",
					s.Name, it.Str, keys[0], keys[1], clientProduct(s))
				d.Hint = "remove it from one of the lists"
			}
		}
	}
}

// toolFilterLists names the allow-list and deny-list of each client that
// has both (Shape.ToolFilters), as checkToolFilterConflict judges them:
// "Codex `enabled_tools`/`disabled_tools`, …".
func toolFilterLists() string {
	var out []string
	for _, c := range normalize.Clients() {
		keys := c.ToolFilters
		if !c.Views() || keys[0] == "" || keys[1] == "" {
			continue
		}
		out = append(out, c.Product+" `"+keys[0]+"`/`"+keys[1]+"`")
	}
	return strings.Join(out, ", ")
}
