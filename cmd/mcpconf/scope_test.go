package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
)

// TestScopeLocal: add, remove and sync take --scope local: Claude Code's
// server goes into the project's entry of ~/.claude.json and its view
// says it starts it; a client without a local file is refused; an unknown
// scope is a usage error naming the three.
func TestScopeLocal(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		"~/.claude.json":   "{\n  \"numStartups\": 2\n}\n",
		".git/HEAD":        "",
		".cursor/mcp.json": `{"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}`,
	})
	run := func(args ...string) (int, string, string) {
		io, out, errOut := testIO(nil)
		code := Main(append(args[:1:1], append([]string{"--root", root, "--home", home}, args[1:]...)...), io)
		return code, out.String(), errOut.String()
	}
	key, _ := filepath.EvalSymlinks(root)
	code, out, errOut := run("add", "gh", "--client", "claude,cursor", "--scope", "local", "--", "gh-mcp", "--stdio")
	if code != 1 || !strings.Contains(out, "Claude Code: starts it") || !strings.Contains(errOut, "Cursor has no local file mcpconf writes servers to") {
		t.Fatalf("add: exit %d\n%s%s", code, out, errOut)
	}
	b, _ := os.ReadFile(filepath.Join(home, ".claude.json"))
	if !strings.Contains(string(b), "\"numStartups\": 2,\n  \"projects\": {\n    \""+key+"\": {\n      \"mcpServers\": {\n        \"gh\": {") {
		t.Errorf("~/.claude.json:\n%s", b)
	}
	if code, out, errOut := run("sync", "--from", "cursor", "--to", "claude", "--scope", "local"); code != 0 || !strings.Contains(out, "time") {
		t.Fatalf("sync: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run("remove", "gh", "--client", "claude", "--scope", "local"); code != 0 || !strings.Contains(out, `removed "gh" from ~/.claude.json`) {
		t.Fatalf("remove: exit %d\n%s%s", code, out, errOut)
	}
	for _, cmd := range [][]string{{"add", "x", "--client", "claude", "--scope", "managed", "--", "x"}, {"remove", "x", "--client", "claude", "--scope", "managed"}, {"sync", "--from", "cursor", "--to", "claude", "--scope", "managed"}} {
		if code, _, errOut := run(cmd...); code != 2 || !strings.Contains(errOut, `unknown scope "managed": use project, user or local`) {
			t.Errorf("%s: exit %d %s", cmd[0], code, errOut)
		}
	}
}
