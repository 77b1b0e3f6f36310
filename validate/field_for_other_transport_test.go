package validate

import "testing"

func TestFieldForOtherTransport(t *testing.T) {
	runRuleCases(t, "field-for-other-transport", []ruleCase{
		{name: "codex args on http", files: oneFile(".codex/config.toml",
			"[mcp_servers.figma]\nurl = \"https://mcp.figma.com/mcp\"\nargs = [\"--verbose\"]\n"),
			want: []string{`error .codex/config.toml:3:1: "args" only applies to stdio servers, but "figma" is a remote server: Codex refuses its whole config, so none of its servers starts [field-for-other-transport]`},
			hint: `remove "args", or make "figma" a stdio server if it is meant to be one`},
		{name: "codex http fields on stdio", files: oneFile(".codex/config.toml",
			"[mcp_servers.gh]\ncommand = \"gh-mcp\"\nbearer_token_env_var = \"GH_TOKEN\"\n\n[mcp_servers.gh.http_headers]\nX-Org = \"acme\"\n"),
			want: []string{
				`error .codex/config.toml:3:1: "bearer_token_env_var" only applies to remote servers, but "gh" is a stdio server: Codex refuses its whole config, so none of its servers starts [field-for-other-transport]`,
				`error .codex/config.toml:5:17: "http_headers" only applies to remote servers, but "gh" is a stdio server: Codex refuses its whole config, so none of its servers starts [field-for-other-transport]`,
			}},
		{name: "cursor env on remote", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"docs": {"url": "https://docs.example.com/mcp", "env": {"TOKEN": "${env:TOKEN}"}}}}`),
			want: []string{`warning .cursor/mcp.json:1:65: "env" only applies to stdio servers, but "docs" is a remote server: Cursor ignores it [field-for-other-transport]`}},
		{name: "vscode headers on stdio", files: oneFile(".vscode/mcp.json",
			`{"servers": {"fs": {"type": "stdio", "command": "fs-server", "headers": {"X-Trace": "1"}}}}`),
			want: []string{`warning .vscode/mcp.json:1:62: "headers" only applies to remote servers, but "fs" is a stdio server: VS Code ignores it [field-for-other-transport]`}},
		{name: "opencode strict shapes", files: oneFile("opencode.json",
			`{"mcp": {
  "fs": {"type": "local", "command": ["fs-server"], "oauth": {"clientId": "fs"}},
  "docs": {"type": "remote", "url": "https://docs.example.com/mcp", "environment": {"A": "b"}}
}}`),
			want: []string{
				`error opencode.json:2:53: "oauth" only applies to remote servers, but "fs" is a stdio server: opencode rejects the whole config [field-for-other-transport]`,
				`error opencode.json:3:69: "environment" only applies to stdio servers, but "docs" is a remote server: opencode rejects the whole config [field-for-other-transport]`,
			}},
		{name: "quiet", files: map[string]string{
			// empty containers configure nothing.
			".codex/config.toml": "[mcp_servers.a]\nurl = \"https://a.example.com/mcp\"\nargs = []\n",
			// both command and url: transport-conflict.
			".pisces/mcp.json": `{"mcpServers": {"b": {"command": "b-server", "url": "https://b.example.com/mcp", "headers": {"X": "y"}}}}`,
			// Claude Code has no cwd: unknown-field.
			".claude/mcp.json": `{"mcpServers": {"c": {"type": "http", "url": "https://c.example.com/mcp", "cwd": "/tmp"}}}`,
			// oauth outside Codex and opencode.
			".vscode/mcp.json": `{"servers": {"d": {"type": "stdio", "command": "d-server", "env": {"A": "b"}}}}`,
		}},
	})
}
