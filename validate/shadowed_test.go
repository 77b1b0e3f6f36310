package validate

import "testing"

func TestShadowed(t *testing.T) {
	const gh = `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"]}}}`
	const ghDocker = `{"mcpServers": {"github": {"command": "docker", "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server:v0.9.0"]}}}`
	runRuleCases(t, "shadowed", []ruleCase{
		{name: "differs across clients", merged: true, files: tree(".pisces/mcp.json", gh, ".cursor/mcp.json", ghDocker),
			want:  []string{`warning .cursor/mcp.json:1:17: server "github" is hidden by the definition at .pisces/mcp.json:1:17, which differs in command, args [shadowed]`},
			hints: []string{`lower priority: cursor (50) < pisces (100); delete the unused definition, or rename one if both should run`}},
		{name: "identical in project and user scope", merged: true, files: tree(".claude/mcp.json", gh, "~/.claude/mcp.json", gh),
			want:  []string{`info ~/.claude/mcp.json:1:17: server "github" is hidden by an identical definition at .claude/mcp.json:1:17 [shadowed]`},
			hints: []string{`same provider: project scope wins over user scope; delete the unused definition, or rename one if both should run`}},
		{name: "three definitions", merged: true, files: tree(".pisces/mcp.json", gh, ".codex/config.toml", "[mcp_servers.github]\ncommand = \"npx\"\nargs = [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"]\nenabled = false\n", ".mcp.json", gh),
			want: []string{
				`warning .codex/config.toml:1:14: server "github" is hidden by the definition at .pisces/mcp.json:1:17, which differs in enabled [shadowed]`,
				`info .mcp.json:1:17: server "github" is hidden by an identical definition at .pisces/mcp.json:1:17 [shadowed]`,
			}},
		{name: "twice in one file is duplicate-key's alone",
			files: tree(".mcp.json", "{\"mcpServers\": {\n  \"github\": {\"command\": \"npx\"},\n  \"github\": {\"command\": \"uvx\"}\n}}")},
		{name: "different names", files: tree(".pisces/mcp.json", gh, ".cursor/mcp.json", `{"mcpServers": {"gh": {"command": "npx"}}}`)},
	})
}

func TestShadowedRelated(t *testing.T) {
	const gh = `{"mcpServers": {"github": {"command": "npx"}}}`
	diags := only(lintFiles(t, tree(".pisces/mcp.json", gh, ".cursor/mcp.json", `{"mcpServers": {"github": {"command": "uvx"}}}`), nil), "shadowed")
	if len(diags) != 1 || len(diags[0].Related) != 1 {
		t.Fatalf("want one finding with one related location, got %v", diags)
	}
	if r := diags[0].Related[0]; r.Path != ".pisces/mcp.json" || r.Pos.Line != 1 || r.Pos.Col != 17 {
		t.Errorf("related = %+v, want .pisces/mcp.json:1:17", r)
	}
}
