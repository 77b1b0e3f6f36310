package validate

import "testing"

func TestTransportConflict(t *testing.T) {
	runRuleCases(t, "transport-conflict", []ruleCase{
		{name: "pisces starts the command", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"docs": {"command": "npx", "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .pisces/mcp.json:1:44: server "docs" has both "command" and "url": pisces starts "command" and ignores "url" [transport-conflict]`},
			hint: `keep "command" for a local server or "url" for a remote one, not both`},
		{name: "codex rejects url on stdio", files: oneFile(".codex/config.toml",
			"[mcp_servers.docs]\ncommand = \"docs-server\"\nurl = \"https://docs.example.com/mcp\"\n"),
			want: []string{`error .codex/config.toml:3:1: server "docs" has both "command" and "url": Codex reads it as a stdio server and rejects "url" on it, refusing its whole config [transport-conflict]`}},
		{name: "gemini picks the url", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"docs": {"command": "docs-server", "httpUrl": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .gemini/settings.json:1:26: server "docs" has both "command" and "httpUrl": Gemini CLI connects to "httpUrl" and ignores "command" [transport-conflict]`}},
		{name: "agent-code picks the command", files: oneFile(".agent/settings.toml",
			"[mcp_servers.docs]\ncommand = \"docs-server\"\nurl = \"https://docs.example.com/sse\"\n"),
			want: []string{`error .agent/settings.toml:3:1: server "docs" has both "command" and "url": agent-code starts "command" and ignores "url" [transport-conflict]`}},
		{name: "vscode picks the url", files: oneFile(".vscode/mcp.json",
			`{"servers": {"docs": {"command": "docs-server", "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .vscode/mcp.json:1:23: server "docs" has both "command" and "url": VS Code connects to "url" and ignores "command" [transport-conflict]`}},
		{name: "windsurf serverUrl", files: oneFile(".windsurf/mcp_config.json",
			`{"mcpServers": {"docs": {"command": "docs-server", "serverUrl": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .windsurf/mcp_config.json:1:26: server "docs" has both "command" and "serverUrl": Windsurf connects to "serverUrl" and ignores "command" [transport-conflict]`}},
		{name: "cursor picks the command", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"docs": {"command": "docs-server", "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .cursor/mcp.json:1:52: server "docs" has both "command" and "url": Cursor starts "command" and ignores "url" [transport-conflict]`}},
		{name: "claude follows type", merged: true, files: oneFile(".claude/mcp.json",
			`{"mcpServers": {"docs": {"type": "http", "command": "docs-server", "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .claude/mcp.json:1:42: server "docs" has both "command" and "url": Claude Code connects to "url" and ignores "command" [transport-conflict]`}},
		{name: "opencode rejects the config", files: oneFile("opencode.json",
			`{"mcp": {"docs": {"type": "local", "command": ["docs-server"], "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error opencode.json:1:64: server "docs" has both "command" and "url": opencode rejects the whole config [transport-conflict]`}},
		{name: "one transport each", files: map[string]string{
			".cursor/mcp.json":          `{"mcpServers": {"a": {"command": "a-server"}, "b": {"url": "https://b.example.com/mcp"}}}`,
			".windsurf/mcp_config.json": `{"mcpServers": {"c": {"serverUrl": "https://c.example.com/mcp"}}}`,
			".gemini/settings.json":     `{"mcpServers": {"d": {"command": "d-server", "args": ["--stdio"]}}}`,
		}},
	})
}

// A field set to null is not a second transport: the schema finding on it
// is the finding, and transport-conflict does not claim the client starts
// a null command (issue 27, real repositories).
func TestTransportConflictNull(t *testing.T) {
	runRuleCases(t, "transport-conflict", []ruleCase{
		{name: "null command", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"docs": {"command": null, "url": "https://docs.example.com/mcp"}}}`)},
		{name: "null url", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"docs": {"command": "docs-server", "url": null}}}`)},
		{name: "null httpUrl", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"docs": {"command": "docs-server", "httpUrl": null}}}`)},
	})
	diags := lintFiles(t, oneFile(".cursor/mcp.json", `{"mcpServers": {"docs": {"command": null, "url": "https://docs.example.com/mcp"}}}`), nil)
	if len(only(diags, "schema")) != 1 {
		t.Errorf("want the schema finding on the null command, got %v", diags)
	}
}
