package validate

import "testing"

func TestImplicitStdio(t *testing.T) {
	const bad = `{"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}`
	runRuleCases(t, "implicit-stdio", []ruleCase{
		{name: "claude project file", merged: true, files: oneFile(".claude/mcp.json", bad),
			want: []string{`error .claude/mcp.json:1:33: server "docs" has "url" but no "type": Claude Code reads it as a stdio server and rejects it [implicit-stdio]`},
			hint: `add "type": "http" (or "sse" for a legacy SSE endpoint)`},
		{name: "claude user file", files: oneFile("~/.claude.json", bad),
			want: []string{`error ~/.claude.json:1:33: server "docs" has "url" but no "type": Claude Code reads it as a stdio server and rejects it [implicit-stdio]`}},
		{name: ".mcp.json", merged: true, files: oneFile(".mcp.json", bad),
			want: []string{`warning .mcp.json:1:33: server "docs" has "url" but no "type": Claude Code reads it as a stdio server and rejects it (pisces infers "http") [implicit-stdio]`}},
		// every reader of .mcp.json, each as its own decoder reads the entry
		{name: ".mcp.json, every reader", files: oneFile(".mcp.json", bad),
			want: []string{`error .mcp.json:1:33: server "docs" has "url" but no "type": Claude Code reads it as a stdio server and rejects it; Qwen Code uses the legacy SSE transport; VS Code and Copilot CLI use streamable HTTP [implicit-stdio]`}},
		{name: "mcp.json", merged: true, files: oneFile("mcp.json", bad),
			want: []string{`warning mcp.json:1:33: server "docs" has "url" but no "type": Claude Code reads it as a stdio server and rejects it (pisces infers "http") [implicit-stdio]`}},
		{name: "fine", files: map[string]string{
			".claude/mcp.json": `{"mcpServers": {"a": {"type": "http", "url": "https://a.example.com/mcp"}, "b": {"command": "b-server", "url": "https://b.example.com/mcp"}}}`,
			// Cursor, VS Code and pisces infer a remote server from the url.
			".cursor/mcp.json": bad,
			".pisces/mcp.json": bad,
		}},
	})
}
