package app

import (
	"context"
	"path/filepath"

	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
)

// writeScope is the directory a write of abs stays in (edit.Scope): of
// the project (root, and the directories lint was given: projects), and
// the home, the deepest that holds abs as it is named; a file under none
// (a lock or a baseline named on the command line elsewhere, a user file
// a client's variable moves, such as CODEX_HOME) stays in its own
// directory. The links on the way are the repository's to choose and are
// resolved by the write, which refuses one that leads out: a file named
// outside the project is the user's choice, a link in the project is not.
func writeScope(root, home, abs string, projects ...string) edit.Scope {
	best := edit.Within(filepath.Dir(abs), "the directory")
	depth := -1
	cands := []edit.Scope{edit.Within(root, "the project"), edit.Within(home, "the home")}
	for _, p := range projects {
		cands = append(cands, edit.Within(p, "the project"))
	}
	for _, c := range cands {
		if c.Dir == "" || !filepath.IsAbs(c.Dir) {
			continue
		}
		dir := filepath.Clean(c.Dir)
		if rel, err := filepath.Rel(dir, abs); err == nil && filepath.IsLocal(rel) && len(dir) > depth {
			best, depth = edit.Within(dir, c.What), len(dir)
		}
	}
	return best
}

// orBackground is ctx, or a context never done for nil.
func orBackground(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}

// interrupted refuses c when ctx is done (Ctrl-C, SIGTERM): nothing is
// written to its file.
func (r *AddResult) interrupted(ctx context.Context, c *normalize.Client) bool {
	if ctx.Err() == nil {
		return false
	}
	r.refuse(c, "interrupted: nothing was written to its file", "")
	return true
}
