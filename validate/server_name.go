package validate

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/normalize"
)

// serverNameRule reports server names clients refuse or mangle.
var serverNameRule = &Rule{
	ID:       normalize.RuleServerName,
	Title:    "a server name is empty, reserved by the client, too long or has characters outside letters, digits, _ . -",
	Severity: normalize.Warning,
	Clients:  "the clients with a rule for names: %s (an empty name: every client; reserved names: Claude Code)",
	For:      func(c *normalize.Client) bool { return c.NameChars },
	doc: "Server names end up in tool names (`mcp__<server>__<tool>`), command lines\n" +
		"(`claude mcp get NAME`) and file keys, so keep them to 1–100 characters of\n" +
		"`[a-zA-Z0-9_.-]`. pisces enforces exactly this when it writes a config (newer\n" +
		"versions also allow `:` for plugin namespaces; mcpconf still reports it since\n" +
		"other clients replace it). Where a client has a pattern of its own for\n" +
		"names, the finding quotes it:\n" +
		"{{gen:patterns}}.\n" +
		"Claude Code and Codex replace other characters with `_` in tool names, so\n" +
		"`my server` and `my_server` collide; VS Code recommends camelCase names\n" +
		"without spaces, but names the servers it installs from the MCP gallery\n" +
		"`<namespace>/<name>` (`io.github.ChromeDevTools/chrome-devtools-mcp`), so one\n" +
		"`/` is accepted in VS Code files.\n\n" +
		"Characters and length are checked only for the clients that document or\n" +
		"enforce a rule for names (see docs/clients.md):\n" +
		"{{gen:rule}}.\n" +
		"{{gen:none}}\n" +
		"document none, and vendors' own install lines use names such as\n" +
		"`@21st-dev/magic` there.\n\n" +
		"An empty name is an error for every client: no client can refer to the server.\n\n" +
		"Claude Code keeps some names for its own servers and skips a config entry\n" +
		"that uses one (`\"workspace\" is a reserved MCP server name and was not\n" +
		"loaded`; the rest of the file loads): `workspace`, `claude-in-chrome`,\n" +
		"`computer-use`, `Claude Preview`, `Claude Browser` and a few more (see\n" +
		"docs/clients.md). It compares the name with its characters outside\n" +
		"`[A-Za-z0-9_-]` made `_`, up to its first `__`, so `Claude_Preview` and\n" +
		"`workspace__notes` are reserved too. That is an error: rename the server.",
	Example: Example{File: ".mcp.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"GitHub Issues\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"github-issues\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n  }\n}\n"},
	parts: map[string]func() string{
		"rule":     func() string { return clientList(func(c *normalize.Client) bool { return c.NameChars }) },
		"patterns": namePatterns,
		"none":     func() string { return clientList(func(c *normalize.Client) bool { return !c.NameChars }) },
	},
	Check: checkServerName,
}

// namePatterns lists the clients whose code has a pattern for names,
// each with the pattern and what the client does outside it.
func namePatterns() string {
	var out []string
	for _, c := range normalize.Clients() {
		p := c.NamePattern
		if p == nil {
			continue
		}
		what := p.Outside(c, "NAME")
		if p.AddOnly {
			what += "; " + c.Product + " loads it from a file, and server-name keeps to the characters above for it"
		}
		out = append(out, fmt.Sprintf("%s `%s` (outside it, %s)", c.Product, p.Pattern, what))
	}
	return strings.Join(out, "; ")
}

const maxServerName = 100

func checkServerName(p *Pass) {
	for s, c := range p.Servers() {
		name := c.WrittenName(s)
		if strings.TrimSpace(name) == "" {
			d := p.At(s, "", "server name %q is empty: no client can refer to this server", name)
			d.Severity = normalize.Error
			d.Hint = "name the server with letters, digits, \"_\", \".\" or \"-\""
			continue
		}
		if r := c.Reserved(name); r != "" {
			as := ""
			if r != name {
				as = fmt.Sprintf(" (%q)", r)
			}
			d := p.At(s, "", "server name %q is one %s reserves for its own servers%s: it does not load this one", name, c.Product, as)
			d.Severity = normalize.Error
			d.Hint = fmt.Sprintf("rename it, e.g. to %q", suggestName(name, false)+"-mcp")
			continue
		}
		if !c.NameChars {
			continue // the client documents no rule for names (Windsurf)
		}
		if n := utf8.RuneCountInString(name); n > maxServerName {
			d := p.At(s, "", "server name %q is %d characters long, over the limit of %d", name, n, maxServerName)
			d.Hint = "use a shorter name"
		}
		checked := name
		if c.NamespacedNames {
			// VS Code names a server installed from the MCP gallery after
			// its registry name, "<reverse-DNS namespace>/<name>"
			// ("io.github.ChromeDevTools/chrome-devtools-mcp"), and makes
			// its own tool names from it.
			if ns, rest, ok := strings.Cut(name, "/"); ok && ns != "" && rest != "" {
				checked = ns + "." + rest
			}
		}
		if pat := c.NamePattern; pat != nil && !pat.AddOnly {
			// the client's own rule, as its code writes it
			if bad := badNameChars(checked, pat.Allows); bad != "" || !pat.Match(checked) {
				if bad == "" {
					bad = "no character it allows"
				}
				d := p.At(s, "", "server name %q contains %s, outside %s: %s", name, bad, pat.Pattern, pat.Outside(c, name))
				d.Hint = fmt.Sprintf("rename it, e.g. to %q", pat.Suggest(name))
			}
			continue
		}
		ok := func(r rune) bool { return validNameChar(r, false) }
		if bad := badNameChars(checked, ok); bad != "" {
			d := p.At(s, "", "server name %q contains %s: use only letters, digits, \"_\", \".\" and \"-\"", name, bad)
			d.Hint = fmt.Sprintf("rename it, e.g. to %q", suggestName(name, false))
		}
	}
}

func validNameChar(r rune, codex bool) bool {
	return r == '_' || r == '-' || (r == '.' && !codex) ||
		'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

// badNameChars describes the distinct characters of name that ok does
// not allow, e.g. `a space and ":"`, or "" when there are none.
func badNameChars(name string, ok func(rune) bool) string {
	var seen []rune
	for _, r := range name {
		if !ok(r) && !containsRune(seen, r) {
			seen = append(seen, r)
		}
	}
	if len(seen) == 0 {
		return ""
	}
	parts := make([]string, 0, len(seen))
	for _, r := range seen {
		label := fmt.Sprintf("%q", string(r))
		switch {
		case r == ' ':
			label = "a space"
		case r == '\t' || r == '\n' || r == '\r':
			label = "whitespace"
		}
		if slices.Contains(parts, label) {
			continue
		}
		parts = append(parts, label)
		if len(parts) == 3 && len(seen) > 3 {
			parts = append(parts, "other characters")
			break
		}
	}
	return normalize.Join(parts, "and")
}

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// suggestName is a name like name of the characters validNameChar
// allows.
func suggestName(name string, codex bool) string {
	return normalize.SuggestName(name, func(r rune) bool { return validNameChar(r, codex) })
}
