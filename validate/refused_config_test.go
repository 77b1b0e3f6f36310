package validate

import (
	"testing"

	"github.com/mcpconf/mcpconf/discover"
)

func TestRefusedConfig(t *testing.T) {
	runRuleCases(t, "refused-config", []ruleCase{
		{name: "project layer that does not parse", files: map[string]string{
			"~/.codex/config.toml": "[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
			".codex/config.toml":   "[mcp_servers.db\ncommand = \"db\"\n",
		},
			want: []string{
				"error .codex/config.toml:1:16: Codex refuses its whole config because of this (failed to load bootstrap configuration: Error parsing project config file .codex/config.toml: TOML parse error at line 1, column 16: expected ']' to close table name): none of its servers starts, the user's own included [refused-config]",
			}},
		{name: "project layer with args on a url server", files: map[string]string{
			"~/.codex/config.toml": "[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
			".codex/config.toml":   "[mcp_servers.figma]\nurl = \"https://mcp.figma.com/mcp\"\nargs = [\"--verbose\"]\n",
		},
			want: []string{
				"error .codex/config.toml:3:1: Codex refuses its whole config because of this (failed to load bootstrap configuration: args is not supported for streamable_http in `mcp_servers.figma`): none of its servers starts, the user's own included [refused-config]",
			}},
		{name: "user file", files: map[string]string{
			"~/.codex/config.toml": "[mcp_servers.orphan]\nargs = [\"x\"]\n",
		},
			want: []string{
				"error ~/.codex/config.toml:1:14: Codex refuses its whole config because of this (failed to load bootstrap configuration: invalid transport in `mcp_servers.orphan`): none of its servers starts [refused-config]",
			}},
		{name: "left to legacy-profile and invalid-trust-level", files: map[string]string{
			"~/.codex/config.toml": "profile = \"work\"\n[projects.\"/x\"]\ntrust_level = \"Trusted\"\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		}},
		{name: "a project patch of the user's server", files: map[string]string{
			"~/.codex/config.toml": "[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
			".codex/config.toml":   "[mcp_servers.docs]\nenabled = false\n",
		}},
		// opencode 1.18.33 (testdata/clients/opencode-invalid-*): an entry
		// its schema rejects, in any file, stops it; the global file's
		// servers do not start either
		{name: "opencode entry without type", files: map[string]string{
			"~/.config/opencode/opencode.json": `{"mcp": {"g": {"type": "local", "command": ["g"]}}}`,
			"opencode.json":                    `{"mcp": {"ok": {"type": "local", "command": ["ok"]}, "bad": {"command": ["x"]}}}`,
		},
			want: []string{
				`error opencode.json:1:61: opencode refuses its whole config because of this (Configuration is invalid: Expected { readonly "type": "local", ... } | { readonly "type": "remote", ... }, got {"command":["x"]} mcp.bad): none of its servers starts, the user's own included [refused-config]`,
			}},
		{name: "opencode timeout as a string in the global file", files: map[string]string{
			"~/.config/opencode/opencode.json": `{"mcp": {"g": {"type": "local", "command": ["g"], "timeout": "5000"}}}`,
		},
			want: []string{
				`error ~/.config/opencode/opencode.json:1:62: opencode refuses its whole config because of this (Configuration is invalid: Expected number | undefined, got "5000" mcp.g.timeout): none of its servers starts [refused-config]`,
			}},
		{name: "opencode patch and unknown keys", files: map[string]string{
			"~/.config/opencode/opencode.json": `{"mcp": {"g": {"type": "local", "command": ["g"]}}}`,
			"opencode.json":                    `{"mcp": {"g": {"enabled": false}, "u": {"type": "local", "command": ["u"], "foo": 1}}}`,
		}},
	})
}

// TestRefusedConfigProjectScope: lint's default reads the project's files
// only, so a patch of a server the user's file defines is not judged.
func TestRefusedConfigProjectScope(t *testing.T) {
	files := map[string]string{".codex/config.toml": "[mcp_servers.docs]\nenabled = false\n[mcp_servers.db]\ncommand = \"db\"\n"}
	if got := only(lintScope(t, files, nil, discover.ProjectScopes), "refused-config"); len(got) != 0 {
		t.Errorf("findings: %v", got)
	}
	files[".codex/config.toml"] += "[mcp_servers.web]\nurl = \"https://mcp.example.com/mcp\"\nenv = { A = \"b\" }\n"
	if got := only(lintScope(t, files, nil, discover.ProjectScopes), "refused-config"); len(got) != 1 || got[0].Pos.Line != 7 {
		t.Errorf("findings: %v", got)
	}
}
