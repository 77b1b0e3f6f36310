package validate

import "testing"

func TestNoSSETransport(t *testing.T) {
	runRuleCases(t, "no-sse-transport", []ruleCase{
		{name: "codex",
			files: tree(".codex/config.toml", "[mcp_servers.linear]\nurl = \"https://mcp.linear.app/sse\"\n[mcp_servers.local]\nurl = \"http://localhost:${PORT}/sse/\"\n[mcp_servers.ok]\nurl = \"https://mcp.linear.app/mcp\"\n[mcp_servers.q]\nurl = \"https://x.example/api?transport=sse\"\n"),
			want: []string{
				`warning .codex/config.toml:2:7: server "linear": "https://mcp.linear.app/sse" looks like an SSE endpoint, but Codex has no SSE transport: it sends streamable HTTP requests there, which an SSE endpoint does not answer [no-sse-transport]`,
				`warning .codex/config.toml:4:7: server "local": "http://localhost:${PORT}/sse/" looks like an SSE endpoint, but Codex has no SSE transport: it sends streamable HTTP requests there, which an SSE endpoint does not answer [no-sse-transport]`,
			}},
		{name: "clients with SSE",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"linear": {"url": "https://mcp.linear.app/sse"}}}`,
				".gemini/settings.json", `{"mcpServers": {"linear": {"url": "https://mcp.linear.app/sse"}}}`)},
	})
}
