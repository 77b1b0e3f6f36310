// Package discover finds the MCP config files of every known client — in the
// project from the start directory up, in the home directory, and on the
// machine (--system) — reads each once per run with positions, decodes its
// servers through the client's descriptor, and builds each client's view as
// the client itself would: which definition wins, and whether it starts or
// why not (Options.View; docs/architecture.md lists the steps). A client
// that reads its providers' files as well (pisces, Merge ByPriority) is
// built the same way, from its providers' locations (Locations). It never
// runs anything.
package discover

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// Options say where to look. Root and Home are made absolute by Prepare.
type Options struct {
	Root string // project root
	Home string // user home
	// Base is what project paths are shown relative to; default Root.
	Base string
	// Cwd is mcpconf's own working directory, against which relative
	// Root, Home and Base are made absolute; default the
	// process's. It is not where the client starts (Root): relative client
	// variables (CODEX_HOME=cfg) and trust rules are resolved at Root.
	Cwd string
	// Getenv reads the environment; nil means no variables are set, which
	// keeps tests hermetic.
	Getenv func(string) string
	// GOOS is the system whose paths are used (default the running one),
	// so tests can ask for macOS and Windows paths anywhere.
	GOOS string
	// AssumeTrusted judges the project as a user who trusts it and approved
	// its servers would load it (lint: trust and approval are the state of
	// one machine, not properties of the files). Rejections written in the
	// project's settings still count.
	AssumeTrusted bool
	// Isolated: Home was given (--home), so client variables that point
	// outside it are ignored: the run reads nothing of the real home.
	Isolated bool
	// System is the directory that stands for the machine's root, where
	// machine-wide files are looked for (normalize.SystemDir): "/" on
	// this machine; "" reads none of them (a run isolated with --home,
	// unless --system says where another machine's files are).
	System string
	// Profile selects a named profile of the clients that have profiles
	// (normalize.Profile: Codex's --profile NAME reads
	// $CODEX_HOME/NAME.config.toml on top of its config.toml); "" selects
	// none, as a client started without the flag.
	Profile string
	// Overlay, when set, holds the text of files as an editor has them,
	// unsaved (mcpconf lsp): a file it knows is read from it, never from
	// the disk, and exists even when the disk has no such file. nil reads
	// the disk only.
	Overlay Overlay
	// cache holds the files read so far, so that the views of several
	// clients read a shared file once.
	cache *docCache
}

// Overlay gives the text of the file at abs (absolute, clean) when it
// holds one: an editor's open buffer.
type Overlay func(abs string) (src []byte, ok bool)

// newCache is a run's cache of files read, through o's overlay.
func (o *Options) newCache() *docCache {
	return &docCache{m: map[docKey]*cached{}, overlay: o.Overlay}
}

var runtimeGOOS = runtime.GOOS

func (o *Options) getenv(k string) string {
	if o.Getenv == nil {
		return ""
	}
	return o.Getenv(k)
}

// RootError means the project root itself cannot be read: there is nothing
// to report on.
type RootError struct{ Err error }

func (e *RootError) Error() string { return e.Err.Error() }
func (e *RootError) Unwrap() error { return e.Err }

func (o *Options) prepare() error {
	if o.Cwd == "" {
		o.Cwd, _ = os.Getwd()
	}
	o.Root = absFrom(o.Cwd, o.Root)
	o.Home = absFrom(o.Cwd, o.Home)
	if o.Base == "" {
		o.Base = o.Root
	}
	o.Base = absFrom(o.Cwd, o.Base)
	f, err := os.Open(o.Root) // paths above are set even when this fails
	if err == nil {
		_, err = f.Readdirnames(1)
		f.Close()
		if errors.Is(err, io.EOF) {
			err = nil // an empty root is fine
		}
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return &RootError{fmt.Errorf("cannot read root %q: %v", o.Root, err)}
	}
	return nil
}

// loaded is what reading a list of locations gives, before merging.
type loaded struct {
	set   *normalize.Set
	defs  []normalize.Server // in location order, the client's lists applied
	lists *fileLists
	exts  []extensionInfo // the extensions read, in location order
}

// load reads and decodes locations for the view of client view: each
// location with the shape of the client that owns it (a provider's, for a
// client that reads its providers' files, which then honours only the
// lists its providers table names). trusted says whether lists in project
// files count; scope which settings files lists are read from.
func (o *Options) load(locs []Location, view *normalize.Client, trusted bool, scope ScopeFilter) loaded {
	docs := o.readAll(locs)
	env := o.clientEnv(view, scope)
	set := &normalize.Set{Root: o.Root, Home: o.Home, Environ: env.settings}
	lists := &fileLists{providers: view.ReadsProviders(), trusted: trusted, getenv: env.getenv, lookup: env.lookup, processLookup: env.process, goos: o.goos()}
	perLoc := make([][]normalize.Server, len(locs))
	var exts []extensionInfo
	var cleared *normalize.Gate     // a file's servers key set to null (Shape.NullClears)
	firstHad := map[string]string{} // Provider.FirstWithServers: provider and scope -> the file read
	for i, loc := range locs {
		r := docs[i]
		sf := normalize.SourceFile{Path: loc.Display, Abs: loc.Abs, Client: loc.Client, Scope: loc.Scope,
			Priority: loc.Priority, Order: loc.Order, Status: normalize.Absent, Flat: loc.Flat}
		sf.Own = loc.Client == view && !loc.Guest
		if loc.Section != "" {
			sf.Section = loc.Client.SectionPath(loc.Section, loc.key(o.Root))
		}
		if loc.Skip != nil {
			// the client finds the file and does not read it
			sf.Status, sf.Skipped, sf.Hint = normalize.Ignored, !loc.Skip.OptIn, loc.Skip.Hint
			sf.Note = fmt.Sprintf("%s skips it: %s", loc.Client.Product, loc.Skip.Reason)
			if loc.Skip.OptIn {
				sf.Note = fmt.Sprintf("%s does not read it: %s", view.Product, loc.Skip.Reason)
			}
			set.Sources = append(set.Sources, sf)
			continue
		}
		if r.doc != nil && !r.shared {
			set.Documents = append(set.Documents, r.doc)
			set.Diagnostics = append(set.Diagnostics, r.diags...)
			set.Diagnostics = append(set.Diagnostics, duplicateKeys(r.doc)...)
		}
		switch {
		case r.doc == nil:
			// absent
		case r.doc.Root == nil:
			sf.Status = normalize.Failed
			sf.Error = firstError(r.diags)
		case loc.Plugin != nil:
			servers, diags := decodePlugin(r.doc, loc)
			set.Diagnostics = append(set.Diagnostics, diags...)
			sf.Status, sf.Servers = normalize.Found, len(servers)
			perLoc[i] = servers
		case loc.Extension != nil:
			servers, diags, name, why := decodeExtension(r.doc, loc, o.Root)
			set.Diagnostics = append(set.Diagnostics, diags...)
			if why != "" {
				sf.Status = normalize.Ignored
				sf.Note = fmt.Sprintf("%s skips this extension: %s", loc.Client.Product, why)
				break
			}
			sf.Status, sf.Servers, sf.Extension = normalize.Found, len(servers), name
			perLoc[i] = servers
			exts = append(exts, extensionInfo{name: name, path: loc.Display, spec: loc.Extension})
		case r.doc.Root != nil && skipAt(view, r.doc, loc, &sf):
			// the client skips the whole file (Gates.SkipsFile)
		default:
			servers, diags, ok := decodeFile(r.doc, loc, loc.key(o.Root), lists)
			set.Diagnostics = append(set.Diagnostics, diags...)
			if view.ReadsProviders() && loc.Client != view {
				for j := range servers {
					view.ReadAsProvider(&servers[j])
				}
			}
			if p := normalize.ProviderOf(loc.Client); view.ReadsProviders() && p != nil && p.FirstWithServers && kept(view, loc, servers) > 0 {
				key := loc.Client.ID + "|" + string(loc.Scope)
				if first, had := firstHad[key]; had {
					servers, ok = nil, false
					sf.Status = normalize.Ignored
					sf.Note = fmt.Sprintf("%s does not read it: it reads only the first %s file of %s's that holds servers, %s", view.Product, loc.Scope, loc.Client.Product, first)
				} else {
					firstHad[key] = loc.Display
				}
			}
			if ok {
				sf.Status = normalize.Found
				sf.Servers = len(servers)
				perLoc[i] = servers
			}
			if g := nullServers(view, r.doc, loc); g != nil && cleared == nil {
				cleared = g
			} else if cleared != nil && loc.Extension == nil && !loc.Apart {
				for j := range servers {
					servers[j].TurnOff(*cleared)
				}
			}
			if loc.RemoteHTTPS {
				for j := range servers {
					remoteHTTPSOnly(view, &servers[j])
				}
			}
			for j := range servers {
				droppedForHeaders(view, loc, &servers[j])
			}
		}
		set.Sources = append(set.Sources, sf)
	}
	o.collectOwnFileLists(view, lists, scope)
	defs := slices.Concat(perLoc...)
	exclusive(view, locs, docs, defs)
	o.locks(view, defs, env)
	o.disabledExtensions(view, defs)
	if view.ReadsProviders() && view.ToolFilters == [2]string{} {
		// a client reading other tools' files with its own loader keeps
		// their tool filters only if it has one (pisces has none)
		for j := range defs {
			defs[j].IncludeTools, defs[j].ExcludeTools = nil, nil
		}
	}
	lists.applyBeforeMerge(defs)
	return loaded{set: set, defs: defs, lists: lists, exts: exts}
}

// nullServers is the gate of the servers below a file whose servers key is
// null, for a client whose settings merge then drops them
// (Shape.NullClears); nil otherwise.
func nullServers(view *normalize.Client, doc *normalize.Document, loc Location) *normalize.Gate {
	if !view.NullClears || loc.Apart || loc.Extension != nil || doc.Root == nil || len(loc.ServersPath) > 0 {
		return nil
	}
	m := doc.Root.Member(view.ServersKey)
	if m == nil || m.Value.Kind != normalize.Null {
		return nil
	}
	return &normalize.Gate{Status: normalize.StatusDisabled, Kind: normalize.ByConfig, Path: doc.Path, Pos: m.KeyRange.Start, Unlisted: true, Yields: true,
		Reason: fmt.Sprintf("%q is null at %s:%s, which replaces the servers of the files below it when %s merges its settings", view.ServersKey, doc.Path, m.KeyRange.Start, view.Product),
		Hint:   fmt.Sprintf("remove %q: null at %s:%s", view.ServersKey, doc.Path, m.KeyRange.Start)}
}

// remoteHTTPSOnly turns off a server of a file the client reads only
// remote https servers from (File.RemoteHTTPS): it ignores any other,
// without a word in its own listing.
func remoteHTTPSOnly(c *normalize.Client, s *normalize.Server) {
	if !s.Enabled {
		return
	}
	why := ""
	u, err := url.Parse(s.URL)
	switch {
	case c.RemoteNames != nil && !c.RemoteNames.OK(s.Name):
		why = "its name breaks the rule \"" + c.RemoteNames.Say + "\""
	case s.Transport != normalize.HTTP && s.Transport != normalize.SSE || !s.TransportExplicit:
		why = fmt.Sprintf("it is not an %q or %q server", c.TypeFor(normalize.HTTP), c.TypeFor(normalize.SSE))
	case err != nil || u.Scheme != "https" || u.Host == "":
		why = "its URL is not https"
	case usesPlaceholders(s, c) || s.Node.Member("env") != nil && usesAnyPlaceholder(s.Node.Get("env"), c):
		why = "it uses a placeholder"
	default:
		for _, k := range []string{"command", "args", "env", "headersHelper"} {
			if s.Node.Member(k) != nil {
				why = fmt.Sprintf("it has %q", k)
				break
			}
		}
	}
	if why == "" {
		return
	}
	s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Path: s.Source.Path, Pos: s.Source.Pos, Unlisted: true, Yields: true,
		Reason: fmt.Sprintf("%s reads only remote servers with an https URL and nothing to run or expand from %s, and ignores %q: %s (%s:%s)",
			c.Product, s.Source.Path, s.Name, why, s.Source.Path, s.Source.Pos),
		Hint: fmt.Sprintf("give it \"type\": %q and an https \"url\", or move it to a file that may start programs", c.TypeFor(normalize.HTTP))})
}

// usesAnyPlaceholder reports a placeholder the client expands anywhere in v.
func usesAnyPlaceholder(v *normalize.Value, c *normalize.Client) bool {
	found := false
	v.Walk(func(x *normalize.Value) bool {
		if x.Kind == normalize.String {
			for _, ph := range resolve.Scan(x.Str) {
				found = found || c.Expands(ph.Syntax)
			}
		}
		return !found
	})
	return found
}

// exclusive applies a file that, while it exists, leaves the client only
// the servers of its own scope (File.Exclusive): every other definition
// is kept out, and yields its name.
func exclusive(c *normalize.Client, locs []Location, docs []readResult, defs []normalize.Server) {
	for i, loc := range locs {
		if !loc.Exclusive || docs[i].doc == nil {
			continue
		}
		for j := range defs {
			s := &defs[j]
			if s.Source.Scope == loc.Scope || !s.Enabled {
				continue
			}
			s.TurnOff(normalize.Gate{Status: normalize.StatusBlocked, Kind: normalize.ByConfig, Yields: true, Unlisted: c.HidesBlocked,
				Path: loc.Display, Reason: fmt.Sprintf("%s exists, so %s loads servers only from its %s files", loc.Display, c.Product, loc.Scope),
				Hint: fmt.Sprintf("ask the machine's administrator to add the server to %s", loc.Display)})
		}
		return
	}
}

// locks applies the client's locks that are on (Client.Locks): every
// definition of a scope a lock does not keep is kept out, whatever else
// would have judged it, and yields its name.
func (o *Options) locks(c *normalize.Client, defs []normalize.Server, env *clientEnv) {
	for _, l := range c.Locks {
		why, path, pos := o.lockOn(c, l, env)
		if why == "" {
			continue
		}
		hint := l.Hint
		if l.Env != "" && path != "" {
			hint = fmt.Sprintf("remove %q from the env of %s", l.Env, path)
		}
		for j := range defs {
			s := &defs[j]
			if slices.Contains(l.Keeps, s.Source.Scope) {
				continue
			}
			s.TurnOff(normalize.Gate{Status: l.Status, Kind: normalize.ByConfig, Yields: true, Unlisted: true, InvalidWins: l.InvalidShown,
				Path: path, Pos: pos, Reason: why + ": " + l.Does, Hint: hint})
		}
	}
}

// lockOn says why a lock is on ("" when it is off), and where. A lock by
// a variable reads it in the environment the started client has (env):
// a file that sets it says so.
func (o *Options) lockOn(c *normalize.Client, l normalize.Lock, env *clientEnv) (why, path string, pos normalize.Pos) {
	if l.Env != "" {
		v := env.getenv(l.Env)
		if !slices.Contains(l.EnvTrue, strings.ToLower(strings.TrimSpace(v))) {
			return "", "", pos
		}
		if s := env.setIn(l.Env); s != nil {
			return fmt.Sprintf("%s is %q (set by the env of %s:%s)", l.Env, v, s.Path, s.Pos), s.Path, s.Pos
		}
		return fmt.Sprintf("%s is %q", l.Env, v), "", pos
	}
	var top *normalize.Value // the highest file's value
	var topDoc *normalize.Document
	var item *normalize.Value // an array entry holding Item
	var itemDoc *normalize.Document
	for _, f := range l.Files {
		if !f.ForOS(o.goos()) {
			continue
		}
		for _, doc := range o.settingDocs(c, f, o.Root) { // highest first
			m := lookupKey(doc.Root, l.Path, "")
			if m == nil || m.Value.Kind == normalize.Null {
				continue
			}
			v := m.Value
			if top == nil {
				top, topDoc = v, doc
			}
			if v.Kind == normalize.Array && item == nil {
				for _, it := range v.Items {
					if it.Kind == normalize.String && it.Str == l.Item {
						item, itemDoc = it, doc
						break
					}
				}
			}
		}
	}
	key := strings.Join(l.Path, ".")
	switch {
	case top == nil:
		return "", "", pos
	case top.Kind == normalize.Bool && top.Bool:
		return fmt.Sprintf("%q is true at %s:%s", key, topDoc.Path, top.Range.Start), topDoc.Path, top.Range.Start
	case l.InvalidOn && top.Kind != normalize.Bool && top.Kind != normalize.Array:
		return fmt.Sprintf("%q at %s:%s is %s, which %s takes for true", key, topDoc.Path, top.Range.Start, valueText(top), c.Product), topDoc.Path, top.Range.Start
	case item != nil:
		return fmt.Sprintf("%q lists %q at %s:%s", key, l.Item, itemDoc.Path, item.Range.Start), itemDoc.Path, item.Range.Start
	}
	return "", "", pos
}

// key is the project path a Section location is keyed by.
func (l Location) key(root string) string {
	if l.Key != "" {
		return l.Key
	}
	return root
}

// Prepare makes paths absolute and checks that the root can be read.
func (o *Options) Prepare() error {
	if o.cache == nil {
		// made before the options are copied, so that every copy (one per
		// project root of a monorepo) shares the files read
		o.cache = o.newCache()
	}
	return o.prepare()
}

// duplicateKeys reports every key written twice in one object. JSON
// readers keep the last one without a word, so the first is dead text.
func duplicateKeys(doc *normalize.Document) []normalize.Diagnostic {
	var out []normalize.Diagnostic
	for _, d := range doc.Duplicates {
		diag := normalize.At(doc, d.First.KeyRange, d.First.Value.Pointer, normalize.RuleDuplicateKey, normalize.Warning,
			"key %q is defined again at %d:%d; this first definition is ignored", d.First.Key, d.Last.KeyRange.Start.Line, d.Last.KeyRange.Start.Col)
		diag.Related = []normalize.Related{{Path: doc.Path, Pos: d.Last.KeyRange.Start, Message: "the definition in effect"}}
		diag.Hint = "remove one of the two"
		out = append(out, diag)
	}
	return out
}

func firstError(diags []normalize.Diagnostic) string {
	for _, d := range diags {
		if d.Severity == normalize.Error {
			if d.Pos.IsValid() {
				return fmt.Sprintf("%s: %s", d.Pos, d.Message)
			}
			return d.Message
		}
	}
	return "cannot be read"
}

type readResult struct {
	doc    *normalize.Document
	diags  []normalize.Diagnostic
	shared bool // the same file was read for an earlier location
}

// readAll reads the locations in parallel (bounded) and returns results in
// location order. A file is read once, whichever locations and views use
// it (~/.claude.json holds two scopes).
func (o *Options) readAll(locs []Location) []readResult {
	if o.cache == nil {
		o.cache = o.newCache()
	}
	out := make([]readResult, len(locs))
	first := map[string]int{}
	var jobs []int
	for i, l := range locs {
		if _, ok := first[l.Abs]; ok {
			out[i].shared = true
			continue
		}
		first[l.Abs] = i
		jobs = append(jobs, i)
	}
	// a file read already, or known to be missing, costs nothing to ask
	// for again: only the others are worth a goroutine (each one spawned
	// wakes a thread, which costs more than a small file's read)
	jobs = slices.DeleteFunc(jobs, func(i int) bool {
		if !o.cache.settled(locs[i], o.pruneFor(locs[i])) {
			return false
		}
		out[i] = o.cache.read(locs[i], o.Root, o.Home, o.pruneFor(locs[i]))
		return true
	})
	// the others at once, more than there are processors: a read mostly
	// waits on the system (each() runs one alone on this goroutine)
	each(len(jobs), runtime.GOMAXPROCS(0)*4, func(k int) {
		i := jobs[k]
		out[i] = o.cache.read(locs[i], o.Root, o.Home, o.pruneFor(locs[i]))
	})
	for i, l := range locs {
		if out[i].shared {
			j := first[l.Abs]
			out[i].doc, out[i].diags = out[j].doc, out[j].diags
		}
	}
	return out
}

// Forget drops what the run read for the project at root: the files, and
// whether paths exist, at the absolute paths drop selects, and the tables
// of projects as root and the roots below it read them (~/.claude.json's
// entries near root).
// lint -r is done with a project root once it is checked, and the run's
// memory must not grow with the tree. A file asked for again is read
// again.
func (o *Options) Forget(root string, drop func(abs string) bool) {
	if o.cache != nil {
		o.cache.forget(root, drop)
	}
}

// docCache holds every file read in one run.
type docCache struct {
	// tables maps the path of each table of projects to its section
	// (normalize.ProjectTables), made on first use.
	tables     map[string]string
	tablesOnce sync.Once
	// tableFiles holds each table of projects read, once per run.
	tableFiles map[string]func() *table

	// overlay holds the files an editor has open (Options.Overlay)
	overlay Overlay

	mu    sync.Mutex
	m     map[docKey]*cached
	notes []string
	// stats holds whether each path exists, once asked (exists)
	stats memo[string, stat]
	// markers holds whether a root marker's path exists (os.Lstat: a
	// link counts, whatever it leads to), once asked (marker)
	markers      memo[string, bool]
	noMarkerMemo bool // tests: ask the system every time
	// real holds each path's links resolved ("" when that failed), once
	// asked (Options.evalLinks)
	real memo[string, string]
	// locs holds each client's locations, once resolved (viewLocations)
	locs memo[locKey, []Location]
	// mains holds, by project root, the main checkout of a linked git
	// worktree ("" for none), once asked (keyRoot)
	mains memo[string, string]
	// optIns holds the opt-in setting of a providers table's owner, once
	// read (optedIn)
	optIns memo[*normalize.Client, *optIns]
}

// stat is what a look at a path found: whether it exists, and whether it
// is missing as reading it would find it (fs.ErrNotExist: no finding, the
// file is absent); neither when something else is wrong with it.
type stat struct{ exists, missing bool }

// mainCheckout is linkedWorktree's answer for root, read once per run.
func (c *docCache) mainCheckout(root string) string {
	return c.mains.get(root, func() string {
		main, _ := linkedWorktree(root)
		return main
	})
}

// exists asks the system whether path exists, once per run; a file an
// editor has open exists.
func (c *docCache) exists(path string) bool {
	if st, ok := c.stats.peek(path); ok {
		return st.exists
	}
	if c.overlay != nil {
		if _, open := c.overlay(path); open {
			return true
		}
	}
	return c.stats.get(path, func() stat {
		_, err := os.Stat(path)
		return stat{exists: err == nil, missing: errors.Is(err, fs.ErrNotExist)}
	}).exists
}

// missing reports whether a look at path (exists) found nothing there, as
// reading it would (fs.ErrNotExist: no finding, the file is absent);
// false when nobody looked, or something else is wrong with it.
func (c *docCache) missing(path string) bool {
	st, _ := c.stats.peek(path)
	return st.missing
}

// evalLinks is filepath.EvalSymlinks, once per path and run: a path is
// resolved for each client that reads or compares it.
func (o *Options) evalLinks(p string) (string, error) {
	c := o.cache
	if c == nil {
		return filepath.EvalSymlinks(p)
	}
	r := c.real.get(p, func() string {
		r, err := filepath.EvalSymlinks(p)
		if err != nil {
			return ""
		}
		return r
	})
	if r == "" {
		return "", &fs.PathError{Op: "lstat", Path: p, Err: fs.ErrNotExist}
	}
	return r, nil
}

// realPath is the package's realPath, once per path and run (evalLinks).
func (o *Options) realPath(p string) string {
	if r, err := o.evalLinks(p); err == nil {
		return r
	}
	return p
}

// marker reports whether a root marker's path exists (as os.Lstat sees
// it), asking the system once per run.
func (c *docCache) marker(path string) bool {
	look := func() bool {
		_, err := lstat(path)
		return err == nil
	}
	if c.noMarkerMemo {
		return look()
	}
	return c.markers.get(path, look)
}

func (c *docCache) forget(root string, drop func(abs string) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.m {
		if k.forRoot == "" && drop(k.abs) || k.forRoot != "" && (k.forRoot == root || strings.HasPrefix(k.forRoot, root+string(filepath.Separator))) {
			delete(c.m, k)
		}
	}
	c.stats.forget(drop)
	c.markers.forget(drop)
	c.real.forget(drop)
	c.mains.forget(func(p string) bool { return p == root || drop(p) })
	c.locs.forget(func(k locKey) bool {
		return k.start == root || strings.HasPrefix(k.start, root+string(filepath.Separator))
	})
}

type cached struct {
	once  sync.Once
	done  atomic.Bool // once has run
	doc   *normalize.Document
	diags []normalize.Diagnostic
	file  safefile.File // what was read, for its real path
	open  bool          // read from the overlay
	// confined holds, by project root and home, the document as a run
	// with that root shows it (see confine): the same file may be the
	// project's for one root of lint -r and not for another.
	confined map[[2]string]readResult
}

// table reads a table of projects once per run (nil: it does not exist).
func (c *docCache) table(key string, l Location, section string) *table {
	c.mu.Lock()
	if c.tableFiles == nil {
		c.tableFiles = map[string]func() *table{}
	}
	get := c.tableFiles[key]
	if get == nil {
		get = sync.OnceValue(func() *table {
			t, err := readTable(l.Abs, l.Display, section, c.overlay)
			if err != nil {
				return nil
			}
			return t
		})
		c.tableFiles[key] = get
	}
	c.mu.Unlock()
	return get()
}

// docKey is a document of the cache. The display path is part of it: a
// document carries it into every finding, and two roots of one run (lint
// -r) may show the same file differently. A table of projects is read as
// each root needs it (forRoot), and forgotten with the root.
type docKey struct {
	format       normalize.Format
	abs, display string
	forRoot      string
}

// read reads a location once per run and returns it as seen from the
// project at root with home.
// A table of projects (pr) is read for root: the key says so.
// settled reports whether reading l costs nothing: it was read already, or
// a look found nothing there (and no editor has it open).
func (c *docCache) settled(l Location, pr *prune) bool {
	if pr != nil {
		return false
	}
	key := docKey{format: l.Format, abs: l.Abs, display: l.Display}
	c.mu.Lock()
	e := c.m[key]
	c.mu.Unlock()
	gone := c.missing(l.Abs)
	if e != nil && e.done.Load() {
		return true
	}
	if _, open := c.overlay.text(l.Abs); open {
		return false
	}
	return gone
}

func (c *docCache) read(l Location, root, home string, pr *prune) readResult {
	key := docKey{format: l.Format, abs: l.Abs, display: l.Display}
	fileKey := string(l.Format) + "\x00" + l.Abs + "\x00" + l.Display
	if pr != nil {
		if c.table(fileKey, l, pr.section) == nil {
			return readResult{} // absent
		}
		key.forRoot = root
	}
	c.mu.Lock()
	e := c.m[key]
	if e == nil {
		e = &cached{}
		c.m[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		if pr != nil {
			// read and scanned once, whatever the roots of the run
			if t := c.table(fileKey, l, pr.section); t != nil {
				e.doc, e.diags = t.doc(projectsNear(pr.root, pr.goos))
				e.file = t.file
			}
			return
		}
		if src, open := c.overlay.text(l.Abs); open {
			e.doc, e.diags = Parse(l.Abs, l.Display, l.Format, src)
			e.open = true
			return
		}
		if c.missing(l.Abs) {
			return // looked at already: reading it would find nothing either
		}
		doc, diags, file, err := readParse(l.Abs, l.Display, l.Format)
		if err == nil {
			e.doc, e.diags, e.file = doc, diags, file
		}
	})
	e.done.Store(true)
	if e.doc == nil {
		return readResult{}
	}
	// Only a file that does not parse can be confined: one
	// document for the rest, whatever the root. An open buffer is what
	// the editor shows already: never confined.
	if parsesAsConfig(e.doc) || e.open {
		return readResult{doc: e.doc, diags: e.diags}
	}
	at := [2]string{root, home}
	c.mu.Lock()
	defer c.mu.Unlock()
	if r, ok := e.confined[at]; ok {
		return r
	}
	doc, diags := confine(e.doc, e.diags, e.file, root, home)
	if e.confined == nil {
		e.confined = map[[2]string]readResult{}
	}
	r := readResult{doc: doc, diags: diags}
	e.confined[at] = r
	return r
}

// decodeFile finds the servers of one location in its document. ok is false
// when the location holds no servers section at all (Claude's local scope
// without an entry for this root).
func decodeFile(doc *normalize.Document, loc Location, root string, lists *fileLists) ([]normalize.Server, []normalize.Diagnostic, bool) {
	c := loc.Client
	var diags []normalize.Diagnostic
	top := doc.Root
	if top.Kind != normalize.Object {
		if loc.Section == "" { // reported once, for the file's main location
			diags = append(diags, normalize.At(doc, top.Range, "", normalize.RuleSchema, normalize.Error,
				"the file must hold an object at the top level, got %s", top.Kind))
		}
		return nil, diags, true
	}
	at := top
	if loc.Section != "" {
		at = projectSection(top, loc.Section, root, loc.View)
		if at == nil {
			return nil, nil, false
		}
	} else {
		lists.collect(doc, loc)
	}
	src := normalize.Source{Path: doc.Path, Abs: doc.Abs, Client: loc.Client, Scope: loc.Scope, Priority: loc.Priority, Order: loc.Order, Apart: loc.Apart, OwnScope: loc.OwnScope, Trusted: loc.Trusted}
	if len(loc.ServersPath) > 0 {
		// a settings file: the servers sit under a path among other settings
		m := lookupKey(at, loc.ServersPath, "")
		if m == nil {
			return nil, diags, true
		}
		servers, more := c.Decode(doc, m.Value, src)
		return servers, append(diags, more...), true
	}
	for _, wrong := range c.WrongKeys {
		m := at.Member(wrong)
		if m == nil || m.Value.Kind != normalize.Object {
			continue // absent, or some other setting that happens to share the name
		}
		d := normalize.At(doc, m.KeyRange, m.Value.Pointer, normalize.RuleWrongRootKey, normalize.Error,
			"servers under %q are ignored: %s reads %q in this file", wrong, c.Product, c.ServersKey)
		if slices.Contains(c.ToleratedKeys, wrong) {
			// VS Code's schema still tolerates the old key for stdio servers
			// "for rough cross-compat"; other tools reading the file do not.
			d.Severity = normalize.Warning
			d.Message = fmt.Sprintf("%q is deprecated in this file: %s reads %q and tolerates %q for stdio servers only; other tools ignore them", wrong, c.Product, c.ServersKey, wrong)
		}
		d.Hint = fmt.Sprintf("rename %q to %q", wrong, c.ServersKey)
		if doc.Format != normalize.TOML && at.Member(c.ServersKey) == nil && countKey(at, wrong) == 1 {
			// unambiguous: the key the client reads is not there
			d.Fix = &normalize.Fix{Description: fmt.Sprintf("rename %q to %q", wrong, c.ServersKey), Safe: true,
				Edits: []normalize.Edit{{Path: doc.Path, Abs: doc.Abs, Start: m.KeyRange.Start, End: m.KeyRange.End, Text: strconv.Quote(c.ServersKey)}}}
		}
		diags = append(diags, d)
	}
	list, flat := at.Get(c.ServersKey), false
	if loc.View {
		// as the client reads it (opencode's "mcp": {"servers": {...}})
		var dropped []*normalize.Member
		list, dropped = c.ServersOf(list)
		for _, m := range dropped {
			why := "it cannot read it as a server"
			if r := c.Refuses; r != nil && r.Entry != nil {
				if w, _, path := r.Entry(m.Value); w != "" {
					why = w
					if len(path) > 0 {
						why = r.At(w, path)
					}
				}
			}
			diags = append(diags, normalize.At(doc, m.KeyRange, m.Value.Pointer, normalize.RuleSchema, normalize.Warning,
				"%s drops server %q at %s as it reads the file, with a warning: %s", c.Product, m.Key, pointerKeys(m.Value.Pointer), why))
		}
	}
	if list == nil && loc.Flat {
		// no servers key: the top level holds the servers
		// (File.FlatServers), and a member that is no object is no entry
		list, flat = at, true
	}
	servers, more := c.Decode(doc, list, src)
	if flat {
		more = nil
	}
	if loc.View {
		// in the client's own view, servers under a tolerated key load too,
		// stdio ones only
		for _, k := range c.ToleratedKeys {
			tol, _ := c.Decode(doc, at.Get(k), src)
			for _, s := range tol {
				if s.Transport != normalize.Stdio {
					s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Path: doc.Path, Pos: s.Source.Pos,
						Reason: fmt.Sprintf("%s reads servers under %q for stdio servers only (%s:%s)", c.Product, k, doc.Path, s.Source.Pos),
						Hint:   fmt.Sprintf("move it under %q", c.ServersKey)})
				}
				servers = append(servers, s)
			}
		}
	}
	return servers, append(diags, more...), true
}

// projectSection finds the root's member of the table section
// (normalize.File.Section: projects[<root>] in ~/.claude.json). In the
// client's own view (exact) the key is the project's path as the client
// spells it (projectMember); pisces, reading the file as a provider,
// forgives trailing slashes.
func projectSection(top *normalize.Value, section, root string, exact bool) *normalize.Value {
	projects := top.Get(section)
	if projects == nil || projects.Kind != normalize.Object {
		return nil
	}
	if exact {
		if m := projectMember(projects, root); m != nil && m.Value.Kind == normalize.Object {
			return m.Value
		}
		return nil
	}
	want := projectKeys(root)
	for _, m := range projects.Unique() {
		if slices.Contains(want, filepath.Clean(filepath.FromSlash(m.Key))) && m.Value.Kind == normalize.Object {
			return m.Value
		}
	}
	return nil
}

// note records something the run left out, once.
func (o *Options) note(msg string) {
	if o.cache == nil {
		o.cache = o.newCache()
	}
	o.cache.mu.Lock()
	defer o.cache.mu.Unlock()
	if !slices.Contains(o.cache.notes, msg) {
		o.cache.notes = append(o.cache.notes, msg)
	}
}

// Notes are what the run left out and why, sorted: views are built in
// parallel, so the order they were noted in is not the same twice.
func (o *Options) Notes() []string {
	if o.cache == nil {
		return nil
	}
	o.cache.mu.Lock()
	defer o.cache.mu.Unlock()
	notes := slices.Clone(o.cache.notes)
	slices.Sort(notes)
	return notes
}

// pruneFor says which entries of a table of projects a run reads from
// the file at l (nil: the file is not one, or is read whole): those of
// projects at, above or below the start directory (projectsNear).
func (o *Options) pruneFor(l Location) *prune {
	c := o.cache
	c.tablesOnce.Do(func() {
		c.tables = map[string]string{}
		for _, f := range normalize.ProjectTables() {
			if f.ForOS(o.goos()) && (f.Base != normalize.SystemDir || o.System != "") {
				c.tables[filepath.Join(o.dir(f.Base), filepath.FromSlash(f.Path))] = f.Section
			}
		}
	})
	section := c.tables[l.Abs]
	if section == "" || l.Format != normalize.JSON {
		return nil
	}
	return &prune{section: section, root: o.Root, goos: o.goos()}
}

// countKey counts the members of obj named key (duplicates included).
func countKey(obj *normalize.Value, key string) int {
	n := 0
	for _, m := range obj.Members {
		if m.Key == key {
			n++
		}
	}
	return n
}

// kept counts the servers of a file the client does not lose as it reads
// them: a file holding only a "__proto__" entry holds no server for
// pisces's Claude provider, which then reads its next file
// (expandEnvVarsDeep drops the key; harness seed 5, tree 23,
// testdata/clients/gen-pisces-63c0f43c).
func kept(c *normalize.Client, loc Location, servers []normalize.Server) int {
	n := 0
	for _, s := range servers {
		if c.Lost(s.Name, loc.Scope, loc.Display, false, func() bool { return false }) == "" {
			n++
		}
	}
	return n
}

// skippedFile says why the client skips a file of its own whole
// (Gates.SkipsFile): an entry its check rejects, or a placeholder its
// project files may not hold; "" when it reads the file.
func skippedFile(view *normalize.Client, doc *normalize.Document, loc Location) string {
	why, _ := skipped(view, doc, loc)
	return why
}

// skipAt marks sf as a file the client skips whole, saying why and where
// (SourceFile.Note, SkipAt), and reports whether it does.
func skipAt(view *normalize.Client, doc *normalize.Document, loc Location, sf *normalize.SourceFile) bool {
	why, at := skipped(view, doc, loc)
	if why == "" {
		return false
	}
	sf.Status, sf.SkipAt = normalize.Ignored, at
	sf.Note = fmt.Sprintf("%s skips it (%q): %s", view.Product, view.SkipsFile.Says, why)
	return true
}

// skipped is skippedFile with the position of what it names.
func skipped(view *normalize.Client, doc *normalize.Document, loc Location) (string, normalize.Pos) {
	sk := view.SkipsFile
	// the project's files and the user files skipped as they are
	// (normalize.File.SkippedAlone)
	if sk == nil || loc.Client != view || loc.Scope != normalize.Project && !loc.SkippedAlone || doc == nil {
		return "", normalize.Pos{}
	}
	if doc.Unreadable {
		// it skips only what does not parse or what its schema rejects
		// (Kilo Code CLI's KilocodeConfig.caught): a file it cannot read
		// stops it (testdata/clients/kilo-project-unreadable)
		return "", normalize.Pos{}
	}
	if doc.Root == nil {
		return "it does not parse", normalize.Pos{Line: 1, Col: 1}
	}
	// the entries it drops for their headers are gone before it looks
	// (droppedForHeaders)
	dropped := func(m *normalize.Member) bool { return headerVar(m.Value, sk.HeaderVars) != nil }
	if at := projectVar(doc.Root, view.ServersKey, sk.ProjectVars, dropped); at != nil && loc.Scope == normalize.Project && !loc.Trusted {
		return fmt.Sprintf("%q at %s:%s: it does not expand variables in project files", at.Str, doc.Path, at.Range.Start), at.Range.Start
	}
	servers, _ := view.ServersOf(doc.Root.Get(view.ServersKey))
	if sk.Entry == nil || servers == nil || servers.Kind != normalize.Object {
		return "", normalize.Pos{}
	}
	for _, m := range servers.Members {
		if loc.Scope == normalize.Project && !loc.Trusted && dropped(m) {
			continue
		}
		if msg, v, _ := sk.Entry(m.Value); msg != "" {
			pos := m.KeyRange.Start
			if v != nil {
				pos = v.Range.Start
			}
			msg, _, _ = strings.Cut(msg, ", got ") // the value is at pos
			return fmt.Sprintf("entry %q: %s (%s:%s)", m.Key, msg, doc.Path, pos), pos
		}
	}
	return "", normalize.Pos{}
}

// projectVar is the first placeholder of a project file the client
// refuses (placeholderIn), leaving out the server entries it drops
// before it looks.
func projectVar(root *normalize.Value, serversKey string, prefixes []string, dropped func(*normalize.Member) bool) *normalize.Value {
	if root.Kind != normalize.Object {
		return placeholderIn(root, prefixes)
	}
	for _, m := range root.Members {
		if holdsPlaceholder(m.Key, prefixes) {
			return &normalize.Value{Kind: normalize.String, Str: m.Key, Range: m.KeyRange}
		}
		if m.Key != serversKey || m.Value.Kind != normalize.Object {
			if at := placeholderIn(m.Value, prefixes); at != nil {
				return at
			}
			continue
		}
		for _, e := range m.Value.Members {
			if dropped(e) {
				continue
			}
			if holdsPlaceholder(e.Key, prefixes) {
				return &normalize.Value{Kind: normalize.String, Str: e.Key, Range: e.KeyRange}
			}
			if at := placeholderIn(e.Value, prefixes); at != nil {
				return at
			}
		}
	}
	return nil
}

// placeholderIn is the first string of v holding one of the placeholder
// forms (a prefix: "{env:", then a name and "}"), a member's key or a
// value, or nil.
func placeholderIn(v *normalize.Value, prefixes []string) *normalize.Value {
	switch v.Kind {
	case normalize.String:
		if holdsPlaceholder(v.Str, prefixes) {
			return v
		}
	case normalize.Object:
		for _, m := range v.Members {
			if holdsPlaceholder(m.Key, prefixes) {
				return &normalize.Value{Kind: normalize.String, Str: m.Key, Range: m.KeyRange}
			}
			if at := placeholderIn(m.Value, prefixes); at != nil {
				return at
			}
		}
	case normalize.Array:
		for _, e := range v.Items {
			if at := placeholderIn(e, prefixes); at != nil {
				return at
			}
		}
	}
	return nil
}

// holdsPlaceholder reports whether s holds one of the placeholder forms,
// closed: the prefix, at least one character that is not "}", then "}"
// (Kilo Code CLI's /\{env:[^}]+\}/).
func holdsPlaceholder(s string, prefixes []string) bool {
	for _, p := range prefixes {
		for rest := s; ; {
			i := strings.Index(rest, p)
			if i < 0 {
				break
			}
			rest = rest[i+len(p):]
			if j := strings.IndexByte(rest, '}'); j > 0 {
				return true
			}
		}
	}
	return false
}

// headerVar is the first header name or value of a server entry holding
// one of the placeholder forms (FileSkip.HeaderVars), or nil.
func headerVar(entry *normalize.Value, prefixes []string) *normalize.Value {
	if len(prefixes) == 0 || entry == nil || entry.Kind != normalize.Object {
		return nil
	}
	h := entry.Get("headers")
	if h == nil || h.Kind != normalize.Object {
		return nil
	}
	for _, m := range h.Members {
		if holdsPlaceholder(m.Key, prefixes) {
			return &normalize.Value{Kind: normalize.String, Str: m.Key, Range: m.KeyRange}
		}
		if m.Value.Kind == normalize.String && holdsPlaceholder(m.Value.Str, prefixes) {
			return m.Value
		}
	}
	return nil
}

// droppedForHeaders turns off a project server whose headers hold a
// placeholder the client does not allow there (FileSkip.HeaderVars): it
// drops the entry as it reads the file, and a definition of the name in
// another file is used.
func droppedForHeaders(view *normalize.Client, loc Location, s *normalize.Server) {
	sk := view.SkipsFile
	if sk == nil || loc.Client != view || loc.Scope != normalize.Project || loc.Trusted {
		return
	}
	at := headerVar(s.Node, sk.HeaderVars)
	if at == nil {
		return
	}
	s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Path: s.Source.Path, Pos: at.Range.Start, Unlisted: true, Yields: true, Dropped: true,
		Reason: fmt.Sprintf("%s drops %q from %s: %q in its headers, and it does not expand variables in a project file's headers (%s:%s)",
			view.Product, s.Name, s.Source.Path, at.Str, s.Source.Path, at.Range.Start),
		Hint: fmt.Sprintf("write the header's value in the user's config (~/.config/kilo/kilo.json), or remove the variable at %s:%s", s.Source.Path, at.Range.Start)})
}

// pointerKeys writes a JSON pointer as dotted keys ("mcp.servers.x").
func pointerKeys(ptr string) string {
	keys := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, k := range keys {
		keys[i] = normalize.UnescapePointer(k)
	}
	return strings.Join(keys, ".")
}
