package validate

import "testing"

func TestUnknownField(t *testing.T) {
	runRuleCases(t, "unknown-field", []ruleCase{
		{name: "opencode env", files: oneFile("opencode.json",
			`{"mcp": {"fs": {"type": "local", "command": ["fs"], "env": {"A": "b"}}}}`),
			want: []string{`error opencode.json:1:53: unknown field "env" in server "fs": opencode rejects the whole config; did you mean "environment"? [unknown-field]`}},
		{name: "misspelling", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"fs": {"comand": "fs"}}}`),
			want: []string{`warning .cursor/mcp.json:1:24: unknown field "comand" in server "fs": Cursor ignores it; did you mean "command"? [unknown-field]`}},
		{name: "no switch in cursor", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"fs": {"command": "fs", "disabled": true}}}`),
			want: []string{`warning .cursor/mcp.json:1:41: unknown field "disabled" in server "fs": Cursor ignores it [unknown-field]`},
			hint: "Cursor has no per-server switch: remove the server or turn it off in Cursor's MCP settings"},
		{name: "pisces switch", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"fs": {"command": "fs", "disabled": true}}}`),
			want: []string{`warning .pisces/mcp.json:1:41: unknown field "disabled" in server "fs": pisces ignores it; did you mean "enabled": false? [unknown-field]`}},
		{name: "windsurf switch", files: oneFile(".windsurf/mcp_config.json",
			`{"mcpServers": {"fs": {"command": "fs", "enabled": false}}}`),
			want: []string{`warning .windsurf/mcp_config.json:1:41: unknown field "enabled" in server "fs": Windsurf ignores it; did you mean "disabled": true? [unknown-field]`}},
		{name: "codex timeouts", files: oneFile(".codex/config.toml",
			"[mcp_servers.a]\ncommand = \"a\"\nstartupTimeout = 30000\n\n[mcp_servers.b]\ncommand = \"b\"\ntimeout = 30\n"),
			want: []string{
				`warning .codex/config.toml:3:1: unknown field "startupTimeout" in server "a": Codex ignores it; did you mean "startup_timeout_ms"? [unknown-field]`,
				`warning .codex/config.toml:7:1: unknown field "timeout" in server "b": Codex ignores it; did you mean "startup_timeout_sec"? [unknown-field]`,
			}},
		{name: "codex type and headers", files: oneFile(".codex/config.toml",
			"[mcp_servers.a]\ntype = \"http\"\nurl = \"https://a.example.com/mcp\"\nheaders = { X-Org = \"acme\" }\n"),
			want: []string{
				`warning .codex/config.toml:2:1: unknown field "type" in server "a": Codex ignores it [unknown-field]`,
				`warning .codex/config.toml:4:1: unknown field "headers" in server "a": Codex ignores it; did you mean "http_headers"? [unknown-field]`,
			},
			hint: `Codex has no "type": "command" makes a stdio server, "url" a streamable HTTP one`},
		{name: "borrowed url keys", files: map[string]string{
			".vscode/mcp.json": `{"servers": {"a": {"type": "http", "serverUrl": "https://a.example.com/mcp"}}}`,
			".cursor/mcp.json": `{"mcpServers": {"b": {"httpUrl": "https://b.example.com/mcp"}}}`,
		},
			want: []string{
				`warning .cursor/mcp.json:1:23: unknown field "httpUrl" in server "b": Cursor ignores it; did you mean "url"? [unknown-field]`,
				`warning .vscode/mcp.json:1:36: unknown field "serverUrl" in server "a": VS Code ignores it; did you mean "url"? [unknown-field]`,
			},
			hint: `write "url" with "type": "http"`},
		{name: "auto-approval", files: map[string]string{
			".cursor/mcp.json":      `{"mcpServers": {"a": {"command": "a", "alwaysAllow": ["read"]}}}`,
			".gemini/settings.json": `{"mcpServers": {"b": {"command": "b", "autoApprove": ["read"]}}}`,
		},
			want: []string{
				`warning .cursor/mcp.json:1:39: unknown field "alwaysAllow" in server "a": Cursor ignores it [unknown-field]`,
				`warning .gemini/settings.json:1:39: unknown field "autoApprove" in server "b": Gemini CLI ignores it; did you mean "trust"? [unknown-field]`,
			},
			hint: "Cursor has no per-server auto-approval in this file"},
		// Claude Code 2.1.331's "timeout" bounds each tool call: a startup
		// timeout has no field there.
		{name: "claude startup timeout", files: oneFile(".mcp.json",
			`{"mcpServers": {"a": {"command": "a", "startup_timeout_ms": 60000}}}`),
			want: []string{`warning .mcp.json:1:39: unknown field "startup_timeout_ms" in server "a": Claude Code ignores it [unknown-field]`},
			hint: `Claude Code has no per-server startup timeout: set the MCP_TIMEOUT environment variable (milliseconds); its "timeout" bounds each tool call`},
		{name: "claude tool timeout", files: oneFile(".mcp.json",
			`{"mcpServers": {"a": {"command": "a", "toolTimeout": 60000}}}`),
			want: []string{`warning .mcp.json:1:39: unknown field "toolTimeout" in server "a": Claude Code ignores it; did you mean "timeout"? [unknown-field]`}},
		// Fields of Claude Code's own schema (2.1.331): alwaysLoad was
		// reported as unknown, and users were told to delete it.
		{name: "claude fields", cfg: &Config{Clients: []string{"claude"}}, files: oneFile(".mcp.json",
			`{"mcpServers": {"a": {"command": "a", "timeout": 600000, "alwaysLoad": true}, "b": {"type": "http", "url": "https://b.example.com/mcp", "alwaysLoad": false, "headersHelper": "./h.sh"}}}`)},
		// a field one reader of a shared file knows is no mistake for it:
		// VS Code ignores Claude Code's "alwaysLoad"
		{name: "a field another reader knows", files: oneFile(".mcp.json",
			`{"mcpServers": {"a": {"command": "a", "alwaysLoad": true}}}`),
			want: []string{`info .mcp.json:1:39: unknown field "alwaysLoad" in server "a": Qwen Code ignores it; Claude Code reads it (for Qwen Code, VS Code and Copilot CLI) [unknown-field]`},
			hint: `keep it for Claude Code: Qwen Code starts the server without it`},
		// VS Code reads the same file and keeps type, command, args, env,
		// url and headers of an entry (normalizeMcpServerConfiguration)
		{name: "vscode reads .mcp.json without claude's fields", cfg: &Config{Clients: []string{"vscode"}}, files: oneFile(".mcp.json",
			`{"mcpServers": {"a": {"command": "a", "timeout": 600000, "cwd": "/srv"}}}`),
			want: []string{`warning .mcp.json:1:39: unknown field "timeout" in server "a": VS Code ignores it [unknown-field]`,
				`warning .mcp.json:1:58: unknown field "cwd" in server "a": VS Code ignores it [unknown-field]`}},
		{name: "opencode args", files: oneFile("opencode.json",
			`{"mcp": {"fs": {"type": "local", "command": ["fs"], "args": ["."]}}}`),
			want: []string{`error opencode.json:1:53: unknown field "args" in server "fs": opencode rejects the whole config [unknown-field]`},
			hint: `opencode takes the arguments in the "command" array: ["npx", "-y", "pkg"]`},
		{name: "nothing close", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"a": {"command": "a", "priority": 1}}}`),
			want: []string{`warning .cursor/mcp.json:1:39: unknown field "priority" in server "a": Cursor ignores it [unknown-field]`},
			hint: `remove it; Cursor reads "type", "command", "args", "env", "envFile", "url", "headers", "auth"`},
		{name: "known fields", files: map[string]string{
			".windsurf/mcp_config.json": `{"mcpServers": {"a": {"serverUrl": "https://a.example.com/mcp", "disabled": false, "disabledTools": ["x"]}}}`,
			".gemini/settings.json":     `{"mcpServers": {"b": {"httpUrl": "https://b.example.com/mcp", "trust": true, "description": "docs"}}}`,
		}},
	})
}

// Regressions from real configs: notes for the reader are not reported
// (0K-cool/athena .mcp.json "description", Chisanan232/ai-development-config
// .windsurf/mcp_config.json "metadata"), except by opencode's strict schema;
// a top-level Codex setting written below a server table lands in it
// (0xGosu/memvid-sdk .codex/config.toml) and the hint says so.
func TestUnknownFieldRealWorld(t *testing.T) {
	runRuleCases(t, "unknown-field", []ruleCase{
		{name: "notes are fine", files: tree(
			".mcp.json", `{"mcpServers": {"kb": {"command": "kb-mcp", "description": "knowledge base"}}}`,
			".windsurf/mcp_config.json", `{"mcpServers": {"jira": {"serverUrl": "https://jira.example/mcp", "metadata": {"priority": "optional"}, "$comment": "x"}}}`,
			".cursor/mcp.json", `{"mcpServers": {"a": {"command": "a", "comment": "x", "notes": "y", "_comment": "z", "//": "w"}}}`)},
		// VS Code writes "gallery" and "version" for servers installed from
		// the MCP gallery (0xTanzim/nextRush .vscode/mcp.json).
		{name: "vscode gallery fields", files: oneFile(".vscode/mcp.json",
			`{"servers": {"io.github.ChromeDevTools/chrome-devtools-mcp": {"type": "stdio", "command": "npx", "args": ["-y", "chrome-devtools-mcp@0.18.1"], "gallery": "https://api.mcp.github.com", "version": "0.18.1"}}}`)},
		// A "$"-prefixed key is an annotation, as JSON Schema treats
		// "$comment" (issue 27: "$doc" was reported while "comment" passed).
		{name: "dollar keys are notes", files: tree(
			".mcp.json", `{"mcpServers": {"kb": {"command": "kb-mcp", "$doc": "https://example.com/kb"}}}`,
			".cursor/mcp.json", `{"mcpServers": {"a": {"command": "a", "$note": "x", "$schema": "y"}}}`)},
		{name: "opencode rejects dollar keys", files: oneFile("opencode.json",
			`{"mcp": {"a": {"type": "local", "command": ["a"], "$doc": "x"}}}`),
			want: []string{`error opencode.json:1:51: unknown field "$doc" in server "a": opencode rejects the whole config [unknown-field]`}},
		{name: "opencode rejects notes", files: oneFile("opencode.json",
			`{"mcp": {"a": {"type": "local", "command": ["a"], "description": "x"}}}`),
			want: []string{`error opencode.json:1:51: unknown field "description" in server "a": opencode rejects the whole config [unknown-field]`}},
		{name: "top-level key below a codex table", files: oneFile(".codex/config.toml",
			"[mcp_servers.notion]\nurl = \"https://mcp.notion.com/mcp\"\n\n# Reasoning\nmodel_reasoning_effort = \"high\"\n"),
			want: []string{`warning .codex/config.toml:5:1: unknown field "model_reasoning_effort" in server "notion": Codex ignores it [unknown-field]`},
			hint: `in TOML every key after the [mcp_servers.notion] header belongs to that table: if "model_reasoning_effort" is a top-level setting, move it above the first table`},
		{name: "inline table", files: oneFile(".codex/config.toml",
			"mcp_servers.notion = { url = \"https://mcp.notion.com/mcp\", model = \"o3\" }\n"),
			want: []string{`warning .codex/config.toml:1:60: unknown field "model" in server "notion": Codex ignores it [unknown-field]`}},
	})
}
