package validate

import "testing"

// The forms verified with the clients (testdata/clients/nosh): Claude Code
// fails on "~/" and "$HOME/", runs "${HOME}/"; Gemini CLI fails on "~";
// Codex fails on all three; VS Code expands "~".
func TestHomeInCommand(t *testing.T) {
	runRuleCases(t, "home-in-command", []ruleCase{
		{name: "Claude Code",
			files: tree(".mcp.json", `{"mcpServers": {"a": {"command": "~/bin/mark-tilde"}, "b": {"command": "$HOME/bin/mark-var"}, "c": {"command": "${HOME}/bin/mark-brace"}}}`),
			want: []string{
				`error .mcp.json:1:35: command "~/bin/mark-tilde" starts with "~", which Claude Code does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
				`error .mcp.json:1:73: command "$HOME/bin/mark-var" holds "$HOME", which Claude Code does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
			},
			hints: []string{`write the absolute path, or "${HOME}/bin/mark-tilde"`, `write the absolute path, or "${HOME}/bin/mark-var"`}},
		{name: "Gemini CLI",
			files: tree(".gemini/settings.json", `{"mcpServers": {"a": {"command": "~/bin/x"}, "b": {"command": "$HOME/bin/x"}, "c": {"command": "${HOME}/bin/x"}}}`),
			want:  []string{`error .gemini/settings.json:1:35: command "~/bin/x" starts with "~", which Gemini CLI does not expand: it starts servers without a shell, so the server will not start [home-in-command]`},
			hints: []string{`write the absolute path, or "${HOME}/bin/x"`}},
		{name: "Codex",
			files: tree(".codex/config.toml", "[mcp_servers.a]\ncommand = \"~/bin/x\"\n[mcp_servers.b]\ncommand = \"$HOME/bin/x\"\n[mcp_servers.c]\ncommand = \"${HOME}/bin/x\"\n"),
			want: []string{
				`error .codex/config.toml:2:12: command "~/bin/x" starts with "~", which Codex does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
				`error .codex/config.toml:4:12: command "$HOME/bin/x" holds "$HOME", which Codex does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
				`error .codex/config.toml:6:12: command "${HOME}/bin/x" holds "${HOME}", which Codex does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
			},
			hint: `Codex expands nothing in a command: write the absolute path of the program, or put it on PATH and write its name`},
		{name: "opencode and VS Code",
			files: tree("opencode.json", `{"mcp": {"a": {"type": "local", "command": ["~/bin/x", "--flag"]}}}`,
				".vscode/mcp.json", `{"servers": {"a": {"command": "~/bin/x"}, "b": {"command": "$HOME/bin/x"}}}`),
			want: []string{
				`error .vscode/mcp.json:1:61: command "$HOME/bin/x" holds "$HOME", which VS Code does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
				`error opencode.json:1:46: command "~/bin/x" starts with "~", which opencode does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
			},
			hints: []string{`write the absolute path, or "~/bin/x"`, `write the absolute path, or "{env:HOME}/bin/x"`}},
		{name: "shells, arguments and unknown clients",
			files: tree(".codex/config.toml", "[mcp_servers.a]\ncommand = \"sh\"\nargs = [\"-c\", \"~/bin/x\"]\n[mcp_servers.b]\ncommand = \"node\"\nargs = [\"~/srv.js\"]\n",
				".cursor/mcp.json", `{"mcpServers": {"a": {"command": "~/bin/x"}}}`)},
	})
}

// One finding, not two: foreign-placeholder leaves $HOME in a command to
// home-in-command.
func TestHomeInCommandNotForeign(t *testing.T) {
	runRuleCases(t, "foreign-placeholder", []ruleCase{
		{name: "codex", files: tree(".codex/config.toml", "[mcp_servers.b]\ncommand = \"$HOME/bin/x\"\nargs = [\"$HOME/data\"]\n"),
			want: []string{`warning .codex/config.toml:3:10: "$HOME" is not expanded by Codex: the server gets it literally [foreign-placeholder]`}},
	})
}
