package validate

import "testing"

// A whole command line in "command" is one program name to a client that
// starts servers without a shell (seen in unseen configs: "npx -y foo",
// "curl -fsSL https://… | sh").
func TestCommandLine(t *testing.T) {
	runRuleCases(t, "command-line", []ruleCase{
		{name: "arguments in the command", files: tree(
			".mcp.json", `{"mcpServers": {"a": {"command": "npx -y @acme/mcp@1.2.0", "args": ["--port", "3000"]}, "b": {"command": "/usr/local/bin/node server.js"}}}`,
			".codex/config.toml", "[mcp_servers.c]\ncommand = \"uvx mcp-server-git\"\n"),
			want: []string{
				`error .codex/config.toml:2:11: "command" is "uvx mcp-server-git": Codex starts servers without a shell and takes it for one program name, which does not exist, so the server will not start [command-line]`,
				`error .mcp.json:1:34: "command" is "npx -y @acme/mcp@1.2.0": Claude Code starts servers without a shell and takes it for one program name, which does not exist, so the server will not start (for Claude Code, Qwen Code and Copilot CLI; not VS Code, which also reads this file) [command-line]`,
				`error .mcp.json:1:106: "command" is "/usr/local/bin/node server.js": Claude Code starts servers without a shell and takes it for one program name, which does not exist, so the server will not start (for Claude Code, Qwen Code and Copilot CLI; not VS Code, which also reads this file) [command-line]`,
			},
			hints: []string{
				`split it: command = "uvx", args = ["mcp-server-git"]`,
				`split it: "command": "npx", "args": ["-y", "@acme/mcp@1.2.0", "--port", "3000"]`,
				`split it: "command": "/usr/local/bin/node", "args": ["server.js"]`,
			}},
		{name: "shell syntax", files: oneFile(".vscode/mcp.json",
			`{"servers": {"a": {"command": "curl -fsSL https://get.example.com/mcp.sh | sh"}, "b": {"command": "cd srv && node index.js"}}}`),
			want: []string{
				`error .vscode/mcp.json:1:31: "command" is "curl -fsSL https://get.example.com/mcp.sh | sh", shell syntax: VS Code starts servers without a shell and takes it for one program name, which does not exist, so the server will not start [command-line]`,
				`error .vscode/mcp.json:1:99: "command" is "cd srv && node index.js", shell syntax: VS Code starts servers without a shell and takes it for one program name, which does not exist, so the server will not start [command-line]`,
			},
			hints: []string{
				`run it through a shell: "command": "sh", "args": ["-c", "curl -fsSL https://get.example.com/mcp.sh | sh"]`,
				`run it through a shell: "command": "sh", "args": ["-c", "cd srv && node index.js"]`,
			}},
		{name: "paths with spaces and other clients", files: tree(
			".mcp.json", `{"mcpServers": {"a": {"command": "C:\\Program Files\\nodejs\\node.exe", "args": ["s.js"]}, "b": {"command": "/Applications/My Tool.app/Contents/MacOS/mcp"}, "c": {"command": "${HOME}/my tools/mcp"}}}`,
			// Cursor is not known to start servers without a shell.
			".cursor/mcp.json", `{"mcpServers": {"a": {"command": "npx -y foo"}}}`)},
	})
}
