package validate

import "testing"

func TestShadowed(t *testing.T) {
	const gh = `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"]}}}`
	const ghDocker = `{"mcpServers": {"github": {"command": "docker", "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server:v0.9.0"]}}}`
	runRuleCases(t, "shadowed", []ruleCase{
		{name: "differs across clients", merged: true, files: tree(".pisces/mcp.json", gh, ".cursor/mcp.json", ghDocker),
			want:  []string{`warning .cursor/mcp.json:1:17: server "github" is hidden by the definition at .pisces/mcp.json:1:17, which differs in command, args [shadowed]`},
			hints: []string{`lower priority: cursor (50) < pisces (100); delete the unused definition, or rename one if both should run`}},
		{name: "identical in project and user scope", merged: true, files: tree(".claude/mcp.json", gh, "~/.claude/mcp.json", gh, "~/.pisces/agent/config.yml", "enabledProviders: [claude]\n"),
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
		// Gemini CLI: the settings win over an extension's server of the
		// same name (testdata/clients/gemini-extension); the finding is on
		// the settings, which the user edits
		{name: "settings over an extension", files: tree(
			"~/.gemini/settings.json", `{"mcpServers": {"github": {"command": "docker"}}}`,
			"~/.gemini/extensions/gh/gemini-extension.json", `{"name": "gh", "version": "1", "mcpServers": {"github": {"command": "npx"}}}`),
			want:  []string{`warning ~/.gemini/settings.json:1:17: server "github" replaces the server of the same name that extension "gh" brings (~/.gemini/extensions/gh/gemini-extension.json:1:47), which differs in command [shadowed]`},
			hints: []string{`Gemini CLI uses this definition (user scope wins over extension scope): rename this server if both should run, or remove it to use the extension's`}},
		{name: "two extensions", files: tree(
			"~/.gemini/settings.json", `{}`,
			"~/.gemini/extensions/a/gemini-extension.json", `{"name": "a", "version": "1", "mcpServers": {"github": {"command": "npx"}}}`,
			"~/.gemini/extensions/b/gemini-extension.json", `{"name": "b", "version": "1", "mcpServers": {"github": {"command": "npx"}}}`),
			want: []string{`warning ~/.gemini/extensions/b/gemini-extension.json:1:46: server "github" of extension "b" is not used in Gemini CLI: extension "a" brings one of the same name (~/.gemini/extensions/a/gemini-extension.json:1:46) [shadowed]`}},
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
