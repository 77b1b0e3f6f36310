package discover

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// Location is one file a client may read, resolved against the options.
type Location struct {
	// Client is the descriptor whose shape reads the file (the pisces
	// provider, in the merged view).
	Client   *normalize.Client
	Priority int
	Scope    normalize.Scope
	Format   normalize.Format
	Abs      string
	Display  string
	// Section is File.Section: the servers are in the member of that table
	// keyed by Key, the project path (default the root).
	Section string
	Key     string
	// Dir is the directory a project file was looked for in, for clients
	// that read a copy in several directories.
	Dir string
	// walk is the place of Dir in the client's walk, first read first
	// (projectDirs): files read together in each directory
	// (File.WithNext) are ordered by it.
	walk int
	// ServersPath is File.ServersPath; View marks a client's own view,
	// where tolerated keys are read too.
	ServersPath []string
	View        bool
	// Flat is File.FlatServers: without the servers key, the servers are
	// the file's top-level members.
	Flat  bool
	Order int // rank in the merge order, 0 first
	// Profile marks the file of the profile the run selects
	// (Options.Profile); Defaults ranks the file just below the user's
	// (normalize.File.Defaults).
	Profile, Defaults bool
	// OverProject ranks the file above the project's
	// (normalize.File.OverProject).
	OverProject bool
	// SkippedAlone is normalize.File.SkippedAlone; Guest is
	// normalize.File.Guest.
	SkippedAlone, Guest bool
	// Trusted: a project file found above the start directory with no
	// root marker, which the client trusts (Layout.TrustsAboveStart).
	Trusted bool
	// Exclusive, RemoteHTTPS, Apart and OwnScope are the File's.
	Exclusive, RemoteHTTPS, Apart, OwnScope bool
	// Skip says why the client skips a file it finds (a system file others
	// can write): it is not read.
	Skip *skip
	// Extension is set for an extension's manifest: how the client reads
	// it, and ExtDir the directory the extension lives in (a linked
	// extension's source).
	Extension *normalize.ExtensionSpec
	ExtDir    string
	// Plugin is set for a file of a plugin's servers (PluginScope).
	Plugin *pluginLoc
}

// rank orders a client's locations, lower first: by scope, a file of
// defaults just below the user's.
func (l Location) rank() int {
	return normalize.File{Scope: l.Scope, Defaults: l.Defaults, OverProject: l.OverProject}.Rank()
}

// Locations resolves pisces's providers table (normalize.Providers). The order is the merge order: priority, then table order,
// then local > project > user, then the provider's own file order.
func (o *Options) Locations() []Location {
	return slices.Clone(o.providersLocations())
}

// providersLocations is Locations resolved once per run (docCache.locs,
// under no client) and shared by its callers: none may change them.
func (o *Options) providersLocations() []Location {
	return o.memoLocations(nil, "", o.providerLocations)
}

func (o *Options) providerLocations() []Location {
	var out []Location
	in := o.optedIn(providersOwner())
	for _, p := range normalize.Providers() {
		for _, rank := range []int{-1, 0, 1, 2, 3} { // normalize.Scope.Rank
			for _, f := range p.Files {
				if f.Scope.Rank() == rank && f.ForOS(o.goos()) && (f.Base != normalize.SystemDir || o.System != "") {
					l := o.locate(p.Client, p.Priority, f, len(out))
					if sk := in.skips(o, p, f); sk != nil {
						if !o.exists(l.Abs) {
							continue // not opted in, and not there: nothing to say
						}
						l.Skip = sk
					}
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// SkipsSystem reports whether a client reads machine-wide files (managed
// or system settings) that this run does not look at: isolated with
// --home and not told where a machine's root is (System ""), and no
// variable names them.
func (o *Options) SkipsSystem(c *normalize.Client) bool {
	if o.System != "" {
		return false
	}
	for _, f := range c.Files {
		if f.Base == normalize.SystemDir && f.ForOS(o.goos()) {
			if _, ok := o.pathFromVar(f); !ok {
				return true
			}
		}
	}
	return false
}

func (o *Options) locate(c *normalize.Client, prio int, f normalize.File, order int) Location {
	abs := filepath.Join(o.dir(f.Base), filepath.FromSlash(f.Path))
	return Location{Client: f.ReadBy(c), Priority: prio, Scope: f.Scope, Format: f.Format, Exclusive: f.Exclusive, RemoteHTTPS: f.RemoteHTTPS, Apart: f.Apart, OwnScope: f.OwnScope, Guest: f.Guest,
		Abs: abs, Display: o.display(abs, f.Base), Section: f.Section, Order: order, ServersPath: f.ServersPath, Flat: f.FlatServers}
}

func (o *Options) goos() string {
	if o.GOOS == "" {
		return runtimeGOOS
	}
	return o.GOOS
}

// dir resolves a base directory from what the base declares
// (normalize.Base): its variable, its default under the home, the base it
// falls back to and the bases standing for it on some systems. On a system
// other than the one mcpconf runs on (Options.GOOS, for tests and docs)
// paths are still joined with the host's separator.
func (o *Options) dir(b *normalize.Base) string {
	switch {
	case b.ProjectRoot():
		return o.Root
	case b.MachineRoot():
		return o.System
	}
	b = b.For(o.goos())
	if v := o.getenv(b.Var); b.Var != "" && v != "" {
		// A relative value of an AbsOnly variable is ignored (the XDG spec
		// says it is invalid). Where the base falls back to another one it
		// is ignored only after envDir has checked it against --home, whose
		// note says so: that is how it always was.
		abs := !b.AbsOnly || filepath.IsAbs(v)
		if abs || b.Else != nil {
			if d := o.envDir(b.Var, b); d != "" && abs {
				if b.Canonical {
					d = realPath(d)
				}
				return d
			}
		}
	}
	switch {
	case b.Else != nil:
		return o.dir(b.Else)
	case b.Default == "":
		return o.Home
	}
	return filepath.Join(o.Home, filepath.FromSlash(b.Default))
}

// envDir is the directory (or file) a client variable names, made
// absolute as the client makes it: a relative value, and one starting
// with "~" unless the base says the client expands it (b.Tilde; b is nil
// for a file's own variable), is relative to the directory the client
// starts in, the root — not to mcpconf's working directory. "" when the
// variable is not set, or when --home isolates the run and the path lies
// outside both --home and --root (which Notes records).
func (o *Options) envDir(name string, b *normalize.Base) string {
	v := o.getenv(name)
	if v == "" {
		return ""
	}
	p := filepath.FromSlash(v)
	if rest, ok := strings.CutPrefix(v, "~/"); ok && b != nil && b.Tilde {
		p = filepath.Join(o.Home, filepath.FromSlash(rest))
	}
	dir := absFrom(o.Root, p)
	if o.Isolated && !within(o.Home, dir) && !within(o.Root, dir) {
		o.note(fmt.Sprintf("%s=%s is outside --home and --root and is ignored", name, v))
		return ""
	}
	return dir
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
func (o *Options) display(abs string, b *normalize.Base) string {
	if b == normalize.SystemDir {
		// a machine root given with --system inside the project is shown
		// as the project's files are; the machine's own files as they are
		base := cmp.Or(o.Base, o.Root)
		if rel, err := filepath.Rel(base, abs); err == nil && filepath.IsLocal(rel) && o.System != string(filepath.Separator) {
			return filepath.ToSlash(rel)
		}
		return filepath.ToSlash(abs)
	}
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
	if b != nil && b.Canonical {
		// a directory the client canonicalizes is resolved (dir), and so
		// must the home be that it is shown under
		if rel, err := filepath.Rel(o.realPath(o.Home), abs); err == nil && filepath.IsLocal(rel) {
			return "~/" + filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(abs)
}
