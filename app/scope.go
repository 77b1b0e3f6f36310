package app

import (
	"context"
	"path/filepath"
	"slices"

	"github.com/mcpconf/mcpconf/discover"
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

// Scope is a word of --scope. It is one vocabulary for every command:
// lint takes it for the files it reads, add, remove and sync for the file
// they write, and a word means the same in both:
//
//	project  what is committed with the project. lint reads every file in
//	         the project tree (its default: results that do not depend on
//	         the machine); a write goes to the project's shared file (the
//	         default).
//	user     the user's, in the home. lint reads every file in the home:
//	         the user's files, and the private entries of a project kept
//	         there (Claude Code's local scope in ~/.claude.json); a write
//	         goes to the user's file.
//	local    the project's private entry (Claude Code's projects[<root>]
//	         of ~/.claude.json): a write goes there. lint reads such
//	         entries with the files around them: user for those in the
//	         home, project for those in the tree.
//	all      every scope: lint reads the project's files and the home's.
//	         A write goes to one file, so it takes none.
//
// Read is the word's discover.ScopeFilter and Write its normalize.Scope;
// "" where the word does not apply.
type Scope struct {
	Word  string
	Read  discover.ScopeFilter
	Write normalize.Scope
}

// Scopes is the vocabulary of --scope, in the order help lists it.
var Scopes = []Scope{
	{"project", discover.ProjectScopes, normalize.Project},
	{"user", discover.UserScopes, normalize.User},
	{"local", "", normalize.Local},
	{"all", discover.AllScopes, ""},
}

// ScopeWords are the words a read (write false: lint) or a write (add,
// remove, sync) takes, as a sentence lists them: "project, user or all".
func ScopeWords(write bool) string {
	var out []string
	for _, s := range Scopes {
		if write && s.Write != "" || !write && s.Read != "" {
			out = append(out, s.Word)
		}
	}
	return normalize.Join(out, "or")
}

// ReadScope is the files lint reads for --scope word; a word it does not
// take is a *UsageError.
func ReadScope(word string) (discover.ScopeFilter, error) {
	s, err := scopeOf(word, false)
	return s.Read, err
}

// WriteScope is the scope of the file a write goes to for --scope word;
// a word it does not take is a *UsageError.
func WriteScope(word string) (normalize.Scope, error) {
	s, err := scopeOf(word, true)
	return s.Write, err
}

func scopeOf(word string, write bool) (Scope, error) {
	i := slices.IndexFunc(Scopes, func(s Scope) bool { return s.Word == word })
	switch {
	case i < 0:
		return Scope{}, usagef("unknown scope %q: use %s", word, ScopeWords(write))
	case write && Scopes[i].Write == "":
		return Scope{}, usagef("--scope %s is what lint reads, every scope; a write goes to one file: use %s", word, ScopeWords(true))
	case !write && Scopes[i].Read == "":
		return Scope{}, usagef("--scope %s names the file a write goes to; lint reads its entries with the files around them: use %s", word, ScopeWords(false))
	}
	return Scopes[i], nil
}
