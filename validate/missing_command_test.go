package validate

import "testing"

func TestMissingCommand(t *testing.T) {
	runRuleCases(t, "missing-command", []ruleCase{
		{name: "explicit stdio", files: oneFile(".vscode/mcp.json",
			`{"servers": {"fs": {"type": "stdio", "args": ["-y", "pkg"]}}}`),
			want: []string{`error .vscode/mcp.json:1:29: server "fs" is a stdio server ("type": "stdio") without "command" [missing-command]`},
			hint: `add the program to start, e.g. "command": "npx"`},
		{name: "neither command nor url", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"fs": {"args": ["-y", "pkg"]}}}`),
			want: []string{`error .cursor/mcp.json:1:17: server "fs" has neither "command" nor "url": Cursor reads it as a stdio server and cannot start it [missing-command]`}},
		{name: "empty command", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"fs": {"command": "  "}}}`),
			want: []string{`error .pisces/mcp.json:1:35: server "fs" has an empty "command" [missing-command]`}},
		{name: "opencode empty array", files: oneFile("opencode.json",
			`{"mcp": {"fs": {"type": "local", "command": []}}}`),
			want: []string{`error opencode.json:1:45: server "fs" has an empty "command": opencode needs the program as its first item [missing-command]`}},
		{name: "opencode local with a url", files: oneFile("opencode.json",
			`{"mcp": {"docs": {"type": "local", "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error opencode.json:1:27: server "docs" is a stdio server ("type": "local") without "command" [missing-command]`},
			hint: `if the server is reached by URL, write "type": "remote"`},
		{name: "pisces stdio with a url", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"docs": {"type": "stdio", "url": "https://docs.example.com/mcp"}}}`),
			want: []string{`error .pisces/mcp.json:1:34: server "docs" is a stdio server ("type": "stdio") without "command" [missing-command]`},
			hint: `if the server is reached by URL, write "type": "http"`},
		{name: "gemini neither", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"fs": {"args": ["x"]}}}`),
			want: []string{`error .gemini/settings.json:1:17: server "fs" has neither "command" nor a URL ("url" or "httpUrl"): Gemini CLI cannot connect to it [missing-command]`}},
		{name: "agent-code neither", files: oneFile(".agent/settings.toml",
			"[mcp_servers.fs]\nargs = [\"x\"]\n"),
			want: []string{`error .agent/settings.toml:1:14: server "fs" has neither "command" nor "url": agent-code skips it [missing-command]`}},
		{name: "left to other rules", files: map[string]string{
			// Codex: unknown-transport ("invalid transport").
			".codex/config.toml": "[mcp_servers.a]\nargs = [\"x\"]\n",
			// Claude Code url without type: implicit-stdio.
			".claude/mcp.json": `{"mcpServers": {"b": {"url": "https://b.example.com/mcp"}}}`,
			// opencode toggle of a server defined in another layer.
			"opencode.json": `{"mcp": {"c": {"enabled": false}}}`,
			// a command of the wrong type: schema.
			".cursor/mcp.json": `{"mcpServers": {"d": {"command": 42}}}`,
			// pisces infers http from the url.
			".pisces/mcp.json": `{"mcpServers": {"e": {"url": "https://e.example.com/mcp"}}}`,
		}},
	})
}
