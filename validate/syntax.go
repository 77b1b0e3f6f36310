package validate

import "github.com/mcpconf/mcpconf/normalize"

// Syntax is reported by discovery when a file cannot be parsed.
var Syntax = &Rule{
	ID:       "syntax",
	Title:    "the file cannot be parsed",
	Severity: normalize.Error,
	Doc: `A config file that does not parse is ignored whole by its client: every
server in it silently disappears. mcpconf reports where parsing stopped.

Strict JSON files (` + "`.mcp.json`" + `, ` + "`.cursor/mcp.json`" + `, pisces files) may not
contain comments or trailing commas; Gemini CLI's settings allow comments but
not trailing commas; VS Code and opencode files are JSONC and allow both.`,
	Example: Example{File: ".mcp.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"github\": { \"command\": \"npx\" },\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n  }\n}\n"},
}

// Unreadable is reported by discovery when a file exists but cannot be read.
var Unreadable = &Rule{
	ID:       "unreadable",
	Title:    "the file exists but cannot be read",
	Severity: normalize.Error,
	Doc: `The file is a directory, a symbolic link loop or a link to a file that does
not exist, unreadable for permissions, or larger than mcpconf reads. The client
cannot read it either.`,
}
