package validate

import "testing"

func TestUndefinedVariable(t *testing.T) {
	set := &Config{Getenv: envOf("SET_TOKEN", "x", "FIGMA_TOKEN", "y")}
	runRuleCases(t, "undefined-variable", []ruleCase{
		{name: "unset in .mcp.json", cfg: set,
			files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "${UNSET_TOKEN}", "B": "${SET_TOKEN}", "C": "${UNSET:-default}", "D": "${UNSET_URL:-${ALSO_UNSET}}"}}}}`),
			want: []string{
				`warning .mcp.json:1:55: variable "UNSET_TOKEN" is not set: the server gets "${UNSET_TOKEN}" literally (for Claude Code, VS Code and Copilot CLI; not Qwen Code, which also reads this file) [undefined-variable]`,
				`warning .mcp.json:1:138: variable "ALSO_UNSET" is not set: the server gets "${ALSO_UNSET}" literally (for Claude Code, VS Code and Copilot CLI; not Qwen Code, which also reads this file) [undefined-variable]`,
			},
			hints: []string{
				`set UNSET_TOKEN in the environment the client starts in, or give a default: "${UNSET_TOKEN:-…}"`,
				`set ALSO_UNSET in the environment the client starts in, or give a default: "${ALSO_UNSET:-…}"`,
			}},
		{name: "opencode substitutes an empty string", cfg: set,
			files: tree("opencode.json", `{"mcp": {"s": {"type": "local", "command": ["srv"], "environment": {"A": "{env:UNSET_TOKEN}"}}}}`),
			want:  []string{`warning opencode.json:1:75: variable "UNSET_TOKEN" is not set: opencode substitutes an empty string [undefined-variable]`},
			hints: []string{`set UNSET_TOKEN in the environment the client starts in`}},
		{name: "Gemini $VAR and Cursor ${env:VAR}", cfg: set,
			files: tree(".gemini/settings.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "$UNSET_TOKEN", "B": "$lower"}, "args": ["${UNSET_ARG}"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "${env:UNSET_TOKEN}", "B": "${env:SET_TOKEN}"}}}}`),
			want: []string{
				`warning .cursor/mcp.json:1:55: variable "UNSET_TOKEN" is not set: the server gets "${env:UNSET_TOKEN}" literally [undefined-variable]`,
				`warning .gemini/settings.json:1:55: variable "UNSET_TOKEN" is not set: Gemini CLI substitutes an empty string [undefined-variable]`,
				`warning .gemini/settings.json:1:96: variable "UNSET_ARG" is not set: the server gets "${UNSET_ARG}" literally [undefined-variable]`,
			}},
		{name: "Codex variables named in its fields", cfg: set,
			files: tree(".codex/config.toml", "[mcp_servers.gh]\ncommand = \"srv\"\nenv_vars = [\"SET_TOKEN\", \"UNSET_TOKEN\", { name = \"UNSET_REMOTE\", source = \"remote\" }]\n\n"+
				"[mcp_servers.figma]\nurl = \"https://mcp.figma.com/mcp\"\nbearer_token_env_var = \"UNSET_FIGMA\"\nenv_http_headers = { \"X-Org\" = \"UNSET_ORG\", \"X-Ok\" = \"FIGMA_TOKEN\" }\n"),
			want: []string{
				`warning .codex/config.toml:3:26: variable "UNSET_TOKEN" in "env_vars" is not set: the server does not get it [undefined-variable]`,
				`warning .codex/config.toml:3:50: variable "UNSET_REMOTE" in "env_vars" is not set: the server does not get it [undefined-variable]`,
				`error .codex/config.toml:7:24: variable "UNSET_FIGMA" in "bearer_token_env_var" is not set: Codex does not start the server ("Environment variable UNSET_FIGMA for MCP server 'figma' is not set") [undefined-variable]`,
				`warning .codex/config.toml:8:32: variable "UNSET_ORG" for header "X-Org" is not set: Codex does not send the header [undefined-variable]`,
			}},
		{name: "foreign syntaxes and disabled servers are left alone", merged: true, cfg: set,
			files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "${env:UNSET_TOKEN}", "B": "$UNSET_TOKEN"}}, "off": {"command": "srv", "enabled": false, "env": {"A": "${UNSET_TOKEN}"}}}}`)},
		{name: "without Getenv nothing is set",
			files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "${HOME}"}}}}`),
			want:  []string{`warning .mcp.json:1:55: variable "HOME" is not set: the server gets "${HOME}" literally (for Claude Code, VS Code and Copilot CLI; not Qwen Code, which also reads this file) [undefined-variable]`}},
	})
}

func TestUndefinedVariableOffByDefault(t *testing.T) {
	if d := only(lintFiles(t, tree(".mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "${UNSET_TOKEN}"}}}}`), nil), "undefined-variable"); len(d) > 0 {
		t.Errorf("undefined-variable runs without being enabled: %v", d)
	}
}
