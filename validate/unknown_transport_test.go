package validate

import "testing"

func TestUnknownTransport(t *testing.T) {
	runRuleCases(t, "unknown-transport", []ruleCase{
		{name: "roo literal in vscode", files: oneFile(".vscode/mcp.json",
			`{"servers": {"docs": {"type": "streamable-http", "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .vscode/mcp.json:1:31: server "docs" has "type": "streamable-http", which VS Code does not accept; did you mean "http"? [unknown-transport]`},
			hint: `use one of "stdio", "http", "sse"`},
		{name: "cline literal in cursor", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"docs": {"type": "streamableHttp", "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .cursor/mcp.json:1:34: server "docs" has "type": "streamableHttp", which Cursor does not accept; did you mean "http"? [unknown-transport]`}},
		{name: "opencode literal in pisces", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"fs": {"type": "local", "command": "fs-server"}}}`),
			want: []string{`error .pisces/mcp.json:1:32: server "fs" has "type": "local", which pisces does not accept; did you mean "stdio"? [unknown-transport]`}},
		{name: "upper case", files: oneFile(".vscode/mcp.json",
			`{"servers": {"docs": {"type": "HTTP", "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .vscode/mcp.json:1:31: server "docs" has "type": "HTTP", which VS Code does not accept; did you mean "http"? [unknown-transport]`}},
		{name: "websocket in claude", merged: true, files: oneFile(".claude/mcp.json",
			`{"mcpServers": {"live": {"type": "websocket", "url": "wss://live.example.com/mcp"}}}`),
			want: []string{`error .claude/mcp.json:1:34: server "live" has "type": "websocket", which Claude Code does not accept; did you mean "ws"? [unknown-transport]`}},
		{name: "empty type", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"fs": {"type": "", "command": "fs-server"}}}`),
			want: []string{`error .cursor/mcp.json:1:32: server "fs" has an empty "type", which Cursor does not accept [unknown-transport]`}},
		{name: "opencode words", files: oneFile("opencode.json",
			`{"mcp": {
  "fs": {"type": "stdio", "command": ["fs-server"]},
  "docs": {"type": "http", "url": "https://docs.example.com/mcp"}
}}`),
			want: []string{
				`error opencode.json:2:18: server "fs" has "type": "stdio", which opencode does not accept; did you mean "local"? [unknown-transport]`,
				`error opencode.json:3:20: server "docs" has "type": "http", which opencode does not accept; did you mean "remote"? [unknown-transport]`,
			}},
		{name: "opencode without type", files: oneFile("opencode.json",
			`{"mcp": {"fs": {"command": ["fs-server"]}, "off": {"enabled": false}}}`),
			want: []string{`error opencode.json:1:10: server "fs" has no "type": opencode requires "local" or "remote" and rejects the config without it [unknown-transport]`},
			hint: `add "type": "local"`},
		{name: "gemini ignores a type it does not use", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"fs": {"type": "stdio", "command": "fs-server"}, "docs": {"type": "streamable-http", "url": "https://docs.example.com/mcp"}}}`),
			// Gemini CLI 0.61.0 accepts "stdio", "sse" and "http"; any other
			// type with a url is streamable HTTP, with a schema warning
			// (testdata/clients/gemini-type-unknown)
			want: []string{
				`warning .gemini/settings.json:1:83: server "docs" has "type": "streamable-http", which Gemini CLI does not know: it ignores it and picks the transport from the other keys; did you mean "http"? [unknown-transport]`,
			}},
		{name: "codex invalid transport", files: oneFile(".codex/config.toml",
			"[mcp_servers.fs]\nargs = [\"x\"]\n"),
			want: []string{`error .codex/config.toml:1:14: server "fs" has neither "command" nor "url": Codex cannot load the config ("invalid transport") [unknown-transport]`}},
		{name: "codex patch of another layer", files: map[string]string{
			"~/.codex/config.toml": "[mcp_servers.fs]\ncommand = \"fs-server\"\n",
			".codex/config.toml":   "[mcp_servers.fs]\nenabled = false\n",
		}},
		{name: "accepted literals", files: map[string]string{
			".claude/mcp.json":          `{"mcpServers": {"a": {"type": "streamable-http", "url": "https://a.example.com/mcp"}, "b": {"type": "ws", "url": "wss://b.example.com/mcp"}}}`,
			".windsurf/mcp_config.json": `{"mcpServers": {"c": {"type": "streamable-http", "serverUrl": "https://c.example.com/mcp"}}}`,
			// a type of the wrong kind: schema.
			".cursor/mcp.json": `{"mcpServers": {"d": {"type": 1, "command": "d-server"}}}`,
		}},
	})
}
