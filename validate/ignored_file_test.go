package validate

import "testing"

// Servers in files no client reads, seen in real repositories (issue 27):
// .opencode/mcp.json, .windsurf/mcp.json, a .claude/mcp.json in a made-up
// format. Each finding says which file the client reads.
func TestIgnoredFileNearMisses(t *testing.T) {
	runRuleCases(t, "ignored-file", []ruleCase{
		{name: "opencode mcp.json",
			files: oneFile(".opencode/mcp.json", `{"mcpServers": {"a": {"command": "a"}}}`),
			want:  []string{`warning .opencode/mcp.json:1:2: 1 server under "mcpServers" in .opencode/mcp.json: opencode ignores this file (it reads opencode.json or .opencode/opencode.json, servers under "mcp") [ignored-file]`}},
		{name: "opencode mcp.json with mcp",
			files: oneFile(".opencode/mcp.json", `{"mcp": {"a": {"type": "local", "command": ["a"]}, "b": {"type": "local", "command": ["b"]}}}`),
			want:  []string{`warning .opencode/mcp.json:1:2: 2 servers under "mcp" in .opencode/mcp.json: opencode ignores this file (it reads opencode.json or .opencode/opencode.json, servers under "mcp") [ignored-file]`}},
		{name: "windsurf mcp.json",
			files: oneFile(".windsurf/mcp.json", `{"mcpServers": {"a": {"command": "a"}}}`),
			want:  []string{`warning .windsurf/mcp.json:1:2: 1 server under "mcpServers" in .windsurf/mcp.json: Windsurf ignores this file (it reads .windsurf/mcp_config.json) [ignored-file]`}},
		{name: "claude made-up format",
			files: oneFile(".claude/mcp.json", `{"servers": [{"name": "a", "command": "a"}]}`),
			want:  []string{`warning .claude/mcp.json:1:2: 1 server under "servers" in .claude/mcp.json: Claude Code ignores this file (the project's servers go in .mcp.json at the root) [ignored-file]`}},
		{name: "pisces reads mcpServers there", files: tree(
			".pisces/mcp.json", `{"mcpServers": {}}`,
			".claude/mcp.json", `{"mcpServers": {"a": {"command": "a"}}}`),
			want: []string{`info .claude/mcp.json:1:2: 1 server under "mcpServers" in .claude/mcp.json: Claude Code ignores this file (the project's servers go in .mcp.json at the root); pisces reads it [ignored-file]`}},
		{name: "pisces does not read a made-up format", files: tree(
			".pisces/mcp.json", `{"mcpServers": {}}`,
			".claude/mcp.json", `{"servers": {"a": {"command": "a"}}}`),
			want: []string{`warning .claude/mcp.json:1:2: 1 server under "servers" in .claude/mcp.json: Claude Code ignores this file (the project's servers go in .mcp.json at the root) [ignored-file]`}},
		{name: "files the clients read", files: tree(
			"opencode.json", `{"mcp": {"a": {"type": "local", "command": ["a"]}}}`,
			".windsurf/mcp_config.json", `{"mcpServers": {"a": {"command": "a"}}}`,
			".mcp.json", `{"mcpServers": {"a": {"command": "a"}}}`)},
	})
}
