package validate

import "testing"

func TestEnvBlocked(t *testing.T) {
	const server = `{"mcpServers": {"py": {"command": "python", "env": {"PYTHONPATH": "./src", "node_options": "--inspect", "LOG": "1"}}, ` +
		`"api": {"url": "https://api.example.com/mcp", "env": {"PYTHONPATH": "x"}}}}`
	runRuleCases(t, "env-blocked", []ruleCase{
		{name: "gemini", files: tree(".gemini/settings.json", server),
			want: []string{
				`warning .gemini/settings.json:1:53: Gemini CLI does not pass env "PYTHONPATH" to server "py": it drops variables that change how a program runs [env-blocked]`,
				`warning .gemini/settings.json:1:76: Gemini CLI does not pass env "node_options" to server "py": it drops variables that change how a program runs [env-blocked]`,
			},
			hints: []string{"pass it as an argument, or start the server from a script that sets it", "pass it as an argument, or start the server from a script that sets it"}},
		{name: "x-code refuses the server", files: tree(".x-code/config.json", server),
			want: []string{
				`error .x-code/config.json:1:53: x-code does not start server "py": env "PYTHONPATH" is a runtime code-loading hook it refuses [env-blocked]`,
				`error .x-code/config.json:1:76: x-code does not start server "py": env "node_options" is a runtime code-loading hook it refuses [env-blocked]`,
			}},
		{name: "claude passes them", files: tree(".mcp.json", server)},
		{name: "cursor passes them", files: tree(".cursor/mcp.json", server)},
	})
}
