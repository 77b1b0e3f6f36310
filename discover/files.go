package discover

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// ScopeFilter selects which scopes a run reads.
type ScopeFilter string

const (
	ProjectScopes ScopeFilter = "project" // project files only: results do not depend on the machine
	UserScopes    ScopeFilter = "user"    // the home: user and local scope
	AllScopes     ScopeFilter = "all"
)

// Keep reports whether a location is selected. Files under the home
// (user scope, and Claude Code's local scope inside ~/.claude.json) are
// "user"; everything in the project tree, agent-code's
// .agent/settings.local.toml included, is "project".
func (f ScopeFilter) Keep(l Location) bool {
	inHome := l.Scope.OutsideProject() || l.Section != ""
	switch f {
	case ProjectScopes:
		return !inHome
	case UserScopes:
		return inHome
	}
	return true
}

// Filter keeps the selected locations.
func (f ScopeFilter) Filter(locs []Location) []Location {
	var out []Location
	for i, l := range locs {
		if f.Keep(l) {
			if out == nil {
				out = make([]Location, 0, len(locs)-i)
			}
			out = append(out, l)
		}
	}
	return out
}

// projectFiles lists every project-scope path of the providers table and
// of each client's own files (Zed's .zed/settings.json, Roo Code's
// .roo/mcp.json are nobody's provider), longest first so that
// ".cursor/mcp.json" is tried before "mcp.json".
func projectFiles() []Location {
	var o Options
	var out []Location
	seen := map[string]bool{}
	add := func(l Location) {
		if l.Section == "" && !l.Scope.OutsideProject() && !seen[l.Abs] {
			seen[l.Abs] = true
			out = append(out, l)
		}
	}
	for _, l := range o.providersLocations() {
		add(l)
	}
	for _, c := range normalize.Clients() {
		for _, f := range c.Files {
			if f.Base == normalize.RootDir && f.ForOS(o.goos()) {
				add(o.locate(c, 0, f, len(out)))
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Location) int { return len(b.Abs) - len(a.Abs) })
	return out
}

// ignoredRoot reports whether the path slash, which ends in the known
// project file rel, is rather a file some client ignores (Client.Ignored)
// whose path is longer than rel: ".opencode/mcp.json" ends in the bare
// "mcp.json" pisces reads, but is opencode's near miss, of the project
// above ".opencode". root is that project's.
func ignoredRoot(slash, rel string) (root string, ok bool) {
	for _, c := range normalize.Clients() {
		for _, ig := range c.Ignored {
			p := ig.File.Path
			if ig.File.Base != normalize.RootDir || len(p) <= len(rel) || slash != p && !strings.HasSuffix(slash, "/"+p) {
				continue
			}
			root = strings.TrimSuffix(strings.TrimSuffix(slash, p), "/")
			if root == "" {
				root = "."
			}
			return root, true
		}
	}
	return "", false
}

// Classify tells which client reads the file at abs (an absolute path) and
// in which scope, by matching it against the user files of o and the
// project paths of every provider. root is the project root a project file
// belongs to.
func (o *Options) Classify(abs string) (loc Location, root string, ok bool) {
	for _, l := range o.providersLocations() {
		if l.Abs == abs && l.Section == "" && l.Scope.OutsideProject() {
			return l, o.Root, true
		}
	}
	slash := filepath.ToSlash(abs)
	for _, l := range projectFiles() {
		rel := filepath.ToSlash(l.Abs) // relative: projectFiles resolves against an empty root
		if slash == rel || strings.HasSuffix(slash, "/"+rel) {
			if _, ok := ignoredRoot(slash, rel); ok {
				return Location{}, "", false // a file no client reads, of the project above (SettingsRoot)
			}
			root := filepath.FromSlash(strings.TrimSuffix(strings.TrimSuffix(slash, rel), "/"))
			if root == "" {
				root = string(filepath.Separator)
			}
			return l, root, true
		}
	}
	return Location{}, "", false
}

// skipDirs are never walked: they hold dependencies and history, not the
// project's own configuration.
var skipDirs = map[string]bool{".git": true, ".hg": true, ".svn": true, "node_modules": true, "vendor": true}

// Walk finds every known project config file under dir and groups them by
// the project root they belong to. Directories that cannot be read are
// returned as errors; the walk goes on.
func Walk(dir string) (roots map[string][]string, errs []error) {
	roots = map[string][]string{}
	known := projectFiles()
	names := map[string]bool{}
	for _, l := range known {
		names[filepath.Base(l.Abs)] = true
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			errs = append(errs, fmt.Errorf("cannot read %q: %w", p, errors.Unwrap(err)))
			return nil
		}
		if d.IsDir() {
			if skipDirs[d.Name()] && p != dir {
				return filepath.SkipDir
			}
			return nil
		}
		if !names[d.Name()] {
			return nil
		}
		slash := filepath.ToSlash(p)
		for _, l := range known {
			rel := filepath.ToSlash(l.Abs)
			if strings.HasSuffix(slash, "/"+rel) || slash == rel {
				root := strings.TrimSuffix(strings.TrimSuffix(slash, rel), "/")
				if r, ok := ignoredRoot(slash, rel); ok {
					root = r // .opencode/mcp.json belongs to the project above .opencode
				}
				if root == "" {
					root = "."
				}
				root = filepath.FromSlash(root)
				roots[root] = append(roots[root], p)
				return nil
			}
		}
		return nil
	})
	if err != nil {
		errs = append(errs, err)
	}
	return roots, errs
}

// ProjectLocations returns the project-scope locations of root, in merge
// order, keeping only those whose files are listed in only (all when only
// is nil).
func (o *Options) ProjectLocations(root string, only []string) []Location {
	sub := *o
	sub.Root = root
	var out []Location
	for _, l := range sub.providersLocations() {
		if l.Section != "" || l.Scope.OutsideProject() {
			continue
		}
		if only != nil && !slices.Contains(only, l.Abs) {
			continue
		}
		out = append(out, l)
	}
	return out
}
