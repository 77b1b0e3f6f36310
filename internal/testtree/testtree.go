// Package testtree writes small project trees for tests: a project root
// with a fake home directory inside it.
package testtree

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Write creates files (slash-separated path -> content) under a fresh
// temporary root and returns the root and the home (root/home):
//   - a path starting with "~/" goes to the home;
//   - "<ROOT>" or "@ROOT@" in a content is replaced by the root's absolute
//     path (Claude Code keys ~/.claude.json projects by it);
//   - a content "symlink:TARGET" makes a symbolic link to TARGET.
func Write(t testing.TB, files map[string]string) (root, home string) {
	t.Helper()
	root = t.TempDir()
	home = filepath.Join(root, "home")
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if rest, ok := strings.CutPrefix(name, "~/"); ok {
			p = filepath.Join(home, filepath.FromSlash(rest))
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "symlink:"); ok {
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		content = strings.NewReplacer("<ROOT>", root, "@ROOT@", root).Replace(content)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, home
}
