package validate

import "testing"

// TestQwenCrashesOnArgs: Qwen Code's own listing (qwen mcp list 0.24.4)
// crashes on "args" that is not an array ("server.args?.join is not a
// function"): the schema finding on the field says so, before the user
// runs it.
func TestQwenCrashesOnArgs(t *testing.T) {
	runRuleCases(t, "schema", []ruleCase{
		{name: "args a string", files: oneFile(".qwen/settings.json", `{"mcpServers": {"q": {"command": "q", "args": "a b"}}}`),
			want: []string{`error .qwen/settings.json:1:47: "args" must be an array, got string; qwen mcp list crashes on it when the server has a command ("server.args?.join is not a function") and lists no server after it; a session fails the server [schema]`}},
	})
}

// TestQwenResetsBrokenWorkspace: a .qwen/settings.json that does not
// parse is not fatal to Qwen Code 0.24.4: it overwrites the file with {}
// (keeping it as settings.json.corrupted) and goes on without it; lint
// says so at the position (testdata/clients/qwen-bad-workspace).
func TestQwenResetsBrokenWorkspace(t *testing.T) {
	runRuleCases(t, "syntax", []ruleCase{
		{name: "trailing comma", files: oneFile(".qwen/settings.json", "{\"mcpServers\": {\"w\": {\"command\": \"w\"}},\n}\n"),
			want: []string{`error .qwen/settings.json:2:1: trailing comma is not allowed in this file (comments are): Gemini CLI cannot parse it; Qwen Code overwrites this file with {} when it starts, keeping it as .qwen/settings.json.corrupted, and reads none of its settings [syntax]`},
			hint: "fix the file before you run Qwen Code, or restore it from .qwen/settings.json.corrupted afterwards"},
		// while the user settings set tools.executionSandbox, Qwen Code
		// stops on the file and leaves it as it is
		// (testdata/clients/qwen-sandbox-keeps-workspace)
		{name: "trailing comma, sandbox set", files: tree(".qwen/settings.json", "{\"mcpServers\": {\"w\": {\"command\": \"w\"}},\n}\n",
			"~/.qwen/settings.json", `{"tools": {"executionSandbox": {"filesystem": "read-only", "network": "closed"}}}`),
			want: []string{`error .qwen/settings.json:2:1: trailing comma is not allowed in this file (comments are): Gemini CLI cannot parse it; Qwen Code then starts no server at all, from this file or any other (it stops: "Please fix the configuration file(s) and try again", exit code 1); it overwrites the file with {} only while no system or user settings set tools.executionSandbox, and ~/.qwen/settings.json:1:12 sets it: the file is left as it is [syntax]`}},
	})
}

// TestQwenBadSandbox: a tools.executionSandbox Qwen Code 0.24.4 does not
// accept, in the user or machine settings, stops it before any server
// starts (testdata/clients/qwen-sandbox-invalid); lint says so at the
// value. In the workspace's settings it is not checked.
func TestQwenBadSandbox(t *testing.T) {
	const want = `Qwen Code does not accept this tools.executionSandbox (an object with "filesystem" ("read-only" or "workspace-write"), "network" ("open" or "closed") and, optionally, "backend" ("auto" or "bwrap"), nothing else): it stops before starting any server ("tools.executionSandbox requires literal filesystem (read-only | workspace-write), network (open | closed), and optional backend (auto | bwrap)", exit code 1), from this file or any other [refused-config]`
	runRuleCases(t, "refused-config", []ruleCase{
		{name: "network none", files: oneFile("~/.qwen/settings.json", `{"tools": {"executionSandbox": {"filesystem": "read-only", "network": "none"}}}`),
			want: []string{`error ~/.qwen/settings.json:1:32: ` + want}},
		{name: "unknown key", files: oneFile("~/.qwen/settings.json", `{"tools": {"executionSandbox": {"filesystem": "read-only", "network": "open", "x": 1}}}`),
			want: []string{`error ~/.qwen/settings.json:1:32: ` + want}},
		{name: "a placeholder", files: oneFile("~/.qwen/settings.json", `{"tools": {"executionSandbox": {"filesystem": "$FS", "network": "open"}}}`),
			want: []string{`error ~/.qwen/settings.json:1:32: ` + want}},
		{name: "null", files: oneFile("~/.qwen/settings.json", `{"tools": {"executionSandbox": null}}`),
			want: []string{`error ~/.qwen/settings.json:1:32: ` + want}},
		{name: "accepted", files: oneFile("~/.qwen/settings.json", `{"tools": {"executionSandbox": {"backend": "auto", "filesystem": "workspace-write", "network": "open"}}}`)},
		{name: "workspace not checked", files: oneFile(".qwen/settings.json", `{"tools": {"executionSandbox": {"network": "none"}}}`)},
	})
}

// TestQwenSSEHints: Qwen Code 0.24.4 reads a settings entry's "url" as
// SSE whatever its "type" (testdata/clients/qwen-transports), and
// streamable HTTP only from "httpUrl": the hints say "httpUrl", not a
// "type" it ignores.
func TestQwenSSEHints(t *testing.T) {
	runRuleCases(t, "deprecated-sse", []ruleCase{
		{name: "url with type http", files: oneFile(".qwen/settings.json", `{"mcpServers": {"s": {"type": "http", "url": "https://s.example.com/mcp"}}}`),
			want: []string{`warning .qwen/settings.json:1:31: server "s" says "type": "http", but "https://s.example.com/mcp" ends in /mcp, the usual path of a streamable HTTP endpoint: Qwen Code speaks the legacy HTTP+SSE transport to it, which a streamable HTTP server does not answer [deprecated-sse]`},
			hint: `write the address as "httpUrl" if the server speaks streamable HTTP there (mcpconf probe tries it), or point "url" at its SSE endpoint`},
	})
}
