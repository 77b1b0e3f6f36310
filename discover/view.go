package discover

import (
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// View answers "what will this client load here, and will it start each
// server?": the files the client reads from the directory it starts in
// (Options.Root), in its own precedence, combined by its own merge rule,
// with its gates applied (lists, approval, trust). Every definition gets a
// status; a server that does not start says why and what decided it.
//
// scope selects which files are read (lint reads project files only by
// default); explain reads all of them.
func (o *Options) View(c *normalize.Client, scope ScopeFilter) *normalize.Set {
	v := &viewer{o: o, c: c, root: o.projectRoot(c), scope: scope}
	return v.build()
}

// viewer builds one client's view.
type viewer struct {
	o *Options
	c *normalize.Client
	// lowest is the display path of the lowest file of the view (not
	// Apart) whose servers key holds an object (LostName.Lowest).
	lowest string
	root   string // the project root: where the client keys the project
	scope  ScopeFilter
	trust  *trustResult
	// blocked holds, for a client that approves before its lists
	// (Approval.BeforeLists), the list gate of a project definition that
	// approval turned off instead, by definition; after the merge it
	// applies again to the definition that won.
	blocked map[defKey]normalize.Gate
	// schemaBad caches whether the client's schema rejects a file
	// (failsSchema).
	schemaBad map[string]bool
	// managedPlugins are the plugins a managed settings file enables
	// (pluginLocations).
	managedPlugins map[string]bool
	// pluginRank orders the plugins' files as the client reads them
	// (pluginLocations), for its duplicate check.
	pluginRank map[pluginFile]int
}

// defKey names one definition.
type defKey struct {
	name, path string
	pos        normalize.Pos
}

func defKeyOf(s *normalize.Server) defKey {
	return defKey{s.Name, s.Source.Path, s.Source.Pos}
}

// reblock applies again, after the merge, the list gates approval set
// aside (blocked): to the definition that won, and to each definition as
// the view lists them (lint reads them there).
func (v *viewer) reblock(entries []normalize.Entry, defs []normalize.Server) {
	for i := range entries {
		s := &entries[i].Server
		if g, ok := v.blocked[defKeyOf(s)]; ok {
			s.TurnOff(g)
		}
	}
	for i := range defs {
		if g, ok := v.blocked[defKeyOf(&defs[i])]; ok {
			defs[i].TurnOff(g)
		}
	}
}

func (v *viewer) build() *normalize.Set {
	if v.scope != ProjectScopes && v.o.SkipsSystem(v.c) {
		v.o.note(v.o.systemNote(v.c))
	}
	locs := v.scope.Filter(v.o.readLocations(v.c, v.root))
	if v.c.Trust != nil && v.scope == AllScopes && !v.o.AssumeTrusted {
		// Trust lives in the home: without it (lint's project scope) the
		// project's files are judged as a trusting user would load them.
		v.trust = v.o.evalTrust(v.c, v.root)
	}
	// Layers of an untrusted project that the client ignores are read on
	// their own: their servers are listed as untrusted, never merged.
	var loaded, ignored []Location
	for _, l := range locs {
		if v.ignores(l) {
			ignored = append(ignored, l)
		} else {
			loaded = append(loaded, l)
		}
	}
	loaded = append(loaded, v.pluginLocations()...)
	ld := v.o.load(loaded, v.c, v.trusted(), v.scope)
	ld.defs = liftOwnScope(v.c, ld.defs)
	set := ld.set
	set.UserRead = v.scope != ProjectScopes
	if v.c.Merge == normalize.KeyByKey {
		for i := range ld.defs {
			ld.defs[i].Patch = isPatch(&ld.defs[i])
		}
	}
	v.lowest = lowestServers(v.c, loaded, set.Documents)
	v.invalid(ld.defs, set.Documents)
	v.approve(ld.defs)
	v.approveStored(ld.defs)
	set.Definitions = ld.defs
	set.Lists = ld.lists.settings(ld.defs)
	for _, d := range ld.lists.docs {
		if !slices.Contains(set.Documents, d) {
			set.Documents = append(set.Documents, d)
		}
	}
	set.Entries = mergeView(v.c, ld.defs)
	v.reblock(set.Entries, set.Definitions)
	for _, s := range ld.lists.applyAfterMerge(set.Entries) {
		// switched back on: the client now checks what it skipped while
		// the entry was off (pisces validates only what it does not
		// suppress)
		v.invalidOne(s, set.Documents)
	}
	v.applyTrust(set.Entries)
	sameConnection(v.c, set.Entries)
	applyFilters(v.c, set.Entries)
	v.applyExtensions(set, ld.exts)
	if v.c.Merge == normalize.KeyByKey {
		deepMerge(set)
	}
	v.mergedInvalid(set)
	v.failsListed(set)
	v.dedupPlugins(set, ld.lists.lookup, v.managedPlugins)
	if len(ignored) > 0 {
		v.addIgnored(set, ignored)
	}
	v.noteProfile(set, loaded)
	v.noteUnmodelled()
	v.noteNotAtStart(set)
	v.requirements(set)
	v.refuse(set, loaded)
	v.stops(set, ld.exts)
	v.badNames(set)
	v.trustSteps(set)
	v.findIgnored(set)
	v.voidSettings(set)
	set.Client, set.ClientRules = v.c, v.c.Note
	slices.SortStableFunc(set.Sources, func(a, b normalize.SourceFile) int { return a.Order - b.Order })
	slices.SortStableFunc(set.Diagnostics, normalize.CompareDiagnostics)
	return set
}

// trusted reports whether the project is trusted (true when the client
// has no notion of trust, or trust was not looked at).
func (v *viewer) trusted() bool { return v.trust == nil || v.trust.all }

// ignores reports whether a location belongs to an untrusted project whose
// files the client does not load.
func (v *viewer) ignores(l Location) bool {
	if v.trust == nil || v.c.Trust.Effect != normalize.IgnoresProject || l.Scope.OutsideProject() || l.Dir == "" {
		return false
	}
	return !v.trust.layer(l.Dir)
}

// readLocations resolves every file a client reads from the start
// directory: its own (viewLocations), or, for a client that reads its
// providers' files too (Merge ByPriority), every provider's in merge
// order (providersLocations).
func (o *Options) readLocations(c *normalize.Client, root string) []Location {
	if c.ReadsProviders() {
		return o.providersLocations()
	}
	return o.viewLocations(c, root)
}

// viewLocations resolves the files of a client's own, from the start
// directory, highest precedence first. A run asks for them several times
// (SelectClients, Found, View); they are resolved once per run
// (docCache.locs), and every caller shares them: none may change them.
func (o *Options) viewLocations(c *normalize.Client, root string) []Location {
	return o.memoLocations(c, root, func() []Location { return o.resolveLocations(c, root) })
}

// memoLocations returns the locations resolve gives for a client (nil:
// the providers table) and root, resolved once per run.
func (o *Options) memoLocations(c *normalize.Client, root string, resolve func() []Location) []Location {
	if o.cache == nil {
		return resolve()
	}
	k := locKey{c: c, root: root, start: o.Root, home: o.Home, base: o.Base, cwd: o.Cwd, goos: o.GOOS,
		system: o.System, profile: o.Profile, trusted: o.AssumeTrusted, isolated: o.Isolated}
	return o.cache.locs.get(k, resolve)
}

// locKey is what a client's locations depend on besides the environment
// and the overlay, which are the run's.
type locKey struct {
	c                                                   *normalize.Client
	root, start, home, base, cwd, goos, system, profile string
	trusted, isolated                                   bool
}

func (o *Options) resolveLocations(c *normalize.Client, root string) []Location {
	const prio = 0 // a client's own view has precedence, not priorities
	var out []Location
	paired, pairStart := false, 0 // within files read together (File.WithNext), from out[pairStart]
	files, profile := c.Files, -1
	if pf, ok := o.profileFile(c); ok {
		// the profile's file is read right above the user config
		profile = max(slices.IndexFunc(files, func(f normalize.File) bool { return f.Scope == normalize.User }), 0)
		files = slices.Insert(slices.Clone(files), profile, pf)
	}
	for i, f := range files {
		if !f.ForOS(o.goos()) {
			continue
		}
		if f.Base == normalize.RootDir && c.NoProjectInHome && o.startsInUserHome(c) {
			continue
		}
		if f.Base != normalize.RootDir {
			for _, d := range slices.Backward(o.dropIns(f)) {
				out = append(out, o.locate(c, prio, d, 0)) // a later drop-in wins
			}
			for _, l := range o.outsideLocations(c, f) {
				if f.Section != "" {
					l.Key = o.keyRoot(c, root)
				}
				l.Profile = i == profile
				out = append(out, l)
			}
			continue
		}
		if f.ElseOf != "" {
			continue // read in its place (elseFile)
		}
		dirs := o.projectDirs(c, f, root)
		if f.FarWins {
			dirs = slices.Clone(dirs)
			slices.Reverse(dirs)
		}
		if !paired {
			pairStart = len(out)
		}
		paired = f.WithNext
		alt, hasAlt := elseFile(c, f)
		for walk, dir := range dirs {
			abs := filepath.Join(dir, filepath.FromSlash(f.Path))
			if hasAlt && !o.exists(abs) {
				if a := filepath.Join(dir, filepath.FromSlash(alt.Path)); o.exists(a) {
					abs = a // the directory's other file, in this one's place
				}
			}
			if dir != o.Root && !o.exists(abs) {
				continue // only the start directory's absent files are worth listing
			}
			display := o.display(abs, normalize.RootDir)
			if !within(root, dir) && !within(o.Root, dir) && (o.Base == o.Root || !within(o.Base, dir)) {
				// above the project (its repository): shown from the home,
				// or whole, unless paths are shown from a directory that
				// holds it (lint with paths: the working directory); a
				// file of the project above the start directory is the
				// project's, relative to it ("../.mcp.json")
				display = o.display(abs, normalize.HomeDir)
			}
			out = append(out, Location{Client: f.ReadBy(c), Priority: prio, Scope: f.Scope, Format: f.Format,
				Abs: abs, Display: display, Dir: dir, ServersPath: f.ServersPath, Flat: f.FlatServers, walk: walk, Apart: f.Apart, OwnScope: f.OwnScope, Guest: f.Guest,
				Trusted: f.TrustedAboveStart && dir != o.Root && o.noRootAbove(c)})
		}
		if !paired {
			// files read together in each directory: the walk first
			slices.SortStableFunc(out[pairStart:], func(a, b Location) int { return a.walk - b.walk })
		}
	}
	out = o.firstOfGroups(c, out)
	out = o.notTwice(out)
	slices.SortStableFunc(out, func(a, b Location) int { return a.rank() - b.rank() })
	for i := range out {
		out[i].Order = i
		out[i].View = true
	}
	return out
}

// noteProfile says, on the source of the profile the run selects, when
// its file does not exist: the client then reads no profile.
func (v *viewer) noteProfile(set *normalize.Set, loaded []Location) {
	for _, l := range loaded {
		if !l.Profile {
			continue
		}
		for i := range set.Sources {
			if s := &set.Sources[i]; s.Path == l.Display && s.Status == normalize.Absent {
				s.Note = fmt.Sprintf("profile %q: the file does not exist, so %s", v.o.Profile, v.c.Profile.Missing)
				v.o.note(fmt.Sprintf("--profile %s: %s does not exist, so %s reads no profile", v.o.Profile, l.Display, v.c.Product))
			}
		}
	}
}

// notTwice drops the project locations that are a file the client reads
// outside the project too: started in the home, Codex does not read its
// own ~/.codex/config.toml again as a project layer
// (load_project_layers skips a .codex that is CODEX_HOME).
func (o *Options) notTwice(locs []Location) []Location {
	outside := map[string]bool{}
	for _, l := range locs {
		// a file that does not exist is no file read twice (one stat,
		// cached, instead of resolving every candidate's links: 9% of a
		// typical lint)
		if l.Dir == "" && o.exists(l.Abs) {
			outside[l.Abs] = true
			if r, err := o.evalLinks(l.Abs); err == nil {
				outside[r] = true
			}
		}
	}
	if len(outside) == 0 {
		return locs
	}
	return slices.DeleteFunc(locs, func(l Location) bool {
		if l.Dir == "" || !o.exists(l.Abs) {
			return false
		}
		r, err := o.evalLinks(l.Abs)
		return outside[l.Abs] || err == nil && outside[r]
	})
}

// profileFile is the file of the profile the run selects for a client that
// has profiles; ok is false when there is none, or the client would refuse
// its name (see refusal).
func (o *Options) profileFile(c *normalize.Client) (normalize.File, bool) {
	if c.Profile == nil || o.Profile == "" || !c.Profile.ValidName(o.Profile) {
		return normalize.File{}, false
	}
	return c.Profile.For(o.Profile), true
}

// startsInUserHome reports whether the client starts in the directory its
// user files hang from (the base of its first user file: $GEMINI_CLI_HOME
// or the home), links resolved (Storage.isWorkspaceHomeDir).
func (o *Options) startsInUserHome(c *normalize.Client) bool {
	home := o.Home
	for _, f := range c.Files {
		if f.Scope == normalize.User && f.ForOS(o.goos()) {
			home = o.dir(f.Base)
			break
		}
	}
	return o.realPath(filepath.Clean(o.Root)) == o.realPath(filepath.Clean(home))
}

// noRootAbove reports whether no root marker of the client's is at or
// above the start directory, for a client that then walks up to the file
// system root (Layout.UpWithoutRoot).
func (o *Options) noRootAbove(c *normalize.Client) bool {
	if !c.UpWithoutRoot {
		return false
	}
	_, ok := o.rootAbove(o.Root, c.RootMarkers)
	return !ok
}

// projectDirs lists the directories whose copy of a project file the
// client reads, deepest (highest precedence) first.
func (o *Options) projectDirs(c *normalize.Client, f normalize.File, root string) []string {
	start := o.Root
	switch c.Project {
	case normalize.RootToStart:
		if _, ok := o.rootAbove(start, c.RootMarkers); !ok && c.UpWithoutRoot {
			root = filepath.VolumeName(start) + string(filepath.Separator)
		}
		dirs := []string{start}
		for d := start; d != root; {
			p := filepath.Dir(d)
			if p == d || !within(root, p) {
				break
			}
			dirs = append(dirs, p)
			d = p
		}
		return dirs
	case normalize.StartUp:
		dirs := []string{start}
		for d := start; ; {
			p := filepath.Dir(d)
			if p == d {
				return dirs
			}
			dirs = append(dirs, p)
			d = p
		}
	case normalize.Nearest:
		for d := start; ; {
			if o.exists(filepath.Join(d, filepath.FromSlash(f.Path))) {
				return []string{d}
			}
			p := filepath.Dir(d)
			if p == d {
				return []string{start}
			}
			d = p
		}
	}
	return []string{start}
}

// within reports whether dir is root or below it.
func within(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	return err == nil && filepath.IsLocal(rel) || rel == "."
}

// exists reports whether path exists, asking the system once per run: the
// roots of a monorepo (lint -r) look for every client's files, and finding
// them, choosing the clients and reading them each looked again.
func (o *Options) exists(path string) bool {
	if o.cache == nil {
		if _, open := o.Overlay.text(path); open {
			return true
		}
		_, err := os.Stat(path)
		return err == nil
	}
	return o.cache.exists(path)
}

// elseFile is the project file the client reads in a directory where f
// does not exist (File.ElseOf).
func elseFile(c *normalize.Client, f normalize.File) (normalize.File, bool) {
	for _, g := range c.Files {
		if g.ElseOf == f.Path && g.Base == f.Base && g.Scope == f.Scope {
			return g, true
		}
	}
	return normalize.File{}, false
}

// firstOfGroups keeps, of the files of one group, those at the path of
// the first that exists (the last when none does).
func (o *Options) firstOfGroups(c *normalize.Client, locs []Location) []Location {
	if !slices.ContainsFunc(c.Files, func(f normalize.File) bool { return f.Group != "" }) {
		return locs
	}
	chosen := map[string]string{}
	for _, f := range c.Files {
		if f.Group == "" || !f.ForOS(o.goos()) {
			continue
		}
		abs := filepath.Join(o.dir(f.Base), filepath.FromSlash(f.Path))
		if _, done := chosen[f.Group+"!"]; done {
			continue
		}
		chosen[f.Group] = abs
		if o.exists(abs) {
			chosen[f.Group+"!"] = abs
		}
	}
	var out []Location
	for _, l := range locs {
		if g := groupOf(c, l); g != "" {
			want := chosen[g+"!"]
			if want == "" {
				want = chosen[g]
			}
			if l.Abs != want {
				continue
			}
		}
		out = append(out, l)
	}
	return out
}

// groupOf finds the group of the descriptor file a location comes from.
func groupOf(c *normalize.Client, l Location) string {
	for _, f := range c.Files {
		if f.Group != "" && strings.HasSuffix(filepath.ToSlash(l.Abs), "/"+f.Path) && f.Scope == l.Scope && f.Section == l.Section {
			return f.Group
		}
	}
	return ""
}

// fileAbs resolves a descriptor file that is not a server file (settings,
// trust, lists): a project file lives at the project root; a file of a
// group follows the group's choice.
func (o *Options) fileAbs(c *normalize.Client, f normalize.File, root string) (abs, display string) {
	if f.Base == normalize.RootDir {
		if f.AtStart {
			root = o.Root
		}
		abs = filepath.Join(root, filepath.FromSlash(f.Path))
		return abs, o.display(abs, normalize.RootDir)
	}
	if p, ok := o.pathFromVar(f); ok {
		return p, o.display(p, normalize.HomeDir)
	}
	abs = filepath.Join(o.dir(f.Base), filepath.FromSlash(f.Path))
	if f.Group != "" {
		for _, g := range c.Files {
			if g.Group == f.Group && g.ForOS(o.goos()) {
				if p := filepath.Join(o.dir(g.Base), filepath.FromSlash(g.Path)); o.exists(p) {
					abs = p
					break
				}
			}
		}
	}
	return abs, o.display(abs, f.Base)
}

// reads reports whether this run reads a descriptor file: one of this
// system's, and a machine-wide file only when the run has a machine
// (Options.System).
func (o *Options) reads(f normalize.File) bool {
	return f.ForOS(o.goos()) && (f.Base != normalize.SystemDir || o.System != "")
}

// settingDocs reads a settings file and its drop-ins (File.DropIns),
// highest precedence first: the last drop-in by name, …, the file itself.
// Files this run does not read, that do not exist or cannot be parsed are
// left out, and so are those that fail the client's check of the whole
// file (File.Checked, reported by voidSettings).
func (o *Options) settingDocs(c *normalize.Client, f normalize.File, root string) []*normalize.Document {
	if !o.reads(f) {
		return nil
	}
	if f.InRepo && f.Base == normalize.RootDir {
		if _, ok := o.rootAbove(o.Root, c.RootMarkers); !ok {
			return nil // no repository: the client reads no such file
		}
	}
	var out []*normalize.Document
	for _, d := range slices.Backward(o.dropIns(f)) {
		if doc := o.readDoc(c, d, root); doc != nil && d.Checked.Problem(doc.Root) == nil {
			out = append(out, doc)
		}
	}
	if doc := o.readDoc(c, f, root); doc != nil && f.Checked.Problem(doc.Root) == nil {
		out = append(out, doc)
	}
	return out
}

// voidSettings reports each settings file of the view that fails the
// client's check of the whole file (File.Checked): the client ignores
// every setting in it, so its lists and approvals count for nothing
// (settingDocs leaves it out).
func (v *viewer) voidSettings(set *normalize.Set) {
	seen := map[string]bool{}
	for f := range listFiles(v.c) {
		if f.Checked == nil || !v.o.reads(f) ||
			v.scope == ProjectScopes && f.Base != normalize.RootDir || v.scope == UserScopes && f.Base == normalize.RootDir {
			continue
		}
		doc := v.o.readDoc(v.c, f, v.root)
		if doc == nil || seen[doc.Abs] {
			continue
		}
		seen[doc.Abs] = true
		p := f.Checked.Problem(doc.Root)
		if p == nil {
			continue
		}
		d := normalize.At(doc, p.Value.Range, p.Value.Pointer, normalize.RuleVoidSettings, normalize.Error, "%s", p.Void(v.c))
		if keys := voidKeys(v.c, doc); keys != "" {
			d.Message += ", " + keys + " included"
		}
		d.Hint = p.Hint()
		set.Diagnostics = append(set.Diagnostics, d)
		if !slices.Contains(set.Documents, doc) {
			set.Documents = append(set.Documents, doc)
		}
	}
}

// listFiles yields the files a client keeps its approvals and lists in
// apart from the files that hold its servers.
func listFiles(c *normalize.Client) iter.Seq[normalize.File] {
	return func(yield func(normalize.File) bool) {
		if c.Approval != nil {
			for _, st := range c.Approval.Settings {
				if !yield(st.File) {
					return
				}
			}
		}
		for _, l := range c.Lists {
			for _, f := range l.Files {
				if !yield(f) {
					return
				}
			}
		}
	}
}

// voidKeys names the keys of a void settings file that decide which
// servers run (the client's lists and approvals): `"deniedMcpServers" and
// "enabledMcpjsonServers"`; "" when it has none.
func voidKeys(c *normalize.Client, doc *normalize.Document) string {
	var keys []string
	if ap := c.Approval; ap != nil {
		keys = append(keys, ap.EnableAll, ap.Enabled, ap.Disabled)
	}
	for _, l := range c.Lists {
		if l.Files != nil && len(l.Path) == 1 {
			keys = append(keys, l.Path[0])
		}
	}
	var found []string
	for _, m := range doc.Root.Unique() {
		if slices.Contains(keys, m.Key) && !slices.Contains(found, fmt.Sprintf("%q", m.Key)) {
			found = append(found, fmt.Sprintf("%q", m.Key))
		}
	}
	switch len(found) {
	case 0:
		return ""
	case 1:
		return found[0]
	}
	return strings.Join(found[:len(found)-1], ", ") + " and " + found[len(found)-1]
}

// dropIns lists the drop-in files of f in name order (File.DropIns): the
// files of its directory named like its format (".json") and not starting
// with ".".
func (o *Options) dropIns(f normalize.File) []normalize.File {
	if f.DropIns == "" || !o.reads(f) {
		return nil
	}
	ext := ".json"
	if f.Format == normalize.TOML {
		ext = ".toml"
	}
	entries, err := os.ReadDir(filepath.Join(o.dir(f.Base), filepath.FromSlash(f.DropIns)))
	if err != nil {
		return nil
	}
	var out []normalize.File
	for _, e := range entries { // sorted by name
		if n := e.Name(); strings.HasSuffix(n, ext) && !strings.HasPrefix(n, ".") && (e.Type().IsRegular() || e.Type()&os.ModeSymlink != 0) {
			d := f
			d.Path, d.DropIns = f.DropIns+"/"+n, ""
			out = append(out, d)
		}
	}
	return out
}

// readDoc reads a descriptor file through the run's cache; nil when it
// does not exist or cannot be parsed.
func (o *Options) readDoc(c *normalize.Client, f normalize.File, root string) *normalize.Document {
	if f.Base == normalize.SystemDir && o.System == "" {
		return nil // no machine to read (see SkipsSystem)
	}
	abs, display := o.fileAbs(c, f, root)
	r := o.readAll([]Location{{Client: c, Abs: abs, Display: display, Format: f.Format, Scope: f.Scope}})[0]
	if r.doc == nil || r.doc.Root == nil {
		return nil
	}
	return r.doc
}

// projectRoot is the nearest directory at or above the start directory
// that holds one of the client's root markers, else the start directory.
func (o *Options) projectRoot(c *normalize.Client) string {
	markers := c.RootMarkers
	if c.RootMarkersKey != "" {
		// the highest user or machine file that sets it (Codex: the
		// profile, the user config, the machine's defaults; not managed
		// files, read after the project's)
		var files []normalize.File
		if pf, ok := o.profileFile(c); ok {
			files = append(files, pf)
		}
		for _, f := range c.Files {
			if (f.Scope == normalize.User || f.Scope == normalize.System) && f.ForOS(o.goos()) && (f.Base != normalize.SystemDir || o.System != "") {
				files = append(files, f)
			}
		}
		slices.SortStableFunc(files, func(a, b normalize.File) int { return a.Rank() - b.Rank() })
		for _, f := range files {
			if doc := o.readDoc(c, f, o.Root); doc != nil {
				if v := doc.Root.Get(c.RootMarkersKey); v != nil {
					markers, _ = v.Strings()
					break
				}
			}
		}
	}
	if root, ok := o.rootAbove(o.Root, markers); ok {
		return root
	}
	return o.Root
}

// lookupKey follows path from v, "<root>" matching the project root as
// the client keys it (see projectMember).
func lookupKey(v *normalize.Value, path []string, root string) *normalize.Member {
	var m *normalize.Member
	for i, k := range path {
		if v == nil || v.Kind != normalize.Object {
			return nil
		}
		if k == "<root>" {
			m = projectMember(v, root)
		} else {
			m = v.Member(k)
		}
		if m == nil {
			return nil
		}
		if i < len(path)-1 {
			v = m.Value
		}
	}
	return m
}

// projectMember finds the member of an object keyed by the project root.
// The clients look the key up as they spell the path (Claude Code's
// projects[…] in ~/.claude.json, Codex's [projects."…"]): exactly, so a
// key written with a trailing slash or "/./" is another project's. The
// path with its links resolved is accepted too, and on Windows the path
// with forward slashes (Claude Code writes its keys so).
func projectMember(obj *normalize.Value, root string) *normalize.Member {
	if obj == nil || obj.Kind != normalize.Object {
		return nil
	}
	want := projectKeys(root)
	for _, m := range obj.Unique() {
		if slices.Contains(want, m.Key) {
			return m
		}
	}
	return nil
}

// projectKeys are the spellings of a project path a client's key may have.
func projectKeys(root string) []string {
	want := []string{filepath.Clean(root)}
	if r, err := filepath.EvalSymlinks(root); err == nil && r != want[0] {
		want = append(want, r)
	}
	for _, w := range want {
		if s := filepath.ToSlash(w); s != w {
			want = append(want, s)
		}
	}
	return want
}

// mergeView dedups a client's definitions (highest precedence first) by
// name: the first that holds its name wins whole; a definition whose gate
// yields (pending approval, rejected) leaves the name to the next one.
func mergeView(c *normalize.Client, defs []normalize.Server) []normalize.Entry {
	if c.Merge == normalize.ByPriority {
		return mergeByPriority(defs)
	}
	byName := map[string][]int{}
	var names []string
	for i, s := range defs {
		if _, ok := byName[s.Name]; !ok {
			names = append(names, s.Name)
		}
		byName[s.Name] = append(byName[s.Name], i)
	}
	slices.Sort(names)
	out := make([]normalize.Entry, 0, len(names))
	for _, name := range names {
		idx := byName[name]
		// the first definition that holds its name wins; when every one
		// yields, the first the client does not skip as it reads it (a
		// pending project server another scope does not define is listed)
		win := -1
		for _, i := range idx {
			if defs[i].Off == nil || !defs[i].Off.Yields {
				win = i
				break
			}
		}
		for _, i := range idx {
			if win < 0 && defs[i].Off.Status != normalize.StatusInvalid {
				win = i
			}
		}
		if win < 0 {
			win = idx[0]
		}
		e := normalize.Entry{Server: defs[win]}
		w := &defs[win]
		for _, i := range idx {
			if i == win {
				continue
			}
			l := &defs[i]
			e.Shadowed = append(e.Shadowed, normalize.Shadow{Server: *l,
				Differences: defDifferences(w, l), Reason: viewLostBecause(c, w, l)})
		}
		out = append(out, e)
	}
	return out
}

// mergeByPriority dedups definitions (already in priority order) by name:
// the first wins whole, the rest are shadowed. A disabled definition still
// owns its name. Entries come back sorted by name.
func mergeByPriority(defs []normalize.Server) []normalize.Entry {
	index := make(map[string]int, len(defs))
	out := make([]normalize.Entry, 0, len(defs))
	// a definition the client loses as it reads its file (LostNames: it
	// yields, unlisted) owns no name: it goes after the others
	lost := func(s *normalize.Server) bool { return s.Off != nil && s.Off.Yields && s.Off.Unlisted }
	if slices.ContainsFunc(defs, func(s normalize.Server) bool { return lost(&s) }) {
		defs = slices.Clone(defs)
		slices.SortStableFunc(defs, func(a, b normalize.Server) int {
			switch la, lb := lost(&a), lost(&b); {
			case la == lb:
				return 0
			case la:
				return 1
			}
			return -1
		})
	}
	for _, s := range defs {
		i, ok := index[s.Name]
		if !ok {
			index[s.Name] = len(out)
			out = append(out, normalize.Entry{Server: s})
			continue
		}
		w := &out[i].Server
		out[i].Shadowed = append(out[i].Shadowed, normalize.Shadow{Server: s,
			Differences: normalize.Differences(w, &s), Reason: priorityLostBecause(w, &s)})
	}
	slices.SortFunc(out, func(a, b normalize.Entry) int { return strings.Compare(a.Server.Name, b.Server.Name) })
	return out
}

// priorityLostBecause says why a definition lost to another by priority.
func priorityLostBecause(w, l *normalize.Server) string {
	ws, ls := w.Source, l.Source
	switch {
	case ws.Priority != ls.Priority:
		return fmt.Sprintf("lower priority: %s (%d) < %s (%d)", ls.Client.ID, ls.Priority, ws.Client.ID, ws.Priority)
	case ws.Client != ls.Client:
		return fmt.Sprintf("same priority (%d): %s is read before %s", ws.Priority, ws.Client.ID, ls.Client.ID)
	case ws.Scope != ls.Scope:
		return fmt.Sprintf("same provider: %s scope wins over %s scope", ws.Scope, ls.Scope)
	case ws.Path != ls.Path:
		return fmt.Sprintf("same provider and scope: %s is read before %s", ws.Path, ls.Path)
	}
	return "an earlier definition in the same file wins"
}

// viewLostBecause says why one of a client's definitions is not the one
// in use.
func viewLostBecause(c *normalize.Client, w, l *normalize.Server) string {
	ws, ls := w.Source, l.Source
	switch {
	case l.Off != nil && l.Off.Yields && l.Off.Status == normalize.StatusUntrusted:
		return fmt.Sprintf("%s, so %s uses the %s definition", l.Off.Reason, c.Product, ws.Scope)
	case l.Off != nil && l.Off.Yields:
		why := l.Off.Reason
		if w := yieldWord[l.Off.Status]; w != "" {
			why = w + ": " + why
		}
		return fmt.Sprintf("%s; %s uses the %s definition instead", why, c.Product, ws.Scope)
	case liftedOverApart(c, w, l) != "":
		return liftedOverApart(c, w, l)
	case ws.Scope != ls.Scope:
		return fmt.Sprintf("%s scope wins over %s scope", ws.Scope, ls.Scope)
	case ws.Scope == normalize.PluginScope && ws.Path != ls.Path:
		// a plugin's later source wins a name (Plugins: its manifest's
		// servers over its servers file)
		return fmt.Sprintf("%s is read after %s and wins the name", ws.Path, ls.Path)
	case ws.Path != ls.Path:
		return fmt.Sprintf("%s is read before %s", ws.Path, ls.Path)
	}
	return "an earlier definition in the same file wins"
}

// yieldWord says why a definition that yields its name is not used.
var yieldWord = map[normalize.Status]string{
	normalize.StatusPending:  "it waits for approval",
	normalize.StatusRejected: "it is rejected",
}

// defDifferences compares two definitions as written: a status a gate
// gave (pending, untrusted) is not a difference of the definitions.
func defDifferences(w, l *normalize.Server) []string {
	a, b := *w, *l
	if a.Off != nil && a.Off.Kind != normalize.ByField {
		a.Enabled = true
	}
	if b.Off != nil && b.Off.Kind != normalize.ByField {
		b.Enabled = true
	}
	return normalize.Differences(&a, &b)
}

// addIgnored lists the servers of layers the client ignores (an untrusted
// project): each is untrusted, and yields its name.
func (v *viewer) addIgnored(set *normalize.Set, locs []Location) {
	ld := v.o.load(locs, v.c, false, v.scope)
	if v.c.Merge == normalize.KeyByKey {
		for i := range ld.defs {
			ld.defs[i].Patch = isPatch(&ld.defs[i])
		}
	}
	set.Sources = append(set.Sources, ld.set.Sources...)
	set.Documents = append(set.Documents, ld.set.Documents...)
	set.Diagnostics = append(set.Diagnostics, ld.set.Diagnostics...)
	dirs := map[string]string{} // display path -> the layer's directory
	for _, l := range locs {
		dirs[l.Display] = l.Dir
	}
	if v.c.Trust.InvalidShown {
		// the client judges the entries before trust: what it rejects
		// is reported invalid all the same
		v.invalid(ld.defs, ld.set.Documents)
	}
	for _, s := range ld.defs {
		if !v.c.Trust.InvalidShown || s.Off == nil || s.Off.Status != normalize.StatusInvalid {
			s.TurnOff(v.trust.gate(v.c, true, dirs[s.Source.Path]))
		}
		set.Definitions = append(set.Definitions, s)
		i := slices.IndexFunc(set.Entries, func(e normalize.Entry) bool { return e.Server.Name == s.Name })
		if i < 0 {
			set.Entries = append(set.Entries, normalize.Entry{Server: s})
			continue
		}
		w := &set.Entries[i].Server
		diffs := defDifferences(w, &s)
		if s.Patch {
			// a patch changes the fields it sets, nothing else
			diffs = patchDifferences(w, &s)
		}
		set.Entries[i].Shadowed = append(set.Entries[i].Shadowed, normalize.Shadow{Server: s,
			Differences: diffs, Reason: viewLostBecause(v.c, w, &s)})
	}
	slices.SortFunc(set.Entries, func(a, b normalize.Entry) int { return strings.Compare(a.Server.Name, b.Server.Name) })
}

// patchDifferences names the keys a patch layer sets to another value than
// the definition in use has, as the patch writes them
// ("startup_timeout_sec"): what it would change if it were read.
func patchDifferences(w, patch *normalize.Server) []string {
	var out []string
	for _, m := range patch.Node.Unique() {
		var old *normalize.Value
		if w.Node != nil {
			old = w.Node.Get(m.Key)
		}
		if old == nil || !reflect.DeepEqual(old.Interface(), m.Value.Interface()) {
			out = append(out, m.Key)
		}
	}
	return out
}

// isPatch reports a layer entry that does not define a server on its own:
// no command, no url, no type.
func isPatch(s *normalize.Server) bool {
	n := s.Node
	return n != nil && n.Member("command") == nil && n.Member("url") == nil && n.Member("type") == nil
}

// findIgnored looks in the files where users put servers that the client
// does not read; a project's in the start directory (--root), so that the
// answer for a directory does not change with a repository above it.
func (v *viewer) findIgnored(set *normalize.Set) {
	for _, ig := range v.c.Ignored {
		if ig.File.Base == normalize.RootDir && v.scope == UserScopes || ig.File.Base != normalize.RootDir && v.scope == ProjectScopes {
			continue
		}
		// where the user wrote it: the start directory, not the project
		// root above it, which the client reads no such file from either
		f := ig.File
		f.AtStart = true
		doc := v.o.readDoc(v.c, f, v.root)
		if doc == nil {
			continue
		}
		m, n := ignoredServers(doc, ig)
		if m == nil {
			continue
		}
		if !slices.Contains(set.Documents, doc) {
			set.Documents = append(set.Documents, doc)
		}
		set.Ignored = append(set.Ignored, normalize.IgnoredServers{Doc: doc, Member: m, Count: n, Why: ig.Why})
		set.Sources = append(set.Sources, normalize.SourceFile{Path: doc.Path, Abs: doc.Abs, Client: v.c, Scope: ig.File.Scope,
			Order: len(set.Sources), Status: normalize.Ignored, Servers: n,
			Note: fmt.Sprintf("%s ignores %q here: %s", v.c.Product, ig.Key, ig.Why)})
	}
}

// ignoredServers finds the servers a file the client ignores holds: under
// the key users write there, else under a key of a made-up format (an
// object or an array of servers); n counts them.
func ignoredServers(doc *normalize.Document, ig normalize.IgnoredFile) (m *normalize.Member, n int) {
	for _, k := range append([]string{ig.Key}, ig.Also...) {
		m := doc.Root.Member(k)
		if m == nil {
			continue
		}
		switch {
		case m.Value.Kind == normalize.Object && len(m.Value.Members) > 0:
			return m, len(m.Value.Unique())
		case m.Value.Kind == normalize.Array && len(m.Value.Items) > 0:
			return m, len(m.Value.Items)
		}
	}
	return nil, 0
}

// Target is where a definition for a client is written: a file, and the
// object in it that holds the servers under the client's servers key.
type Target struct {
	Abs, Display string
	Format       normalize.Format
	// Within are the keys from the file's top-level object down to the
	// object that holds the servers key, created where missing; none: the
	// top-level object. Claude Code's local scope is ["projects", KEY]
	// (ProjectKey).
	Within []string
	// Lock is the lock its client takes while writing it (File.Lock), to
	// take while writing it too; "" for none.
	Lock string
	// Private: a file created is readable by its owner only (File.Private).
	Private bool
}

// TargetFile is the file a definition for client c is written to in
// scope (normalize.Project: the project's; normalize.User: the user's;
// normalize.Local: the project's private one): the first of its files of
// that scope on this system that holds servers at its top, under the
// servers key, or in the project's entry of a table of projects
// (File.Section: Claude Code's ~/.claude.json projects[KEY]), not a
// settings file's section. Of a group of files the client reads only
// the first existing of (File.Group: Claude Code's legacy
// ~/.claude/.config.json over ~/.claude.json), the one that exists; when
// none does, the group's last, the file the client itself now writes. A
// project file is the copy the client reads first (projectDirs): in the
// start directory, where a client reads one in each directory up to its
// project root (Codex, Claude Code's .mcp.json), or the nearest existing
// one, where it reads only that (agent-code).
// ok is false when it has none.
func (o *Options) TargetFile(c *normalize.Client, scope normalize.Scope) (t Target, ok bool) {
	usable := func(f normalize.File) bool {
		return f.Scope == scope && !f.NotTarget && f.ForOS(o.goos()) && (f.Section == "" || f.Format == normalize.JSON) && len(f.ServersPath) == 0 && f.Base != normalize.SystemDir && !f.RemoteHTTPS
	}
	root := o.projectRoot(c)
	for _, f := range c.Files {
		if !usable(f) {
			continue
		}
		if f.Section != "" {
			t.Within = []string{f.Section, o.ProjectKey(o.keyRoot(c, root))}
		}
		t.Format, t.Private = f.Format, f.Private
		if f.Group != "" {
			var group []normalize.File
			for _, g := range c.Files {
				if g.Group == f.Group && usable(g) {
					group = append(group, g)
				}
			}
			// each file's own path (fileAbs would give the group's choice)
			at := func(g normalize.File) string {
				if p, ok := o.pathFromVar(g); ok {
					return p
				}
				return filepath.Join(o.dir(g.Base), filepath.FromSlash(g.Path))
			}
			t.Abs = at(group[len(group)-1])
			for _, g := range group {
				if a := at(g); o.exists(a) {
					t.Abs = a
					break
				}
			}
			t.Display = o.display(t.Abs, normalize.HomeDir)
			if f.Lock != "" {
				t.Lock = t.Abs + f.Lock
			}
			return t, true
		}
		if f.Base == normalize.RootDir {
			// the copy the client reads first: in the start directory
			// (not the git root Codex folds down from), or the nearest
			// one agent-code already reads
			t.Abs = filepath.Join(o.projectDirs(c, f, root)[0], filepath.FromSlash(f.Path))
			t.Display = o.display(t.Abs, normalize.RootDir)
		} else {
			t.Abs, t.Display = o.fileAbs(c, f, root)
		}
		if f.Lock != "" {
			t.Lock = t.Abs + f.Lock
		}
		return t, true
	}
	return Target{}, false
}

// ProjectKey is the key of the project at root in a table of projects
// (File.Section), as Claude Code 2.1.331 writes it (`claude mcp add
// --scope local`): the root with its symbolic links resolved, with
// forward slashes on Windows. A root that cannot be resolved is kept as
// it is. The readers find the entry by it too (projectKeys).
func (o *Options) ProjectKey(root string) string {
	key := filepath.Clean(root)
	if r, err := filepath.EvalSymlinks(key); err == nil {
		key = r
	}
	if o.goos() == "windows" {
		key = strings.ReplaceAll(key, `\`, "/")
	}
	return key
}
