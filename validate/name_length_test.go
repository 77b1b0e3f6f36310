package validate

import (
	"strings"
	"testing"
)

func TestNameLength(t *testing.T) {
	n42 := strings.Repeat("k", 42) // mcp__ + 42 + __ = 49: 15 left of 64
	n41 := strings.Repeat("k", 41) // 48: 16 left
	n46 := strings.Repeat("g", 46) // 46 + __ = 48: 15 left of 63
	n45 := strings.Repeat("g", 45) // 47: 16 left
	n60 := strings.Repeat("x", 60)
	n56 := strings.Repeat("c", 56) // mcp__ + 56 + __ = 63: 1 left of 64
	runRuleCases(t, "name-length", []ruleCase{
		{name: "codex", files: oneFile(".codex/config.toml",
			"[mcp_servers."+n42+"]\nurl = \"https://kb.example.com/mcp\"\n"),
			want: []string{`warning .codex/config.toml:1:14: server name "` + n42 + `" is 42 characters long and leaves 15 characters for tool names: Codex names tools "mcp__<server>__<tool>" and cuts names over 64 characters [name-length]`},
			hint: "use a name of at most 41 characters"},
		{name: "mcp.json for Claude Code", files: oneFile(".mcp.json",
			`{"mcpServers": {"`+n60+`": {"command": "kb"}}}`),
			want: []string{`warning .mcp.json:1:17: server name "` + n60 + `" is 60 characters long and leaves no room for tool names: Claude Code names tools "mcp__<server>__<tool>" and cuts names over 64 characters (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [name-length]`}},
		{name: "gemini", files: oneFile(".gemini/settings.json",
			`{"mcpServers": {"`+n46+`": {"command": "kb"}, "`+n45+`": {"command": "kb"}}}`),
			want: []string{`warning .gemini/settings.json:1:17: server name "` + n46 + `" is 46 characters long and leaves 15 characters for tool names: Gemini CLI names clashing tools "<server>__<tool>" and cuts names over 63 characters [name-length]`},
			hint: "use a name of at most 45 characters"},
		{name: "one character left", files: oneFile(".codex/config.toml",
			"[mcp_servers."+n56+"]\nurl = \"https://kb.example.com/mcp\"\n"),
			want: []string{`warning .codex/config.toml:1:14: server name "` + n56 + `" is 56 characters long and leaves 1 character for tool names: Codex names tools "mcp__<server>__<tool>" and cuts names over 64 characters [name-length]`}},
		{name: "within the budget or no limit", files: map[string]string{
			".claude/mcp.json": `{"mcpServers": {"` + n41 + `": {"command": "kb"}}}`,
			".cursor/mcp.json": `{"mcpServers": {"` + n60 + `": {"command": "kb"}}}`,
		}},
	})
}
