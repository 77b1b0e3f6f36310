package validate

import "testing"

func TestUnknownInput(t *testing.T) {
	const inputs = `"inputs": [{"type": "promptString", "id": "github-token", "password": true}, {"type": "pickString", "id": "region", "options": ["eu", "us"]}]`
	runRuleCases(t, "unknown-input", []ruleCase{
		{name: "typo with a near input",
			files: tree(".vscode/mcp.json", `{`+inputs+`, "servers": {"gh": {"command": "srv", "args": ["--region", "${input:region}"], "env": {"GITHUB_TOKEN": "${input:github_token}"}}}}`),
			want: []string{
				`info .vscode/mcp.json:1:44: input "github-token" is declared but no placeholder uses it [unknown-input]`,
				`error .vscode/mcp.json:1:248: input "github_token" is not declared in "inputs": VS Code does not start the server ("Undefined input variable 'github_token' encountered") [unknown-input]`,
			},
			hints: []string{`remove it, or use it as "${input:github-token}"`, `did you mean "github-token"?`}},
		{name: "no inputs at all, in the user file",
			files: tree("~/.config/Code/User/mcp.json", `{"servers": {"api": {"type": "http", "url": "https://api.example.com/mcp", "headers": {"X-Key": "${input:api-key}"}}}}`),
			want:  []string{`error ~/.config/Code/User/mcp.json:1:98: input "api-key" is not declared in "inputs": VS Code does not start the server ("Undefined input variable 'api-key' encountered") [unknown-input]`},
			hints: []string{`declare it: "inputs": [{ "type": "promptString", "id": "api-key", "description": "…", "password": true }]`}},
		{name: "every input used",
			files: tree(".vscode/mcp.json", `{`+inputs+`, "servers": {"gh": {"command": "srv", "args": ["${input:region}"], "env": {"GITHUB_TOKEN": "${input:github-token}"}}}}`)},
		{name: "other clients are foreign-placeholder's business",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"gh": {"command": "srv", "env": {"T": "${input:github-token}"}}}}`)},
	})
}
