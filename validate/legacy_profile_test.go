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
		// the command to start Codex with the profile is quoted to paste
		{name: "a selector that is not a plain name", files: map[string]string{
			"~/.codex/config.toml": "profile = \"it's; touch x\"\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		},
			want: []string{
				`error ~/.codex/config.toml:1:11: Codex refuses its whole config while profile = "it's; touch x" is set (legacy ` + "`profile = \"it's; touch x\"`" + ` config is no longer supported; use ` + "`--profile it's; touch x`" + ` with ` + "`it's; touch x.config.toml`" + ` instead): none of its servers starts [legacy-profile]`,
			},
			hint: `remove profile = "it's; touch x"; put the profile's settings in ~/.codex/it's; touch x.config.toml and start codex with --profile 'it'\''s; touch x' (mcpconf: --profile 'it'\''s; touch x')`},
		{name: "a table that is not a plain name", files: map[string]string{
			"~/.codex/config.toml": "[profiles.\"-a b\"]\nmodel = \"o3\"\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		},
			want: []string{
				`warning ~/.codex/config.toml:1:11: Codex no longer reads [profiles.-a b]: its settings apply to no run, and --profile -a b makes Codex refuse the whole config while it exists [legacy-profile]`,
			},
			hint: `move its settings to ~/.codex/-a b.config.toml, remove the table, and start codex with '--profile=-a b'`},
		{name: "a profile's own file", files: map[string]string{
			"~/.codex/config.toml":      "[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
			"~/.codex/work.config.toml": "model = \"o3\"\n",
		}},
	})
}
