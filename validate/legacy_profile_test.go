package validate

import "testing"

func TestLegacyProfile(t *testing.T) {
	runRuleCases(t, "legacy-profile", []ruleCase{
		{name: "selector in the user config", files: map[string]string{
			"~/.codex/config.toml": "profile = \"work\"\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		},
			want: []string{
				`error ~/.codex/config.toml:1:11: Codex refuses its whole config while profile = "work" is set (legacy ` + "`profile = \"work\"`" + ` config is no longer supported; use ` + "`--profile work`" + ` with ` + "`work.config.toml`" + ` instead): none of its servers starts [legacy-profile]`,
			}},
		{name: "tables in the user config", files: map[string]string{
			"~/.codex/config.toml": "[profiles.work]\nmodel = \"o3\"\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		},
			want: []string{
				`warning ~/.codex/config.toml:1:11: Codex no longer reads [profiles.work]: its settings apply to no run, and --profile work makes Codex refuse the whole config while it exists [legacy-profile]`,
			}},
		{name: "stripped in a project file", files: map[string]string{
			".codex/config.toml": "profile = \"work\"\n[profiles.work]\nmodel = \"o3\"\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		},
			want: []string{
				`warning .codex/config.toml:1:1: Codex ignores "profile" in a project's files (it strips it and warns): it selects no profile [legacy-profile]`,
				`warning .codex/config.toml:2:11: Codex ignores [profiles.work] in a project's files (it strips it and warns) [legacy-profile]`,
			}},
		{name: "a profile's own file", files: map[string]string{
			"~/.codex/config.toml":      "[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
			"~/.codex/work.config.toml": "model = \"o3\"\n",
		}},
	})
}
