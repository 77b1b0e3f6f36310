package validate

import "testing"

func TestDeprecatedSSE(t *testing.T) {
	runRuleCases(t, "deprecated-sse", []ruleCase{
		{name: "explicit sse", cfg: &Config{Clients: []string{"claude"}}, files: oneFile(".mcp.json",
			`{"mcpServers": {"linear": {"type": "sse", "url": "https://mcp.linear.app/sse"}}}`),
			want: []string{`info .mcp.json:1:36: server "linear" uses the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP [deprecated-sse]`},
			hint: `if the server offers streamable HTTP (usually at "/mcp" instead of "/sse"), use "type": "http"`},
		{name: "gemini sse", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"linear": {"url": "https://mcp.linear.app/sse", "type": "sse"}}}`),
			want: []string{`info .gemini/settings.json:1:73: server "linear" uses the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP [deprecated-sse]`}},
		{name: "agent-code to a streamable endpoint", files: oneFile(".agent/settings.toml",
			"[mcp_servers.linear]\nurl = \"https://mcp.linear.app/mcp\"\n"),
			want: []string{`warning .agent/settings.toml:2:7: server "linear": agent-code reaches "https://mcp.linear.app/mcp" with neither MCP transport: it sends GET https://mcp.linear.app/mcp/health, then posts each JSON-RPC request to https://mcp.linear.app/mcp/jsonrpc and reads one JSON reply, which an SSE or streamable HTTP server most likely does not answer [deprecated-sse]`},
			hint: "start the server as a local command for agent-code if it has one; mcpconf probe speaks SSE to the url, not agent-code's protocol"},
		// The path of a streamable HTTP endpoint with "type": "sse": the
		// client tries the legacy handshake where the server most likely
		// speaks streamable HTTP (issue 27, real repositories).
		{name: "sse on a streamable endpoint", files: tree(
			".cursor/mcp.json", `{"mcpServers": {"docs": {"type": "sse", "url": "https://docs.example.com/mcp"}}}`,
			".windsurf/mcp_config.json", `{"mcpServers": {"docs": {"type": "sse", "serverUrl": "https://docs.example.com/api/mcp/"}}}`),
			want: []string{
				`warning .cursor/mcp.json:1:34: server "docs" says "type": "sse", but "https://docs.example.com/mcp" ends in /mcp, the usual path of a streamable HTTP endpoint: Cursor speaks the legacy HTTP+SSE transport to it, which a streamable HTTP server does not answer [deprecated-sse]`,
				`warning .windsurf/mcp_config.json:1:34: server "docs" says "type": "sse", but "https://docs.example.com/api/mcp/" ends in /mcp, the usual path of a streamable HTTP endpoint: Windsurf speaks the legacy HTTP+SSE transport to it, which a streamable HTTP server does not answer [deprecated-sse]`,
			},
			hints: []string{`use "type": "http" if the server speaks streamable HTTP there (mcpconf probe tries it), or point "url" at its SSE endpoint`,
				`use "type": "http" if the server speaks streamable HTTP there (mcpconf probe tries it), or point "serverUrl" at its SSE endpoint`}},
		{name: "quiet", files: map[string]string{
			".cursor/mcp.json": `{"mcpServers": {"c": {"type": "http", "url": "https://c.example.com/mcp"}}}`,
			// Gemini CLI uses httpUrl whatever the type says.
			".gemini/settings.json": `{"mcpServers": {"d": {"type": "sse", "httpUrl": "https://d.example.com/mcp"}}}`,
		}},
	})
}

// "transport": "sse" and an endpoint whose path ends in /sse are the legacy
// transport as much as "type": "sse" (seen in unseen real configs: Cursor
// files with "transport": "sse", editors pointed at Notion's and Linear's
// /sse endpoints without a type).
func TestDeprecatedSSEOtherSpellings(t *testing.T) {
	runRuleCases(t, "deprecated-sse", []ruleCase{
		{name: "transport key", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"linear": {"transport": "sse", "url": "https://mcp.linear.app/events"}}}`),
			want: []string{`info .cursor/mcp.json:1:41: server "linear" asks for the legacy HTTP+SSE transport ("transport": "sse"), deprecated since MCP 2025-03-26 in favour of streamable HTTP [deprecated-sse]`},
			hint: `if the server offers streamable HTTP (usually at "/mcp" instead of "/sse"), point "url" at it`},
		{name: "sse path", files: tree(
			".vscode/mcp.json", `{"servers": {"notion": {"type": "http", "url": "https://mcp.notion.com/sse"}}}`,
			".windsurf/mcp_config.json", `{"mcpServers": {"notion": {"serverUrl": "https://mcp.notion.com/sse/"}}}`),
			want: []string{
				`info .vscode/mcp.json:1:48: server "notion": "https://mcp.notion.com/sse" is an endpoint of the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP [deprecated-sse]`,
				`info .windsurf/mcp_config.json:1:41: server "notion": "https://mcp.notion.com/sse/" is an endpoint of the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP [deprecated-sse]`,
			},
			hint: `if the server offers streamable HTTP (usually at "/mcp" instead of "/sse"), point "url" at it`},
		{name: "one finding for type and path", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"linear": {"type": "sse", "transport": "sse", "url": "https://mcp.linear.app/sse"}}}`),
			want: []string{`info .cursor/mcp.json:1:36: server "linear" uses the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP [deprecated-sse]`}},
		// Codex has no SSE client: no-sse-transport says what happens there.
		{name: "codex", files: oneFile(".codex/config.toml", "[mcp_servers.n]\nurl = \"https://mcp.notion.com/sse\"\n")},
	})
}
