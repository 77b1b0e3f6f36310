package discover

import (
	"os"
	"path/filepath"
	"testing"
)

func TestGitRoot(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	wt := filepath.Join(repo, "worktree")
	deep := filepath.Join(wt, "a", "b")
	os.MkdirAll(filepath.Join(repo, ".git"), 0o755)
	os.MkdirAll(deep, 0o755)
	os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: ../.git/worktrees/w\n"), 0o644)
	for dir, want := range map[string]string{repo: repo, filepath.Join(repo, "x"): repo, wt: wt, deep: wt} {
		if got, ok := GitRoot(dir); !ok || got != want {
			t.Errorf("GitRoot(%q) = %q, %v; want %q", dir, got, ok, want)
		}
	}
	if got, ok := GitRoot(top); ok {
		t.Errorf("GitRoot(%q) = %q outside any repository", top, got)
	}
}
