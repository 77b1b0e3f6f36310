package validate

import "testing"

func TestMissingServersKey(t *testing.T) {
	const gh = `{"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"]}`
	runRuleCases(t, "missing-servers-key", []ruleCase{
		{name: ".mcp.json without mcpServers",
			files: tree(".mcp.json", `{"github": `+gh+`, "docs": {"type": "http", "url": "https://mcp.example.com/mcp"}}`),
			want:  []string{`error .mcp.json:1:2: server "github" (and 1 more) is at the top level of the file: Claude Code reads servers only under "mcpServers", so it loads none of them (for Claude Code, Qwen Code and Copilot CLI; not VS Code, which also reads this file) [missing-servers-key]`},
			hints: []string{`wrap them in the servers key: { "mcpServers": { "github": { … } } }`}},
		{name: "each editor's key",
			files: tree(".cursor/mcp.json", `{"github": `+gh+`}`,
				".vscode/mcp.json", "{\n  // comment\n  \"github\": "+gh+"\n}",
				".windsurf/mcp_config.json", `{"gtm-labs": {"command": "node", "args": ["server.js"]}}`),
			want: []string{
				`error .cursor/mcp.json:1:2: server "github" is at the top level of the file: Cursor reads servers only under "mcpServers", so it loads none of them [missing-servers-key]`,
				`error .vscode/mcp.json:3:3: server "github" is at the top level of the file: VS Code reads servers only under "servers", so it loads none of them [missing-servers-key]`,
				`error .windsurf/mcp_config.json:1:2: server "gtm-labs" is at the top level of the file: Windsurf reads servers only under "mcpServers", so it loads none of them [missing-servers-key]`,
			}},
		{name: "Codex tables",
			files: tree(".codex/config.toml", "model = \"o3\"\n\n[github]\ncommand = \"gh-mcp\"\n"),
			want:  []string{`error .codex/config.toml:3:2: server "github" is at the top level of the file: Codex reads servers only under "mcp_servers", so it loads none of them [missing-servers-key]`},
			hints: []string{`wrap them in the servers key: [mcp_servers.github]`}},
		// opencode 1.18.33 reads them (ConfigV2Compat.lower:
		// testdata/clients/opencode-mcp-servers); Kilo Code CLI skips the
		// file, which skipped-file says
		{name: "opencode mcp.servers, read by opencode",
			files: tree("opencode.json", `{"$schema": "https://opencode.ai/config.json", "mcp": {"servers": {"gh": {"type": "local", "command": ["gh-mcp"]}, "docs": {"type": "remote", "url": "https://mcp.example.com/mcp"}}}}`)},
		{name: "a Claude Code plugin's .mcp.json may leave the key out",
			files: tree(".mcp.json", `{"github": `+gh+`}`, ".claude-plugin/plugin.json", `{"name": "p"}`),
			// Qwen Code, which reads the start directory's .mcp.json, knows no plugins
			want: []string{`info .mcp.json:1:2: server "github" is at the top level of the file: Qwen Code reads servers only under "mcpServers", so it loads none of them (for Qwen Code and Copilot CLI; not Claude Code or VS Code, which also read this file); no file of Qwen Code or Copilot CLI's own is here: this matters if you use it [missing-servers-key]`}},
		{name: "settings that are not servers",
			files: tree(".gemini/settings.json", `{"theme": "Default", "mcp": {"serverCommand": "x"}, "mcpServers": {"gh": `+gh+`}}`,
				".vscode/settings.json", `{"mcp": {"servers": {"gh": `+gh+`}}, "python": {"command": "python3"}}`,
				"opencode.json", `{"mcp": {"gh": {"type": "local", "command": ["gh-mcp"]}}, "lsp": {"go": {"command": ["gopls"]}}}`)},
	})
}

// "mcp.servers" in opencode.json: no schema error nor missing-servers-key
// (opencode 1.18.33 reads the servers in it), only Kilo Code CLI's
// skipped-file and the secret (regression: 0x006E/dotfiles's
// opencode.json, rebuilt).
func TestMissingServersKeyReplacesSchemaErrors(t *testing.T) {
	diags := lintFiles(t, tree("opencode.json", `{"mcp": {"servers": {"gh": {"type": "local", "command": ["gh-mcp"], "environment": {"GITHUB_TOKEN": "`+fakeGitHubToken+`"}}}}}`), nil)
	var rules []string
	for _, d := range diags {
		rules = append(rules, string(d.Rule))
	}
	if len(rules) != 2 || rules[0] != "skipped-file" || rules[1] != "hardcoded-secret" {
		t.Errorf("findings: %v", diags)
	}
}

// A servers file with no servers key at all: Claude Code 2.1.331 refuses
// such a .mcp.json ("[Has errors]"), an editor loads nothing from it
// (cursor/0xobelisk__dubhe held a "tools" array and no "mcpServers").
// Settings files (.gemini/settings.json, .codex/config.toml, opencode.json)
// hold other settings: no servers key is no finding there, and neither is
// an empty file of an editor.
func TestMissingServersKeyNone(t *testing.T) {
	runRuleCases(t, "missing-servers-key", []ruleCase{
		{name: "claude code refuses the file",
			files: tree(".mcp.json", `{}`),
			want:  []string{`error .mcp.json:1:1: the file has no "mcpServers": Claude Code requires it and refuses the whole file (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [missing-servers-key]`},
			hints: []string{`write the servers under it: { "mcpServers": { "name": { … } } }, or remove the file`}},
		{name: "an editor loads nothing",
			files: tree(".cursor/mcp.json", `{"tools": [{"name": "search"}]}`, ".vscode/mcp.json", `{}`),
			want:  []string{`warning .cursor/mcp.json:1:1: the file has no "mcpServers": Cursor loads no server from it [missing-servers-key]`}},
		{name: "settings files and plugins",
			files: tree(".gemini/settings.json", `{"theme": "dark"}`, ".codex/config.toml", "model = \"o3\"\n", "opencode.json", `{"theme": "x"}`,
				"plugin/.mcp.json", `{}`)},
		{name: "a plugin's .mcp.json",
			files: tree(".mcp.json", `{}`, ".claude-plugin/plugin.json", `{"name": "p"}`)},
	})
}
