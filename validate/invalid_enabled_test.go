package validate

import "testing"

func TestInvalidEnabled(t *testing.T) {
	runRuleCases(t, "invalid-enabled", []ruleCase{
		{name: "pisces coerces", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"kb": {"command": "kb", "enabled": "false"}}}`),
			want: []string{`info .pisces/mcp.json:1:52: server "kb" has "enabled": "false", a string that pisces reads as false but other clients do not take as a boolean [invalid-enabled]`},
			hint: "write false without quotes"},
		{name: "mcp.json does not coerce", merged: true, files: oneFile("mcp.json",
			`{"mcpServers": {"kb": {"command": "kb", "enabled": "1"}}}`),
			want: []string{`error mcp.json:1:52: server "kb" has "enabled": "1", which is not true or false: pisces keeps the server enabled [invalid-enabled]`}},
		{name: "pisces other text", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"kb": {"command": "kb", "enabled": "no"}, "db": {"command": "db", "enabled": 0}}}`),
			want: []string{
				`error .pisces/mcp.json:1:52: server "kb" has "enabled": "no", which is not true or false: pisces keeps the server enabled [invalid-enabled]`,
				`error .pisces/mcp.json:1:94: server "db" has "enabled": 0, which is not true or false: pisces keeps the server enabled [invalid-enabled]`,
			}},
		{name: "codex", files: oneFile(".codex/config.toml",
			"[mcp_servers.kb]\ncommand = \"kb\"\nenabled = \"false\"\nrequired = 1\n"),
			want: []string{
				`error .codex/config.toml:3:11: server "kb" has "enabled": "false", which is not true or false: Codex cannot load the config [invalid-enabled]`,
				`error .codex/config.toml:4:12: server "kb" has "required": 1, which is not true or false: Codex cannot load the config [invalid-enabled]`,
			}},
		{name: "others", files: map[string]string{
			"opencode.json":             `{"mcp": {"fs": {"type": "local", "command": ["fs"], "enabled": "true"}}}`,
			".windsurf/mcp_config.json": `{"mcpServers": {"kb": {"command": "kb", "disabled": "true"}}}`,
			".gemini/settings.json":     `{"mcpServers": {"kb": {"command": "kb", "trust": null}}}`,
		},
			want: []string{
				`error .gemini/settings.json:1:50: server "kb" has "trust": null, which is not true or false: Gemini CLI expects a boolean [invalid-enabled]`,
				`error .windsurf/mcp_config.json:1:53: server "kb" has "disabled": "true", which is not true or false: Windsurf expects a boolean [invalid-enabled]`,
				`error opencode.json:1:64: server "fs" has "enabled": "true", which is not true or false: opencode rejects the whole config [invalid-enabled]`,
			}},
		{name: "booleans, or keys the client does not know", files: map[string]string{
			".pisces/mcp.json": `{"mcpServers": {"a": {"command": "a", "enabled": false}}}`,
			".cursor/mcp.json": `{"mcpServers": {"b": {"command": "b", "enabled": "false"}}}`,
		}},
	})
}
