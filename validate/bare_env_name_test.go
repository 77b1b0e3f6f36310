package validate

import "testing"

func TestBareEnvName(t *testing.T) {
	const server = `{"mcpServers": {"gh": {"command": "srv", "env": {"GITHUB_TOKEN": "GITHUB_TOKEN", "TOKEN": "MY_GH_TOKEN", "LOG_LEVEL": "INFO", "REGION": "EU_WEST_1"}}, ` +
		`"api": {"type": "http", "url": "https://api.example.com/mcp", "headers": {"Authorization": "API_TOKEN", "X-Org": "ACME"}}}}`
	runRuleCases(t, "bare-env-name", []ruleCase{
		{name: "pisces file", files: tree(".pisces/mcp.json", server),
			want: []string{
				`info .pisces/mcp.json:1:66: env "GITHUB_TOKEN" is the bare name "GITHUB_TOKEN": pisces sends the value of that variable when it is set and the name itself when it is not [bare-env-name]`,
				`info .pisces/mcp.json:1:91: env "TOKEN" is the bare name "MY_GH_TOKEN": pisces sends the value of that variable when it is set and the name itself when it is not [bare-env-name]`,
				`info .pisces/mcp.json:1:243: header "Authorization" is the bare name "API_TOKEN": pisces sends the value of that variable when it is set and the name itself when it is not [bare-env-name]`,
			},
			hints: []string{`write "${GITHUB_TOKEN}" to make it explicit`, `write "${MY_GH_TOKEN}" to make it explicit`, `write "${API_TOKEN}" to make it explicit`}},
		{name: ".mcp.json mentions Claude Code", merged: true, files: tree(".mcp.json", `{"mcpServers": {"gh": {"command": "srv", "env": {"GITHUB_TOKEN": "GITHUB_TOKEN"}}}}`),
			want: []string{`info .mcp.json:1:66: env "GITHUB_TOKEN" is the bare name "GITHUB_TOKEN": pisces sends the value of that variable when it is set and the name itself when it is not; Claude Code always sends the name [bare-env-name]`}},
		{name: "other clients", files: tree(".cursor/mcp.json", server, ".claude/mcp.json", server)},
	})
}
