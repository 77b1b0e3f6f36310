package validate

import "testing"

// Qwen Code sends a .mcp.json "${VAR}" literally: info while nothing of
// Qwen Code's own is in the tree (asGuests), a warning once it is, as when
// it is asked for.
func TestGuestReaders(t *testing.T) {
	mcp := `{"mcpServers": {"s": {"command": "srv", "env": {"A": "${A}"}}}}`
	runRuleCases(t, "foreign-placeholder", []ruleCase{
		{name: "no file of Qwen Code's own: info",
			files: tree(".mcp.json", mcp),
			want:  []string{`info .mcp.json:1:55: "${A}" is not expanded by Qwen Code: the server gets it literally (not Claude Code, VS Code or Copilot CLI, which also read this file); no file of Qwen Code's own is here: this matters if you use it [foreign-placeholder]`}},
		{name: "Qwen Code's own settings here: a warning",
			files: tree(".mcp.json", mcp, ".qwen/settings.json", `{"mcpServers": {}}`),
			want:  []string{`warning .mcp.json:1:55: "${A}" is not expanded by Qwen Code: the server gets it literally (not Claude Code, VS Code or Copilot CLI, which also read this file) [foreign-placeholder]`}},
		{name: "Qwen Code asked for: a warning",
			cfg:   &Config{Clients: []string{"claude", "qwen"}},
			files: tree(".mcp.json", mcp),
			want:  []string{`warning .mcp.json:1:55: "${A}" is not expanded by Qwen Code: the server gets it literally (not Claude Code, which also reads this file) [foreign-placeholder]`}},
	})
	runRuleCases(t, "client-drops", []ruleCase{
		{name: "Kilo Code CLI drops a project entry with a variable in its headers",
			cfg:   &Config{Clients: []string{"kilo"}},
			files: tree("kilo.json", `{"mcp": {"docs": {"type": "remote", "url": "https://docs.example.com/mcp", "headers": {"Authorization": "Bearer {env:DOCS_TOKEN}"}}}}`),
			want:  []string{`warning kilo.json:1:105: Kilo Code CLI drops "docs" from kilo.json: "Bearer {env:DOCS_TOKEN}" in its headers, and it does not expand variables in a project file's headers (kilo.json:1:105) [client-drops]`}},
	})
}
