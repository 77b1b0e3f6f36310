package validate

import "github.com/mcpconf/mcpconf/normalize"

// duplicateKeyRule is reported by discovery for keys written twice in one
// object.
var duplicateKeyRule = &Rule{
	ID:       normalize.RuleDuplicateKey,
	Title:    "a key is written twice in the same object",
	Severity: normalize.Warning,
	doc: `JSON readers keep the last of two equal keys without a word, so the first
definition is dead text that looks live. Both positions are reported.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{ \"mcpServers\": {\n  \"db\": { \"command\": \"old-db\" },\n  \"db\": { \"command\": \"new-db\" }\n} }\n",
		Good: "{ \"mcpServers\": {\n  \"db\": { \"command\": \"new-db\" }\n} }\n"},
}
