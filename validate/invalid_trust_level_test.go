package validate

import "testing"

func TestInvalidTrustLevel(t *testing.T) {
	runRuleCases(t, "invalid-trust-level", []ruleCase{
		{name: "capitalised, a boolean", files: map[string]string{
			"~/.codex/config.toml": "[projects.\"/home/me/app\"]\ntrust_level = \"Trusted\"\n[projects.\"/home/me/lib\"]\ntrust_level = true\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		},
			want: []string{
				`error ~/.codex/config.toml:2:15: trust_level "Trusted" is not a value Codex reads ("trusted" or "untrusted"): Codex refuses its whole config, so none of its servers starts [invalid-trust-level]`,
				`error ~/.codex/config.toml:4:15: trust_level true is not a value Codex reads ("trusted" or "untrusted"): Codex refuses its whole config, so none of its servers starts [invalid-trust-level]`,
			}, hints: []string{`write "trusted"`, `write "trusted" or "untrusted"`}},
		{name: "in a project file", files: map[string]string{
			".codex/config.toml": "[projects.\"/x\"]\ntrust_level = \"always\"\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		},
			want: []string{
				`error .codex/config.toml:2:15: trust_level "always" is not a value Codex reads ("trusted" or "untrusted"): Codex refuses its whole config, so none of its servers starts, the user's own included [invalid-trust-level]`,
			}},
		{name: "values codex reads", files: map[string]string{
			"~/.codex/config.toml": "[projects.\"/a\"]\ntrust_level = \"trusted\"\n[projects.\"/b\"]\ntrust_level = \"untrusted\"\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		}},
	})
}
