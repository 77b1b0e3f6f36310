package validate

import "testing"

func TestToolFilterConflict(t *testing.T) {
	runRuleCases(t, "tool-filter-conflict", []ruleCase{
		{name: "gemini both lists", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"gh": {"command": "gh", "includeTools": ["search", "delete_repo"], "excludeTools": ["delete_repo"]}}}`),
			want: []string{`warning .gemini/settings.json:1:101: server "gh" lists tool "delete_repo" in both "includeTools" and "excludeTools": Gemini CLI hides it (the deny-list wins) [tool-filter-conflict]`},
			hint: "remove it from one of the lists"},
		{name: "gemini tool with arguments", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"sh": {"command": "sh-mcp", "includeTools": ["run(git)"], "excludeTools": ["run"]}}}`),
			want: []string{`warning .gemini/settings.json:1:92: server "sh" lists tool "run" in both "includeTools" and "excludeTools": Gemini CLI hides it (the deny-list wins) [tool-filter-conflict]`}},
		{name: "codex empty allow-list", files: oneFile(".codex/config.toml",
			"[mcp_servers.gh]\ncommand = \"gh\"\nenabled_tools = []\n"),
			want: []string{`warning .codex/config.toml:3:17: server "gh" has an empty "enabled_tools": Codex makes none of its tools available [tool-filter-conflict]`}},
		// pisces reads no tool filter (oh-my-pi 18.2.3 parseMcpServers;
		// testdata/clients/pisces-tool-filters-unread): its lists are
		// unknown fields, never in conflict
		{name: "pisces has no tool filter", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"gh": {"command": "gh", "enabledTools": ["get_*"], "disabledTools": ["get_*"]}, "e": {"command": "e", "enabledTools": []}}}`)},
		{name: "no conflict", files: map[string]string{
			// Codex lists are names, not globs.
			".codex/config.toml": "[mcp_servers.b]\ncommand = \"b\"\nenabled_tools = [\"delete_repo\"]\ndisabled_tools = [\"delete_*\"]\n",
			// Windsurf has only a deny-list.
			".windsurf/mcp_config.json": `{"mcpServers": {"c": {"command": "c", "disabledTools": ["x"]}}}`,
		}},
	})
}
