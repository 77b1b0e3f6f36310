package validate

import "testing"

func TestShellCommandValue(t *testing.T) {
	const server = `{"mcpServers": {"gh": {"command": "srv", "env": {"GITHUB_TOKEN": "!gh auth token", "LITERAL": "not a command!!"}}, ` +
		`"api": {"type": "http", "url": "https://api.example.com/mcp", "headers": {"Authorization": "!op read op://vault/api/token"}}}}`
	runRuleCases(t, "shell-command-value", []ruleCase{
		{name: "pisces project file", files: tree(".pisces/mcp.json", server),
			want: []string{
				`error .pisces/mcp.json:1:66: env "GITHUB_TOKEN" runs a shell command when the server starts: anyone who opens this project with pisces runs it [shell-command-value]`,
				`error .pisces/mcp.json:1:207: header "Authorization" runs a shell command when the server starts: anyone who opens this project with pisces runs it [shell-command-value]`,
			},
			hints: []string{
				`move the server to ~/.pisces/mcp.json, or write "${GITHUB_TOKEN}" and set GITHUB_TOKEN in your environment`,
				`move the server to ~/.pisces/mcp.json, or write "${AUTHORIZATION}" and set AUTHORIZATION in your environment`,
			}},
		{name: "mcp.json is read by pisces", merged: true, files: tree("mcp.json", server),
			want: []string{
				`error mcp.json:1:66: env "GITHUB_TOKEN" runs a shell command when the server starts: anyone who opens this project with pisces runs it [shell-command-value]`,
				`error mcp.json:1:207: header "Authorization" runs a shell command when the server starts: anyone who opens this project with pisces runs it [shell-command-value]`,
			}},
		{name: "user file is info", files: tree("~/.pisces/agent/mcp.json", server),
			want: []string{
				`info ~/.pisces/agent/mcp.json:1:66: env "GITHUB_TOKEN" is read from a shell command that pisces runs when the server starts [shell-command-value]`,
				`info ~/.pisces/agent/mcp.json:1:207: header "Authorization" is read from a shell command that pisces runs when the server starts [shell-command-value]`,
			}},
		{name: "other clients send it literally",
			files: tree(".claude/mcp.json", server, ".cursor/mcp.json", server, ".gemini/settings.json", server)},
	})
}
