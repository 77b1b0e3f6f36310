package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
)

// TestAddPositionalNotURL: a positional after NAME that is not an
// absolute http(s) URL is a command written without "--": add refuses it
// (exit 2, nothing written) and says exactly what to type, shell-quoted,
// rather than writing {"type": "http", "url": "mcp-server-memory"} and
// saying the client starts it.
func TestAddPositionalNotURL(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{"README": ""})
	os.MkdirAll(home, 0o755)
	code, out, errOut := runWith(root, home, "add", "memory", "--client", "cursor", "mcp-server-memory")
	if code != 2 || !strings.Contains(errOut, `"mcp-server-memory" is not a URL`) ||
		!strings.Contains(errOut, "did you mean `-- mcp-server-memory`?") ||
		!strings.Contains(errOut, "mcpconf add memory --client cursor --home "+home+" --root "+root+" -- mcp-server-memory") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(root, ".cursor/mcp.json")); err == nil {
		t.Fatal("a command taken for a URL was written")
	}
	// the line given keeps every flag (long names, in name order), each
	// word quoted for a shell, and the arguments after -- follow the
	// command
	code, _, errOut = runWith(root, home, "add", "my mem", "--client", "cursor,vscode", "-e", "ROOT_DIR=/tmp/a b", "-e", "MODE=x", "--dry-run", "npx", "--", "-y", "@modelcontextprotocol/server-memory@2025.4.25")
	if want := `mcpconf add 'my mem' --client cursor,vscode --dry-run --env 'ROOT_DIR=/tmp/a b' --env MODE=x --home ` + home + ` --root ` + root + ` -- npx -y @modelcontextprotocol/server-memory@2025.4.25`; code != 2 || !strings.Contains(errOut, want) {
		t.Fatalf("exit %d, want %q in\n%s", code, want, errOut)
	}
	// a stdio server takes no header nor transport: the line leaves them
	// out
	code, _, errOut = runWith(root, home, "add", "m", "--client", "cursor", "--transport", "sse", "-H", "X-A: b", "mcp-server-memory")
	if want := "mcpconf add m --client cursor --home " + home + " --root " + root + " -- mcp-server-memory"; code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("--transport, -H: exit %d, want %q in\n%s", code, want, errOut)
	}
	for _, bad := range []string{"localhost:8080/mcp", "ftp://example.com/mcp", "https:///mcp"} {
		if code, _, errOut := runWith(root, home, "add", "x", "--client", "cursor", bad); code != 2 || !strings.Contains(errOut, "is not a URL") {
			t.Errorf("%q: exit %d %s", bad, code, errOut)
		}
	}
	if code, out, errOut := runWith(root, home, "add", "docs", "--client", "cursor", "HTTPS://docs.example.com/mcp"); code != 0 {
		t.Errorf("an https URL: exit %d\n%s%s", code, out, errOut)
	}
}

// TestAddNamePattern: a name a client's own code refuses is refused for
// that client before anything is written, quoting the client's pattern
// and suggesting a name that matches it; the other clients are written.
// Codex lists "my server" but refuses to start it ("Invalid MCP server
// name 'my server': must match pattern ^[a-zA-Z0-9_:@/.-]+$"); VS Code and
// Cursor document no pattern and take it. sync checks the same.
func TestAddNamePattern(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{"README": ""})
	os.MkdirAll(home, 0o755)
	code, out, errOut := runWith(root, home, "add", "my server", "--client", "codex,cursor", "--", "uvx", "mcp-server-time")
	if code != 1 || !strings.Contains(errOut, `Codex refuses to start a server named "my server"`) ||
		!strings.Contains(errOut, "^[a-zA-Z0-9_:@/.-]+$") || !strings.Contains(errOut, `"my-server"`) || strings.Contains(out, "Codex: starts it") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(root, ".codex/config.toml")); err == nil {
		t.Error("a name Codex refuses was written for Codex")
	}
	if b, _ := os.ReadFile(filepath.Join(root, ".cursor/mcp.json")); !strings.Contains(string(b), `"my server"`) {
		t.Errorf("cursor was not written:\n%s", b)
	}
	// the suggested name is one Codex takes
	if code, out, errOut := runWith(root, home, "add", "my-server", "--client", "codex", "--", "uvx", "mcp-server-time"); code != 0 && !strings.Contains(out+errOut, "untrusted") {
		t.Fatalf("the suggested name: exit %d\n%s%s", code, out, errOut)
	}
	// a plus: Codex's pattern has none; a dot it takes (0.171.0)
	if code, _, errOut := runWith(root, home, "add", "docs+api", "--client", "codex", "--", "uvx", "x"); code != 1 || !strings.Contains(errOut, `"docs-api"`) {
		t.Fatalf("a plus: exit %d\n%s", code, errOut)
	}
	if code, out, errOut := runWith(root, home, "add", "docs.api", "--client", "codex", "--", "uvx", "x"); code != 0 && !strings.Contains(out+errOut, "untrusted") || strings.Contains(errOut, "refuses to start") {
		t.Fatalf("a dot: exit %d\n%s%s", code, out, errOut)
	}
	// Claude Code loads such a name from a file; only claude mcp add
	// refuses it: written, with a warning that quotes the pattern
	code, out, errOut = runWith(root, home, "add", "docs.api", "--client", "claude", "--", "uvx", "x")
	if code != 0 || !strings.Contains(errOut, "warning: `claude mcp add` refuses the name \"docs.api\" (its names must match ^[a-zA-Z0-9_-]+$)") {
		t.Fatalf("claude: exit %d\n%s%s", code, out, errOut)
	}
	// sync: the same check for each target
	root, home = testtree.Write(t, map[string]string{".mcp.json": `{"mcpServers": {"my server": {"command": "uvx", "args": ["mcp-server-time"]}}}`})
	os.MkdirAll(home, 0o755)
	code, out, errOut = runWith(root, home, "sync", "--from", "claude", "--to", "codex")
	if code != 1 || !strings.Contains(errOut, "^[a-zA-Z0-9_:@/.-]+$") {
		t.Fatalf("sync: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(root, ".codex/config.toml")); err == nil {
		t.Error("sync wrote a name Codex refuses")
	}
}

// TestSyncNothingToCopy: sync from a client whose file does not parse,
// or that defines no server, says why and exits 1, writing nothing; with
// a NAME, a file that does not parse is named as the reason, not "defines
// no server".
func TestSyncNothingToCopy(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".mcp.json": "{\n  \"mcpServers\": {\n    \"gh\": {\"command\": \"npx\" \"args\": []}\n  }\n}\n"})
	os.MkdirAll(home, 0o755)
	code, out, errOut := runWith(root, home, "sync", "--from", "claude", "--to", "cursor")
	if code != 1 || !strings.Contains(errOut, ".mcp.json:3:") || !strings.Contains(errOut, "does not parse") || !strings.Contains(errOut, "mcpconf lint") {
		t.Errorf("a file that does not parse: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runWith(root, home, "sync", "gh", "--from", "claude", "--to", "cursor")
	if code != 1 || !strings.Contains(errOut, "does not parse") || strings.Contains(errOut, "defines no server") {
		t.Errorf("a name in a file that does not parse: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(root, ".cursor")); err == nil {
		t.Error("sync wrote")
	}
	// a server of another file is copied; the file that does not parse
	// is named, and the sync is not all that was asked (exit 1)
	os.WriteFile(filepath.Join(home, ".claude.json"), []byte(`{"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}`), 0o644)
	code, out, errOut = runWith(root, home, "sync", "--from", "claude", "--to", "cursor")
	if b, _ := os.ReadFile(filepath.Join(root, ".cursor/mcp.json")); code != 1 || !strings.Contains(string(b), `"time"`) ||
		!strings.Contains(errOut, "Claude Code: .mcp.json:3:") || !strings.Contains(errOut, "its servers were not copied") {
		t.Errorf("another file's server: exit %d\n%s%s\n%s", code, out, errOut, b)
	}
	root, home = testtree.Write(t, map[string]string{".mcp.json": `{"mcpServers": {}}`})
	os.MkdirAll(home, 0o755)
	code, out, errOut = runWith(root, home, "sync", "--from", "claude", "--to", "cursor")
	if code != 1 || !strings.Contains(errOut, "Claude Code defines no server") || !strings.Contains(errOut, ".mcp.json") {
		t.Errorf("no server: exit %d\n%s%s", code, out, errOut)
	}
}

// TestRemoveSaysWhere: remove from a file that does not define the
// server names the file that does and the --scope that reaches it; a
// client without a file in the scope is told which --scope it has.
func TestRemoveSaysWhere(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		"~/.codex/config.toml": "[mcp_servers.github]\ncommand = \"npx\"\nargs = [\"-y\", \"x@1.0.0\"]\n",
		".codex/config.toml":   "[mcp_servers.other]\ncommand = \"uvx\"\n",
	})
	code, out, errOut := runWith(root, home, "remove", "github", "--client", "codex")
	if code != 1 || !strings.Contains(errOut, `.codex/config.toml does not define "github"`) ||
		!strings.Contains(errOut, "~/.codex/config.toml") || !strings.Contains(errOut, "--scope user") {
		t.Errorf("defined in another scope: exit %d\n%s%s", code, out, errOut)
	}
	os.Remove(filepath.Join(root, ".codex/config.toml"))
	code, out, errOut = runWith(root, home, "remove", "github", "--client", "codex")
	if code != 1 || !strings.Contains(errOut, "~/.codex/config.toml") || !strings.Contains(errOut, "--scope user") {
		t.Errorf("project file absent: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := runWith(root, home, "remove", "github", "--client", "codex", "--scope", "user"); code != 0 {
		t.Errorf("--scope user: exit %d %s", code, errOut)
	}
	// Cursor has no local scope: the hint names the scopes it has
	code, out, errOut = runWith(root, home, "add", "x", "--client", "cursor", "--scope", "local", "--", "uvx", "x")
	if code != 1 || !strings.Contains(errOut, "--scope project") || !strings.Contains(errOut, "--scope user") || strings.Contains(errOut, "choose another --scope\n") {
		t.Errorf("no local file: exit %d\n%s%s", code, out, errOut)
	}
}
