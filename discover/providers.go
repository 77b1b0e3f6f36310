package discover

import (
	"path/filepath"
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
)

// Location is one file a client may read, resolved against the options.
type Location struct {
	// Client is the id of the descriptor whose shape reads the file (the
	// pisces provider, in the merged view).
	Client   string
	Priority int
	Scope    normalize.Scope
	Format   normalize.Format
	Abs      string
	Display  string
	Section  bool
	Order    int // rank in the merge order, 0 first
}

// Locations resolves pisces's providers table (Client.Pisces of every
// descriptor). The order is the merge order: priority, then table order,
// then local > project > user, then the provider's own file order.
func (o *Options) Locations() []Location {
	var out []Location
	for _, c := range normalize.Providers() {
		for _, rank := range []int{0, 1, 2} {
			for _, f := range c.Pisces.Files {
				if f.Scope.Rank() == rank && f.ForOS(o.goos()) {
					out = append(out, o.locate(c, c.Pisces.Priority, f, len(out)))
				}
			}
		}
	}
	return out
}

// ClientLocations resolves the files a client itself reads, in its own
// precedence (local > project > user, then the descriptor's order).
func (o *Options) ClientLocations(c *normalize.Client) []Location {
	var out []Location
	prio := 0
	if c.Pisces != nil {
		prio = c.Pisces.Priority
	}
	for _, f := range c.Files {
		if f.ForOS(o.goos()) {
			out = append(out, o.locate(c, prio, f, 0))
		}
	}
	slices.SortStableFunc(out, func(a, b Location) int { return a.Scope.Rank() - b.Scope.Rank() })
	for i := range out {
		out[i].Order = i
	}
	return out
}

func (o *Options) locate(c *normalize.Client, prio int, f normalize.File, order int) Location {
	abs := filepath.Join(o.dir(f.Base), filepath.FromSlash(f.Path))
	return Location{Client: c.ID, Priority: prio, Scope: f.Scope, Format: f.Format,
		Abs: abs, Display: o.display(abs, f.Base), Section: f.Section, Order: order}
}

func (o *Options) goos() string {
	if o.GOOS == "" {
		return runtimeGOOS
	}
	return o.GOOS
}

// dir resolves a base directory. On a system other than the one mcpconf
// runs on (Options.GOOS, for tests and docs) paths are still joined with
// the host's separator.
func (o *Options) dir(b normalize.Base) string {
	switch b {
	case normalize.RootDir:
		return o.Root
	case normalize.CodexHome:
		if v := o.getenv("CODEX_HOME"); v != "" {
			return absFrom(o.Cwd, v)
		}
		return filepath.Join(o.Home, ".codex")
	case normalize.GeminiHome:
		if v := o.getenv("GEMINI_CLI_HOME"); v != "" {
			return absFrom(o.Cwd, v)
		}
	case normalize.XDGConfigDir:
		return o.xdgConfig()
	case normalize.XDGThenConfigDir:
		if v := o.getenv("XDG_CONFIG_HOME"); v != "" && filepath.IsAbs(v) {
			return v
		}
		return o.dir(normalize.ConfigDir)
	case normalize.ConfigDir:
		switch o.goos() {
		case "darwin", "ios":
			return filepath.Join(o.Home, "Library", "Application Support")
		case "windows":
			if v := o.getenv("APPDATA"); v != "" {
				return v
			}
			return filepath.Join(o.Home, "AppData", "Roaming")
		}
		return o.xdgConfig()
	case normalize.LocalAppDataDir:
		if v := o.getenv("LOCALAPPDATA"); v != "" {
			return v
		}
		return filepath.Join(o.Home, "AppData", "Local")
	}
	return o.Home
}

func (o *Options) xdgConfig() string {
	if v := o.getenv("XDG_CONFIG_HOME"); v != "" && filepath.IsAbs(v) {
		// The XDG spec says relative values are invalid and ignored.
		return v
	}
	return filepath.Join(o.Home, ".config")
}

func absFrom(cwd, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(cwd, p)
}

// display shows project files relative to the root and user files as ~/…
// when they live under the home, so output does not depend on where the
// tree sits on disk.
func (o *Options) display(abs string, b normalize.Base) string {
	if b == normalize.RootDir {
		base := o.Base
		if base == "" {
			base = o.Root
		}
		if rel, err := filepath.Rel(base, abs); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	if rel, err := filepath.Rel(o.Home, abs); err == nil && filepath.IsLocal(rel) {
		return "~/" + filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}
