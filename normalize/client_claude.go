package normalize

var claudeFields = []string{"type", "command", "args", "env", "url", "headers", "headersHelper", "oauth"}

// claude is Claude Code. As a pisces provider ("claude", priority 80) it
// stands for the files pisces reads under that name (.claude/mcp.json,
// ~/.claude.json, ~/.claude/mcp.json), which are not all Claude Code's own.
var claude = &Client{
	ID:      "claude",
	Aliases: []string{"claude-code"},
	Product: "Claude Code",
	Files: []File{
		{Scope: Local, Base: HomeDir, Path: ".claude.json", Format: JSON, Section: true},
		proj(".mcp.json", JSON),
		user(HomeDir, ".claude.json", JSON),
	},
	Note: "local scope, then the project's .mcp.json, then ~/.claude.json; one definition wins whole",
	Pisces: &Provider{Priority: 80, Files: []File{
		{Scope: Local, Base: HomeDir, Path: ".claude.json", Format: JSON, Section: true},
		proj(".claude/mcp.json", JSON), proj(".claude/.mcp.json", JSON),
		user(HomeDir, ".claude.json", JSON), user(HomeDir, ".claude/mcp.json", JSON),
	}},
	Shape: Shape{
		ServersKey:      "mcpServers",
		WrongKeys:       mcpServersWrong,
		Fields:          claudeFields,
		Types:           []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}, {"streamable-http", HTTP}, {"sse", SSE}, {"ws", WS}},
		RemoteNeedsType: true,
		Missing:         map[string]string{"timeout": "Claude Code has no per-server timeout: set the MCP_TIMEOUT environment variable (milliseconds)"},
	},
	Placeholders: []Syntax{Dollar},
	VarForm:      "${%s}",
	ToolNames:    claudeScheme,
	Schema:       "mcp-servers",
	HomeLocal:    true,
	DisableHint:  "Claude Code has no per-server switch: remove the server or turn it off with /mcp",
	Facts: []Fact{
		{Topic: "files", Text: "project `.mcp.json`; user `~/.claude.json` top-level `mcpServers`; local `~/.claude.json` `projects[<root>].mcpServers`. `~/.claude/settings.json` and `~/.claude/mcp.json` hold no servers Claude Code reads",
			Source: "code.claude.com/docs/en/mcp; anthropics/claude-code#4193, #5037"},
		{Topic: "precedence", Text: "local > project > user; one definition wins whole",
			Source: "Claude Code 2.1 (`claude mcp list`, `claude mcp get`, temporary HOME)"},
		{Topic: "placeholders", Text: "`${VAR}` and `${VAR:-default}` in `command`, `args`, `env`, `url`, `headers`; an unset variable without default stays literal",
			Source: "code.claude.com/docs/en/mcp (\"Environment variable expansion in .mcp.json\")"},
		{Topic: "shape", Text: "`type` `stdio` (default), `http`, `streamable-http`, `sse`, `ws`; an entry with `url` but no `type` fails the schema (read as stdio)",
			Source: "zod union errors quoted in zapier/zapier-mcp#18, cloudflare/mcp#32"},
	},
	decode: decodeClaude,
}

// decodeClaude follows Claude Code: no type means stdio, even with a url
// (Claude then rejects the entry, which lint reports).
func decodeClaude(d *decoder) {
	d.common()
	d.s.Cwd = "" // not a Claude Code field
	if !d.typed() {
		d.s.Transport = Stdio
	}
	d.s.Auth = d.e.Get("oauth")
}
