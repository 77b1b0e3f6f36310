package main

import (
	"strings"
	"testing"
)

// One fact, one answer: lint, explain --resolve and probe say the same of
// a VS Code ${input:id} that "inputs" does not declare (VS Code refuses to
// start the server), and of a "type" the client does not accept that names
// a transport whose URL is right ("websocket" for Claude Code's "ws"; linted
// for Claude Code alone: Qwen Code, which reads .mcp.json too, reaches the url
// with SSE and rejects ws).
func TestCommandsAgree(t *testing.T) {
	root, home := writeTreeHome(t, map[string]string{
		".vscode/mcp.json": `{"servers": {"gh": {"type": "http", "url": "https://api.example.com/mcp", "headers": {"Authorization": "Bearer ${input:token}"}}}}`, "~/.keep": "",
	})
	const fact = `input "token" is not declared in "inputs": VS Code does not start the server`
	for _, args := range [][]string{
		{"lint", "--root", root, "--home", home, "--no-color"},
		{"explain", "--resolve", "--root", root, "--home", home, "--no-color"},
		{"explain", "gh", "--root", root, "--home", home, "--no-color"},
		{"explain", "--root", root, "--home", home, "--no-color"},
		{"probe", "--root", root, "--home", home, "--no-color"},
		{"probe", "--input", "token=x", "--root", root, "--home", home, "--no-color"},
	} {
		_, out, errOut := run(t, nil, args...)
		if !strings.Contains(out+errOut, fact) || strings.Contains(out+errOut, "prompted for") || strings.Contains(out, "starts it") {
			t.Errorf("%s: does not say %q:\n%s%s", args[0], fact, out, errOut)
		}
	}

	root, home = writeTreeHome(t, map[string]string{
		".mcp.json": `{"mcpServers": {"w": {"type": "websocket", "url": "ws://localhost:3000/mcp"}}}`, "~/.keep": "",
	})
	// Claude Code's reading (VS Code and Copilot CLI, other readers of
	// .mcp.json, have no WebSocket transport: invalid-url says so for them)
	_, out, _ := run(t, nil, "lint", "--client", "claude", "--root", root, "--home", home, "--no-color")
	if !strings.Contains(out, `did you mean "ws"?`) || strings.Contains(out, "invalid-url") {
		t.Errorf("websocket: one finding, the type:\n%s", out)
	}
}
