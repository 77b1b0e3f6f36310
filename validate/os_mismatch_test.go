package validate

import "testing"

// A Windows-only program beside a POSIX working directory, or the reverse,
// starts on no system (seen in unseen configs: "wsl.exe" with a
// "/home/…" cwd, "/usr/bin/python3" with a "C:\…" cwd).
func TestOSMismatch(t *testing.T) {
	runRuleCases(t, "os-mismatch", []ruleCase{
		{name: "windows program, posix cwd", files: tree(
			".vscode/mcp.json", `{"servers": {"a": {"command": "wsl.exe", "args": ["node", "srv.js"], "cwd": "/home/dev/srv"}}}`,
			".gemini/settings.json", `{"mcpServers": {"b": {"command": "C:\\tools\\srv.exe", "cwd": "/opt/srv"}, "c": {"command": "powershell", "args": ["-File", "s.ps1"], "cwd": "/srv"}}}`),
			want: []string{
				`error .gemini/settings.json:1:63: server "b" runs "C:\\tools\\srv.exe", a Windows program, in "/opt/srv", a POSIX directory: Windows has no such directory and other systems no such program, so the server starts on neither [os-mismatch]`,
				`error .gemini/settings.json:1:142: server "c" runs "powershell", a Windows program, in "/srv", a POSIX directory: Windows has no such directory and other systems no such program, so the server starts on neither [os-mismatch]`,
				`error .vscode/mcp.json:1:77: server "a" runs "wsl.exe", a Windows program, in "/home/dev/srv", a POSIX directory: Windows has no such directory and other systems no such program, so the server starts on neither [os-mismatch]`,
			},
			hints: []string{
				`write both for the system the server runs on`,
				`write both for the system the server runs on`,
				`to run the server inside WSL, remove "cwd" and give the directory to wsl.exe: "args": ["--cd", "/home/dev/srv", …]`,
			}},
		{name: "posix program, windows cwd", files: oneFile(".codex/config.toml",
			"[mcp_servers.py]\ncommand = \"/usr/bin/python3\"\nargs = [\"-m\", \"srv\"]\ncwd = \"C:\\\\Users\\\\dev\\\\srv\"\n"),
			want: []string{`error .codex/config.toml:4:7: server "py" runs "/usr/bin/python3", a POSIX program, in "C:\\Users\\dev\\srv", a Windows directory: other systems have no such directory and Windows no such program, so the server starts on neither [os-mismatch]`}},
		{name: "portable or unknown", cfg: &Config{Clients: []string{"claude", "vscode"}}, files: tree(
			".vscode/mcp.json", `{"servers": {"a": {"command": "npx", "cwd": "C:\\src"}, "b": {"command": "node.exe", "cwd": "${workspaceFolder}"}, "c": {"command": "cmd", "args": ["/c", "npx", "x"], "cwd": "D:/src"}}}`,
			// Claude Code has no cwd: unknown-field says so
			".mcp.json", `{"mcpServers": {"d": {"command": "wsl.exe", "cwd": "/home/dev"}}}`)},
	})
}
