package validate

import "testing"

func TestNameCollision(t *testing.T) {
	// each server its own command ("sr0", "sr1", … keep the columns of
	// "srv"): pisces starts one server per connection
	next := 0
	stdio := func(names ...string) string {
		s := `{"mcpServers": {`
		for i, n := range names {
			if i > 0 {
				s += ", "
			}
			s += `"` + n + `": {"command": "sr` + string(rune('0'+next%10)) + `"}`
			next++
		}
		return s + "}}"
	}
	runRuleCases(t, "name-collision", []ruleCase{
		{name: "hyphen and underscore: pisces only", merged: true, files: tree(".mcp.json", stdio("my-server", "my_server")),
			want:  []string{`warning .mcp.json:1:50: servers "my_server" and "my-server" both become "my_server" in pisces tool names: tools with the same name clash [name-collision]`},
			hints: []string{"rename one of them so the names differ in letters, not only in punctuation, case or digits"}},
		{name: "dot and underscore: pisces and Claude Code", merged: true, files: tree(".mcp.json", stdio("a.b", "a_b")),
			want: []string{`warning .mcp.json:1:44: servers "a_b" and "a.b" both become "a_b" in pisces and Claude Code tool names: tools with the same name clash [name-collision]`}},
		{name: "different prefixes per client", merged: true, files: tree(".claude/mcp.json", stdio("X.y", "X_y")),
			want: []string{`warning .claude/mcp.json:1:44: servers "X_y" and "X.y" both become "x_y" in pisces and "X_y" in Claude Code tool names: tools with the same name clash [name-collision]`}},
		{name: "codex", merged: true, files: tree(".codex/config.toml", "[mcp_servers.\"a.b\"]\ncommand = \"srv\"\n\n[mcp_servers.a_b]\ncommand = \"sr1\"\n"),
			want: []string{`warning .codex/config.toml:4:14: servers "a_b" and "a.b" both become "a_b" in pisces and Codex tool names: tools with the same name clash [name-collision]`}},
		{name: "opencode", merged: true, files: tree("opencode.json", `{"mcp": {"a b": {"type": "local", "command": ["srv"]}, "a_b": {"type": "local", "command": ["sr1"]}}}`),
			want: []string{`warning opencode.json:1:56: servers "a_b" and "a b" both become "a_b" in pisces and opencode tool names: tools with the same name clash [name-collision]`}},
		{name: "gemini keeps dots", merged: true, files: tree(".gemini/settings.json", stdio("a b", "a_b", "a.b")),
			want: []string{
				`warning .gemini/settings.json:1:44: servers "a_b" and "a b" both become "a_b" in pisces and Gemini CLI tool names: tools with the same name clash [name-collision]`,
				`warning .gemini/settings.json:1:71: servers "a.b" and "a b" both become "a_b" in pisces tool names: tools with the same name clash [name-collision]`,
			}},
		{name: "case and digits: pisces only", merged: true, files: tree(".cursor/mcp.json", stdio("GitHub", "github", "srv1", "srv2")),
			want: []string{
				`warning .cursor/mcp.json:1:47: servers "github" and "GitHub" both become "github" in pisces tool names: tools with the same name clash [name-collision]`,
				`warning .cursor/mcp.json:1:105: servers "srv2" and "srv1" both become "srv" in pisces tool names: tools with the same name clash [name-collision]`,
			}},
		// agent-code folds ASCII case and keeps non-ASCII letters
		// (normalize_name, crates/lib/src/tools/mcp_proxy.rs at c25b885f)
		{name: "agent-code: case", merged: true, files: tree(".agent/settings.toml", "[mcp_servers.GitHub]\ncommand = \"srv\"\n\n[mcp_servers.git-hub]\ncommand = \"srv\"\n\n[mcp_servers.github]\ncommand = \"srv\"\n"),
			want: []string{
				// one command for the three: pisces keeps one server per connection
				`warning .agent/settings.toml:7:14: servers "github" and "GitHub" both become "github" in agent-code tool names: tools with the same name clash [name-collision]`,
			}},
		{name: "across files: only pisces sees both", merged: true,
			files: tree(".cursor/mcp.json", stdio("a.b"), ".codex/config.toml", "[mcp_servers.a_b]\ncommand = \"srv\"\n"),
			want:  []string{`warning .cursor/mcp.json:1:17: servers "a.b" and "a_b" both become "a_b" in pisces tool names: tools with the same name clash [name-collision]`}},
		{name: "claude sees its files and .mcp.json", merged: true,
			files: tree(".claude/mcp.json", stdio("a.b"), ".mcp.json", stdio("a_b")),
			want:  []string{`warning .mcp.json:1:17: servers "a_b" and "a.b" both become "a_b" in pisces and Claude Code tool names: tools with the same name clash [name-collision]`}},
		{name: "disabled servers take no part",
			files: tree(".codex/config.toml", "[mcp_servers.\"a.b\"]\ncommand = \"srv\"\nenabled = false\n\n[mcp_servers.a_b]\ncommand = \"srv\"\n")},
		{name: "distinct names", files: tree(".mcp.json", stdio("github-local", "github-remote", "ctx7"))},
	})
}
