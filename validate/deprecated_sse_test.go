package validate

import "testing"

func TestDeprecatedSSE(t *testing.T) {
	runRuleCases(t, "deprecated-sse", []ruleCase{
		{name: "explicit sse", files: oneFile(".mcp.json",
			`{"mcpServers": {"linear": {"type": "sse", "url": "https://mcp.linear.app/sse"}}}`),
			want: []string{`info .mcp.json:1:36: server "linear" uses the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP [deprecated-sse]`},
			hint: `if the server offers streamable HTTP (usually at "/mcp" instead of "/sse"), use "type": "http"`},
		{name: "gemini sse", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"linear": {"url": "https://mcp.linear.app/sse", "type": "sse"}}}`),
			want: []string{`info .gemini/settings.json:1:73: server "linear" uses the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP [deprecated-sse]`}},
		{name: "agent-code to a streamable endpoint", files: oneFile(".agent/settings.toml",
			"[mcp_servers.linear]\nurl = \"https://mcp.linear.app/mcp\"\n"),
			want: []string{`info .agent/settings.toml:2:7: server "linear": agent-code connects to "url" with the legacy HTTP+SSE transport (deprecated since MCP 2025-03-26), but "https://mcp.linear.app/mcp" looks like a streamable HTTP endpoint [deprecated-sse]`}},
		{name: "quiet", files: map[string]string{
			// agent-code has no other transport: nothing to change.
			".agent/settings.toml": "[mcp_servers.a]\nurl = \"http://localhost:8080\"\n\n[mcp_servers.b]\nurl = \"https://b.example.com/sse\"\n",
			".cursor/mcp.json":     `{"mcpServers": {"c": {"type": "http", "url": "https://c.example.com/mcp"}}}`,
			// Gemini CLI uses httpUrl whatever the type says.
			".gemini/settings.json": `{"mcpServers": {"d": {"type": "sse", "httpUrl": "https://d.example.com/mcp"}}}`,
		}},
	})
}
