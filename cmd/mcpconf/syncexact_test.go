package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
)

// TestExplainLaunchDifferences: Claude Code expands ${GITHUB_TOKEN} in
// env, Codex sends it literally: explain lists the difference (issue 27
// item 6), says how each client passes the variable, by name only, and
// still lists none where the two launch the same (Codex's env_vars). The
// variable's value never shows.
func TestExplainLaunchDifferences(t *testing.T) {
	const token = "ghp_Zq8sW3xY7uT5rE2wQ9pL4kJ6hG1fD0sA3zX5"
	root, home := testtree.Write(t, map[string]string{
		".mcp.json": `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "gh@1"], "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}},
  "same": {"command": "npx", "args": ["-y", "same@1"], "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}}}}` + "\n",
		".codex/config.toml": "[mcp_servers.github]\ncommand = \"npx\"\nargs = [\"-y\", \"gh@1\"]\nenv = { GITHUB_TOKEN = \"${GITHUB_TOKEN}\" }\n\n" +
			"[mcp_servers.same]\ncommand = \"npx\"\nargs = [\"-y\", \"same@1\"]\nenv_vars = [\"GITHUB_TOKEN\"]\n",
	})
	os.MkdirAll(home, 0o755)
	env := map[string]string{"GITHUB_TOKEN": token}
	code, out, errOut := run(t, env, "explain", "--root", root, "--home", home, "--client", "claude,codex")
	if code != 0 || !strings.Contains(out, "Differences between clients:") {
		t.Fatalf("exit %d, no differences listed:\n%s%s", code, out, errOut)
	}
	if !strings.Contains(out, "github: Claude Code") || !strings.Contains(out, "differ in env") {
		t.Errorf("github's env difference not listed:\n%s", out)
	}
	if !strings.Contains(out, `in env GITHUB_TOKEN, Claude Code expands "${GITHUB_TOKEN}" from variable GITHUB_TOKEN; Codex sends "${GITHUB_TOKEN}" literally`) {
		t.Errorf("how each client passes it is not said:\n%s", out)
	}
	if strings.Contains(out, "same: ") {
		t.Errorf("env_vars and ${GITHUB_TOKEN} launch the same, listed as different:\n%s", out)
	}
	if strings.Contains(out, token) || strings.Contains(errOut, token) {
		t.Errorf("the variable's value is printed:\n%s%s", out, errOut)
	}
	code, out, _ = run(t, env, "explain", "--root", root, "--home", home, "--client", "claude,codex", "--format", "json")
	if code != 0 || !strings.Contains(out, `"fields": [`) || !strings.Contains(out, `Codex sends \"${GITHUB_TOKEN}\" literally`) || strings.Contains(out, token) {
		t.Errorf("json: exit %d\n%s", code, out)
	}
}

// syncTree writes a project with Claude Code's .mcp.json and the given
// other files, and returns a function running mcpconf in it.
func syncTree(t *testing.T, files map[string]string) (root string, run func(args ...string) (int, string, string)) {
	root, home := testtree.Write(t, files)
	os.MkdirAll(home, 0o755)
	return root, func(args ...string) (int, string, string) { return runWith(root, home, args...) }
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The VS Code file: an input for the token, "type": "stdio",
// ${userHome}, inline arrays.
const vscodeDocs = `{
  "inputs": [{"id": "docs-token", "type": "promptString", "password": true}],
  "servers": {
    "docs": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "docs-mcp@1.2.0", "--root", "${userHome}/docs"],
      "env": {"DOCS_TOKEN": "${input:docs-token}"}
    }
  }
}
`

// TestSyncLeavesEquivalent: a definition the target already reads as the
// source's server is left byte for byte: VS Code's ${input:docs-token}
// for the source's ${DOCS_TOKEN} in the same place, ${userHome} for
// ${HOME}, "type": "stdio", inline arrays (issue 27 item 10).
func TestSyncLeavesEquivalent(t *testing.T) {
	root, run := syncTree(t, map[string]string{
		".mcp.json":        `{"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp@1.2.0", "--root", "${HOME}/docs"], "env": {"DOCS_TOKEN": "${DOCS_TOKEN}"}}}}` + "\n",
		".vscode/mcp.json": vscodeDocs,
	})
	code, out, errOut := run("sync", "--from", "claude", "--to", "vscode")
	if got := readFile(t, filepath.Join(root, ".vscode/mcp.json")); got != vscodeDocs {
		t.Fatalf("exit %d; .vscode/mcp.json rewritten:\n%s\n%s%s", code, got, out, errOut)
	}
	if code != 0 {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	// lint finds no unused input afterwards
	if _, out, _ := run("lint", "--client", "vscode"); strings.Contains(out, "docs-token") {
		t.Errorf("lint after sync:\n%s", out)
	}
}

// TestSyncEditsOnlyWhatDiffers: where the source's server differs (a new
// version in args, one more env variable), only those members are
// rewritten: the input, "type": "stdio" and the style of what did not
// change stay (issue 27 item 10).
func TestSyncEditsOnlyWhatDiffers(t *testing.T) {
	root, run := syncTree(t, map[string]string{
		".mcp.json":        `{"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp@1.3.0", "--root", "${HOME}/docs"], "env": {"DOCS_TOKEN": "${DOCS_TOKEN}", "DOCS_REGION": "eu"}}}}` + "\n",
		".vscode/mcp.json": vscodeDocs,
	})
	code, out, errOut := run("sync", "--from", "claude", "--to", "vscode")
	want := strings.Replace(strings.Replace(vscodeDocs, "docs-mcp@1.2.0", "docs-mcp@1.3.0", 1),
		`"env": {"DOCS_TOKEN": "${input:docs-token}"}`, `"env": {"DOCS_TOKEN": "${input:docs-token}", "DOCS_REGION": "eu"}`, 1)
	if got := readFile(t, filepath.Join(root, ".vscode/mcp.json")); got != want {
		t.Fatalf("exit %d; .vscode/mcp.json:\n%s\nwant:\n%s\n%s%s", code, got, want, out, errOut)
	}
	if code != 0 {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

// TestSyncLiteralIsNotAReference: Codex sends "${GITHUB_TOKEN}" in env
// literally, so its definition is not what Claude Code's
// ${GITHUB_TOKEN} means: sync rewrites it (env_vars), where it left it
// before (issue 27 items 6 and 10).
func TestSyncLiteralIsNotAReference(t *testing.T) {
	root, run := syncTree(t, map[string]string{
		".mcp.json":          `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "gh@1"], "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}}}}` + "\n",
		".codex/config.toml": "[mcp_servers.github]\ncommand = \"npx\"\nargs = [\"-y\", \"gh@1\"]\nenv = { GITHUB_TOKEN = \"${GITHUB_TOKEN}\" }\n",
	})
	code, out, errOut := run("sync", "--from", "claude", "--to", "codex")
	got := readFile(t, filepath.Join(root, ".codex/config.toml"))
	if code != 0 || strings.Contains(got, `"${GITHUB_TOKEN}"`) || !strings.Contains(got, `env_vars = ["GITHUB_TOKEN"]`) {
		t.Fatalf("exit %d; .codex/config.toml:\n%s\n%s%s", code, got, out, errOut)
	}
	// the other way, Codex's literal is not copied as a reference
	root, run = syncTree(t, map[string]string{
		".codex/config.toml": "[mcp_servers.github]\ncommand = \"npx\"\nargs = [\"-y\", \"gh@1\"]\nenv = { GITHUB_TOKEN = \"${GITHUB_TOKEN}\" }\n",
	})
	code, _, errOut = run("sync", "--from", "codex", "--to", "claude", "--scope", "project")
	if _, err := os.Stat(filepath.Join(root, ".mcp.json")); code != 1 || err == nil || !strings.Contains(errOut, `Codex sends "${GITHUB_TOKEN}" literally`) {
		t.Errorf("from Codex: exit %d %v\n%s", code, err, errOut)
	}
}

// TestSyncInputRefused: an ${input:…} of VS Code synced to a client that
// has no inputs is refused for that client, saying why, not written as
// an env variable (issue 27 item 10).
func TestSyncInputRefused(t *testing.T) {
	root, run := syncTree(t, map[string]string{".vscode/mcp.json": strings.Replace(vscodeDocs, "${userHome}/docs", "docs", 1)})
	code, _, errOut := run("sync", "--from", "vscode", "--to", "claude,cursor")
	if code != 1 || !strings.Contains(errOut, `"${input:docs-token}"`) || !strings.Contains(errOut, "Claude Code has no inputs") || !strings.Contains(errOut, "Cursor has no inputs") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
	for _, f := range []string{".mcp.json", ".cursor/mcp.json"} {
		if b, err := os.ReadFile(filepath.Join(root, f)); err == nil {
			t.Errorf("%s written:\n%s", f, b)
		}
	}
}

// TestSyncHasNoClientFlag: sync names its clients with --from and --to; a
// --client it accepted and ignored made users believe it chose them.
func TestSyncHasNoClientFlag(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".mcp.json": `{"mcpServers": {}}` + "\n"})
	os.MkdirAll(home, 0o755)
	code, _, errOut := run(t, nil, "sync", "--root", root, "--home", home, "--from", "claude", "--to", "cursor", "--client", "codex", "--dry-run")
	if code == 0 || !strings.Contains(errOut, "unknown flag: --client") {
		t.Errorf("sync --client: exit %d, want a usage error naming the flag:\n%s", code, errOut)
	}
}
