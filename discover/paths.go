package discover

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// ProjectFile is a file of a project that some client reads, by its path
// from the project root.
type ProjectFile struct {
	Path string // slash-separated, relative to the project root
	// Servers: a client reads servers from it. Otherwise it holds settings
	// that decide how the project's servers are read: the approvals and
	// rejections of a client's gates (.claude/settings.json), its lists
	// and its trust, or servers put where the client ignores them.
	Servers bool
}

// ProjectFiles lists every project file a client reads, sorted by path:
// the server files of the providers table and of each client's own
// (Classify knows them), and the files of their gates.
func ProjectFiles() []ProjectFile {
	seen := map[string]bool{}
	var out []ProjectFile
	for _, l := range projectFiles() {
		p := filepath.ToSlash(l.Abs) // relative: projectFiles resolves against an empty root
		if !seen[p] {
			seen[p] = true
			out = append(out, ProjectFile{Path: p, Servers: true})
		}
	}
	for _, p := range settingsFiles() {
		if !seen[p] {
			seen[p] = true
			out = append(out, ProjectFile{Path: p})
		}
	}
	slices.SortFunc(out, func(a, b ProjectFile) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// settingsFiles are the project files the clients' gates read, which hold
// no servers of theirs.
func settingsFiles() []string {
	var out []string
	add := func(f normalize.File) {
		if f.Base == normalize.RootDir && f.Section == "" {
			out = append(out, f.Path)
		}
	}
	for _, c := range normalize.Clients() {
		if c.Approval != nil {
			for _, s := range c.Approval.Settings {
				add(s.File)
			}
		}
		if c.Trust != nil {
			add(c.Trust.File)
		}
		for _, l := range c.Lists {
			if l.File != nil {
				add(*l.File)
			}
		}
		for _, ig := range c.Ignored {
			add(ig.File)
		}
	}
	return out
}

// SettingsRoot tells whether the file at abs (an absolute path) is one of
// a project's settings files (ProjectFiles without servers), and the root
// of the project whose servers it decides on.
func SettingsRoot(abs string) (root string, ok bool) {
	slash := filepath.ToSlash(abs)
	for _, f := range ProjectFiles() {
		if f.Servers || !strings.HasSuffix(slash, "/"+f.Path) {
			continue
		}
		root = filepath.FromSlash(strings.TrimSuffix(slash, "/"+f.Path))
		if root == "" || strings.HasSuffix(root, ":") {
			root += string(filepath.Separator)
		}
		return root, true
	}
	return "", false
}
