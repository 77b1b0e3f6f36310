package validate

import "testing"

func TestMissingURL(t *testing.T) {
	runRuleCases(t, "missing-url", []ruleCase{
		{name: "opencode remote", files: oneFile("opencode.json",
			`{"mcp": {"docs": {"type": "remote", "enabled": true}}}`),
			want: []string{`error opencode.json:1:27: server "docs" is a remote server ("type": "remote") without "url" [missing-url]`},
			hint: `add the server's address, e.g. "url": "https://example.com/mcp"`},
		{name: "http type with a command", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"fs": {"type": "http", "command": "fs-server"}}}`),
			want: []string{`error .pisces/mcp.json:1:32: server "fs" is a remote server ("type": "http") without "url" [missing-url]`},
			hint: `if the server is a local process started by "command", write "type": "stdio"`},
		{name: "windsurf empty serverUrl", files: oneFile(".windsurf/mcp_config.json",
			`{"mcpServers": {"docs": {"serverUrl": ""}}}`),
			want: []string{`error .windsurf/mcp_config.json:1:39: server "docs" has an empty "serverUrl" [missing-url]`}},
		{name: "gemini sse without url", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"docs": {"type": "sse"}}}`),
			want: []string{`error .gemini/settings.json:1:34: server "docs" is a remote server ("type": "sse") without "url" or "httpUrl" [missing-url]`}},
		{name: "codex empty url", files: oneFile(".codex/config.toml",
			"[mcp_servers.docs]\nurl = \"\"\n"),
			want: []string{`error .codex/config.toml:2:7: server "docs" has an empty "url" [missing-url]`}},
		{name: "not missing", files: map[string]string{
			// Gemini CLI tests httpUrl for truth, then uses url.
			".gemini/settings.json": `{"mcpServers": {"a": {"httpUrl": "", "url": "https://a.example.com/mcp"}}}`,
			".vscode/mcp.json":      `{"servers": {"b": {"type": "http", "url": "https://b.example.com/mcp"}}}`,
			// a url of the wrong type: schema.
			".cursor/mcp.json": `{"mcpServers": {"c": {"type": "http", "url": 8080}}}`,
		}},
	})
}
