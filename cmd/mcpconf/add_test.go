package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
)

// TestAddRemove: add for three clients writes each in its own form and
// shows each client's view; --dry-run writes nothing; a literal secret is
// refused (exit 1, nothing written); remove takes it out of one.
func TestAddRemove(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".vscode/mcp.json": "{\n  // ours\n  \"servers\": {}\n}\n"})
	os.MkdirAll(home, 0o755)
	run := func(args ...string) (int, string, string) {
		io, out, errOut := testIO(nil)
		code := Main(append(args[:1:1], append([]string{"--root", root, "--home", home}, args[1:]...)...), io)
		return code, out.String(), errOut.String()
	}
	add := []string{"add", "github", "--client", "claude,vscode,codex", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN=${GITHUB_PERSONAL_ACCESS_TOKEN}", "--", "npx", "-y", "@modelcontextprotocol/server-github@2025.4.8"}
	code, out, errOut := run(append(add[:4:4], append([]string{"--dry-run"}, add[4:]...)...)...)
	if code != 0 || !strings.Contains(out, "+++ b/.mcp.json") || errOut != "" {
		t.Fatalf("dry run: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(root, ".mcp.json")); err == nil {
		t.Fatal("--dry-run wrote .mcp.json")
	}
	code, out, errOut = run(add...)
	if code != 0 || errOut != "" || !strings.Contains(out, "Claude Code: pending-approval") || !strings.Contains(out, "VS Code: starts it") || !strings.Contains(out, "Codex: untrusted") {
		t.Fatalf("add: exit %d\n%s%s", code, out, errOut)
	}
	b, _ := os.ReadFile(filepath.Join(root, ".vscode/mcp.json"))
	if !strings.Contains(string(b), "// ours") || !strings.Contains(string(b), "${env:GITHUB_PERSONAL_ACCESS_TOKEN}") {
		t.Errorf(".vscode/mcp.json:\n%s", b)
	}
	token := "ghp_" + strings.Repeat("a1B2c3D4e5", 4)[:36]
	code, _, errOut = run("add", "leak", "--client", "cursor", "-e", "GITHUB_TOKEN="+token, "--", "npx", "x")
	if code != 1 || !strings.Contains(errOut, "literal secret") || strings.Contains(errOut, token) {
		t.Fatalf("a literal secret: exit %d\n%s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(root, ".cursor/mcp.json")); err == nil {
		t.Fatal("a refused server was written")
	}
	if code, _, errOut := run("add", "gh2", "--client", "codex", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN=${GITHUB_TOKEN}", "--", "npx", "-y", "x@1.0.0"); code != 1 || !strings.Contains(errOut, "passes variables to a server by name") {
		t.Fatalf("by name, not forced: exit %d %s", code, errOut)
	}
	if code, _, errOut := run("add", "gh2", "--client", "codex", "--force", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN=${GITHUB_TOKEN}", "--", "npx", "-y", "x@1.0.0"); code != 0 ||
		!strings.Contains(errOut, "warning: Codex passes GITHUB_TOKEN to the server under its own name, not as GITHUB_PERSONAL_ACCESS_TOKEN, so the server must read GITHUB_TOKEN") {
		t.Fatalf("--force: exit %d %s", code, errOut)
	}
	before, _ := os.ReadFile(filepath.Join(root, ".vscode/mcp.json"))
	code, out, _ = run("remove", "github", "--client", "vscode", "--dry-run")
	if after, _ := os.ReadFile(filepath.Join(root, ".vscode/mcp.json")); code != 0 || string(after) != string(before) || !strings.Contains(out, `-    "github": {`) {
		t.Fatalf("remove --dry-run: exit %d %s\n%s", code, out, after)
	}
	code, out, _ = run("remove", "github", "--client", "vscode")
	if b, _ := os.ReadFile(filepath.Join(root, ".vscode/mcp.json")); code != 0 || strings.Contains(string(b), "github") || !strings.Contains(string(b), "// ours") {
		t.Fatalf("remove: exit %d %s\n%s", code, out, b)
	}
}

// TestSyncCmd: sync --dry-run prints the files it would write and writes
// none; sync then writes them and shows every client's view.
func TestSyncCmd(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".mcp.json": `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "x@1.0.0"], "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}}}}` + "\n"})
	os.MkdirAll(home, 0o755)
	io, out, errOut := testIO(nil)
	code := Main([]string{"sync", "--from", "claude", "--to", "cursor,codex", "--root", root, "--home", home, "--dry-run"}, io)
	if code != 0 || !strings.Contains(out.String(), "+++ b/.cursor/mcp.json") || !strings.Contains(out.String(), "+++ b/.codex/config.toml") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(root, ".cursor")); err == nil {
		t.Fatal("--dry-run wrote")
	}
	io, out, errOut = testIO(nil)
	// Cursor starts the project's server once the user approves it
	if code := Main([]string{"sync", "--from", "claude", "--to", "cursor,codex", "--root", root, "--home", home}, io); code != 0 ||
		!strings.Contains(out.String(), "github in Cursor: Cursor starts a project server only once you approve it") || !strings.Contains(out.String(), "cursor   .cursor/mcp.json") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	io, _, errOut = testIO(nil)
	if code := Main([]string{"sync", "--from", "claud", "--to", "cursor", "--root", root, "--home", home}, io); code != 2 || !strings.Contains(errOut.String(), `did you mean "claude"`) {
		t.Fatalf("unknown --from: exit %d %s", code, errOut)
	}
}

// TestHugeFileEndToEnd: a config file over the size mcpconf reads is a
// finding at its path in lint (exit 1), listed as not read by explain,
// and add refuses to write into it, saying why, rather than taking it
// for a file that does not parse.
func TestHugeFileEndToEnd(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{"README": ""})
	os.MkdirAll(home, 0o755)
	f, err := os.Create(filepath.Join(root, ".mcp.json"))
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(discover.MaxFileSize + 1) // sparse: no disk used
	f.Close()
	run := func(args ...string) (int, string, string) {
		io, out, errOut := testIO(nil)
		code := Main(append(args[:1:1], append([]string{"--root", root, "--home", home}, args[1:]...)...), io)
		return code, out.String(), errOut.String()
	}
	code, out, errOut := run("lint")
	if code != 1 || !strings.Contains(out, ".mcp.json: error: file is 536870913 bytes, more than the 512 MiB mcpconf reads") {
		t.Errorf("lint: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = run("add", "x", "--client", "claude", "--", "uvx", "x")
	if code != 1 || !strings.Contains(errOut, "more than the 512 MiB mcpconf reads") || strings.Contains(errOut, "does not parse") {
		t.Errorf("add: exit %d\n%s%s", code, out, errOut)
	}
	if fi, err := os.Stat(filepath.Join(root, ".mcp.json")); err != nil || fi.Size() != discover.MaxFileSize+1 {
		t.Errorf("the file changed: %v", err)
	}
}

// TestWriteJSON: add, sync and remove with --format json: one object with
// the files (and their diffs), the clients refused, and, once written,
// each client's view read again as explain --format json gives it.
func TestWriteJSON(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".mcp.json": `{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "x@1"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"}}}}`})
	os.MkdirAll(home, 0o755)
	run := func(args ...string) (int, map[string]any) {
		io, out, errOut := testIO(nil)
		code := Main(append(args[:1:1], append([]string{"--root", root, "--home", home, "--format", "json"}, args[1:]...)...), io)
		var v map[string]any
		if err := json.Unmarshal(out.Bytes(), &v); err != nil {
			t.Fatalf("%v: not JSON: %v\n%s%s", args, err, out, errOut)
		}
		return code, v
	}
	code, v := run("sync", "--from", "claude", "--to", "codex,cursor", "--dry-run")
	files, _ := v["files"].([]any)
	refused, _ := v["refused"].([]any)
	if code != 1 || v["dry_run"] != true || len(files) != 1 || len(refused) != 1 || v["views"] != nil {
		t.Fatalf("sync --dry-run: exit %d %v", code, v)
	}
	if r := refused[0].(map[string]any); r["client"] != "codex" || !strings.Contains(r["reason"].(string), "passes variables to a server by name") {
		t.Errorf("refused: %v", r)
	}
	if f := files[0].(map[string]any); f["path"] != ".cursor/mcp.json" || f["created"] != true || len(f["diff"].([]any)) == 0 {
		t.Errorf("file: %v", f)
	}
	code, v = run("add", "time", "--client", "cursor", "--", "uvx", "mcp-server-time")
	views, _ := v["views"].(map[string]any)
	if code != 0 || views == nil || views["name"] != "time" {
		t.Fatalf("add: exit %d %v", code, v)
	}
	code, v = run("remove", "time", "--client", "cursor")
	if files, _ := v["files"].([]any); code != 0 || len(files) != 1 || files[0].(map[string]any)["removed"] != true {
		t.Fatalf("remove: exit %d %v", code, v)
	}
	if code, _, errOut := runWith(root, home, "add", "x", "--client", "cursor", "--format", "yaml", "--", "uvx", "x"); code != 2 || !strings.Contains(errOut, `unknown format "yaml"`) {
		t.Errorf("bad format: exit %d %s", code, errOut)
	}
}

func runWith(root, home string, args ...string) (int, string, string) {
	io, out, errOut := testIO(nil)
	code := Main(append(args[:1:1], append([]string{"--root", root, "--home", home}, args[1:]...)...), io)
	return code, out.String(), errOut.String()
}
