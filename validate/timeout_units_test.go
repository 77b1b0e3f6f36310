package validate

import "testing"

func TestTimeoutUnits(t *testing.T) {
	runRuleCases(t, "timeout-units", []ruleCase{
		{name: "gemini seconds in ms", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"kb": {"command": "kb", "timeout": 30}}}`),
			want: []string{`warning .gemini/settings.json:1:52: server "kb" has "timeout": 30, which Gemini CLI reads as 30 ms [timeout-units]`},
			hint: `"timeout" is in milliseconds: for 30 s write 30000`},
		{name: "pisces and opencode", files: map[string]string{
			".pisces/mcp.json": `{"mcpServers": {"kb": {"command": "kb", "timeout": 1.5}}}`,
			"opencode.json":    `{"mcp": {"fs": {"type": "local", "command": ["fs"], "timeout": 120}}}`,
		},
			want: []string{
				`warning .pisces/mcp.json:1:52: server "kb" has "timeout": 1.5, which pisces reads as 1.5 ms [timeout-units]`,
				`warning opencode.json:1:64: server "fs" has "timeout": 120, which opencode reads as 120 ms [timeout-units]`,
			}},
		{name: "codex ms in seconds", files: oneFile(".codex/config.toml",
			"[mcp_servers.kb]\ncommand = \"kb\"\nstartup_timeout_sec = 30000\ntool_timeout_sec = 60000\n"),
			want: []string{
				`warning .codex/config.toml:3:23: server "kb" has "startup_timeout_sec": 30000, which Codex reads as 8h20m [timeout-units]`,
				`warning .codex/config.toml:4:20: server "kb" has "tool_timeout_sec": 60000, which Codex reads as 16h40m for one tool call [timeout-units]`,
			},
			hints: []string{`"startup_timeout_sec" is in seconds: for 30 s write 30`, `"tool_timeout_sec" is in seconds: for 1m write 60`}},
		// A tool call of tens of minutes is normal for agent tools: a tool
		// timeout is judged by what it times, not like a startup timeout.
		{name: "long tool calls", files: tree(
			".codex/config.toml", "[mcp_servers.agent]\ncommand = \"agent\"\nstartup_timeout_sec = 120\ntool_timeout_sec = 2400\n[mcp_servers.batch]\ncommand = \"b\"\ntool_timeout_sec = 14400\n",
			".roo/mcp.json", `{"mcpServers": {"agent": {"command": "agent", "timeout": 2400}}}`,
			".mcp.json", `{"mcpServers": {"agent": {"command": "agent", "timeout": 2400000}}}`)},
		{name: "claude code ignores a timeout below 1 s", files: oneFile(".mcp.json",
			`{"mcpServers": {"kb": {"command": "kb", "timeout": 30}}}`),
			want: []string{`warning .mcp.json:1:52: server "kb" has "timeout": 30, which Claude Code ignores: it takes a "timeout" of 1 s or more, in milliseconds, and uses its default below (for Claude Code and Copilot CLI; not VS Code, which also reads this file) [timeout-units]`,
				`warning .mcp.json:1:52: server "kb" has "timeout": 30, which Qwen Code reads as 30 ms (not VS Code or Copilot CLI, which also read this file) [timeout-units]`},
			hint: `"timeout" is in milliseconds: for 30 s write 30000`},
		{name: "codex seconds in ms", files: oneFile(".codex/config.toml",
			"[mcp_servers.kb]\ncommand = \"kb\"\nstartup_timeout_ms = 20\n"),
			want: []string{`warning .codex/config.toml:3:22: server "kb" has "startup_timeout_ms": 20, which Codex reads as 20 ms [timeout-units]`}},
		{name: "codex both", files: oneFile(".codex/config.toml",
			"[mcp_servers.kb]\ncommand = \"kb\"\nstartup_timeout_sec = 20\nstartup_timeout_ms = 40000\n"),
			want: []string{`warning .codex/config.toml:4:1: server "kb" sets both "startup_timeout_sec" and "startup_timeout_ms": Codex uses "startup_timeout_sec" (20 s) and ignores "startup_timeout_ms" [timeout-units]`}},
		{name: "plausible", files: map[string]string{
			".gemini/settings.json": `{"mcpServers": {"a": {"command": "a", "timeout": 30000}, "b": {"command": "b", "timeout": 0}}}`,
			".codex/config.toml":    "[mcp_servers.c]\ncommand = \"c\"\nstartup_timeout_sec = 20\ntool_timeout_sec = 120.5\n",
			// Cursor has no timeout field: unknown-field.
			".cursor/mcp.json": `{"mcpServers": {"d": {"command": "d", "timeout": 30}}}`,
		}},
	})
}
