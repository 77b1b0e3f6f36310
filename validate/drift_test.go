package validate

import "testing"

// Docker reads the options of "docker run" in any order: two clients
// that write them in another order start the same container
// (regression: 220631948/cape-connect's sequentialthinking server).
func TestDriftDockerOptionOrder(t *testing.T) {
	runRuleCases(t, "drift", []ruleCase{
		{name: "same container",
			files: tree(".vscode/mcp.json", `{"servers": {"st": {"command": "docker", "args": ["run", "--rm", "-i", "img:1", "-transport", "stdio"]}}}`,
				".gemini/settings.json", `{"mcpServers": {"st": {"command": "docker", "args": ["run", "-i", "--rm", "img:1", "-transport", "stdio"]}}}`)},
		{name: "another image",
			files: tree(".vscode/mcp.json", `{"servers": {"st": {"command": "docker", "args": ["run", "--rm", "-i", "img:1"]}}}`,
				".gemini/settings.json", `{"mcpServers": {"st": {"command": "docker", "args": ["run", "-i", "--rm", "img:2"]}}}`),
			want: []string{`warning .vscode/mcp.json:1:14: server "st" differs between VS Code (.vscode/mcp.json:1:14) and Gemini CLI (.gemini/settings.json:1:17) and starts something else: args [drift]`}},
	})
}

// Copies that differ only in options are tuned per client as often as they
// drift (Serena documents "--context ide-assistant" for Claude Code and
// "--context codex" for Codex; a flag one copy passes, another sets with
// an environment variable): a note naming the options, not a warning. A
// package, a version, a path or a positional argument still starts
// something else (issue 27, real repositories).
func TestDriftTuning(t *testing.T) {
	serena := func(ctx string) string {
		return `{"mcpServers": {"serena": {"command": "uvx", "args": ["--from", "git+https://github.com/oraios/serena", "serena", "start-mcp-server", "--context", "` + ctx + `"]}}}`
	}
	runRuleCases(t, "drift", []ruleCase{
		{name: "context per client",
			files: tree(".mcp.json", serena("ide-assistant"), ".cursor/mcp.json", serena("ide")),
			want:  []string{`info .cursor/mcp.json:1:17: server "serena" differs between Cursor (.cursor/mcp.json:1:17) and Claude Code (.mcp.json:1:17) only in options, which may be tuned per client: Cursor has "--context ide", Claude Code "--context ide-assistant" [drift]`}},
		{name: "option with equals",
			files: tree(".mcp.json", `{"mcpServers": {"b": {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.40", "--browser=chrome"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"b": {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.40", "--browser=msedge"]}}}`),
			want: []string{`info .cursor/mcp.json:1:17: server "b" differs between Cursor (.cursor/mcp.json:1:17) and Claude Code (.mcp.json:1:17) only in options, which may be tuned per client: Cursor has "--browser=msedge", Claude Code "--browser=chrome" [drift]`}},
		{name: "a flag an env var sets in the other",
			files: tree(".mcp.json", `{"mcpServers": {"b": {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.40", "--headless"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"b": {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.40"], "env": {"PLAYWRIGHT_HEADLESS": "1"}}}}`),
			want: []string{`info .cursor/mcp.json:1:17: server "b" differs between Cursor (.cursor/mcp.json:1:17) and Claude Code (.mcp.json:1:17) only in options, which may be tuned per client: Cursor has none, Claude Code "--headless"; and in env [drift]`}},
		{name: "another version after a long flag",
			files: tree(".mcp.json", `{"mcpServers": {"g": {"command": "npx", "args": ["--yes", "server-github@1.0.0"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"g": {"command": "npx", "args": ["--yes", "server-github@2.0.0"]}}}`),
			want: []string{`warning .cursor/mcp.json:1:17: server "g" differs between Cursor (.cursor/mcp.json:1:17) and Claude Code (.mcp.json:1:17) and starts something else: args [drift]`}},
		{name: "another package after a long flag",
			files: tree(".mcp.json", `{"mcpServers": {"g": {"command": "npx", "args": ["--yes", "server-github"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"g": {"command": "npx", "args": ["--yes", "server-gitlab"]}}}`),
			want: []string{`warning .cursor/mcp.json:1:17: server "g" differs between Cursor (.cursor/mcp.json:1:17) and Claude Code (.mcp.json:1:17) and starts something else: args [drift]`}},
		{name: "another image after a docker flag",
			files: tree(".mcp.json", `{"mcpServers": {"d": {"command": "docker", "args": ["run", "-i", "--rm", "mcp"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"d": {"command": "docker", "args": ["run", "-i", "--rm", "mcp2"]}}}`),
			want: []string{`warning .cursor/mcp.json:1:17: server "d" differs between Cursor (.cursor/mcp.json:1:17) and Claude Code (.mcp.json:1:17) and starts something else: args [drift]`}},
		{name: "another path in an option",
			files: tree(".mcp.json", `{"mcpServers": {"f": {"command": "mcp-files", "args": ["--root", "/srv/a"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"f": {"command": "mcp-files", "args": ["--root", "/srv/b"]}}}`),
			want: []string{`warning .cursor/mcp.json:1:17: server "f" differs between Cursor (.cursor/mcp.json:1:17) and Claude Code (.mcp.json:1:17) and starts something else: args [drift]`}},
		{name: "another positional",
			files: tree(".mcp.json", `{"mcpServers": {"f": {"command": "mcp-files", "args": ["--verbose", "docs"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"f": {"command": "mcp-files", "args": ["docs2"]}}}`),
			want: []string{`warning .cursor/mcp.json:1:17: server "f" differs between Cursor (.cursor/mcp.json:1:17) and Claude Code (.mcp.json:1:17) and starts something else: args [drift]`}},
		{name: "another command",
			files: tree(".mcp.json", `{"mcpServers": {"f": {"command": "mcp-files", "args": ["--x"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"f": {"command": "mcp-files2", "args": ["--y"]}}}`),
			want: []string{`warning .cursor/mcp.json:1:17: server "f" differs between Cursor (.cursor/mcp.json:1:17) and Claude Code (.mcp.json:1:17) and starts something else: command, args [drift]`}},
	})
}
