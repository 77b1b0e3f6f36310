package validate

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/normalize"
)

// nameLengthRule reports server names that leave little room for tool names.
var nameLengthRule = &Rule{
	ID:       normalize.RuleNameLength,
	Title:    "a server name leaves too little room for tool names",
	Severity: normalize.Warning,
	For:      func(c *normalize.Client) bool { return c.ToolNames != nil && c.ToolNames.MaxLen > 0 },
	doc: "Clients put the server name in front of every tool name and cap the total\n" +
		"(Codex cuts a name and adds a SHA-1 suffix, so the model sees a mangled name;\n" +
		"Claude Code reportedly drops over-long tools; Gemini CLI cuts with `___` in\n" +
		"the middle). The rule warns when the prefix leaves fewer than {{gen:room}} characters\n" +
		"for the tool name: for a server name over the length below (a bare `.mcp.json`\n" +
		"is judged by Claude Code's):\n\n" +
		"{{gen:limits}}\n\n" +
		"Tool names like `search_repositories` (19) or `get_pull_request_comments` (25)\n" +
		"then get cut.",
	Example: Example{File: ".codex/config.toml",
		Bad:  "[mcp_servers.company-internal-knowledge-base-search-production]\nurl = \"https://kb.example.com/mcp\"\n",
		Good: "[mcp_servers.kb-search]\nurl = \"https://kb.example.com/mcp\"\n"},
	parts: map[string]func() string{
		"room":   func() string { return strconv.Itoa(toolNameRoom) },
		"limits": nameLimitsTable,
	},
	Check: checkNameLength,
}

// toolNameRoom is the least number of characters a tool name should have
// after the server prefix.
const toolNameRoom = 16

func checkNameLength(p *Pass) {
	for s, c := range p.Servers() {
		// A shape read by another client too (.mcp.json) is judged by that
		// client's scheme when it has none of its own.
		if c.ToolNames == nil && c.CoReader != "" {
			c = c.CoReaderClient()
		}
		sc := c.ToolNames
		if sc == nil || sc.MaxLen == 0 {
			continue
		}
		limit, prefix := sc.MaxLen, sc.Prefix(s.Name)
		verb := " names tools "
		if sc.OnClash {
			verb = " names clashing tools "
		}
		who := c.Product + verb + fmt.Sprintf("%q", sc.Form)
		left := limit - utf8.RuneCountInString(prefix)
		if left >= toolNameRoom {
			continue
		}
		room := fmt.Sprintf("leaves %d characters for tool names", left)
		if left == 1 {
			room = "leaves 1 character for tool names"
		}
		if left <= 0 {
			room = "leaves no room for tool names"
		}
		d := p.At(s, "", "server name %q is %d characters long and %s: %s and cuts names over %d characters",
			s.Name, utf8.RuneCountInString(s.Name), room, who, limit)
		d.Hint = fmt.Sprintf("use a name of at most %d characters", limit-(utf8.RuneCountInString(prefix)-utf8.RuneCountInString(s.Name))-toolNameRoom)
	}
}
