package validate

import "testing"

// Regression: bullpowerhubgit/supermegabot's empty credentials, rebuilt.
func TestEmptyCredential(t *testing.T) {
	runRuleCases(t, "empty-credential", []ruleCase{
		{name: "env and headers",
			files: tree(".windsurf/mcp_config.json", `{"mcpServers": {"gh": {"command": "srv", "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "", "DATABASE_URL": " ", "LOG_LEVEL": ""}}, `+
				`"api": {"serverUrl": "https://x.example/mcp", "headers": {"Authorization": ""}}}}`),
			want: []string{
				`info .windsurf/mcp_config.json:1:82: env "GITHUB_PERSONAL_ACCESS_TOKEN" is empty: the server starts without its credential [empty-credential]`,
				`info .windsurf/mcp_config.json:1:102: env "DATABASE_URL" is empty: the server starts without its credential [empty-credential]`,
				`info .windsurf/mcp_config.json:1:201: header "Authorization" is empty: the server is sent no credential [empty-credential]`,
			},
			hints: []string{
				`fill it in: write "${env:GITHUB_PERSONAL_ACCESS_TOKEN}" and set GITHUB_PERSONAL_ACCESS_TOKEN in your environment; or remove it if the server does not need it`,
				`fill it in: write "${env:DATABASE_URL}" and set DATABASE_URL in your environment; or remove it if the server does not need it`,
				`fill it in: write "Bearer ${env:API_TOKEN}" and set API_TOKEN in your environment; or remove it if the server does not need it`,
			}},
		{name: "codex and opencode",
			files: tree(".codex/config.toml", "[mcp_servers.gh]\ncommand = \"srv\"\nenv = { GITHUB_TOKEN = \"\" }\n",
				"opencode.json", `{"mcp": {"s": {"type": "local", "command": ["srv"], "environment": {"API_KEY": ""}}}}`),
			want: []string{
				`info .codex/config.toml:3:24: env "GITHUB_TOKEN" is empty: the server starts without its credential [empty-credential]`,
				`info opencode.json:1:80: env "API_KEY" is empty: the server starts without its credential [empty-credential]`,
			},
			hints: []string{
				`fill it in: remove it from env and list it in env_vars = ["GITHUB_TOKEN"]; Codex passes the variable through from your environment; or remove it if the server does not need it`,
				`fill it in: write "{env:API_KEY}" and set API_KEY in your environment; or remove it if the server does not need it`,
			}},
	})
}
