package discover

import (
	"os"
	"path/filepath"
)

// GitRoot is the root of the git repository that holds dir (absolute):
// the nearest directory at or above it holding ".git", a directory or, in
// a worktree or a submodule, a file. Claude Code and Codex find the
// project root the same way (their root markers).
func GitRoot(dir string) (string, bool) {
	return rootAbove(dir, []string{".git"})
}

// rootAbove is the nearest directory at or above dir holding one of
// markers.
func rootAbove(dir string, markers []string) (string, bool) {
	for d := dir; ; {
		for _, m := range markers {
			if _, err := os.Lstat(filepath.Join(d, m)); err == nil {
				return d, true
			}
		}
		p := filepath.Dir(d)
		if p == d {
			return "", false
		}
		d = p
	}
}
