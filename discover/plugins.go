package discover

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// pluginLoc is what the location of a plugin's servers file carries: the
// plugin, its folder, and the setting that turns it off (nil: enabled).
type pluginLoc struct {
	id, name, dir string
	off           *normalize.Gate
	// managed: a managed settings file enables the plugin (it counts as
	// the organization's when duplicates are dropped)
	managed bool
	// inline: the servers are under the manifest's servers key
	inline bool
	// seq is the plugin's place in the order the client reads plugins
	// (pluginSettings); read the file's among the plugin's sources, its
	// servers file 0 (the client reads it first)
	seq, read int
}

// pluginFile is one file of one plugin.
type pluginFile struct{ abs, id string }

// pluginOrder is the first Location.Order of a plugin's file.
const pluginOrder = 1 << 20

// pluginSetting is one plugin named in an enabledPlugins object: the
// first (highest) file naming it decides.
type pluginSetting struct {
	id, name, market string
	on               bool
	bool             bool // the value is a boolean (false, when off)
	path             string
	pos              normalize.Pos
	managed          bool
	seq              int
}

// market is a marketplace declared in the settings: its folder, or why
// mcpconf does not read it; untrusted, the declaration of an untrusted
// project that the client reads once it is trusted.
type market struct {
	dir, why  string
	untrusted *normalize.Gate
}

// pluginSettings reads the plugins the client's settings name and the
// marketplaces they declare, highest file first: every file counts,
// trusted or not, but a marketplace a project's file declares only once
// the project is trusted (Plugins.MarketsTrusted). A plugin is on when
// its value is true ("only true turns on a marketplace plugin: a list of
// versions is accepted but leaves it off": claude-plugin-enabled-values).
func (v *viewer) pluginSettings() ([]pluginSetting, map[string]market) {
	pl := v.c.Plugins
	var out []pluginSetting
	var keys [][]string // each file's plugin ids, highest file first
	decided, seen := map[string]bool{}, map[string]bool{}
	markets := map[string]market{}
	for _, st := range pl.Settings {
		if st.Trusted && !v.trusted() {
			continue
		}
		if st.File.Section != "" || st.File.Base != normalize.RootDir && v.scope == ProjectScopes {
			continue
		}
		for _, doc := range v.o.settingDocs(v.c, st.File, v.root) {
			if seen[doc.Abs] || doc.Root == nil {
				continue
			}
			seen[doc.Abs] = true
			if mv := doc.Root.Get(pl.Markets); mv != nil && mv.Kind == normalize.Object {
				for _, m := range mv.Unique() {
					if _, ok := markets[m.Key]; ok {
						continue
					}
					mk := v.declaredMarket(m.Value)
					if pl.MarketsTrusted && st.File.Scope == normalize.Project && !v.trusted() {
						mk.untrusted = &normalize.Gate{Status: normalize.StatusUntrusted, Kind: normalize.ByTrust, Path: doc.Path, Pos: m.KeyRange.Start, Unlisted: true,
							Reason: fmt.Sprintf("the marketplace %q is declared in %s:%s, which %s reads once the project is trusted", m.Key, doc.Path, m.KeyRange.Start, v.c.Product)}
						if v.c.Trust != nil {
							mk.untrusted.Hint = v.c.Trust.Ask
						}
					}
					markets[m.Key] = mk
				}
			}
			ep := doc.Root.Get(pl.Enabled)
			if ep == nil || ep.Kind != normalize.Object {
				continue
			}
			var ids []string
			for _, m := range ep.Unique() {
				ids = append(ids, m.Key)
			}
			keys = append(keys, ids)
			for _, m := range ep.Unique() {
				if decided[m.Key] {
					continue
				}
				decided[m.Key] = true
				name, mk := m.Key, ""
				if i := strings.LastIndex(m.Key, "@"); i > 0 {
					name, mk = m.Key[:i], m.Key[i+1:]
				}
				out = append(out, pluginSetting{id: m.Key, name: name, market: mk, on: m.Value.Kind == normalize.Bool && m.Value.Bool, bool: m.Value.Kind == normalize.Bool,
					path: doc.Path, pos: m.KeyRange.Start, managed: st.File.Scope == normalize.Managed})
			}
		}
	}
	// the client merges its settings lowest file first: a plugin's place
	// is where the lowest file naming it names it
	// (testdata/clients/claude-plugin-dup-order, claude-plugin-dup-order-files)
	seq := map[string]int{}
	for _, ids := range slices.Backward(keys) {
		for _, id := range ids {
			if _, ok := seq[id]; !ok {
				seq[id] = len(seq)
			}
		}
	}
	for i := range out {
		out[i].seq = seq[out[i].id]
	}
	slices.SortStableFunc(out, func(a, b pluginSetting) int { return a.seq - b.seq })
	return out, markets
}

// declaredMarket reads one marketplace declaration: {"source": {"source":
// "directory", "path": DIR}} or a "file" source naming DIR's manifest. The
// path must be absolute: the client does not anchor a relative one.
func (v *viewer) declaredMarket(d *normalize.Value) market {
	pl := v.c.Plugins
	src := d.Get("source")
	if src == nil || src.Kind != normalize.Object {
		return market{why: "its declaration has no \"source\" object"}
	}
	kind, path := src.Get("source"), src.Get("path")
	k := ""
	if kind != nil && kind.Kind == normalize.String {
		k = kind.Str
	}
	if k != pl.Directory && k != pl.File {
		return market{why: fmt.Sprintf("its source is %q, which exists offline only as the copy %s downloads (not read by mcpconf)", k, v.c.Product)}
	}
	if path == nil || path.Kind != normalize.String || !filepath.IsAbs(path.Str) {
		return market{why: "its declared path is not absolute"}
	}
	dir := filepath.Clean(path.Str)
	if k == pl.File {
		if filepath.ToSlash(filepath.Base(filepath.Dir(dir))+"/"+filepath.Base(dir)) != pl.MarketManifest {
			return market{why: fmt.Sprintf("its file source is not a %s", pl.MarketManifest)}
		}
		dir = filepath.Dir(filepath.Dir(dir))
	}
	return market{dir: dir}
}

// readPluginJSON reads a marketplace's or a plugin's manifest: nil, ok
// when it is absent; nil, false when it cannot be read or parsed, which is
// noted with its position and what follows (then).
func (v *viewer) readPluginJSON(abs, then string) (*normalize.Document, bool) {
	if _, err := os.Stat(abs); err != nil {
		return nil, true
	}
	display := v.o.display(abs, nil)
	doc, diags, err := ReadFile(abs, display, normalize.JSON)
	if err != nil || doc == nil || doc.Root == nil {
		why := display + ": " + firstError(diags)
		if err != nil {
			why = display + ": " + err.Error()
		} else if d := firstDiag(diags); d != nil && d.Pos.IsValid() {
			why = fmt.Sprintf("%s:%s: %s", display, d.Pos, d.Message)
		}
		v.o.note(fmt.Sprintf("%s; %s", why, then))
		return nil, false
	}
	return doc, true
}

// firstDiag is the first error of diags, or nil.
func firstDiag(diags []normalize.Diagnostic) *normalize.Diagnostic {
	for i := range diags {
		if diags[i].Severity == normalize.Error {
			return &diags[i]
		}
	}
	return nil
}

// marketPlugins reads a marketplace's manifest: plugin name -> its folder
// (why, for a plugin whose source is not a folder inside it); nil when the
// manifest is absent or broken.
func (v *viewer) marketPlugins(dir string) map[string]market {
	pl := v.c.Plugins
	doc, _ := v.readPluginJSON(filepath.Join(dir, filepath.FromSlash(pl.MarketManifest)), "mcpconf reads none of the plugins it names")
	if doc == nil {
		return nil
	}
	out := map[string]market{}
	list := doc.Root.Get("plugins")
	if list == nil || list.Kind != normalize.Array {
		return out
	}
	for _, p := range list.Items {
		name := p.Get("name")
		if name == nil || name.Kind != normalize.String {
			continue
		}
		if _, ok := out[name.Str]; ok {
			continue
		}
		src := p.Get("source")
		if src == nil || src.Kind != normalize.String || !strings.HasPrefix(src.Str, "./") {
			out[name.Str] = market{why: "its source in the marketplace is not a folder inside it (\"./DIR\")"}
			continue
		}
		out[name.Str] = market{dir: filepath.Join(dir, filepath.FromSlash(src.Str))}
	}
	return out
}

// pluginLocations lists the files of every plugin the client's settings
// name whose marketplace is a folder, highest first: the manifest's
// servers over the plugin's servers file (a later source wins a name).
// A plugin set to false is read too, its servers off by that setting;
// one mcpconf cannot find is noted. lint's project scope reads the
// project's settings alone and keeps the plugin files inside the project
// (a repository's own marketplace); its user scope keeps the others.
func (v *viewer) pluginLocations() []Location {
	pl := v.c.Plugins
	if pl == nil || pl.Markets == "" {
		return nil
	}
	settings, markets := v.pluginSettings()
	read := map[string]map[string]market{}
	var out []Location
	for _, ps := range settings {
		note := func(why string) {
			if ps.on {
				v.o.note(fmt.Sprintf("plugin %q is not read: %s; %q is enabled in %s:%s, and %s lists its servers as %q, mcpconf does not",
					ps.id, why, ps.id, ps.path, ps.pos, v.c.Product, fmt.Sprintf(pl.Name, ps.name, "NAME")))
			}
		}
		mk, ok := markets[ps.market]
		switch {
		case ps.market == "":
			note("it names no marketplace (\"PLUGIN@MARKETPLACE\")")
			continue
		case !ok:
			note(fmt.Sprintf("the marketplace %q is not declared in %q of the settings mcpconf reads (one added with /plugin lives in a downloaded copy, which mcpconf does not read)", ps.market, pl.Markets))
			continue
		case mk.why != "":
			note(fmt.Sprintf("the marketplace %q is not read: %s", ps.market, mk.why))
			continue
		}
		plugins, done := read[mk.dir]
		if !done {
			plugins = v.marketPlugins(mk.dir)
			read[mk.dir] = plugins
		}
		if plugins == nil {
			note(fmt.Sprintf("the marketplace %q has no readable %s in %s", ps.market, pl.MarketManifest, mk.dir))
			continue
		}
		p, found := plugins[ps.name]
		if !found {
			note(fmt.Sprintf("the marketplace %q lists no plugin %q", ps.market, ps.name))
			continue
		}
		if p.why != "" {
			note(p.why)
			continue
		}
		info := &pluginLoc{id: ps.id, name: ps.name, dir: p.dir, managed: ps.managed, off: mk.untrusted, seq: ps.seq}
		if !ps.on {
			is := "false"
			if !ps.bool {
				is = "a list of versions, which leaves it off"
			}
			info.off = &normalize.Gate{Status: normalize.StatusDisabled, Kind: normalize.ByList, Path: ps.path, Pos: ps.pos, Unlisted: true,
				Reason: fmt.Sprintf("the plugin %q is off: %q is %s at %s:%s (%q)", ps.id, ps.id, is, ps.path, ps.pos, pl.Enabled),
				Hint:   fmt.Sprintf("set %q to true at %s:%s", ps.id, ps.path, ps.pos)}
		}
		if ps.managed {
			if v.managedPlugins == nil {
				v.managedPlugins = map[string]bool{}
			}
			v.managedPlugins[ps.id] = true
		}
		for _, l := range v.pluginFiles(info) {
			if v.pluginRank == nil {
				v.pluginRank = map[pluginFile]int{}
			}
			v.pluginRank[pluginFile{l.Abs, info.id}] = info.seq<<16 | l.Plugin.read
			out = append(out, l)
		}
	}
	for i := range out {
		out[i].Order = pluginOrder + i // after the files configured by hand
	}
	return out
}

// pluginFiles are the files one plugin's servers come from, highest
// first: its manifest's servers key (inline, a file, or a list of files:
// the later wins), then its servers file. Inline servers in a list are
// noted as not read.
func (v *viewer) pluginFiles(info *pluginLoc) []Location {
	pl := v.c.Plugins
	loc := func(abs string, inline bool, read int) (Location, bool) {
		if fi, err := os.Stat(abs); err != nil || fi.IsDir() {
			return Location{}, false
		}
		inProject := !within(v.o.Home, abs) && within(v.o.Root, abs)
		if v.scope == ProjectScopes && !inProject || v.scope == UserScopes && inProject {
			return Location{}, false
		}
		p := *info
		p.inline, p.read = inline, read
		var base *normalize.Base
		if inProject {
			base = normalize.RootDir
		}
		return Location{Client: v.c, Scope: normalize.PluginScope, Format: normalize.JSON, Abs: abs, Display: v.o.display(abs, base), View: true, Plugin: &p}, true
	}
	var out []Location
	add := func(abs string, inline bool, read int) {
		if l, ok := loc(abs, inline, read); ok {
			out = append(out, l)
		}
	}
	manifest := filepath.Join(info.dir, filepath.FromSlash(pl.Manifest))
	doc, ok := v.readPluginJSON(manifest, fmt.Sprintf("%s does not load the plugin %q (testdata/clients/claude-plugin-manifest-broken)", v.c.Product, info.id))
	if !ok {
		return nil
	}
	if doc != nil {
		switch sv := doc.Root.Get(pl.ServersKey); {
		case sv == nil:
		case sv.Kind == normalize.Object:
			add(manifest, true, 1)
		case sv.Kind == normalize.String:
			add(filepath.Join(info.dir, filepath.FromSlash(sv.Str)), false, 1)
		case sv.Kind == normalize.Array:
			for i, it := range slices.Backward(sv.Items) {
				switch it.Kind {
				case normalize.String:
					add(filepath.Join(info.dir, filepath.FromSlash(it.Str)), false, 1+i)
				case normalize.Object:
					v.o.note(fmt.Sprintf("%s:%s holds servers inline in the list %q, which %s loads and mcpconf does not read", doc.Path, it.Range.Start, pl.ServersKey, v.c.Product))
				}
			}
		}
	}
	add(filepath.Join(info.dir, filepath.FromSlash(pl.ServersFile)), false, 0)
	return out
}

// decodePlugin reads a plugin's servers: under the manifest's servers key,
// or in a servers file under the client's servers key or at the top
// level; each named as the client names a plugin's server, the plugin's
// folder put for its variable.
func decodePlugin(doc *normalize.Document, loc Location) ([]normalize.Server, []normalize.Diagnostic) {
	c, p := loc.Client, loc.Plugin
	pl := c.Plugins
	val := doc.Root
	if p.inline {
		val = val.Get(pl.ServersKey)
	} else if m := val.Get(pl.ServersKey); normalize.JSTruthy(m) {
		val = m
	}
	if val == nil || val.Kind != normalize.Object {
		return nil, nil
	}
	src := normalize.Source{Path: doc.Path, Abs: doc.Abs, Client: c, Scope: loc.Scope, Order: loc.Order, Plugin: p.id}
	servers, diags := c.Decode(doc, val, src)
	vars := map[string]string{pl.RootVar: p.dir}
	for i := range servers {
		s := &servers[i]
		s.Name = fmt.Sprintf(pl.Name, p.name, s.Name)
		hydrateServer(s, vars)
		if s.Transport == normalize.Stdio {
			// the client sets the plugin's folder in a stdio server's
			// environment, under the server's own env (rZs)
			if _, ok := s.Env[pl.RootVar]; !ok {
				if s.Env == nil {
					s.Env = map[string]string{}
				}
				s.Env[pl.RootVar] = p.dir
			}
		}
		if p.off != nil && s.Enabled {
			s.TurnOff(*p.off)
		}
	}
	return servers, diags
}

// dedupPlugins drops a plugin's server that repeats a server the client
// loads from a file configured by hand (the command line, env left out;
// or the URL), and one that repeats an earlier plugin server (env
// included), as the client does. The values are compared expanded.
func (v *viewer) dedupPlugins(set *normalize.Set, lookup func(string) (string, bool), managed map[string]bool) {
	pl := v.c.Plugins
	if pl == nil || !pl.Dedup {
		return
	}
	syntaxes := resolve.SyntaxesFor(v.c)
	expand := func(s string) string {
		if lookup == nil || !strings.Contains(s, "$") {
			return s
		}
		out, _ := resolve.Expand(s, syntaxes, resolve.Context{Lookup: lookup})
		return out
	}
	sig := func(s *normalize.Server, env bool) string {
		if s.Transport != normalize.Stdio {
			if s.URL == "" {
				return ""
			}
			return "url:" + comparableURL(expand(s.URL))
		}
		line := []string{expand(s.Command)}
		for _, a := range s.Args {
			line = append(line, expand(a))
		}
		b, _ := json.Marshal(line)
		out := "stdio:" + string(b)
		if env {
			var keys []string
			for k := range s.Env {
				if !slices.Contains(pl.EnvOwn, k) {
					keys = append(keys, k)
				}
			}
			slices.Sort(keys)
			for _, k := range keys {
				out += "\x00" + k + "=" + expand(s.Env[k])
			}
		}
		return out
	}
	// the servers configured by hand that the client loads, in the order
	// it collects them; a project's does not drop an organization's plugin
	byHand, notRepo := map[string]*normalize.Server{}, map[string]*normalize.Server{}
	for _, sc := range []normalize.Scope{normalize.User, normalize.Project, normalize.Local, normalize.Managed} {
		var hand []*normalize.Server
		for i := range set.Entries {
			if s := &set.Entries[i].Server; s.Source.Scope == sc && s.Enabled {
				hand = append(hand, s)
			}
		}
		slices.SortStableFunc(hand, func(a, b *normalize.Server) int {
			if a.Source.Pos.Line != b.Source.Pos.Line {
				return a.Source.Pos.Line - b.Source.Pos.Line
			}
			return a.Source.Pos.Col - b.Source.Pos.Col
		})
		for _, s := range hand {
			k := sig(s, false)
			if k == "" {
				continue
			}
			if _, ok := byHand[k]; !ok {
				byHand[k] = s
			}
			if _, ok := notRepo[k]; !ok && sc != normalize.Project {
				notRepo[k] = s
			}
		}
	}
	what := func(s *normalize.Server, env bool) string {
		switch {
		case s.Transport != normalize.Stdio:
			return "URL is"
		case env:
			return "command line and env are"
		}
		return "command line (command and args, env left out) is"
	}
	// the plugins' servers in the order the client reads them: plugin by
	// plugin, each one's sources in turn, a file's servers as written
	var plugged []*normalize.Server
	for i := range set.Entries {
		if s := &set.Entries[i].Server; s.Source.Scope == normalize.PluginScope && s.Enabled {
			plugged = append(plugged, s)
		}
	}
	rank := func(s *normalize.Server) int { return v.pluginRank[pluginFile{s.Source.Abs, s.Source.Plugin}] }
	slices.SortStableFunc(plugged, func(a, b *normalize.Server) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		if a.Source.Pos.Line != b.Source.Pos.Line {
			return a.Source.Pos.Line - b.Source.Pos.Line
		}
		return a.Source.Pos.Col - b.Source.Pos.Col
	})
	earlier := map[string]*normalize.Server{}
	for _, s := range plugged {
		k := sig(s, false)
		if k == "" {
			continue
		}
		org := managed[s.Source.Plugin]
		hand := byHand
		if org {
			hand = notRepo
		}
		if d := hand[k]; d != nil {
			s.TurnOff(normalize.Gate{Status: normalize.StatusDisabled, Kind: normalize.ByList, Path: d.Source.Path, Pos: d.Source.Pos, Unlisted: true,
				Reason: fmt.Sprintf("%s drops it: its %s that of %q, configured at %s:%s (\"Suppressing plugin MCP server %q: duplicates manually-configured %q\")",
					v.c.Product, what(s, false), d.Name, d.Source.Path, d.Source.Pos, s.Name, d.Name),
				Hint: fmt.Sprintf("nothing to do if %q is the server meant to run; otherwise remove one of the two", d.Name)})
			continue
		}
		full := sig(s, true)
		if d := earlier[full]; d != nil && (!org || managed[d.Source.Plugin]) {
			s.TurnOff(normalize.Gate{Status: normalize.StatusDisabled, Kind: normalize.ByList, Path: d.Source.Path, Pos: d.Source.Pos, Unlisted: true,
				Reason: fmt.Sprintf("%s drops it: its %s those of the plugin server %q at %s:%s (\"Suppressing plugin MCP server %q: duplicates earlier plugin server %q\")",
					v.c.Product, what(s, true), d.Name, d.Source.Path, d.Source.Pos, s.Name, d.Name),
				Hint: fmt.Sprintf("nothing to do: %q runs it", d.Name)})
			continue
		}
		earlier[full] = s
	}
}

// comparableURL is a URL as Claude Code 2.1.331 compares a plugin server's
// with another's (Ept): parsed, without its fragment, a final "/" of the
// path dropped (and of the whole URL when it has no query); the scheme
// and host in lower case, a default port left out, as a URL parser
// writes them. Text that does not parse as a URL loses a final "/" unless
// it holds a query. (testdata/clients/claude-plugin-url-normalized)
func comparableURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		if strings.Contains(raw, "?") {
			return raw
		}
		return strings.TrimSuffix(raw, "/")
	}
	u.Fragment, u.RawFragment, u.ForceQuery = "", "", false
	u.Scheme, u.Host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	if p := u.Port(); p == "80" && u.Scheme == "http" || p == "443" && u.Scheme == "https" {
		u.Host = u.Hostname()
		if strings.Contains(u.Host, ":") {
			u.Host = "[" + u.Host + "]"
		}
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = strings.TrimSuffix(u.RawPath, "/")
	out := u.String()
	if u.RawQuery == "" {
		out = strings.TrimSuffix(out, "/")
	}
	return out
}
