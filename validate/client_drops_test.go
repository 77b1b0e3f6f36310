package validate

import "testing"

// TestClientDrops: a server pisces drops by a rule of its own after reading
// it — the exa filter (oh-my-pi 18.2.3 filterExaMCPServers), one server per
// connection (isSameMCPConnection) — is said to be dropped, and why
// (testdata/clients/pisces-exa-filter, pisces-same-connection).
func TestClientDrops(t *testing.T) {
	runRuleCases(t, "client-drops", []ruleCase{
		{name: "exa by name and by url; one asked for another tool is kept", merged: true, files: tree(".pisces/mcp.json",
			"{\"mcpServers\": {\n  \"exa\": {\"command\": \"npx\", \"args\": [\"-y\", \"exa-mcp-server\"]},\n  \"search\": {\"type\": \"http\", \"url\": \"https://mcp.exa.ai/mcp\"},\n  \"fetch\": {\"type\": \"http\", \"url\": \"https://mcp.exa.ai/mcp?tools=web_fetch_exa\"}\n}}\n"),
			want: []string{
				`warning .pisces/mcp.json:2:3: pisces drops server "exa": it is named "exa": pisces has its own exa integration [client-drops]`,
				`warning .pisces/mcp.json:3:3: pisces drops server "search": its url is on mcp.exa.ai: pisces has its own exa integration [client-drops]`,
			},
			hint: `to use it in pisces, ask it (query parameter or --tools) for a tool other than web_search_exa, or rely on pisces's own exa tools`},
		{name: "same connection under another name", merged: true, files: tree(".pisces/mcp.json",
			`{"mcpServers": {"a": {"command": "srv", "args": ["x"]}}}`, ".cursor/mcp.json", `{"mcpServers": {"b": {"command": "srv", "args": ["x"]}}}`),
			want: []string{`warning .cursor/mcp.json:1:17: pisces drops server "b": it connects exactly as "a" (.pisces/mcp.json:1:17), which it keeps: one server per connection [client-drops]`},
			hint: `remove "b", or make it differ from "a"`},
		{name: "a disabled one takes no connection", merged: true, files: tree(".pisces/mcp.json",
			`{"mcpServers": {"a": {"command": "srv", "enabled": false}, "b": {"command": "srv"}}}`)},
	})
}
