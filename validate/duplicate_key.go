package validate

import "github.com/mcpconf/mcpconf/normalize"

// DuplicateKey is reported by discovery for keys written twice in one
// object.
var DuplicateKey = &Rule{
	ID:       "duplicate-key",
	Title:    "a key is written twice in the same object",
	Severity: normalize.Warning,
	Doc: `JSON readers keep the last of two equal keys without a word, so the first
definition is dead text that looks live. Both positions are reported.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{ \"mcpServers\": {\n  \"db\": { \"command\": \"old-db\" },\n  \"db\": { \"command\": \"new-db\" }\n} }\n",
		Good: "{ \"mcpServers\": {\n  \"db\": { \"command\": \"new-db\" }\n} }\n"},
}

// WrongRootKey is reported by discovery when servers sit under a key the
// file's client does not read.
var WrongRootKey = &Rule{
	ID:       "wrong-root-key",
	Title:    "servers are under a key this file's client does not read",
	Severity: normalize.Error,
	Doc: "Each client reads its servers from one key: `mcpServers` (Claude Code, Cursor,\n" +
		"Windsurf, Gemini CLI, pisces), `servers` (VS Code `.vscode/mcp.json`), `mcp`\n" +
		"(opencode), `[mcp_servers]` (Codex, agent-code). Servers under another\n" +
		"client's key are ignored without a message. One exception is a warning: VS Code\n" +
		"still tolerates a deprecated top-level `mcpServers` for stdio servers, which\n" +
		"other tools reading `.vscode/mcp.json` ignore.",
	Example: Example{File: ".vscode/mcp.json",
		Bad:  "{ \"mcpServers\": { \"ctx7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\" } } }\n",
		Good: "{ \"servers\": { \"ctx7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\" } } }\n"},
}
