package discover

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/internal/regexps"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// nameList is one list setting found in a file (a Client.Lists setting):
// pisces disabledServers/enabledServers, Gemini mcp.allowed/excluded,
// agent-code [security] mcp_server_allowlist/denylist, Claude Code's
// per-project disabledMcpServers and its allowedMcpServers and
// deniedMcpServers (whose entries are objects, List.Entries).
type nameList struct {
	owner *normalize.Client // the client whose file holds it
	spec  normalize.List
	names map[string]bool
	label string // e.g. `"disabledServers" at ~/.pisces/mcp.json:2:3`
	path  string
	pos   normalize.Pos
	// at holds the position of each name's entry, for reasons, and vals
	// the entry itself.
	at   map[string]normalize.Pos
	vals map[string]*normalize.Value
	// entries are the entries of a list of objects the client uses, and
	// ignored those it ignores (List.Entries).
	entries []listEntry
	ignored []normalize.ListEntry
	key     string // the setting as users write it
	scope   normalize.Scope
	// expand expands the placeholders of a command line or URL before an
	// entry is matched (ListEntries.Expands); nil leaves them as written.
	expand func(string) string
}

// listEntry is one entry of a list of objects: a name, a command line or
// a URL pattern.
type listEntry struct {
	by   string // "name", "command", "url"
	name string
	argv []string
	url  string
	pos  normalize.Pos
	text string // as written: {"serverName": "x"}
	list *nameList
	val  *normalize.Value
}

func (l *nameList) fold(name string) string {
	if l.spec.Fold {
		return fold(name)
	}
	return name
}

// fold is a name as Gemini CLI compares it (normalizeServerId): lower
// case, without the spaces around it.
func fold(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func (l *nameList) has(name string) bool { return l != nil && l.names[l.listedAs(name)] }

// listedAs is the name under which the list holds name: as the client folds
// it, or the last part of an "ext:" name listed by that part alone
// (List.PlainAfter).
func (l *nameList) listedAs(name string) string {
	k := l.fold(name)
	if p := l.spec.PlainAfter; p != "" && !l.names[k] && strings.HasPrefix(k, p) {
		if plain := k[strings.LastIndexByte(k, ':')+1:]; plain != "" && l.names[plain] {
			return plain
		}
	}
	return k
}

// matches reports whether an entry matches a server: by name, by its
// program and arguments (a stdio server), or by its URL (a remote one).
// A deny-list's URL pattern forgives a query and a trailing slash
// (urlMatches), an allow-list's does not (Claude Code 2.1.331: BPo matches
// with VSo, WPo with Hcn).
// A client that expands placeholders first (ListEntries.Expands) compares
// expanded values: the entry's here, the server's as they arrive
// (fileLists.asMatched).
func (e *listEntry) matches(s *normalize.Server) bool {
	x := e.list.expand
	if x == nil {
		x = func(v string) string { return v }
	}
	switch e.by {
	case "name":
		return s.Name == e.name
	case "command":
		if policyKind(s) != "command" || len(s.Args)+1 != len(e.argv) {
			return false
		}
		for i, a := range e.argv {
			v := s.Command
			if i > 0 {
				v = s.Args[i-1]
			}
			if v != x(a) { // the server's values: asMatched
				return false
			}
		}
		return true
	case "url":
		if policyKind(s) != "url" {
			return false
		}
		u, pattern := s.URL, x(e.url) // the server's URL: asMatched
		if e.list.spec.Effect == normalize.DenyList {
			return urlMatches(u, pattern)
		}
		return pattern == "*" || hostPatternMatch(u, pattern)
	}
	return false
}

// policyKind is how a list's entries see a server: by "command" (a stdio
// server), by "url" (a remote one), or "" (neither).
func policyKind(s *normalize.Server) string {
	switch {
	case s.Transport == normalize.Stdio:
		return "command"
	case isRemoteTransport(s.Transport) && s.URL != "":
		return "url"
	}
	return ""
}

func isRemoteTransport(t normalize.Transport) bool {
	return t == normalize.HTTP || t == normalize.SSE || t == normalize.WS
}

// newList reads a list setting from the member m holding it: an array of
// names, an array of objects (Entries), or (Switches) an object of name
// -> {"enabled": false}. A list of another type is ignored (nil).
//
// getenv, when not nil, is the environment of a settings file's client
// that expands placeholders in it (Layout.SettingsPlaceholders): an entry
// "$A" is then the name A holds.
func newList(doc *normalize.Document, owner *normalize.Client, spec normalize.List, m *normalize.Member, root string, scope normalize.Scope, getenv func(string) string) *nameList {
	label := spec.Label()
	if strings.Contains(label, "<root>") {
		label = strings.Replace(label, ".<root>.", fmt.Sprintf("[%q].", root), 1)
	}
	if label == "" {
		label = doc.Path
	}
	l := &nameList{owner: owner, spec: spec, names: map[string]bool{}, at: map[string]normalize.Pos{}, vals: map[string]*normalize.Value{}, key: label, scope: scope,
		path: doc.Path, pos: m.KeyRange.Start, label: fmt.Sprintf("%q at %s:%s", label, doc.Path, m.KeyRange.Start)}
	if strings.Contains(spec.Label(), "<root>") {
		l.label = fmt.Sprintf("%s at %s:%s", label, doc.Path, m.KeyRange.Start)
	}
	if spec.Switches {
		l.label = fmt.Sprintf("%s:%s", doc.Path, m.KeyRange.Start)
		for _, e := range m.Value.Unique() {
			if spec.FoldedKeys && e.Key != fold(e.Key) {
				continue // looked up by the folded name only: never matches
			}
			// `state?.enabled ?? true`: null or absent is on, any other
			// false value off
			if en := e.Value.Get("enabled"); en != nil && en.Kind != normalize.Null && !normalize.JSTruthy(en) {
				l.names[l.fold(e.Key)] = true
				l.at[l.fold(e.Key)] = e.KeyRange.Start
			}
		}
		return l
	}
	if m.Value.Kind != normalize.Array {
		return nil // the client ignores a list that is not one
	}
	for _, it := range m.Value.Items {
		if spec.Entries != nil {
			l.readEntry(doc, it)
			continue
		}
		if getenv != nil {
			it = setting(owner, getenv, it)
		}
		if it.Kind == normalize.String {
			l.names[l.fold(it.Str)] = true
			l.at[l.fold(it.Str)] = it.Range.Start
			l.vals[l.fold(it.Str)] = it
		}
	}
	return l
}

// readEntry reads one object of a list of objects, or records why the
// client ignores it.
func (l *nameList) readEntry(doc *normalize.Document, it *normalize.Value) {
	spec := l.spec.Entries
	text := compactJSON(doc, it)
	ignore := func(why string) {
		l.ignored = append(l.ignored, normalize.ListEntry{Text: text, Range: it.Range, Pointer: it.Pointer, Ignored: why})
	}
	keys := []string{spec.NameKey, spec.CommandKey, spec.URLKey}
	if it.Kind != normalize.Object {
		ignore(fmt.Sprintf("an entry is an object with one of %s", quotedList(keys)))
		return
	}
	var set []*normalize.Member
	for _, k := range keys {
		if m := it.Member(k); k != "" && m != nil {
			set = append(set, m)
		}
	}
	if len(set) != 1 {
		ignore(fmt.Sprintf("an entry must hold exactly one of %s", quotedList(keys)))
		return
	}
	m := set[0]
	e := listEntry{pos: it.Range.Start, text: text, list: l, val: it}
	switch m.Key {
	case spec.NameKey:
		if m.Value.Kind != normalize.String {
			ignore(fmt.Sprintf("%q must be a string", m.Key))
			return
		}
		if spec.NamePattern != "" && !regexps.MustCompile(spec.NamePattern).MatchString(m.Value.Str) {
			ignore(fmt.Sprintf("%q %q can never be a server's name here (it must match %s)", m.Key, m.Value.Str, spec.NamePattern))
			return
		}
		e.by, e.name = "name", m.Value.Str
	case spec.CommandKey:
		argv, ok := m.Value.Strings()
		if !ok || len(argv) == 0 {
			ignore(fmt.Sprintf("%q must be an array of strings, the program first", m.Key))
			return
		}
		e.by, e.argv = "command", argv
	case spec.URLKey:
		if m.Value.Kind != normalize.String {
			ignore(fmt.Sprintf("%q must be a string", m.Key))
			return
		}
		e.by, e.url = "url", m.Value.Str
	}
	l.entries = append(l.entries, e)
}

func quotedList(keys []string) string {
	var q []string
	for _, k := range keys {
		if k != "" {
			q = append(q, fmt.Sprintf("%q", k))
		}
	}
	return strings.Join(q, ", ")
}

// compactJSON is a value as one line of JSON, for messages.
func compactJSON(doc *normalize.Document, v *normalize.Value) string { return jsonText(v.Interface()) }

// jsonText writes a value as one line of JSON, with a space after each
// comma and colon: {"serverCommand": ["npx", "-y", "x"]}.
func jsonText(v any) string {
	switch v := v.(type) {
	case map[string]any:
		keys := slices.Sorted(maps.Keys(v))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = jsonText(k) + ": " + jsonText(v[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(v))
		for i, it := range v {
			parts[i] = jsonText(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []string:
		parts := make([]string, len(v))
		for i, it := range v {
			parts[i] = jsonText(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// readList finds a list setting in a document; nil when it is not set.
func readList(doc *normalize.Document, owner *normalize.Client, spec normalize.List, root string, scope normalize.Scope, getenv func(string) string) *nameList {
	if len(spec.Path) == 0 {
		if doc.Root == nil || doc.Root.Kind != normalize.Object {
			return nil
		}
		return newList(doc, owner, spec, &normalize.Member{Key: "", KeyRange: doc.Root.Range, Value: doc.Root}, root, scope, getenv)
	}
	m := lookupKey(doc.Root, spec.Path, root)
	if m == nil {
		return nil
	}
	return newList(doc, owner, spec, m, root, scope, getenv)
}

// gate builds the reason a list gives for name.
func (l *nameList) gate(name string, status normalize.Status, verb string) normalize.Gate {
	pos := l.pos
	if p, ok := l.at[l.listedAs(name)]; ok {
		pos = p
	}
	reason := verb + " " + l.label
	hint := fmt.Sprintf("remove %q from %s", name, l.label)
	switch {
	case l.spec.Switches:
		reason = fmt.Sprintf("switched off at %s:%s", l.path, pos)
		hint = fmt.Sprintf("set \"enabled\" to true at %s:%s", l.path, pos)
	case verb == "not listed in":
		hint = fmt.Sprintf("add %q to %s", name, l.label)
	}
	g := normalize.Gate{Status: status, Kind: normalize.ByList, Reason: reason, Path: l.path, Pos: pos, Hint: hint,
		Unlisted: status == normalize.StatusBlocked && l.owner.HidesBlocked}
	if verb == "not listed in" && !l.spec.Switches {
		g.Admit = jsonText(name)
	}
	return g
}

// denyGate is the reason an entry of a deny-list of objects gives.
func (e *listEntry) denyGate() normalize.Gate {
	l := e.list
	at := fmt.Sprintf("%q at %s:%s", l.key, l.path, e.pos)
	reason := "listed in " + at
	switch e.by {
	case "command":
		reason = fmt.Sprintf("its command line matches %s in %s", e.text, at)
	case "url":
		reason = fmt.Sprintf("its URL matches %s in %s", e.text, at)
	}
	return normalize.Gate{Status: normalize.StatusBlocked, Kind: normalize.ByList, Reason: reason, Path: l.path, Pos: e.pos,
		Hint: fmt.Sprintf("remove the entry %s at %s:%s", e.text, l.path, e.pos), Unlisted: l.owner.HidesBlocked}
}

// clientLists are the allow-lists and deny-lists of one client, highest
// precedence first.
type clientLists struct{ allow, deny []*nameList }

type fileLists struct {
	// providers: the view of a client that reads its providers' files
	// (pisces), where only the lists it honours apply, the first file
	// that sets one winning.
	providers bool
	// trusted: lists in project files count (Client.List.Trusted).
	trusted bool
	hide    []*nameList
	unhide  []*nameList
	client  map[string]*clientLists
	// docs are the settings files lists were read from (List.Files), for
	// findings about their entries.
	docs []*normalize.Document
	// getenv is the run's environment, for the entries of a client that
	// expands placeholders in its settings (Layout.SettingsPlaceholders);
	// lookup the same, for the servers' values the entries match (the
	// environment of the started client, clientEnv).
	getenv func(string) string
	lookup func(string) (string, bool)
	// processLookup is the environment the client was started with, its
	// files' variables left out (ListEntries.ProcessEnv).
	processLookup func(string) (string, bool)
	goos          string // the system the client runs on
	// matched memoizes asMatched by definition.
	matched map[*normalize.Server]*normalize.Server
}

// asMatched is s as the entries of its client's lists see it: its
// command, args and URL with the placeholders the client expands put in,
// from the environment of the started client (names are not expanded).
// s itself when nothing changes.
func (f *fileLists) asMatched(s *normalize.Server) *normalize.Server {
	c := s.Source.Client
	if c == nil || !slices.ContainsFunc(c.Lists, func(l normalize.List) bool { return l.Entries != nil }) ||
		!mayExpand(s.Command) && !mayExpand(s.URL) && !slices.ContainsFunc(s.Args, mayExpand) {
		return s
	}
	if m, ok := f.matched[s]; ok {
		return m
	}
	if f.matched == nil {
		f.matched = map[*normalize.Server]*normalize.Server{}
	}
	m := f.expandedForLists(c, s)
	f.matched[s] = m
	return m
}

// mayExpand reports whether v may hold a placeholder: every syntax a
// client expands in a server starts with one of these.
func mayExpand(v string) bool { return strings.ContainsAny(v, "$%{") }

// expandedForLists is asMatched without the memo.
func (f *fileLists) expandedForLists(c *normalize.Client, s *normalize.Server) *normalize.Server {
	syns := c.PlaceholdersOn(f.goos)
	ctx := resolve.Context{Lookup: f.lookup}
	expand := func(field, v string) string {
		if len(c.ExpandFields) > 0 && !slices.Contains(c.ExpandFields, field) {
			return v
		}
		out, _ := resolve.Expand(v, syns, ctx)
		return out
	}
	cp := *s
	cp.Command, cp.URL = expand("command", s.Command), expand("url", s.URL)
	cp.Args = make([]string, len(s.Args))
	for i, a := range s.Args {
		cp.Args[i] = expand("args", a)
	}
	if cp.Command == s.Command && cp.URL == s.URL && slices.Equal(cp.Args, s.Args) {
		return s
	}
	return &cp
}

// collect reads the lists of one server file. Locations arrive highest
// precedence first.
func (f *fileLists) collect(doc *normalize.Document, loc Location) {
	c := loc.Client
	if loc.Extension != nil {
		return // a manifest, not settings
	}
	provider := normalize.ProviderOf(c)
	for _, spec := range c.Lists {
		if spec.File != nil || spec.Files != nil || f.providers && (provider == nil || !provider.Honours(spec)) || spec.NotAtStart && !f.providers {
			continue
		}
		if spec.Trusted && !f.trusted && !loc.Scope.OutsideProject() {
			continue
		}
		if l := readList(doc, c, spec, loc.key(""), loc.Scope, f.getenv); l != nil {
			f.add(l)
		}
	}
}

// collectOwnFileLists reads the lists that live in files of their own
// (Gemini CLI's enablement file, Claude Code's state file) or in settings
// files (Claude Code's allowedMcpServers and deniedMcpServers). A run on
// the project alone (scope ProjectScopes) reads the settings files of the
// project only.
func (o *Options) collectOwnFileLists(c *normalize.Client, f *fileLists, scope ScopeFilter) {
	root := o.projectRoot(c)
	key := o.keyRoot(c, root) // a list under projects[<root>]: the main checkout's, in a linked worktree
	for _, spec := range c.Lists {
		if spec.File != nil {
			if doc := o.readDoc(c, *spec.File, root); doc != nil {
				// a list's file of its own is not a settings file: as written
				if l := readList(doc, c, spec, key, spec.File.Scope, nil); l != nil {
					f.add(l)
				}
			}
		}
		if spec.Files == nil {
			continue
		}
		var found []*nameList
		locked := false
		seen := map[string]bool{}
		for _, file := range spec.Files {
			if scope == ProjectScopes && file.Base != normalize.RootDir || scope == UserScopes && file.Base == normalize.RootDir {
				continue
			}
			if spec.Trusted && !f.trusted && file.Base == normalize.RootDir {
				continue
			}
			for _, doc := range o.settingDocs(c, file, root) {
				if seen[doc.Abs] {
					continue // the working directory is the project root
				}
				seen[doc.Abs] = true
				if spec.ManagedOnly != "" && file.Scope == normalize.Managed {
					if on, _ := file.Flag(doc.Root.Get(spec.ManagedOnly)); on {
						locked = true
					}
				}
				if l := readList(doc, c, spec, key, file.Scope, o.getenv); l != nil {
					found = append(found, l)
					if !slices.Contains(f.docs, doc) {
						f.docs = append(f.docs, doc)
					}
				}
			}
		}
		for _, l := range found {
			if !locked || l.scope == normalize.Managed {
				f.add(l)
			}
		}
	}
}

func (f *fileLists) add(l *nameList) {
	if l.spec.Entries != nil && l.spec.Entries.Expands && f.lookup != nil {
		syntaxes, lookup := resolve.SyntaxesFor(l.owner), f.lookup
		if l.spec.Entries.ProcessEnv {
			lookup = f.processLookup
		}
		l.expand = func(v string) string {
			if !strings.Contains(v, "$") {
				return v
			}
			out, _ := resolve.Expand(v, syntaxes, resolve.Context{Lookup: lookup})
			return out
		}
	}
	switch l.spec.Effect {
	case normalize.HideList:
		f.hide = append(f.hide, l)
	case normalize.UnhideList:
		f.unhide = append(f.unhide, l)
	case normalize.AllowList, normalize.DenyList:
		if f.client == nil {
			f.client = map[string]*clientLists{}
		}
		cl := f.client[l.owner.ID]
		if cl == nil {
			cl = &clientLists{}
			f.client[l.owner.ID] = cl
		}
		if l.spec.Effect == normalize.AllowList {
			cl.allow = append(cl.allow, l)
		} else {
			cl.deny = append(cl.deny, l)
		}
	}
}

// combine is how the lists of one setting combine in this run.
func (f *fileLists) combine(ls []*nameList) normalize.Combine {
	if f.providers || len(ls) == 0 {
		return normalize.FirstSet
	}
	return ls[0].spec.Combine
}

// denied returns the gate of a deny-list that lists the server, or nil.
func (f *fileLists) denied(ls []*nameList, s *normalize.Server) *normalize.Gate {
	for i, l := range ls {
		if f.combine(ls) == normalize.FirstSet && i > 0 {
			break
		}
		if slices.Contains(l.spec.ProjectExempt, s.Source.Scope) && (l.scope == normalize.Project || l.scope == normalize.Local) {
			continue // the project's own files do not deny these servers
		}
		if l.spec.Entries != nil {
			for j := range l.entries {
				if e := &l.entries[j]; e.matches(s) {
					g := e.denyGate()
					return &g
				}
			}
			continue
		}
		if l.has(s.Name) {
			g := l.gate(s.Name, normalize.StatusBlocked, "listed in")
			return &g
		}
	}
	return nil
}

// notAllowed returns the gate of the allow-lists that do not admit the
// server, or nil.
func (f *fileLists) notAllowed(ls []*nameList, s *normalize.Server, c *normalize.Client) *normalize.Gate {
	if len(ls) > 0 && ls[0].spec.Entries != nil && f.combine(ls) == normalize.Union {
		return unionAllow(ls, s, c)
	}
	for i, l := range ls {
		if f.combine(ls) == normalize.FirstSet && i > 0 {
			break
		}
		if (len(l.names) > 0 || l.spec.EmptyBlocks && !f.providers) && !l.has(s.Name) {
			g := l.gate(s.Name, normalize.StatusBlocked, "not listed in")
			return &g
		}
	}
	return nil
}

// unionAllow judges a server by the entries of every allow-list of
// objects (List.Entries), which add up: none admits no server
// (EmptyBlocks); with Strict, a stdio server is admitted by its command
// once there is an entry by command, a remote one by its URL once there is
// one by URL, any other by its name. The servers of an Exempt scope pass
// unless they use placeholders.
func unionAllow(ls []*nameList, s *normalize.Server, c *normalize.Client) *normalize.Gate {
	spec := ls[0].spec
	if slices.Contains(spec.Exempt, s.Source.Scope) && !usesPlaceholders(s, c) {
		return nil
	}
	var all []*listEntry
	for _, l := range ls {
		for j := range l.entries {
			all = append(all, &l.entries[j])
		}
	}
	first := ls[0]
	label := fmt.Sprintf("%q at %s:%s", first.key, first.path, first.pos)
	if n := len(ls) - 1; n > 0 {
		label += fmt.Sprintf(" (and in %d more %s)", n, plural(n, "file", "files"))
	}
	g := normalize.Gate{Status: normalize.StatusBlocked, Kind: normalize.ByList, Path: first.path, Pos: first.pos, Unlisted: c.HidesBlocked}
	entryFor := func(key string, v any) string { return "{" + jsonText(key) + ": " + jsonText(v) + "}" }
	if len(all) == 0 {
		if !spec.EmptyBlocks {
			return nil
		}
		g.Reason = fmt.Sprintf("%s has no entry the client uses, so it admits no server", label)
		g.Admit = entryFor(spec.Entries.NameKey, s.Name)
		g.Hint = fmt.Sprintf("add %s to %s", g.Admit, label)
		return &g
	}
	by := "name"
	if spec.Entries.Strict {
		has := func(kind string) bool {
			return slices.ContainsFunc(all, func(e *listEntry) bool { return e.by == kind })
		}
		if k := policyKind(s); k != "" && has(k) {
			by = k
		}
	}
	for _, e := range all {
		if (!spec.Entries.Strict || e.by == by) && e.matches(s) {
			return nil
		}
	}
	switch by {
	case "command":
		argv := append([]string{s.Command}, s.Args...)
		g.Reason = fmt.Sprintf("not admitted by %s: once it has an entry by %q, a stdio server is admitted only by its command line, and none is %s",
			label, spec.Entries.CommandKey, jsonText(argv))
		g.Admit = entryFor(spec.Entries.CommandKey, argv)
		g.Hint = fmt.Sprintf("add %s to %s", g.Admit, label)
	case "url":
		g.Reason = fmt.Sprintf("not admitted by %s: once it has an entry by %q, a remote server is admitted only by its URL, and none matches %q",
			label, spec.Entries.URLKey, s.URL)
		g.Admit = entryFor(spec.Entries.URLKey, s.URL)
		g.Hint = fmt.Sprintf("add %s to %s", g.Admit, label)
	default:
		g.Reason = "not listed in " + label
		g.Admit = entryFor(spec.Entries.NameKey, s.Name)
		g.Hint = fmt.Sprintf("add %s to %s", g.Admit, label)
	}
	return &g
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// usesPlaceholders reports whether a value of the server outside "env"
// holds a placeholder the client expands.
func usesPlaceholders(s *normalize.Server, c *normalize.Client) bool {
	found := false
	var walk func(v *normalize.Value)
	walk = func(v *normalize.Value) {
		switch {
		case found || v == nil:
		case v.Kind == normalize.String:
			for _, ph := range resolve.Scan(v.Str) {
				if c.Expands(ph.Syntax) {
					found = true
				}
			}
		case v.Kind == normalize.Array:
			for _, it := range v.Items {
				walk(it)
			}
		case v.Kind == normalize.Object:
			for _, m := range v.Unique() {
				if v != s.Node || m.Key != "env" {
					walk(m.Value)
				}
			}
		}
	}
	walk(s.Node)
	return found
}

// applyBeforeMerge blocks definitions that their own client's lists block.
// They still own their name in the merge.
func (f *fileLists) applyBeforeMerge(defs []normalize.Server) {
	for i := range defs {
		s := &defs[i]
		c := f.client[s.Source.Client.ID]
		if c == nil || !s.Enabled {
			continue
		}
		m := f.asMatched(s)
		if g := f.denied(c.deny, m); g != nil { // deny is checked first by every client
			s.TurnOff(*g)
		} else if g := f.notAllowed(c.allow, m, s.Source.Client); g != nil {
			s.TurnOff(*g)
		}
	}
}

// applyAfterMerge applies the hide and unhide lists, which act on the name
// whatever file won it: a hide list turns it off, an unhide list turns
// back on a server a switch of its entry disabled (pisces's enabledServers
// over "enabled": false, in any file). In the view of a client that reads
// its providers' files a hide list wins over any other reason but a name
// the client loses as it reads it; in a client's own view a server already
// off keeps its first reason. It returns the servers it turned back on.
func (f *fileLists) applyAfterMerge(entries []normalize.Entry) []*normalize.Server {
	var on []*normalize.Server
	for i := range entries {
		s := &entries[i].Server
		lost := s.Off != nil && s.Off.Yields && s.Off.Unlisted
		for _, l := range f.hide {
			if l.has(s.Name) && (f.providers && !lost || s.Enabled) {
				s.TurnOff(l.gate(s.Name, normalize.StatusDisabled, "listed in"))
				break
			}
		}
		if s.Enabled || s.Off == nil || s.Off.Kind != normalize.ByField || f.hidden(s.Name) {
			continue
		}
		for _, l := range f.unhide {
			if l.has(s.Name) {
				s.TurnOn()
				on = append(on, s)
				break
			}
		}
	}
	return on
}

func scopeNames(ss []normalize.Scope) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string(s)
	}
	return out
}

func (f *fileLists) hidden(name string) bool {
	for _, l := range f.hide {
		if l.has(name) {
			return true
		}
	}
	return false
}

// settings describes the allow-lists and deny-lists read, each entry with
// the servers it matches among defs, for lint.
func (f *fileLists) settings(defs []normalize.Server) []normalize.ListSetting {
	var out []normalize.ListSetting
	for _, id := range slices.Sorted(maps.Keys(f.client)) {
		cl := f.client[id]
		for _, l := range append(slices.Clone(cl.deny), cl.allow...) {
			ls := normalize.ListSetting{Client: l.owner, Key: l.key, Effect: l.spec.Effect, Path: l.path, Pos: l.pos}
			match := func(ok func(s *normalize.Server) bool) []string {
				var names []string
				for i := range defs {
					if s := &defs[i]; s.Source.Client == l.owner && ok(f.asMatched(s)) && !slices.Contains(names, s.Name) {
						names = append(names, s.Name)
					}
				}
				return names
			}
			// a deny-list of the project's own files does not reach the
			// servers of ProjectExempt scopes (Claude Code's managed ones)
			exempt := func(s *normalize.Server) bool {
				return slices.Contains(l.spec.ProjectExempt, s.Source.Scope) && (l.scope == normalize.Project || l.scope == normalize.Local)
			}
			if l.spec.Entries != nil {
				for j := range l.entries {
					e := &l.entries[j]
					le := normalize.ListEntry{Text: e.text, Name: e.name, Range: e.val.Range, Pointer: e.val.Pointer,
						Matches: match(func(s *normalize.Server) bool { return e.matches(s) && !exempt(s) })}
					if len(le.Matches) == 0 && len(match(e.matches)) > 0 {
						le.Ignored = fmt.Sprintf("it names only servers of the %s scope, which a deny-list in the project's own settings does not reach (put it in the user's or the managed settings)", strings.Join(scopeNames(l.spec.ProjectExempt), ", "))
					}
					ls.Entries = append(ls.Entries, le)
				}
				ls.Entries = append(ls.Entries, l.ignored...)
			} else {
				for name, v := range l.vals {
					ls.Entries = append(ls.Entries, normalize.ListEntry{Text: fmt.Sprintf("%q", v.Str), Name: v.Str, Range: v.Range, Pointer: v.Pointer,
						Matches: match(func(s *normalize.Server) bool { return l.fold(s.Name) == name })})
				}
			}
			slices.SortFunc(ls.Entries, func(a, b normalize.ListEntry) int {
				return cmp.Or(cmp.Compare(a.Range.Start.Line, b.Range.Start.Line), cmp.Compare(a.Range.Start.Col, b.Range.Start.Col))
			})
			out = append(out, ls)
		}
	}
	return out
}

// noteNotAtStart notes each list setting the client reads but does not
// consult when it starts its servers (List.NotAtStart: agent-code's
// [security] lists), where a file of its own sets it: it blocks nothing
// in the view, and users who wrote it expect it to. A client reading its
// providers' files applies such lists, so it has nothing to note.
func (v *viewer) noteNotAtStart(set *normalize.Set) {
	if v.c.ReadsProviders() {
		return
	}
	for _, doc := range set.Documents {
		if doc.Root == nil || doc.Root.Kind != normalize.Object {
			continue
		}
		for _, spec := range v.c.Lists {
			if !spec.NotAtStart {
				continue
			}
			if m := lookupKey(doc.Root, spec.Path, ""); m != nil {
				msg := fmt.Sprintf("%s:%s sets %q, which %s reads but does not consult when it starts its servers: it blocks none of them",
					doc.Path, m.KeyRange.Start, spec.Label(), v.c.Product)
				if v.c.DisableHint != "" {
					msg += " (" + v.c.DisableHint + ")"
				}
				v.o.note(msg)
			}
		}
	}
}
