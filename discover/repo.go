package discover

import (
	"github.com/mcpconf/mcpconf/normalize"
	"os"
	"path/filepath"
	"strings"
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
	return rootAboveBy(dir, markers, func(p string) bool {
		_, err := lstat(p)
		return err == nil
	})
}

// lstat is os.Lstat; tests count the lookups.
var lstat = os.Lstat

// rootAbove is rootAbove with each marker's path looked up once per run
// (docCache.marker): where a client's project root is, whether it is in a
// repository, whether it walks up, is asked for every client and file of
// a view, and lint -r asks it again for every root below the same
// directories.
func (o *Options) rootAbove(dir string, markers []string) (string, bool) {
	if o.cache == nil {
		return rootAbove(dir, markers)
	}
	return rootAboveBy(dir, markers, o.cache.marker)
}

// rootAboveBy is rootAbove asking has whether a marker's path exists.
func rootAboveBy(dir string, markers []string, has func(string) bool) (string, bool) {
	for d := dir; ; {
		for _, m := range markers {
			if has(filepath.Join(d, m)) {
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

// linkedWorktree reports whether root is a linked git worktree (its .git
// a file naming a git directory that has a "commondir", as `git worktree
// add` makes it; a submodule's has none), and the main checkout it
// belongs to: the directory that holds the common git directory. Claude
// Code keys such a project by the main checkout.
func linkedWorktree(root string) (main string, ok bool) {
	b, err := os.ReadFile(filepath.Join(root, ".git"))
	if err != nil {
		return "", false // a directory, or none
	}
	gitdir, found := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !found {
		return "", false
	}
	gitdir = strings.TrimSpace(gitdir)
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(root, gitdir)
	}
	c, err := os.ReadFile(filepath.Join(gitdir, "commondir"))
	if err != nil {
		return "", false
	}
	common := strings.TrimSpace(string(c))
	if !filepath.IsAbs(common) {
		common = filepath.Join(gitdir, common)
	}
	return filepath.Dir(filepath.Clean(common)), true
}

// keyRoot is the path client c keys the project at root by in its table
// of projects: root, or, for a client that keys a linked git worktree by
// its main checkout (Layout.WorktreeMainKey), the main checkout's root.
func (o *Options) keyRoot(c *normalize.Client, root string) string {
	root = physicalKey(c, root)
	if c == nil || !c.WorktreeMainKey {
		return root
	}
	main := ""
	if o.cache != nil {
		main = o.cache.mainCheckout(root) // asked for each file and gate of a view
	} else {
		main, _ = linkedWorktree(root)
	}
	if main != "" {
		return main
	}
	return root
}

// worktreeMain is the main checkout of the linked git worktree dir is in
// ("" when it is not in one).
func worktreeMain(dir string) string {
	if root, ok := GitRoot(dir); ok {
		if main, ok := linkedWorktree(root); ok {
			return main
		}
	}
	return ""
}

// physicalKey is dir as a client that keys its table of projects by the
// physical path spells it (Layout.PhysicalKeys): its symbolic links
// resolved; dir itself for the other clients, or when it cannot be
// resolved.
func physicalKey(c *normalize.Client, dir string) string {
	if c == nil || !c.PhysicalKeys {
		return dir
	}
	return realPath(dir)
}
