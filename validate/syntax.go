package validate

import "github.com/mcpconf/mcpconf/normalize"

// syntaxRule is reported by discovery when a file cannot be parsed.
var syntaxRule = &Rule{
	ID:       normalize.RuleSyntax,
	Title:    "the file cannot be parsed",
	Severity: normalize.Error,
	doc: `A config file that does not parse is ignored whole by its client: every
server in it silently disappears. mcpconf reports where parsing stopped.

Strict JSON files (` + "`.mcp.json`" + `, ` + "`.cursor/mcp.json`" + `, pisces files) may not
contain comments or trailing commas; Gemini CLI's settings allow comments but
not trailing commas; VS Code and opencode files are JSONC and allow both.
Each problem is reported where the client's own parser stops, the first
first: a trailing comma at the bracket after it (the comma as a note), so
a trailing comma on line 4 comes before a missing comma on line 8, as
Claude Code's JSON.parse stops at the first.`,
	Example: Example{File: ".mcp.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"github\": { \"command\": \"npx\" },\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n  }\n}\n"},
}
