package validate

import "testing"

// Docker reads the options of "docker run" in any order: two clients
// that write them in another order start the same container
// (regression: 220631948/cape-connect's sequentialthinking server).
func TestDriftDockerOptionOrder(t *testing.T) {
	runRuleCases(t, "drift", []ruleCase{
		{name: "same container",
			files: tree(".vscode/mcp.json", `{"servers": {"st": {"command": "docker", "args": ["run", "--rm", "-i", "img:1", "-transport", "stdio"]}}}`,
				".gemini/settings.json", `{"mcpServers": {"st": {"command": "docker", "args": ["run", "-i", "--rm", "img:1", "-transport", "stdio"]}}}`)},
		{name: "another image",
			files: tree(".vscode/mcp.json", `{"servers": {"st": {"command": "docker", "args": ["run", "--rm", "-i", "img:1"]}}}`,
				".gemini/settings.json", `{"mcpServers": {"st": {"command": "docker", "args": ["run", "-i", "--rm", "img:2"]}}}`),
			want: []string{`warning .vscode/mcp.json:1:14: server "st" differs between VS Code (.vscode/mcp.json:1:14) and Gemini CLI (.gemini/settings.json:1:17) and starts something else: args [drift]`}},
	})
}
