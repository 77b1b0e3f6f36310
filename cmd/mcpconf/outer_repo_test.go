package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitInit makes dir a git repository with the real git.
func gitInit(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on PATH")
	}
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init %s: %v: %s", dir, err, out)
	}
}

// lintAs lints root (its own repository, or a directory of another one)
// and returns what it printed, paths under root and home made neutral.
func lintAs(t *testing.T, root, home string) string {
	t.Helper()
	io, out, errOut := testIO(nil)
	argv := []string{"lint", "--root", root, "--home", home, "--no-color"}
	if code := Main(argv, io); code > 1 {
		t.Fatalf("mcpconf %v: exit %d: %s", argv, code, errOut)
	}
	s := out.String() + "\n--- stderr\n" + errOut.String()
	return strings.NewReplacer(root, "@ROOT@", home, "@HOME@").Replace(s)
}

// TestLintOuterRepository: the answer for a directory does not depend on
// a repository above it that no client reads anything from. Each tree is
// linted as a repository of its own (git init in it) and as a directory of
// another repository (git init in its parent), with the real git (issue
// 27: a .claude/.mcp.json gave ignored-file in its own repository and "no
// problems", "read by pisces only" inside another). Every real-world tree
// is checked the same way.
func TestLintOuterRepository(t *testing.T) {
	trees := map[string]func(t *testing.T) string{
		"claude dot mcp.json in .claude": func(t *testing.T) string {
			return writeTree(t, map[string]string{".claude/.mcp.json": `{"mcpServers": {"x": {"command": "npx", "args": ["-y", "pkg@1.0.0"]}}}`})
		},
		"claude settings with servers": func(t *testing.T) string {
			return writeTree(t, map[string]string{".claude/settings.json": `{"mcpServers": {"x": {"command": "x"}}}`, ".mcp.json": `{"mcpServers": {}}`})
		},
	}
	for _, project := range realworldProjects(t) {
		trees[project] = func(t *testing.T) string { root, _ := stageRealworld(t, project); return root }
	}
	for name, mk := range trees {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			own := mk(t)
			gitInit(t, own)
			inOwn := lintAs(t, own, home)
			other := mk(t)
			outer := filepath.Join(t.TempDir(), "outer")
			if err := os.MkdirAll(outer, 0o755); err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(outer, "proj")
			if err := os.Rename(other, dir); err != nil {
				t.Fatal(err)
			}
			gitInit(t, outer)
			inOuter := lintAs(t, dir, home)
			if inOwn != inOuter {
				t.Errorf("lint differs inside another repository\nits own repository:\n%s\ninside another:\n%s", inOwn, inOuter)
			}
		})
	}
}
