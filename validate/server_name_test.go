package validate

import (
	"strings"
	"testing"
)

func TestServerName(t *testing.T) {
	long := strings.Repeat("a", 101)
	runRuleCases(t, "server-name", []ruleCase{
		{name: "space", files: oneFile(".mcp.json",
			`{"mcpServers": {"GitHub Issues": {"command": "gh-mcp"}}}`),
			want: []string{`warning .mcp.json:1:17: server name "GitHub Issues" contains a space: use only letters, digits, "_", "." and "-" (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [server-name]`},
			hint: `rename it, e.g. to "github-issues"`},
		{name: "empty", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"": {"command": "gh-mcp"}}}`),
			want: []string{`error .cursor/mcp.json:1:17: server name "" is empty: no client can refer to this server [server-name]`}},
		{name: "too long", files: oneFile(".mcp.json",
			`{"mcpServers": {"`+long+`": {"command": "gh-mcp"}}}`),
			want: []string{`warning .mcp.json:1:17: server name "` + long + `" is 101 characters long, over the limit of 100 (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [server-name]`}},
		{name: "several characters", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"acme:docs/v2 (beta)": {"command": "docs-mcp"}}}`),
			want: []string{`warning .pisces/mcp.json:1:17: server name "acme:docs/v2 (beta)" contains ":", "/", a space and other characters: use only letters, digits, "_", "." and "-" [server-name]`},
			hint: `rename it, e.g. to "acme-docs-v2-beta"`},
		{name: "codex has no plus", files: oneFile(".codex/config.toml",
			"[mcp_servers.\"docs+v2\"]\ncommand = \"docs-mcp\"\n"),
			want: []string{`warning .codex/config.toml:1:14: server name "docs+v2" contains "+", outside ^[a-zA-Z0-9_:@/.-]+$: Codex refuses to start a server named "docs+v2" [server-name]`}},
		{name: "codex takes a dot, a colon and a slash (0.171.0)", files: oneFile(".codex/config.toml",
			"[mcp_servers.\"npm:@x/docs.v2\"]\ncommand = \"docs-mcp\"\n")},
		{name: "fine", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"github-issues_2.0": {"command": "gh-mcp"}}}`)},
	})
}

// VS Code writes gallery servers under their registry name (found in
// 0xTanzim/nextRush .vscode/mcp.json, next to "gallery" and "version").
func TestServerNameVSCodeGallery(t *testing.T) {
	runRuleCases(t, "server-name", []ruleCase{
		{name: "registry name in vscode", files: oneFile(".vscode/mcp.json",
			`{"servers": {"io.github.ChromeDevTools/chrome-devtools-mcp": {"type": "stdio", "command": "npx", "args": ["-y", "chrome-devtools-mcp@0.18.1"]}}}`)},
		{name: "two slashes in vscode", files: oneFile(".vscode/mcp.json",
			`{"servers": {"a/b/c": {"command": "x"}}}`),
			want: []string{`warning .vscode/mcp.json:1:14: server name "a/b/c" contains "/": use only letters, digits, "_", "." and "-" [server-name]`}},
		{name: "slash in .mcp.json", files: oneFile(".mcp.json",
			`{"mcpServers": {"io.github.x/y": {"command": "x"}}}`),
			want: []string{`warning .mcp.json:1:17: server name "io.github.x/y" contains "/": use only letters, digits, "_", "." and "-" (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [server-name]`}},
	})
}

// Only clients with a rule for names get the character check (regression:
// anaelfameni/asondo-buyer-os's "@21st-dev/magic" in a Windsurf file).
func TestServerNameUndocumented(t *testing.T) {
	runRuleCases(t, "server-name", []ruleCase{
		{name: "windsurf, cursor, gemini, opencode", files: tree(
			".windsurf/mcp_config.json", `{"mcpServers": {"@21st-dev/magic": {"command": "npx", "args": ["-y", "@21st-dev/magic@0.1.0"]}}}`,
			".cursor/mcp.json", `{"mcpServers": {"GitHub Issues": {"command": "gh-mcp"}}}`,
			".gemini/settings.json", `{"mcpServers": {"a:b": {"command": "x"}}}`,
			"opencode.json", `{"mcp": {"a b": {"type": "local", "command": ["x"]}}}`)},
		{name: "an empty name is an error for every client", files: oneFile(".windsurf/mcp_config.json",
			`{"mcpServers": {"": {"command": "x"}}}`),
			want: []string{`error .windsurf/mcp_config.json:1:17: server name "" is empty: no client can refer to this server [server-name]`}},
	})
}

// Claude Code 2.1.331 skips servers under the names it keeps for its own
// (its config parser's Jse and Uie checks), comparing the sanitized name up
// to its first "__", case sensitive.
func TestServerNameReserved(t *testing.T) {
	runRuleCases(t, "server-name", []ruleCase{
		{name: "claude code", files: oneFile(".mcp.json",
			`{"mcpServers": {"workspace": {"command": "ws-mcp"}, "Claude_Preview": {"command": "p"}, "claude-in-chrome__x": {"command": "c"}, "Workspace": {"command": "w"}}}`),
			want: []string{
				`error .mcp.json:1:17: server name "workspace" is one Claude Code reserves for its own servers: it does not load this one (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [server-name]`,
				`error .mcp.json:1:53: server name "Claude_Preview" is one Claude Code reserves for its own servers ("Claude Preview"): it does not load this one (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [server-name]`,
				`error .mcp.json:1:89: server name "claude-in-chrome__x" is one Claude Code reserves for its own servers ("claude-in-chrome"): it does not load this one (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [server-name]`,
			},
			hint: `rename it, e.g. to "workspace-mcp"`},
		{name: "other clients load the name", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"workspace": {"command": "ws-mcp"}}}`)},
	})
}
