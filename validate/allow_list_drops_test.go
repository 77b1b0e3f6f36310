package validate

import "testing"

func TestAllowListDrops(t *testing.T) {
	runRuleCases(t, "allow-list-drops", []ruleCase{
		{name: "a project server the allow-list does not admit", files: map[string]string{
			".mcp.json":                   "{\"mcpServers\": {\n  \"github\": {\"command\": \"gh-mcp\"},\n  \"docs\": {\"type\": \"http\", \"url\": \"https://docs.example.com/mcp\"},\n  \"memory\": {\"command\": \"mem\"}\n}}\n",
			".claude/settings.local.json": `{"allowedMcpServers": [{"serverName": "github"}, {"serverUrl": "https://mcp.example.com/*"}], "deniedMcpServers": [{"serverName": "memory"}]}`,
		},
			want: []string{
				`warning .mcp.json:3:3: Claude Code does not load project server "docs": not admitted by "allowedMcpServers" at .claude/settings.local.json:1:2: once it has an entry by "serverUrl", a remote server is admitted only by its URL, and none matches "https://docs.example.com/mcp" [allow-list-drops]`,
			},
			hint: `add {"serverUrl": "https://docs.example.com/mcp"} to "allowedMcpServers" at .claude/settings.local.json:1:2`},
		{name: "a user server is the user's business", files: map[string]string{
			"~/.claude.json":          `{"mcpServers": {"memory": {"command": "mem"}}}`,
			"~/.claude/settings.json": `{"allowedMcpServers": []}`,
		}},
	})
}
