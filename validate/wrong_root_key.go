package validate

import "github.com/mcpconf/mcpconf/normalize"

// wrongRootKeyRule is reported by discovery when servers sit under a key the
// file's client does not read.
var wrongRootKeyRule = &Rule{
	ID:       normalize.RuleWrongRootKey,
	Title:    "servers are under a key this file's client does not read",
	Severity: normalize.Error,
	doc: "Each client reads its servers from one key:\n" +
		"{{gen:keys}}.\n" +
		"Servers under another client's key are ignored without a message. One exception is a warning: VS Code\n" +
		"still tolerates a deprecated top-level `mcpServers` for stdio servers, which\n" +
		"other tools reading `.vscode/mcp.json` ignore.",
	Contexts: []Context{
		{When: "VS Code's `.vscode/mcp.json` has a top-level `mcpServers` (deprecated, read for stdio servers)", Severity: normalize.Warning, Example: true},
		{When: "another client's file has servers under a key it does not read", Severity: normalize.Error,
			File: ".cursor/mcp.json", Bad: "{ \"servers\": { \"ctx7\": { \"url\": \"https://mcp.context7.com/mcp\" } } }\n"},
	},
	parts: map[string]func() string{"keys": serversKeys},
	Fix:   "renames the key to the one the client reads, when the file does not have that one too (JSON files)",
	Example: Example{File: ".vscode/mcp.json",
		Bad:  "{ \"mcpServers\": { \"ctx7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\" } } }\n",
		Good: "{ \"servers\": { \"ctx7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\" } } }\n"},
}
