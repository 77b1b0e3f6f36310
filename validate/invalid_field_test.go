package validate

import "testing"

func TestInvalidField(t *testing.T) {
	runRuleCases(t, "invalid-field", []ruleCase{
		{name: "claude skips the server", files: oneFile(".mcp.json",
			`{"mcpServers": {"a": {"command": "x", "args": "--y"}, "b": {"command": "x", "timeout": 0}, "c": {"type": "http", "url": "https://h/", "headers": {"X": 1}}}}`),
			want: []string{
				`error .mcp.json:1:47: server "a": "args" is a string, not an array of strings: Claude Code skips the server (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [invalid-field]`,
				`error .mcp.json:1:88: server "b": "timeout" is 0, not an integer above 0: Claude Code skips the server (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [invalid-field]`,
				`error .mcp.json:1:152: server "c": "headers.X" is 1, not a string: Claude Code skips the server (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [invalid-field]`,
			},
			hints: []string{`make "args" an array of strings`, `make "timeout" an integer above 0`, `make "headers.X" a string`}},
		{name: "what other rules report, and fields of another type", files: oneFile(".mcp.json",
			`{"mcpServers": {"a": {"type": "http", "command": "x"}, "b": {"command": ""}, "c": {"type": "http", "url": "https://h/", "args": "x"}}}`)},
		{name: "a client without field checks", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"a": {"command": "x", "args": "--y"}}}`)},
	})
}
