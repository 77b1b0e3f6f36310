package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
)

// fixTree is a project with mechanical mistakes in three clients' files,
// each with a comment where its format allows one.
var fixTree = map[string]string{
	".mcp.json": `{"mcpServers": {"gh": {"command": "npx", "args": ["@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_TOKEN": "${env:GITHUB_TOKEN}"}}}}
`,
	".vscode/mcp.json": `{
  // the team's servers
  "servers": {
    "memory": { "command": "npx", "args": ["@modelcontextprotocol/server-memory@2025.8.4"] }
  }
}
`,
	".codex/config.toml": `# time, for the agent
[mcp_servers.time]
command = "npx"
args = ["mcp-server-time@1.0.0"] # pinned
enabled = "true"
`,
}

func lintIn(t *testing.T, root string, args ...string) (int, string, string) {
	t.Helper()
	io, out, errOut := testIO(nil)
	io.Getwd = func() (string, error) { return root, nil }
	code := Main(append([]string{"lint", "--home", filepath.Join(root, "home"), "--root", root}, args...), io)
	return code, out.String(), errOut.String()
}

func readTree(t *testing.T, root string) map[string]string {
	out := map[string]string{}
	for p := range fixTree {
		b, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(b)
	}
	return out
}

// TestLintDiff: --diff prints the fixes as a unified diff per file, exits
// 1, and writes nothing.
func TestLintDiff(t *testing.T) {
	root, home := testtree.Write(t, fixTree)
	os.MkdirAll(home, 0o755)
	code, out, errOut := lintIn(t, root, "--diff", "--color", "never")
	if code != 1 || errOut != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, errOut, out)
	}
	for _, want := range []string{
		"--- a/.mcp.json\n+++ b/.mcp.json\n",
		`+{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}}}}`,
		"--- a/.vscode/mcp.json\n+++ b/.vscode/mcp.json\n",
		`+    "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory@2025.8.4"] }`,
		"--- a/.codex/config.toml\n+++ b/.codex/config.toml\n",
		"-args = [\"mcp-server-time@1.0.0\"] # pinned\n-enabled = \"true\"\n+args = [\"-y\", \"mcp-server-time@1.0.0\"] # pinned\n+enabled = true\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("diff lacks %q:\n%s", want, out)
		}
	}
	if got := readTree(t, root); !equalMaps(got, fixTree) {
		t.Errorf("--diff wrote files: %v", got)
	}
	if code, _, _ := lintIn(t, root, "--unsafe-fixes"); code != 2 {
		t.Errorf("--unsafe-fixes alone: exit %d, want 2", code)
	}
}

// TestLintFix: --fix writes the fixes, keeping every comment and byte it
// does not change, adds no finding, and reports what remains; a second
// run has nothing to fix.
func TestLintFix(t *testing.T) {
	root, home := testtree.Write(t, fixTree)
	os.MkdirAll(home, 0o755)
	_, before, _ := lintIn(t, root, "--format", "json")
	code, out, errOut := lintIn(t, root, "--fix")
	// what no fix can do: Qwen Code expands nothing in .mcp.json
	qwenOnly := strings.Count(out, "[foreign-placeholder]") == strings.Count(out, "is not expanded by Qwen Code")
	if errOut != "" || strings.Contains(out, "npx-without-yes") || !qwenOnly || strings.Contains(out, "invalid-enabled") {
		t.Fatalf("exit %d, stderr %q, remaining:\n%s", code, errOut, out)
	}
	if !strings.Contains(out, "fixed 5 findings in 3 files") {
		t.Errorf("no note of what was fixed:\n%s", out)
	}
	got := readTree(t, root)
	for p, want := range map[string][]string{
		".mcp.json":          {`"args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"]`, `"${GITHUB_TOKEN}"`},
		".vscode/mcp.json":   {"// the team's servers", `"args": ["-y", "@modelcontextprotocol/server-memory@2025.8.4"] }`},
		".codex/config.toml": {"# time, for the agent", "args = [\"-y\", \"mcp-server-time@1.0.0\"] # pinned", "enabled = true\n"},
	} {
		for _, w := range want {
			if !strings.Contains(got[p], w) {
				t.Errorf("%s lacks %q:\n%s", p, w, got[p])
			}
		}
	}
	_, after, _ := lintIn(t, root, "--format", "json")
	for _, line := range strings.Split(after, "\n") {
		if strings.Contains(line, `"rule":`) && !strings.Contains(before, line) {
			t.Errorf("the fixes add a finding: %s", line)
		}
	}
	if code, out, _ := lintIn(t, root, "--fix"); strings.Contains(out, "fixed") || code != 0 {
		t.Errorf("second --fix: exit %d\n%s", code, out)
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestLintDiffMasks: a diff shows lines of the file, which pass the
// secret boundary: a literal token on a line a fix changes is masked.
func TestLintDiffMasks(t *testing.T) {
	token := "ghp_" + strings.Repeat("aB3dE5fG7h", 4)[:36]
	root, home := testtree.Write(t, map[string]string{
		".mcp.json": `{"mcpServers": {"gh": {"command": "npx", "args": ["@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "` + token + `"}}}}` + "\n",
	})
	os.MkdirAll(home, 0o755)
	code, out, _ := lintIn(t, root, "--diff", "--unsafe-fixes")
	if code != 1 || strings.Contains(out, token) || strings.Contains(out, token[4:20]) {
		t.Fatalf("exit %d; the token shows in the diff:\n%s", code, out)
	}
	if !strings.Contains(out, `"${GITHUB_PERSONAL_ACCESS_TOKEN}"`) || !strings.Contains(out, `"-y"`) {
		t.Errorf("diff lacks the fixes:\n%s", out)
	}
}
