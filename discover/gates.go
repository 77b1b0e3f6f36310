package discover

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/schemas"
)

// trustResult is whether a client trusts the project, and why.
type trustResult struct {
	all bool // the project (its root) is trusted
	// accepted: the root's key or that of a directory between it and the
	// working directory says trusted (Trust.UpToRoot): settings marked
	// Setting.Accepted count
	accepted bool
	reason   string
	path     string
	pos      normalize.Pos
	// layers holds, for a client that trusts each project layer on its own
	// (Codex), the decision for each directory from the start directory up
	// to the root.
	layers map[string]trustDecision
	root   string
	hint   string // how to trust the project
	// fatal is set when the trust file stops the client (Gemini CLI on a
	// trustedFolders.json it cannot use).
	fatal *normalize.Gate
}

// trustDecision is whether one directory is trusted, and why.
type trustDecision struct {
	trusted bool
	reason  string
	pos     normalize.Pos
}

// layer reports whether the project layer in dir is trusted.
func (t *trustResult) layer(dir string) bool {
	if d, ok := t.layers[filepath.Clean(dir)]; ok {
		return d.trusted
	}
	return t.all
}

// gate is the gate of a server an untrusted project keeps from starting;
// dir is the directory of the layer that defines it ("" for the project).
func (t *trustResult) gate(c *normalize.Client, yields bool, dir string) normalize.Gate {
	what := "it does not start"
	switch c.Trust.Effect {
	case normalize.IgnoresProject:
		what = c.Product + " ignores the project's files"
	case normalize.DisablesAll:
		what = c.Product + " starts no server, user ones included"
	}
	reason, pos := t.reason, t.pos
	if d, ok := t.layers[filepath.Clean(dir)]; ok && dir != "" {
		reason, pos = d.reason, d.pos
		if filepath.Clean(dir) != t.root && c.Trust.Effect == normalize.IgnoresProject {
			what = c.Product + " ignores the files of that directory"
		}
	}
	return normalize.Gate{Status: normalize.StatusUntrusted, Kind: normalize.ByTrust, Yields: yields,
		Reason: "the project is not trusted (" + reason + "): " + what, Path: t.path, Pos: pos, Hint: t.hint}
}

// trustHint says how to trust the project at root: the client's own
// prompt, or the setting to write.
func trustHint(c *normalize.Client, display, root string) string {
	tr := c.Trust
	var set string
	switch tr.Kind {
	case normalize.TrustTable:
		// Codex: [projects."/repo"] trust_level = "trusted"
		set = fmt.Sprintf("add [%s.%q] %s = %q to %s", tr.Path[0], root, tr.Path[len(tr.Path)-1], tr.Value, display)
	case normalize.TrustFolders:
		set = fmt.Sprintf("add %q: \"TRUST_FOLDER\" to %s", root, display)
	case normalize.TrustList:
		set = fmt.Sprintf("add {%q: %q} to %q in %s", tr.Value, root, tr.Path[0], display)
	case normalize.TrustPaths:
		set = fmt.Sprintf("add %q to %q in %s", root, tr.Path[0], display)
	case normalize.TrustFlag:
		// Claude Code: the dialog is the only way; say what it records
		if tr.Ask != "" {
			return fmt.Sprintf("%s (it sets %s to true in %s)", tr.Ask, keyPath(tr.Path, root), display)
		}
	}
	switch {
	case tr.Ask != "" && set != "":
		return tr.Ask + ", or " + set
	case set != "":
		return set
	}
	return tr.Ask
}

// keyPath writes a path of keys with "<root>" standing for root:
// projects["/repo"].hasTrustDialogAccepted.
func keyPath(path []string, root string) string {
	var b strings.Builder
	for i, k := range path {
		switch {
		case k == "<root>":
			fmt.Fprintf(&b, "[%q]", root)
		case i > 0:
			b.WriteString("." + k)
		default:
			b.WriteString(k)
		}
	}
	return b.String()
}

// evalTrust decides whether the client trusts the project at root, read
// from where the client records trust (and from the selected profile's
// file, which the client reads on top of it).
func (o *Options) evalTrust(c *normalize.Client, root string) *trustResult {
	tr := c.Trust
	abs, display := o.fileAbs(c, tr.File, root)
	doc := o.readDoc(c, tr.File, root)
	res := &trustResult{path: display, root: filepath.Clean(root), hint: trustHint(c, display, physicalKey(c, root))}
	switch tr.Kind {
	case normalize.TrustFlag, normalize.TrustTable:
		docs := []*normalize.Document{doc}
		if pf, ok := o.profileFile(c); ok {
			if pd := o.readDoc(c, pf, root); pd != nil {
				docs = []*normalize.Document{pd, doc}
			}
		}
		res.all, res.reason, res.pos = o.trustKey(c, docs, display, root)
		if k := o.keyRoot(c, root); k != root && !res.all {
			// a linked worktree: the main checkout's entry trusts it too
			if ok, _, pos := o.trustKey(c, docs, display, k); ok {
				res.all, res.reason, res.pos = true, "", pos
			}
		}
		res.accepted = res.all
		if tr.UpToRoot && !res.all {
			// the trust dialog accepted for a directory between the
			// working directory and the root
			for d := o.Root; d != filepath.Clean(root) && within(root, d); d = filepath.Dir(d) {
				if ok, _, _ := o.trustKey(c, docs, display, d); ok {
					res.accepted = true
					break
				}
			}
		}
		if tr.PerLayer {
			res.layers = o.layerTrust(c, docs, display, root)
		}
	case normalize.TrustFolders:
		o.trustFolders(c, res, display, abs)
	case normalize.TrustList:
		o.trustList(c, res, display, doc)
	case normalize.TrustPaths:
		o.trustPaths(c, res, display, doc, root)
	}
	return res
}

// trustPaths follows a client that lists its trusted directories as
// paths (normalize.TrustPaths: Copilot CLI's trusted_folders): each
// directory from the start directory up to the root is trusted when a
// listed path is it or one of its parents; the start directory's decides
// the project. A list that is not an array of strings trusts nothing.
func (o *Options) trustPaths(c *normalize.Client, res *trustResult, display string, doc *normalize.Document, root string) {
	list := c.Trust.Path[0]
	res.layers = map[string]trustDecision{}
	dirs := []string{filepath.Clean(o.Root)}
	for d := dirs[0]; d != filepath.Clean(root) && within(root, d); {
		p := filepath.Dir(d)
		if p == d {
			break
		}
		dirs = append(dirs, p)
		d = p
	}
	decide := func(why string) {
		for _, d := range dirs {
			res.layers[d] = trustDecision{reason: why}
		}
		res.reason = why
	}
	if doc == nil || doc.Root == nil || doc.Root.Kind != normalize.Object {
		why := fmt.Sprintf("%s does not list %q", display, o.Root)
		if doc != nil {
			why = fmt.Sprintf("%s cannot be read, so it trusts nothing", display)
		}
		decide(why)
		return
	}
	m := doc.Root.Member(list)
	if m == nil || m.Value.Kind != normalize.Array {
		decide(fmt.Sprintf("%s has no %q list, so it trusts nothing", display, list))
		return
	}
	for _, it := range m.Value.Items {
		if it.Kind != normalize.String {
			res.pos = it.Range.Start
			decide(fmt.Sprintf("%q at %s:%s holds %s, so %s trusts nothing", list, display, it.Range.Start, kindWord(it.Kind), c.Product))
			return
		}
	}
	for _, d := range dirs {
		dec := trustDecision{reason: fmt.Sprintf("%s does not list %q or a folder above it", display, d)}
		for _, it := range m.Value.Items {
			if it.Str == "" {
				continue
			}
			// the client knows its working directory by its physical path
			// (process.cwd()), and a listed path through a link leads
			// there too (testdata/clients/copilot-trust-symlink,
			// copilot-trust-symlink-entry)
			got, pd := absFrom(o.Root, filepath.FromSlash(it.Str)), realPath(d)
			if within(got, pd) || within(realPath(got), pd) || o.goos() == "windows" && within(strings.ToLower(got), strings.ToLower(pd)) {
				dec = trustDecision{trusted: true, pos: it.Range.Start,
					reason: fmt.Sprintf("%q is listed at %s:%s", it.Str, display, it.Range.Start)}
				break
			}
		}
		res.layers[d] = dec
	}
	start := res.layers[dirs[0]]
	res.all, res.accepted, res.reason, res.pos = start.trusted, start.trusted, start.reason, start.pos
}

// layerTrust decides, for a client that trusts each project layer on its
// own (Codex's ProjectTrustContext::decision_for_dir), each directory from
// the start directory up to the root: the directory's own key decides,
// whatever its value; without one the root's; without that the git
// repository's root (RepoRoot; a linked worktree's main checkout).
func (o *Options) layerTrust(c *normalize.Client, docs []*normalize.Document, display, root string) map[string]trustDecision {
	out := map[string]trustDecision{}
	repo, hasRepo := "", false
	if c.Trust.RepoRoot {
		// the repository's root: a linked worktree's is its main
		// checkout's (Codex's resolve_root_git_project_for_trust)
		repo, hasRepo = o.rootAbove(o.Root, []string{".git"})
		if hasRepo {
			if main, ok := linkedWorktree(repo); ok {
				repo = main // worktreeMain(o.Root)
			}
		}
	}
	for d := o.Root; within(root, d); d = filepath.Dir(d) {
		var dec trustDecision
		found := false
		for _, key := range []string{d, root, repo} {
			if key == "" || key == repo && !hasRepo {
				continue
			}
			if m, _ := o.trustMember(c, docs, key); m != nil {
				dec.trusted, dec.reason, dec.pos = o.trustKey(c, docs, display, key)
				found = true
				break
			}
		}
		if !found {
			_, dec.reason, dec.pos = o.trustKey(c, docs, display, d)
		}
		out[filepath.Clean(d)] = dec
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	return out
}

// trustMember finds the trust setting keyed by dir in the first document
// that has it.
func (o *Options) trustMember(c *normalize.Client, docs []*normalize.Document, dir string) (*normalize.Member, *normalize.Document) {
	tr := c.Trust
	dir = physicalKey(c, dir)
	for _, doc := range docs {
		if doc == nil || doc.Root == nil {
			continue
		}
		var m *normalize.Member
		if tr.Exact {
			m = exactKey(doc.Root, tr.Path, dir, o.goos())
		} else {
			m = lookupKey(doc.Root, tr.Path, dir)
		}
		if m != nil {
			return m, doc
		}
	}
	return nil, nil
}

// trustKey reads a trust setting keyed by dir ({"projects", "<root>",
// "trust_level"}): true when it holds tr.Value (or true for a flag).
func (o *Options) trustKey(c *normalize.Client, docs []*normalize.Document, display, dir string) (bool, string, normalize.Pos) {
	tr := c.Trust
	dir = physicalKey(c, dir)
	key := strings.Join(tr.Path, ".")
	key = strings.Replace(key, "<root>", fmt.Sprintf("%q", dir), 1)
	if !slices.ContainsFunc(docs, func(d *normalize.Document) bool { return d != nil }) {
		return false, fmt.Sprintf("%s is not set: %s does not exist", key, display), normalize.Pos{}
	}
	m, doc := o.trustMember(c, docs, dir)
	if m == nil {
		return false, fmt.Sprintf("%s is not set in %s", key, display), normalize.Pos{}
	}
	v := m.Value
	at := fmt.Sprintf("%s:%s", doc.Path, v.Range.Start)
	switch {
	case tr.Value == "" && v.Kind == normalize.Bool && v.Bool:
		return true, fmt.Sprintf("%s is true at %s", key, at), v.Range.Start
	case tr.Value != "" && v.Kind == normalize.String && v.Str == tr.Value:
		return true, fmt.Sprintf("%s is %q at %s", key, v.Str, at), v.Range.Start
	}
	return false, fmt.Sprintf("%s is %s at %s", key, valueText(v), at), v.Range.Start
}

// exactKey follows path from v, "<root>" matching dir as the client writes
// its keys: the path itself or its symlink-resolved form, nothing else (a
// trailing slash does not match); without case on Windows.
func exactKey(v *normalize.Value, path []string, dir, goos string) *normalize.Member {
	want := []string{dir}
	if r, err := filepath.EvalSymlinks(dir); err == nil && r != dir {
		want = append(want, r)
	}
	var m *normalize.Member
	for i, k := range path {
		if v == nil || v.Kind != normalize.Object {
			return nil
		}
		m = nil
		if k != "<root>" {
			m = v.Member(k)
		} else {
			for _, c := range v.Unique() {
				if slices.ContainsFunc(want, func(w string) bool { return c.Key == w || goos == "windows" && strings.EqualFold(c.Key, w) }) {
					m = c
					break
				}
			}
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

func valueText(v *normalize.Value) string {
	switch v.Kind {
	case normalize.String:
		return fmt.Sprintf("%q", v.Str)
	case normalize.Bool:
		return fmt.Sprint(v.Bool)
	}
	return v.Str
}

// trustLevels are the values a TrustFolders file may hold; any other
// makes the client refuse the file.
var trustLevels = []string{"TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST"}

// trustFolders follows Gemini CLI (checkPathTrust): the variables decide
// first, then the setting that turns the check off, then the longest rule
// of trustedFolders.json that covers the workspace (TRUST_PARENT covers
// its path's parent, DO_NOT_TRUST distrusts); no rule means not trusted.
// A file the client cannot use stops it (fatal).
func (o *Options) trustFolders(c *normalize.Client, res *trustResult, display, abs string) {
	tr := c.Trust
	if tr.DistrustEnv != "" && o.getenv(tr.DistrustEnv) == "true" {
		res.all, res.reason = false, tr.DistrustEnv+"=true"
		return
	}
	switch v := o.getenv(tr.Env); v {
	case "true", "false":
		res.all, res.reason = v == "true", fmt.Sprintf("%s=%s", tr.Env, v)
		return
	}
	if len(tr.Enabled) > 0 {
		if m, doc := o.outsideSetting(c, tr.Enabled); m != nil && m.Value.Kind != normalize.Null {
			path := doc.Path
			val := setting(c, o.getenv, m.Value) // "${FT}" is read as FT's value
			on := normalize.JSTruthy(val)
			if b, ok := textBool(c, val, doc, o.getenv); ok {
				on = b
			}
			if !on {
				res.all, res.pos = true, m.Value.Range.Start
				expanded := ""
				if val != m.Value {
					expanded = ", false once its variables are expanded"
				}
				res.reason = fmt.Sprintf("%s is %s at %s:%s%s, so every folder is trusted", strings.Join(tr.Enabled, "."), valueText(m.Value), path, m.Value.Range.Start, expanded)
				return
			}
		} else if !tr.EnabledDefault {
			res.all, res.reason = true, fmt.Sprintf("%s is not set, so every folder is trusted", strings.Join(tr.Enabled, "."))
			return
		}
	}
	r := o.readAll([]Location{{Client: c, Abs: abs, Display: display, Format: tr.File.Format, Scope: tr.File.Scope}})[0]
	if r.doc == nil {
		res.reason = fmt.Sprintf("%s does not trust %q", display, o.Root)
		return
	}
	if r.doc.Root == nil || r.doc.Root.Kind != normalize.Object {
		why, pos := "it is not a JSON object", normalize.Pos{Line: 1, Col: 1}
		for _, d := range r.diags {
			if d.Severity == normalize.Error {
				why, pos = d.Message, d.Pos
				break
			}
		}
		res.fatal = trustFatal(c, display, pos, why)
		res.reason = fmt.Sprintf("%s cannot be read", display)
		return
	}
	workspace := o.realPath(filepath.Clean(o.Root))
	best, bestLen, bestRule := (*normalize.Member)(nil), -1, ""
	for _, m := range r.doc.Root.Unique() {
		if m.Value.Kind != normalize.String || !slices.Contains(trustLevels, m.Value.Str) {
			res.fatal = trustFatal(c, display, m.Value.Range.Start, fmt.Sprintf("invalid trust level %s for path %q: use %s", valueText(m.Value), m.Key, strings.Join(trustLevels, ", ")))
			res.reason = fmt.Sprintf("%s cannot be read", display)
			return
		}
		// a relative rule (".") is relative to where the client starts
		rule := absFrom(o.Root, filepath.FromSlash(m.Key))
		dir := rule
		if m.Value.Str == "TRUST_PARENT" {
			dir = filepath.Dir(dir)
		}
		// the longest rule wins, its path made absolute as the client
		// loads it (loadTrustedFolders' normalizePath: "/p/" is "/p", and
		// of two keys that name one path the later wins)
		if within(o.realPath(dir), workspace) && (len(rule) > bestLen || rule == bestRule) {
			best, bestLen, bestRule = m, len(rule), rule
		}
	}
	if best == nil {
		res.reason = fmt.Sprintf("%s does not trust %q", display, o.Root)
		return
	}
	res.pos = best.KeyRange.Start
	res.reason = fmt.Sprintf("%q is %q at %s:%s", best.Key, best.Value.Str, display, best.KeyRange.Start)
	res.all = best.Value.Str != "DO_NOT_TRUST"
}

// trustFatal is the refusal of a trust file the client cannot use.
func trustFatal(c *normalize.Client, display string, pos normalize.Pos, why string) *normalize.Gate {
	g := normalize.Gate{Status: normalize.StatusRefused, Kind: normalize.ByConfig, Path: display, Pos: pos,
		Reason: fmt.Sprintf("%s stops before starting any server: %s:%s: %s", c.Product, display, pos, why),
		Hint:   fmt.Sprintf("fix %s:%s", display, pos)}
	if len(c.BadFiles) > 0 {
		g.Reason += fmt.Sprintf(" (it exits with code %d)", c.BadFiles[0].ExitCode)
	}
	return &g
}

// realPath is p with its links resolved, or p when that fails.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// outsideSetting finds a setting in the client's files outside the
// project, the highest-precedence file that sets it winning; path is the
// file's display path.
func (o *Options) outsideSetting(c *normalize.Client, key []string) (*normalize.Member, *normalize.Document) {
	for _, l := range o.viewLocations(c, o.Root) {
		if !l.Scope.OutsideProject() || l.Extension != nil || l.Skip != nil {
			continue
		}
		r := o.readAll([]Location{l})[0]
		if r.doc == nil || r.doc.Root == nil {
			continue
		}
		if m := lookupKey(r.doc.Root, key, ""); m != nil {
			return m, r.doc
		}
	}
	return nil, nil
}

// applyTrust marks every server of a client that starts none in an
// untrusted project (Gemini CLI). A server already blocked stays blocked.
func (v *viewer) applyTrust(entries []normalize.Entry) {
	if v.trust == nil || v.trust.all || v.c.Trust.Effect != normalize.DisablesAll {
		return
	}
	g := v.trust.gate(v.c, false, "")
	for i := range entries {
		if s := &entries[i].Server; s.Enabled {
			s.TurnOff(g)
		}
	}
}

// trustSteps adds trusting the project to the hint of every server
// another gate keeps off in an untrusted project of a client that starts
// no server there (Gemini CLI): undoing that gate alone starts nothing.
// The whole configuration is fixed first (the client stops before it
// looks at trust); the rest comes after trusting.
func (v *viewer) trustSteps(set *normalize.Set) {
	if v.trust == nil || v.trust.all || v.c.Trust.Effect != normalize.DisablesAll {
		return
	}
	add := func(s *normalize.Server) {
		if s.Off == nil || s.Off.Kind == normalize.ByTrust {
			return
		}
		g := *s.Off
		switch {
		case g.Hint == "":
			g.Hint = "trust the project: " + v.trust.hint
		case g.Kind == normalize.ByConfig:
			g.Hint += "; then trust the project: " + v.trust.hint
		default:
			g.Hint = "first trust the project: " + v.trust.hint + "; then " + g.Hint
		}
		s.Off = &g
	}
	for i := range set.Entries {
		add(&set.Entries[i].Server)
	}
	for i := range set.Definitions {
		add(&set.Definitions[i])
	}
}

// approve applies a client's approval of project servers (Claude Code):
// listed in a disabled list anywhere, a server is rejected; approved by a
// setting that counts, it starts; otherwise it waits for approval.
// Settings written inside the project count only once the project is
// trusted. A client that merges its settings (Approval.Merged) lets the
// highest setting that sets EnableAll decide once the project is trusted.
// A pending or rejected server yields its name.
func (v *viewer) approve(defs []normalize.Server) {
	ap := v.c.Approval
	if ap == nil || v.scope == UserScopes {
		return
	}
	type setting struct {
		doc     *normalize.Document
		obj     *normalize.Value
		counted bool
		oneName []string       // list keys that may hold one name as text
		file    normalize.File // how its booleans are read (File.Flag)
	}
	var settings []setting
	var skipped []string
	var deferred [][2]string // settings that count for nothing: their file, the file they would move into
	seen := map[string]bool{}
	for _, st := range ap.Settings {
		if st.File.Base == normalize.SystemDir && v.scope == ProjectScopes {
			continue // the machine's settings are not the project's (lint)
		}
		into, bad := "", false
		if st.MovedInto != nil {
			into, bad = v.o.notObject(v.c, *st.MovedInto, v.root)
			bad = bad || v.voidFile(*st.MovedInto) // fails the client's check
		}
		for _, doc := range v.o.settingDocs(v.c, st.File, v.root) {
			if seen[doc.Abs] && st.File.Section == "" {
				continue // the working directory is the project root
			}
			seen[doc.Abs] = true
			obj := doc.Root
			if st.File.Section != "" {
				m := projectMember(obj.Get(st.File.Section), v.o.keyRoot(v.c, v.root))
				if m == nil {
					continue
				}
				obj = m.Value
			}
			if bad {
				// the client moves these settings into a file it cannot
				// use, so it defers the move and they count for nothing
				if obj.Get(ap.Enabled) != nil || obj.Get(ap.EnableAll) != nil || obj.Get(ap.Disabled) != nil {
					deferred = append(deferred, [2]string{doc.Path, into})
				}
				continue
			}
			counted := !st.Trusted || v.trusted() || st.Accepted && v.trust != nil && v.trust.accepted
			if !counted && (obj.Get(ap.Enabled) != nil || obj.Get(ap.EnableAll) != nil) {
				skipped = append(skipped, doc.Path)
			}
			settings = append(settings, setting{doc, obj, counted, st.OneName, st.File})
		}
	}
	match := func(key, entry, name string) bool {
		if key == ap.Disabled && ap.DisabledMatch != nil {
			return ap.DisabledMatch(entry, name)
		}
		return entry == name
	}
	listed := func(st setting, key, name string) *normalize.Value {
		l := st.obj.Get(key)
		if l != nil && l.Kind == normalize.String && ap.OneName != nil && slices.Contains(st.oneName, key) && ap.OneName(l.Str) {
			// one name as text: a list of it
			if match(key, l.Str, name) {
				return l
			}
			return nil
		}
		if l != nil && l.Kind == normalize.Array {
			for _, it := range l.Items {
				if it.Kind == normalize.String && match(key, it.Str, name) {
					return it
				}
			}
		}
		return nil
	}
	// EnableAll: the highest setting that counts and sets it decides in a
	// merged view of a trusted project; elsewhere any true approves.
	var all, allOff *normalize.Gate
	for _, st := range settings {
		b := st.obj.Get(ap.EnableAll)
		on, ok := st.file.Flag(b)
		if !st.counted || !ok {
			continue
		}
		at := fmt.Sprintf("%s:%s", st.doc.Path, b.Range.Start)
		if ap.Merged && v.trusted() {
			if on {
				all = &normalize.Gate{Reason: fmt.Sprintf("%q is true at %s", ap.EnableAll, at)}
			} else {
				allOff = &normalize.Gate{Reason: fmt.Sprintf("%q is false at %s, which overrides the settings below it", ap.EnableAll, at), Path: st.doc.Path, Pos: b.Range.Start}
			}
			break
		}
		if on {
			all = &normalize.Gate{Reason: fmt.Sprintf("%q is true at %s", ap.EnableAll, at)}
			break
		}
	}
	for i := range defs {
		s := &defs[i]
		// a client that approves before its lists judges a blocked
		// definition's approval too (Approval.BeforeLists)
		blockedDef := s.Off != nil && s.Off.Status == normalize.StatusBlocked && ap.BeforeLists
		if s.Source.Scope != ap.Scope || !s.Enabled && !blockedDef {
			continue
		}
		if blockedDef {
			if v.blocked == nil {
				v.blocked = map[defKey]normalize.Gate{}
			}
			v.blocked[defKeyOf(s)] = *s.Off
			s.TurnOn()
		}
		var rejected, approved *normalize.Gate
		later := false // a setting that counts once the project is trusted approves it
		for _, st := range settings {
			if it := listed(st, ap.Disabled, s.Name); it != nil && rejected == nil {
				as := ""
				if it.Str != s.Name {
					as = fmt.Sprintf(" as %q, which %s takes for the same name", it.Str, v.c.Product)
				}
				rejected = &normalize.Gate{Status: normalize.StatusRejected, Kind: normalize.ByApproval, Yields: true,
					Reason: fmt.Sprintf("listed in %q at %s:%s%s", ap.Disabled, st.doc.Path, it.Range.Start, as), Path: st.doc.Path, Pos: it.Range.Start,
					Hint: fmt.Sprintf("remove %q from %q at %s:%s", it.Str, ap.Disabled, st.doc.Path, it.Range.Start)}
			}
			if !st.counted {
				on, _ := st.file.Flag(st.obj.Get(ap.EnableAll))
				later = later || listed(st, ap.Enabled, s.Name) != nil || on
				continue
			}
			if approved != nil {
				continue
			}
			if it := listed(st, ap.Enabled, s.Name); it != nil {
				approved = &normalize.Gate{Reason: fmt.Sprintf("listed in %q at %s:%s", ap.Enabled, st.doc.Path, it.Range.Start)}
			}
		}
		if approved == nil {
			approved = all
		}
		// steps: what approves the server, in order (trust first where
		// the project's own approvals count only once it is trusted)
		steps, first := approveHint(ap, s.Name, false), ""
		if !v.trusted() {
			steps = "trust the project: " + v.trust.hint
			if !later {
				steps += "; then " + approveHint(ap, s.Name, true)
				first = "first "
			}
		}
		switch {
		case rejected != nil:
			if approved == nil && !v.o.AssumeTrusted {
				rejected.Hint += "; then " + steps
			}
			s.TurnOff(*rejected)
		case approved != nil || v.o.AssumeTrusted:
			// starts
		default:
			why := fmt.Sprintf("no %q setting lists it and %q is not set", ap.Enabled, ap.EnableAll)
			if len(ap.Settings) == 0 {
				why = fmt.Sprintf("%s starts a project server only once you approve it, and keeps its approvals where mcpconf cannot read them", v.c.Product)
			}
			hint := first + steps
			g := normalize.Gate{Status: normalize.StatusPending, Kind: normalize.ByApproval, Yields: true}
			switch {
			case allOff != nil:
				why = fmt.Sprintf("no %q setting lists it and %s", ap.Enabled, allOff.Reason)
				g.Path, g.Pos = allOff.Path, allOff.Pos
				hint = fmt.Sprintf("%s (%q false at %s:%s keeps the others from approving it)", hint, ap.EnableAll, allOff.Path, allOff.Pos)
			case len(skipped) > 0:
				why = fmt.Sprintf("the approvals in %s count only once the project is trusted, and %s",
					strings.Join(skipped, ", "), v.trust.reason)
			case len(deferred) > 0:
				d := deferred[0]
				why += fmt.Sprintf("; the approvals in %s count only once %s moves them into %s when it starts, which it does not do while %s holds no JSON object",
					d[0], v.c.Product, d[1], d[1])
				hint += fmt.Sprintf("; or make %s a JSON object, so that %s moves the approvals of %s into it", d[1], v.c.Product, d[0])
			}
			g.Reason, g.Hint = why, hint
			s.TurnOff(g)
		}
		if blockedDef && !s.Enabled {
			// the list's gate is shown; approving comes after it
			b := v.blocked[defKeyOf(s)]
			b.Hint += "; then " + strings.TrimPrefix(s.Off.Hint, "first ")
			v.blocked[defKeyOf(s)] = b
		}
	}
}

// notObject reports whether file f exists and holds no JSON object (text
// that does not parse, a value of another kind; an empty file is no
// settings, and fine), with its display path.
func (o *Options) notObject(c *normalize.Client, f normalize.File, root string) (string, bool) {
	abs, display := o.fileAbs(c, f, root)
	r := o.readAll([]Location{{Client: c, Abs: abs, Display: display, Format: f.Format, Scope: f.Scope}})[0]
	if r.doc == nil || strings.TrimSpace(string(r.doc.Src)) == "" {
		return display, false
	}
	return display, r.doc.Root == nil || r.doc.Root.Kind != normalize.Object
}

// approveHint says how to approve a server: the client's own prompt, or
// the setting to write in the first file approvals are read from; next,
// as the step after trusting the project (Approval.AskNext).
func approveHint(ap *normalize.Approval, name string, next bool) string {
	ask := ap.Ask
	if next && ap.AskNext != "" {
		ask = ap.AskNext
	}
	if len(ap.Settings) == 0 {
		return ask // no setting mcpconf can read or write approves it
	}
	// the first setting of the project's own is where users approve
	i := max(0, slices.IndexFunc(ap.Settings, func(st normalize.Setting) bool { return st.File.Base == normalize.RootDir }))
	set := fmt.Sprintf("add %q to %q in %s (or set %q to true there)", name, ap.Enabled, ap.Settings[i].File.Path, ap.EnableAll)
	if ask != "" {
		return ask + ", or " + set
	}
	return set
}

// invalid marks definitions the client cannot use at all: it rejects the
// entry (Claude Code's url without type) or cannot tell how to reach the
// server (neither command nor url).
func (v *viewer) invalid(defs []normalize.Server, docs []*normalize.Document) {
	if v.c.Merge == normalize.KeyByKey {
		return // judged after the layers are merged (allOrNothing), or when it starts
	}
	for i := range defs {
		v.invalidOne(&defs[i], docs)
	}
}

// invalidOne is invalid for one definition.
func (v *viewer) invalidOne(s *normalize.Server, docs []*normalize.Document) {
	if s.Off != nil && s.Off.Kind == normalize.ByConfig && !s.Off.InvalidWins {
		return // a file the client does not read while another holds it all (managed-mcp.json)
	}
	if lost := v.c.Lost(s.Name, s.Source.Scope, s.Source.Path, s.Source.Path == v.lowest, func() bool { return v.failsSchema(s.Source.Path, docs) }); lost != "" {
		s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Reason: lost + fmt.Sprintf(" (%s:%s)", s.Source.Path, s.Source.Pos),
			Hint: "give the server another name", Path: s.Source.Path, Pos: s.Source.Pos, Yields: true, Unlisted: true})
		return
	}
	why, hint := invalidReason(v.c, s)
	pos := s.Source.Pos
	if why == "" {
		why, hint, pos = fieldInvalid(v.c, s)
	}
	if why == "" {
		why, hint, pos = undeclaredInput(v.c, s, docs)
	}
	if why == "" {
		why, hint, pos = entrySchemaInvalid(v.c, s)
	}
	// a client that skips the entry as it reads it (SkipsInvalid) never
	// gets to approve or block it: invalid wins, and the name goes to
	// another definition
	if why != "" && (s.Enabled || v.c.SkipsInvalid && (s.Off.Kind != normalize.ByConfig || s.Off.InvalidWins)) {
		// a plugin's entry the client rejects is left out without a
		// word (Plugins.InvalidUnlisted)
		unlisted := s.Off != nil && s.Off.Unlisted || s.Source.Plugin != "" && v.c.Plugins != nil && v.c.Plugins.InvalidUnlisted ||
			slices.Contains(v.c.InvalidUnlistedIn, s.Source.Scope)
		s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Reason: why, Hint: hint,
			Path: s.Source.Path, Pos: pos, Yields: v.c.SkipsInvalid, Unlisted: unlisted})
	}
}

// invalidReason says why a client cannot use an entry, and what to do; ""
// when it can.
func invalidReason(c *normalize.Client, s *normalize.Server) (why, hint string) {
	has := func(k string) bool { return s.Node != nil && s.Node.Member(k) != nil }
	hasURL := s.URL != "" || has("url") || c.AltURLKey != "" && has(c.AltURLKey)
	at := fmt.Sprintf(" (%s:%s)", s.Source.Path, s.Source.Pos)
	switch {
	case s.Node != nil && s.Node.Kind != normalize.Object:
		return fmt.Sprintf("%q is %s, not an object: %s skips it", s.Name, kindWord(s.Node.Kind), c.Product) + at,
			`make the entry an object: {"command": …} for a local server, {"type": "http", "url": …} for a remote one`
	case c.RemoteNeedsType && !s.TransportExplicit && hasURL && !has("command"):
		return fmt.Sprintf("%q has \"url\" but no \"type\": %s reads it as a stdio server and rejects it", s.Name, c.Product) + at,
			`add "type": "http" (or "sse" for a legacy SSE endpoint)`
	case s.Transport == normalize.NoTransport && !s.TransportExplicit:
		return fmt.Sprintf("%q has neither \"command\" nor a URL", s.Name) + at, `add "command" for a local server or a URL for a remote one`
	case s.Transport == normalize.NoTransport:
		return fmt.Sprintf("%q has a \"type\" %s does not accept", s.Name, c.Product) + at, `fix "type" (mcpconf lint names the values ` + c.Product + ` accepts)`
	case c.OnBoth == normalize.StdioRejectsURL && has("command") && hasURL:
		return fmt.Sprintf("%q has both \"command\" and \"url\"", s.Name) + at, `keep "command" for a local server or "url" for a remote one`
	case c.EndpointRequired && (s.Transport == normalize.HTTP || s.Transport == normalize.SSE) && s.URL == "":
		return fmt.Sprintf("%q has \"type\" %q but no \"url\": %s drops it", s.Name, s.Type, c.Product) + at, `set "url" to the server's endpoint, or remove "type" for a local server with "command"`
	case s.Transport == normalize.Stdio && strings.TrimSpace(s.Command) == "":
		return fmt.Sprintf("%q has no command to start", s.Name) + at, `set "command" to the program that runs the server`
	}
	if why, hint := strictTransport(c, s, has, hasURL); why != "" {
		return why + at, hint
	}
	for k := range c.Unsupported {
		if has(k) {
			return fmt.Sprintf("%q has %q, which %s does not support", s.Name, k, c.Product) + at, fmt.Sprintf("remove %q (mcpconf lint says what to use instead)", k)
		}
	}
	if r := c.Reserved(s.Name); r != "" {
		as := ""
		if r != s.Name {
			as = fmt.Sprintf(" (as %q)", r)
		}
		return fmt.Sprintf("%q is a name %s reserves for its own servers%s: it skips the entry", s.Name, c.Product, as) + at, fmt.Sprintf("give the server another name: %s reserves %q", c.Product, r)
	}
	return "", ""
}

// fieldInvalid says why a client skips an entry whose field has the wrong
// type (Client.FieldChecks), at the field.
func fieldInvalid(c *normalize.Client, s *normalize.Server) (why, hint string, at normalize.Pos) {
	p := c.FieldProblem(s)
	if p == nil {
		return "", "", at
	}
	return fmt.Sprintf("%q: %s (%s:%s)", s.Name, p.Why(c), s.Source.Path, p.At), p.Hint(), p.At
}

// undeclaredInput says why a client with "inputs" (VS Code) does not start
// a definition that uses an ${input:id} its file does not declare: it
// refuses, answered or not, where an undeclared variable elsewhere would
// only be empty.
func undeclaredInput(c *normalize.Client, s *normalize.Server, docs []*normalize.Document) (why, hint string, at normalize.Pos) {
	if !c.Inputs || c.UndefinedInput == "" || s.Node == nil {
		return "", "", at
	}
	i := slices.IndexFunc(docs, func(d *normalize.Document) bool { return d.Path == s.Source.Path })
	if i < 0 {
		return "", "", at
	}
	declared := normalize.DeclaredInputs(docs[i], s)
	var id string
	var walk func(v *normalize.Value)
	walk = func(v *normalize.Value) {
		switch {
		case id != "":
		case v.Kind == normalize.String:
			for _, ph := range resolve.Scan(v.Str) {
				if ph.Syntax == resolve.Input && !declared[ph.Name] {
					id, at = ph.Name, normalize.SubRange(docs[i], v, ph.Start, ph.End).Start
					return
				}
			}
		case v.Kind == normalize.Object:
			for _, m := range v.Members {
				walk(m.Value)
			}
		case v.Kind == normalize.Array:
			for _, it := range v.Items {
				walk(it)
			}
		}
	}
	walk(s.Node)
	if id == "" {
		return "", "", at
	}
	return c.UndeclaredInput(id) + fmt.Sprintf(" (%s:%s)", s.Source.Path, at),
		fmt.Sprintf("declare it: \"inputs\": [{ \"type\": \"promptString\", \"id\": %q, \"description\": \"…\", \"password\": true }]", id), at
}

// untypedPatches leaves out the servers of a name the client loses
// (LostNames) and those whose merged entry has no type
// where the client requires one and judges entries file by file
// (Refusal.Entry): a bare {"enabled": false} of a server no file defines
// (opencode 1.18.33 lists only entries with a type).
func (v *viewer) untypedPatches(set *normalize.Set) {
	typed := v.c.PatchCheck()
	if !v.c.TypeRequired || typed == nil {
		return
	}
	for i := range set.Entries {
		s := &set.Entries[i].Server
		if s.Off != nil && s.Off.Status == normalize.StatusRefused {
			continue
		}
		if lost := v.c.Lost(s.Name, s.Source.Scope, s.Source.Path, s.Source.Path == v.lowest, func() bool { return false }); lost != "" {
			s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Reason: lost + fmt.Sprintf(" (%s:%s)", s.Source.Path, s.Source.Pos),
				Hint: "give the server another name", Path: s.Source.Path, Pos: s.Source.Pos, Unlisted: true})
			continue
		}
		if s.Node == nil || s.Node.Kind != normalize.Object || s.Node.Get("type") != nil && (typed(s.Node) || offByFalse(s.Node) && v.typedBelow(set, s, typed)) {
			continue
		}
		s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Path: s.Source.Path, Pos: s.Source.Pos, Unlisted: true,
			Reason: fmt.Sprintf("%q only patches a server no file %s reads defines (it is not a valid local or remote server): %s leaves it out (%s:%s)", s.Name, v.c.Product, v.c.Product, s.Source.Path, s.Source.Pos),
			Hint:   "define the server (\"type\" and \"command\" or \"url\") or remove the entry"})
	}
}

// offByFalse reports an entry whose "enabled" is the boolean false. An
// entry opencode's schema does not take as a local or remote server but
// that has a boolean "enabled" is read as {"enabled": …} alone; merged
// over another file's server it turns that server off, and opencode lists
// it disabled before it looks at the type (MCP.state: "type" in entry,
// then enabled === false; harness seed 4, tree 277,
// testdata/clients/gen-opencode-550cc2c3). Alone it has no type and is
// not listed (testdata/clients/opencode-enabled-union).
func offByFalse(n *normalize.Value) bool {
	e := n.Get("enabled")
	return e != nil && e.Kind == normalize.Bool && !e.Bool
}

// typedBelow reports whether another file the client reads defines the
// server with a type it takes.
func (v *viewer) typedBelow(set *normalize.Set, s *normalize.Server, typed func(*normalize.Value) bool) bool {
	for i := range set.Definitions {
		d := &set.Definitions[i]
		if d.Name == s.Name && d.Source.Path != s.Source.Path && d.Node != nil && d.Node.Kind == normalize.Object &&
			d.Node.Get("type") != nil && typed(d.Node) {
			return true
		}
	}
	return false
}

// badURLs marks the remote servers whose url the client cannot parse
// (Shape.BadURLInvalid): it lists them and fails them before dialing.
func (v *viewer) badURLs(set *normalize.Set) {
	if !v.c.BadURLInvalid {
		return
	}
	for i := range set.Entries {
		s := &set.Entries[i].Server
		if !s.Enabled || s.Transport == normalize.Stdio || s.Node == nil || s.Node.Get("url") == nil || strings.ContainsAny(s.URL, "{$") { // a placeholder: judged once expanded
			continue
		}
		if u, err := url.Parse(s.URL); err == nil && u.Scheme != "" && u.Host != "" {
			continue
		}
		pos := s.Source.Pos
		if m := s.Node.Member("url"); m != nil {
			pos = m.Value.Range.Start
		}
		s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Path: s.FieldPath("url"), Pos: pos,
			Reason: fmt.Sprintf("%s cannot parse the url %q of %q: it fails before connecting (%s:%s)", v.c.Product, s.URL, s.Name, s.FieldPath("url"), pos),
			Hint:   "write the server's full URL, with its scheme: \"https://host/mcp\""})
	}
}

// mergedInvalid applies, for clients that fold their layers, the checks
// that need the merged entry. A client that refuses its whole config for
// an entry without a transport (Refuses.InvalidTransport) or one its
// schema rejects (Refuses.Entry) is judged by refusal instead, past the
// patches it leaves out and the URLs it cannot parse.
func (v *viewer) mergedInvalid(set *normalize.Set) {
	if v.c.Merge != normalize.KeyByKey {
		return
	}
	if v.c.SkipsFile != nil {
		v.untypedPatches(set)
	}
	if v.c.Refuses != nil {
		v.untypedPatches(set)
		v.badURLs(set)
		if v.c.Refuses.InvalidTransport != "" || v.c.Refuses.Entry != nil {
			return // judged by refusal
		}
	}
	for i := range set.Entries {
		s := &set.Entries[i].Server
		why, hint := invalidReason(v.c, s)
		pos := s.Source.Pos
		if why == "" {
			why, hint, pos = fieldInvalid(v.c, s)
		}
		if why != "" && s.Enabled {
			s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Reason: why, Hint: hint, Path: s.Source.Path, Pos: pos})
		}
	}
}

// failsSchema reports whether the client's schema rejects the document at
// path, judged once per path and only when asked (a lost name's file).
func (v *viewer) failsSchema(path string, docs []*normalize.Document) bool {
	if bad, ok := v.schemaBad[path]; ok {
		return bad
	}
	if v.schemaBad == nil {
		v.schemaBad = map[string]bool{}
	}
	bad := false
	if i := slices.IndexFunc(docs, func(d *normalize.Document) bool { return d.Path == path }); i >= 0 {
		bad = docFailsSchema(v.c, docs[i], v.o.getenv)
	}
	v.schemaBad[path] = bad
	return bad
}

// docFailsSchema reports whether the client's own validation rejects a
// settings file, which it then uses as parsed rather than as validated:
// the client's schema, less what a client that reads text as numbers and
// booleans (TextBooleans: Gemini CLI's buildPrimitiveSchema, a zod schema
// of types and enums) accepts. A client that expands placeholders in its
// settings (Layout.SettingsPlaceholders) validates them expanded.
func docFailsSchema(c *normalize.Client, doc *normalize.Document, getenv func(string) string) bool {
	if doc == nil || doc.Root == nil || c.Schema == "" {
		return false
	}
	vs, err := schemas.Violations(c.Schema, expandAll(c, getenv, doc.Root.Interface()))
	if err != nil {
		return false
	}
	if c.TextBooleans {
		// its validation checks types and allowed values, not which
		// fields an entry needs
		vs = slices.DeleteFunc(vs, func(vi schemas.Violation) bool { return vi.Keyword != "type" && vi.Keyword != "enum" })
		text := map[string]string{}
		doc.Root.Walk(func(x *normalize.Value) bool {
			if x.Kind == normalize.String {
				text[x.Pointer] = setting(c, getenv, x).Str
			}
			return true
		})
		vs = slices.DeleteFunc(vs, func(vi schemas.Violation) bool {
			t, ok := text[vi.Pointer]
			if !ok {
				return false
			}
			if slices.Equal(vi.Want, []string{"number"}) {
				_, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
				return err == nil && strings.TrimSpace(t) != ""
			}
			l := strings.ToLower(t)
			return slices.Equal(vi.Want, []string{"boolean"}) && (l == "true" || l == "false")
		})
	}
	return len(vs) > 0
}

// textBool is a setting written as the text "true" or "false" (any case),
// which a client that validates its settings into booleans reads as one
// (Client.TextBooleans) when the file passes its validation; ok is false
// otherwise.
func textBool(c *normalize.Client, v *normalize.Value, doc *normalize.Document, getenv func(string) string) (b, ok bool) {
	if !c.TextBooleans || v.Kind != normalize.String || docFailsSchema(c, doc, getenv) {
		return false, false
	}
	switch strings.ToLower(v.Str) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// kindWord names a kind of value in a sentence: "an array", "null".
func kindWord(k normalize.Kind) string {
	switch k {
	case normalize.Null:
		return "null"
	case normalize.Array:
		return "an array"
	}
	return "a " + k.String()
}

// badNames turns off each server the client would start but refuses at
// start for its name (Client.NamePattern, not AddOnly): Codex lists
// "my server" and refuses to start it. Applied last: a server something
// else keeps from starting never gets to the name check.
func (v *viewer) badNames(set *normalize.Set) {
	p := v.c.NamePattern
	if p == nil || p.AddOnly {
		return
	}
	for i := range set.Entries {
		s := &set.Entries[i].Server
		if !s.Enabled || p.Match(s.Name) {
			continue
		}
		s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Listed: true,
			Reason: fmt.Sprintf("%s: its names must match %q (%s:%s)", p.Outside(v.c, s.Name), p.Pattern, s.Source.Path, s.Source.Pos),
			Hint:   fmt.Sprintf("rename it, e.g. to %q", p.Suggest(s.Name)), Path: s.Source.Path, Pos: s.Source.Pos})
	}
}

// voidFile reports whether a settings file exists and fails the client's
// check of the whole file (File.Checked).
func (v *viewer) voidFile(f normalize.File) bool {
	if f.Checked == nil || !v.o.reads(f) {
		return false
	}
	doc := v.o.readDoc(v.c, f, v.root)
	return doc != nil && f.Checked.Problem(doc.Root) != nil
}
