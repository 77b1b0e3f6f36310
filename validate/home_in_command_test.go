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
				`error .mcp.json:1:35: command "~/bin/mark-tilde" starts with "~", which Claude Code does not expand: it starts servers without a shell, so the server will not start (for Claude Code, Qwen Code and Copilot CLI; not VS Code, which also reads this file) [home-in-command]`,
				`error .mcp.json:1:73: command "$HOME/bin/mark-var" holds "$HOME", which Claude Code does not expand: it starts servers without a shell, so the server will not start (for Claude Code, Qwen Code and Copilot CLI; not VS Code, which also reads this file) [home-in-command]`,
				`info .mcp.json:1:113: command "${HOME}/bin/mark-brace" holds "${HOME}", which Qwen Code does not expand: it starts servers without a shell, so the server will not start (not Claude Code, VS Code or Copilot CLI, which also read this file); no file of Qwen Code's own is here: this matters if you use it [home-in-command]`,
			},
			hints: []string{`write the absolute path, or "${HOME}/bin/mark-tilde"`, `write the absolute path, or "${HOME}/bin/mark-var"`, `Qwen Code expands nothing in a command: write the absolute path of the program, or put it on PATH and write its name`}},
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
		// McpTransportConnection::connect_stdio: tokio Command::new
		// (agent-code at c25b885f; read, not run)
		{name: "agent-code",
			files: tree(".agent/settings.toml", "[mcp_servers.a]\ncommand = \"~/bin/x\"\n"),
			want:  []string{`error .agent/settings.toml:2:12: command "~/bin/x" starts with "~", which agent-code does not expand: it starts servers without a shell, so the server will not start [home-in-command]`}},
		{name: "opencode and VS Code",
			files: tree("opencode.json", `{"mcp": {"a": {"type": "local", "command": ["~/bin/x", "--flag"]}}}`,
				".vscode/mcp.json", `{"servers": {"a": {"command": "~/bin/x"}, "b": {"command": "$HOME/bin/x"}}}`),
			want: []string{
				`error .vscode/mcp.json:1:61: command "$HOME/bin/x" holds "$HOME", which VS Code does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
				`error opencode.json:1:46: command "~/bin/x" starts with "~", which opencode does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
			},
			hints: []string{`write the absolute path, or "~/bin/x"`, `write the absolute path, or "{env:HOME}/bin/x"`}},
		// oh-my-pi's resolveStdioSpawnCommand hands Bun.spawn
		// [command, ...args] on Linux and macOS: no shell, no "~"; it
		// expands ${VAR} in every string (issue 27, earlier corpora).
		{name: "pisces",
			files: tree(".pisces/mcp.json", `{"mcpServers": {"a": {"command": "~/.bun/bin/bunx", "args": ["-y", "x@1"]}, "b": {"command": "${HOME}/.bun/bin/bunx"}}}`),
			want:  []string{`error .pisces/mcp.json:1:35: command "~/.bun/bin/bunx" starts with "~", which pisces does not expand: it starts servers without a shell, so the server will not start [home-in-command]`},
			hints: []string{`write the absolute path, or "${HOME}/.bun/bin/bunx"`}},
		{name: "another user's home", files: tree(".codex/config.toml", "[mcp_servers.a]\ncommand = \"~bob/bin/x\"\n"),
			want: []string{`error .codex/config.toml:2:12: command "~bob/bin/x" starts with "~bob", which Codex does not expand: it starts servers without a shell, so the server will not start [home-in-command]`}},
		{name: "shells, code runners and unknown clients",
			files: tree(".codex/config.toml", "[mcp_servers.a]\ncommand = \"sh\"\nargs = [\"-c\", \"~/bin/x\"]\n[mcp_servers.b]\ncommand = \"node\"\nargs = [\"-e\", \"require(process.env.HOME + '/x')\", \"~/x\"]\n",
				".cursor/mcp.json", `{"mcpServers": {"a": {"command": "~/bin/x", "args": ["~/srv.js"]}}}`)},
	})
}

// One finding, not two: foreign-placeholder leaves $HOME in a command, its
// arguments, cwd and env to home-in-command, whose hint names the home the
// client's way (its hint of env_vars = ["HOME"] did not give the same value).
func TestHomeInCommandNotForeign(t *testing.T) {
	files := tree(".codex/config.toml", "[mcp_servers.b]\ncommand = \"$HOME/bin/x\"\nargs = [\"${HOME}/mem.json\"]\nenv = { MEM = \"${HOME}/mem.json\" }\n",
		".claude/mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"HOME_DIR": "$HOME/x"}}}}`)
	runRuleCases(t, "foreign-placeholder", []ruleCase{{name: "codex", files: files, merged: true}})
	runRuleCases(t, "home-in-command", []ruleCase{{name: "codex", files: files, merged: true,
		want: []string{
			`warning .claude/mcp.json:1:62: env "HOME_DIR" holds "$HOME", which Claude Code does not expand: it starts servers without a shell, so the server gets it literally [home-in-command]`,
			`error .codex/config.toml:2:12: command "$HOME/bin/x" holds "$HOME", which Codex does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
			`warning .codex/config.toml:3:10: argument "${HOME}/mem.json" holds "${HOME}", which Codex does not expand: it starts servers without a shell, so the server gets it literally [home-in-command]`,
			`warning .codex/config.toml:4:16: env "MEM" holds "${HOME}", which Codex does not expand: it starts servers without a shell, so the server gets it literally [home-in-command]`,
		},
		hints: []string{
			`write the absolute path, or "${HOME}/x"`,
			`Codex expands nothing in a command: write the absolute path of the program, or put it on PATH and write its name`,
			`Codex expands nothing here: write a path relative to the project, or keep this server in ~/.codex/config.toml with the absolute path`,
			`Codex expands nothing here: write a path relative to the project, or keep this server in ~/.codex/config.toml with the absolute path`,
		}}})
}

// "~" and $HOME reach the server literally in arguments, cwd and env values
// too, not only in the command (unseen configs: Codex args = ["~/mem.json"],
// cwd = "~/proj", env = { DB = "$HOME/db" }); which client expands which
// form where is each client's fact (VS Code expands "~" in command, args
// and cwd, not in env; Claude Code ${HOME} in args and env).
func TestHomeInArgsCwdEnv(t *testing.T) {
	runRuleCases(t, "home-in-command", []ruleCase{
		{name: "Codex",
			files: tree(".codex/config.toml", "[mcp_servers.mem]\ncommand = \"npx\"\nargs = [\"-y\", \"mem@1.0.0\", \"~/mem.json\", \"--db=~/x.db\"]\ncwd = \"~/proj\"\nenv = { DATA = \"$HOME/data\" }\n"),
			want: []string{
				`warning .codex/config.toml:3:29: argument "~/mem.json" starts with "~", which Codex does not expand: it starts servers without a shell, so the server gets it literally [home-in-command]`,
				`warning .codex/config.toml:3:48: argument "--db=~/x.db" holds "~", which Codex does not expand: it starts servers without a shell, so the server gets it literally [home-in-command]`,
				`error .codex/config.toml:4:8: "cwd" "~/proj" starts with "~", which Codex does not expand: it starts servers without a shell, so the server will not start [home-in-command]`,
				`warning .codex/config.toml:5:17: env "DATA" holds "$HOME", which Codex does not expand: it starts servers without a shell, so the server gets it literally [home-in-command]`,
			},
			hints: []string{
				`Codex expands nothing here: write a path relative to the project, or keep this server in ~/.codex/config.toml with the absolute path`,
				`Codex expands nothing here: write a path relative to the project, or keep this server in ~/.codex/config.toml with the absolute path`,
				`Codex expands nothing here: write a path relative to the project, or keep this server in ~/.codex/config.toml with the absolute path`,
				`Codex expands nothing here: write a path relative to the project, or keep this server in ~/.codex/config.toml with the absolute path`,
			}},
		{name: "Claude Code and VS Code",
			files: tree(".mcp.json", `{"mcpServers": {"a": {"command": "node", "args": ["~/srv.js", "${HOME}/ok.js", "$HOME/x.js"], "env": {"F": "~/f", "G": "${HOME}/g"}}}}`,
				".vscode/mcp.json", `{"servers": {"a": {"command": "node", "args": ["~/srv.js"], "cwd": "~/proj", "env": {"F": "~/f"}}}}`),
			want: []string{
				`warning .mcp.json:1:52: argument "~/srv.js" starts with "~", which Claude Code does not expand: it starts servers without a shell, so the server gets it literally (for Claude Code, Qwen Code and Copilot CLI; not VS Code, which also reads this file) [home-in-command]`,
				`info .mcp.json:1:64: argument "${HOME}/ok.js" holds "${HOME}", which Qwen Code does not expand: it starts servers without a shell, so the server gets it literally (not Claude Code, VS Code or Copilot CLI, which also read this file); no file of Qwen Code's own is here: this matters if you use it [home-in-command]`,
				`warning .mcp.json:1:81: argument "$HOME/x.js" holds "$HOME", which Claude Code does not expand: it starts servers without a shell, so the server gets it literally (for Claude Code, Qwen Code and Copilot CLI; not VS Code, which also reads this file) [home-in-command]`,
				`warning .mcp.json:1:109: env "F" starts with "~", which Claude Code does not expand: it starts servers without a shell, so the server gets it literally (for Claude Code, Qwen Code and Copilot CLI; not VS Code, which also reads this file) [home-in-command]`,
				`info .mcp.json:1:121: env "G" holds "${HOME}", which Qwen Code does not expand: it starts servers without a shell, so the server gets it literally (not Claude Code, VS Code or Copilot CLI, which also read this file); no file of Qwen Code's own is here: this matters if you use it [home-in-command]`,
				`warning .vscode/mcp.json:1:92: env "F" starts with "~", which VS Code does not expand: it starts servers without a shell, so the server gets it literally [home-in-command]`,
			},
			hints: []string{`write the absolute path, or "${HOME}/srv.js"`, `Qwen Code expands nothing here: write the absolute path`, `write the absolute path, or "${HOME}/x.js"`, `write the absolute path, or "${HOME}/f"`, `Qwen Code expands nothing here: write the absolute path`, `write the absolute path, or "${userHome}/f"`}},
	})
}
