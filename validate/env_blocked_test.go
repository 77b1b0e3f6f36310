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
		{name: "claude passes them", files: tree(".mcp.json", server)},
		{name: "cursor passes them", files: tree(".cursor/mcp.json", server)},
	})
}
