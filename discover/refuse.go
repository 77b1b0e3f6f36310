package discover

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/schemas"
)

// refusal is why a client refuses its whole configuration: its own
// message, where, and what to do.
type refusal struct {
	msg  string // the client's words
	path string
	pos  normalize.Pos
	hint string
}

// refuse applies, for a client that refuses its whole configuration
// (Client.Refuses), the first thing that makes it do so, in the order the
// client finds them (Codex 0.169.0: the profile's name, CODEX_HOME, files
// that do not parse, the legacy profile table, trust settings, the merged
// server entries, other values, legacy keys): every server of the view is
// then refused, and the set says why.
func (v *viewer) refuse(set *normalize.Set, loaded []Location) {
	r := v.c.Refuses
	if r == nil {
		return
	}
	layers := v.layers(set, loaded)
	checks := []func() *refusal{
		v.badProfile,
		v.missingHome,
		func() *refusal { return v.unparsable(layers) },
		func() *refusal { return v.badFileEntries(layers) },
		v.badRequirements,
		func() *refusal { return v.profileConflict(layers) },
		func() *refusal { return v.badValues(layers, true) },
		func() *refusal { return v.badEntries(set, layers) },
		func() *refusal { return v.badValues(layers, false) },
		func() *refusal { return v.legacyKeys(layers) },
	}
	var why *refusal
	for _, check := range checks {
		if why = check(); why != nil {
			break
		}
	}
	if why == nil {
		return
	}
	at := ""
	if why.path != "" {
		at = " (" + why.path
		if why.pos.IsValid() {
			at += ":" + why.pos.String()
		}
		at += ")"
	}
	g := normalize.Gate{Status: normalize.StatusRefused, Kind: normalize.ByConfig, Path: why.path, Pos: why.pos, Hint: why.hint,
		Reason: fmt.Sprintf("%s refuses its whole config: %s%s; no server starts, user ones included", v.c.Product, why.msg, at)}
	set.Refused, set.RefusedSaying = &g, why.msg
	for i := range set.Entries {
		set.Entries[i].Server.TurnOff(g)
	}
}

// layer is one file the client loads, lowest precedence first.
type layer struct {
	loc     Location
	doc     *normalize.Document // nil when absent
	failed  *normalize.Diagnostic
	project bool
}

// layers pairs the loaded locations with their documents, lowest
// precedence first, as the client loads them.
func (v *viewer) layers(set *normalize.Set, loaded []Location) []layer {
	docs := map[string]*normalize.Document{}
	for _, d := range set.Documents {
		docs[d.Path] = d
	}
	var out []layer
	for i := len(loaded) - 1; i >= 0; i-- {
		l := loaded[i]
		if skippedFile(v.c, docs[l.Display], l) != "" {
			continue // the client skips it, alone (Gates.SkipsFile)
		}
		ly := layer{loc: l, doc: docs[l.Display], project: l.Dir != ""}
		if ly.doc != nil && ly.doc.Root == nil {
			for j, d := range set.Diagnostics {
				if d.Path == l.Display && d.Severity == normalize.Error {
					ly.failed = &set.Diagnostics[j]
					break
				}
			}
			if ly.failed == nil {
				ly.failed = &normalize.Diagnostic{Path: l.Display, Message: "cannot be read"}
			}
		}
		out = append(out, ly)
	}
	return out
}

// badProfile: the client refuses a profile name it does not accept.
func (v *viewer) badProfile() *refusal {
	p := v.c.Profile
	if p == nil || v.o.Profile == "" || p.ValidName(v.o.Profile) {
		return nil
	}
	return &refusal{msg: fmt.Sprintf(p.BadName, v.o.Profile),
		hint: fmt.Sprintf("give --profile a name that matches %s", p.NamePattern)}
}

// missingHome: a variable that moves the client's home names a directory
// that does not exist, or a file.
func (v *viewer) missingHome() *refusal {
	r := v.c.Refuses
	if r.HomeMissing == "" || v.scope == ProjectScopes {
		return nil
	}
	seen := map[string]bool{}
	for _, f := range v.c.Files {
		for _, name := range f.Base.Vars() {
			if seen[name] {
				continue
			}
			seen[name] = true
			var b *normalize.Base
			if fb := f.Base.For(v.o.goos()); fb.Var == name {
				b = fb
			}
			dir := v.o.envDir(name, b)
			if dir == "" {
				continue
			}
			// the client names the value as it was set (a relative one is
			// relative to where it starts); the hint names the directory
			val := v.o.getenv(name)
			fi, err := os.Stat(dir)
			switch {
			case err != nil:
				return &refusal{msg: fmt.Sprintf(r.HomeMissing, name, val), hint: fmt.Sprintf("create %s, or unset %s", dir, name)}
			case !fi.IsDir():
				return &refusal{msg: fmt.Sprintf(r.HomeNotDir, name, val), hint: fmt.Sprintf("point %s at a directory", name)}
			}
		}
	}
	return nil
}

// unparsable: a file the client loads that does not parse, user and
// machine files first, then the project's from its root down.
func (v *viewer) unparsable(layers []layer) *refusal {
	r := v.c.Refuses
	for _, pass := range []bool{false, true} {
		for _, ly := range layers {
			if ly.failed == nil || ly.project != pass {
				continue
			}
			d := ly.failed
			if !d.Pos.IsValid() {
				// not a syntax error: the file cannot be read as one
				return &refusal{msg: r.Say(ly.loc.Profile, fmt.Sprintf(r.Unreadable, ly.doc.Path, d.Message)), path: d.Path,
					hint: fmt.Sprintf("make %s a readable file, or remove it", d.Path)}
			}
			format := r.ParseError
			if ly.project {
				format = r.ProjectParseError
			}
			return &refusal{msg: r.Say(ly.loc.Profile, fmt.Sprintf(format, ly.doc.Path, d.Pos.Line, d.Pos.Col, d.Message)),
				path: d.Path, pos: d.Pos, hint: fmt.Sprintf("fix the syntax at %s:%s", d.Path, d.Pos)}
		}
	}
	return nil
}

// badRequirements: the machine's allow list does not parse.
func (v *viewer) badRequirements() *refusal {
	doc, d := v.requirementsDoc()
	if d == nil {
		return nil
	}
	rq := v.c.Requirements
	return &refusal{msg: v.c.Refuses.Say(false, fmt.Sprintf(rq.ParseError, doc.Path, d.Pos.Line, d.Pos.Col, d.Message)),
		path: doc.Path, pos: d.Pos, hint: fmt.Sprintf("fix the syntax at %s:%s (a file of the machine's administrator)", doc.Path, d.Pos)}
}

// profileConflict: the profile the run selects is still selected or held
// by the legacy keys of the user config.
func (v *viewer) profileConflict(layers []layer) *refusal {
	p, name := v.c.Profile, v.o.Profile
	if p == nil || name == "" {
		return nil
	}
	var profileDisplay string
	for _, ly := range layers {
		if ly.loc.Profile {
			profileDisplay = ly.loc.Display
		}
	}
	for _, ly := range layers {
		if ly.loc.Scope != normalize.User || ly.loc.Profile || ly.doc == nil || ly.doc.Root == nil {
			continue
		}
		var at *normalize.Member
		if m := ly.doc.Root.Member(p.Selector); m != nil && m.Value.Kind == normalize.String && m.Value.Str == name {
			at = m
		} else if t := ly.doc.Root.Get(p.Tables); t != nil && t.Kind == normalize.Object {
			at = t.Member(name)
		}
		if at == nil {
			continue
		}
		return &refusal{msg: v.c.Refuses.Say(true, fmt.Sprintf(p.Conflict, name, ly.doc.Path, profileDisplay)),
			path: ly.doc.Path, pos: at.KeyRange.Start,
			hint: fmt.Sprintf("move the settings at %s:%s into %s and remove them there", ly.doc.Path, at.KeyRange.Start, profileDisplay)}
	}
	return nil
}

// badValues: a value of the loaded files that the client's schema rejects,
// outside the server entries (which badEntries judges merged). settings
// selects the values the client reads first, with the file's position
// (Refusal.Settings, in the files outside the project); otherwise the
// rest, in every loaded file.
func (v *viewer) badValues(layers []layer, settings bool) *refusal {
	r := v.c.Refuses
	if v.c.Schema == "" || r.TypeError == nil {
		return nil
	}
	for i, ly := range layers {
		if ly.doc == nil || ly.doc.Root == nil || settings && ly.project {
			continue
		}
		root := ly.doc.Root
		if ly.project {
			root = stripKeys(root, r.Stripped)
		}
		// the server tables are judged merged (badEntries): leave them out
		vs, err := schemas.Violations(v.c.Schema, withoutEntries(root, v.c.ServersKey))
		if err != nil {
			continue
		}
		for _, vi := range vs {
			toks := pointerTokens(vi.Pointer)
			val := root.Lookup(vi.Pointer)
			if val == nil {
				continue
			}
			inEntry := len(toks) >= 3 && toks[0] == v.c.ServersKey || len(toks) == 2 && toks[0] == v.c.ServersKey && val.Kind == normalize.Object
			// the settings read first are read again, with the rest, in
			// project files
			m := matchesAny(toks, r.Settings)
			if inEntry || settings && !m || !settings && m && !ly.project {
				continue
			}
			if settings && replacedAbove(layers[i+1:], vi.Pointer) {
				continue // a higher layer (a profile) sets it: the client checks the merged value
			}
			msg, named := r.TypeError(dotted(root, toks), val, vi.Want, vi.Allowed, outOfRange(vi))
			cause := r.At(msg, named)
			if settings {
				cause = fmt.Sprintf(r.FileAt, ly.doc.Path, val.Range.Start.Line, val.Range.Start.Col, cause)
			}
			return &refusal{msg: r.Say(ly.loc.Profile, cause), path: ly.doc.Path, pos: val.Range.Start, hint: valueHint(vi, ly.doc.Path, val.Range.Start)}
		}
	}
	return nil
}

// replacedAbove reports whether one of the layers above (non-project
// ones, which merge before the settings read first are checked) sets the
// value at ptr: Codex validates trust_level as its layers merge it, so a
// profile's "trusted" replaces the user file's "TRUSTED" before the check
// (Codex 0.171.0: testdata/clients/gen-codex-11c9012f).
func replacedAbove(above []layer, ptr string) bool {
	for _, ly := range above {
		if !ly.project && ly.doc != nil && ly.doc.Root != nil && ly.doc.Root.Lookup(ptr) != nil {
			return true
		}
	}
	return false
}

// badEntries: a server entry, as the loaded layers merge it, that the
// client cannot read: a value its schema rejects, neither a command nor a
// URL, or a field of the other transport. Entries are judged in the order
// the client meets them: the lowest layer that defines each first, in
// file order.
func (v *viewer) badEntries(set *normalize.Set, layers []layer) *refusal {
	if v.c.Refuses.Entry != nil {
		return nil // judged file by file (badFileEntries)
	}
	byName := map[string]*normalize.Server{}
	for i := range set.Entries {
		s := &set.Entries[i].Server
		if s.Off == nil || s.Off.Status != normalize.StatusUntrusted {
			byName[s.Name] = s
		}
	}
	var order []string
	seen := map[string]bool{}
	for _, ly := range layers {
		if ly.doc == nil || ly.doc.Root == nil {
			continue
		}
		if servers, _ := v.c.ServersOf(ly.doc.Root.Get(v.c.ServersKey)); servers != nil && servers.Kind == normalize.Object {
			for _, m := range servers.Unique() {
				if !seen[m.Key] && byName[m.Key] != nil {
					seen[m.Key] = true
					order = append(order, m.Key)
				}
			}
		}
	}
	// every merged entry validated at once, violations kept by entry
	byEntry := map[string][]schemas.Violation{}
	if v.c.Schema != "" && v.c.Refuses.TypeError != nil && len(order) > 0 {
		all := make(map[string]any, len(order))
		for _, name := range order {
			if n := byName[name].Node; n != nil {
				all[name] = n.Interface()
			}
		}
		vs, _ := schemas.Violations(v.c.Schema, map[string]any{v.c.ServersKey: all})
		for _, vi := range vs {
			if toks := pointerTokens(vi.Pointer); len(toks) >= 3 {
				byEntry[toks[1]] = append(byEntry[toks[1]], vi)
			}
		}
	}
	for _, name := range order {
		if why := v.badEntry(byName[name], byEntry[name], set.UserRead); why != nil {
			return why
		}
	}
	return nil
}

// badFileEntries: a server entry, as one loaded file writes it, that the
// client's own check (Refusal.Entry) rejects; files in the order the client
// loads them, entries in file order.
func (v *viewer) badFileEntries(layers []layer) *refusal {
	r := v.c.Refuses
	if r.Entry == nil {
		return nil
	}
	for _, ly := range layers {
		if ly.doc == nil || ly.doc.Root == nil {
			continue
		}
		if r.File != nil {
			if msg, at, path := r.File(ly.doc); msg != "" {
				if at == nil {
					at = ly.doc.Root
				}
				what, cause := "the file", msg
				if len(path) > 0 {
					what, cause = strings.Join(path, "."), r.At(msg, path)
				}
				return &refusal{msg: r.Say(false, cause), path: ly.doc.Path, pos: at.Range.Start,
					hint: fmt.Sprintf("make %s at %s:%s what %s reads, or remove the file", what, ly.doc.Path, at.Range.Start, v.c.Product)}
			}
		}
		servers, _ := v.c.ServersOf(ly.doc.Root.Get(v.c.ServersKey))
		if servers == nil || servers.Kind != normalize.Object {
			continue
		}
		for _, m := range servers.Unique() {
			if v.c.Lost(m.Key, ly.loc.Scope, ly.loc.Display, ly.loc.Display == v.lowest, func() bool { return false }) != "" {
				continue // lost as the file is read, before the client checks it (opencode, Cline)
			}
			if sk := v.c.SkipsFile; sk != nil && ly.loc.Scope == normalize.Project && !ly.loc.Trusted && headerVar(m.Value, sk.HeaderVars) != nil {
				continue // dropped as the file is read (droppedForHeaders; harness seed 3, tree 13)
			}
			msg, at, path := r.Entry(v.c.EntryAsRead(m.Value)) // checked as read (opencode lowers V2 first)
			if msg == "" {
				continue
			}
			if at == nil {
				at = m.Value
			}
			dotted := append([]string{v.c.ServersKey, m.Key}, path...)
			return &refusal{msg: r.Say(false, r.At(msg, dotted)), path: ly.doc.Path, pos: at.Range.Start,
				hint: fmt.Sprintf("fix %q at %s:%s, or remove the entry", strings.Join(dotted, "."), ly.doc.Path, at.Range.Start)}
		}
	}
	return nil
}

// badEntry judges one merged entry, with what the schema said of it.
func (v *viewer) badEntry(s *normalize.Server, vs []schemas.Violation, userRead bool) *refusal {
	r := v.c.Refuses
	n := s.Node
	if n == nil {
		return nil
	}
	entry := []string{v.c.ServersKey, s.Name}
	if r.TypeError != nil {
		for _, vi := range vs {
			toks := pointerTokens(vi.Pointer)
			if len(toks) < 3 {
				continue
			}
			val := n.Lookup(pointerOf(toks[2:]))
			if val == nil {
				continue
			}
			msg, named := r.TypeError(append(slices.Clone(entry), dotted(n, toks[2:])...), val, vi.Want, vi.Allowed, outOfRange(vi))
			path := s.FieldPath(toks[2])
			return &refusal{msg: r.Say(false, r.At(msg, named)), path: path, pos: val.Range.Start, hint: valueHint(vi, path, val.Range.Start)}
		}
	}
	has := func(k string) *normalize.Member { return n.Member(k) }
	switch {
	case has("command") != nil:
		for _, k := range r.RemoteOnly {
			if m := has(k); m != nil {
				path := s.FieldPath(k)
				return &refusal{msg: r.Say(false, r.At(fmt.Sprintf(r.NotSupported, k, r.TransportNames[normalize.Stdio]), entry)),
					path: path, pos: m.KeyRange.Start,
					hint: fmt.Sprintf("remove %q at %s:%s, or remove \"command\" if %q is meant to be a remote server", k, path, m.KeyRange.Start, s.Name)}
			}
		}
	case has("url") != nil:
		for _, k := range r.StdioOnly {
			if m := has(k); m != nil {
				path := s.FieldPath(k)
				return &refusal{msg: r.Say(false, r.At(fmt.Sprintf(r.NotSupported, k, r.TransportNames[normalize.HTTP]), entry)),
					path: path, pos: m.KeyRange.Start,
					hint: fmt.Sprintf("remove %q at %s:%s, or give %q a \"command\" if it is meant to be a stdio server", k, path, m.KeyRange.Start, s.Name)}
			}
		}
	case !userRead && s.Patch:
		// a patch of a server of a file not read (lint's project scope)
		return nil
	case r.InvalidTransport == "":
		// the client skips such an entry (agent-code): mergedInvalid says so
	default:
		return &refusal{msg: r.Say(false, r.At(r.InvalidTransport, entry)), path: s.Source.Path, pos: s.Source.Pos,
			hint: fmt.Sprintf("add \"command\" for a local server or \"url\" for a remote one to %q at %s:%s, or remove the table", s.Name, s.Source.Path, s.Source.Pos)}
	}
	for _, c := range r.EntryChecks {
		val, holds := c.Holds(n)
		if !holds {
			continue
		}
		path := s.FieldPath(c.Field[0])
		field, other := strings.Join(c.Field, "."), strings.Join(c.Other, ".")
		return &refusal{msg: r.Say(false, r.At(c.Message, entry)), path: path, pos: val.Range.Start,
			hint: fmt.Sprintf(c.Hint, field, other, c.Value) + fmt.Sprintf(" (%s:%s)", path, val.Range.Start)}
	}
	return nil
}

// legacyKeys: a key the client no longer accepts, in a file it reads
// outside the project.
func (v *viewer) legacyKeys(layers []layer) *refusal {
	r := v.c.Refuses
	for _, lk := range r.Legacy {
		for i := len(layers) - 1; i >= 0; i-- { // the highest file that sets it wins the merge
			ly := layers[i]
			if ly.project || ly.doc == nil || ly.doc.Root == nil {
				continue
			}
			m := ly.doc.Root.Member(lk.Key)
			if m == nil || m.Value.Kind != normalize.String {
				continue
			}
			val := m.Value.Str
			hint := fmt.Sprintf("remove %s at %s:%s", lk.Key, ly.doc.Path, m.KeyRange.Start)
			if p := v.c.Profile; p != nil && lk.Hint != "" {
				hint = fmt.Sprintf("remove %s = %q at %s:%s; ", lk.Key, val, ly.doc.Path, m.KeyRange.Start) +
					fmt.Sprintf(lk.Hint, val, v.o.display(filepath.Join(v.o.dir(p.File.Base), filepath.FromSlash(p.For(val).Path)), p.File.Base), shell.Words(shell.Option(p.Flag, val)...))
			}
			return &refusal{msg: r.Say(true, fmt.Sprintf(lk.Message, val)), path: ly.doc.Path, pos: m.Value.Range.Start, hint: hint}
		}
	}
	return nil
}

// valueHint says how to fix a value the schema rejects.
func valueHint(vi schemas.Violation, path string, pos normalize.Pos) string {
	if len(vi.Allowed) > 0 {
		return fmt.Sprintf("write %s at %s:%s", orQuoted(vi.Allowed), path, pos)
	}
	return fmt.Sprintf("fix the value at %s:%s: %s", path, pos, vi.Message)
}

func orQuoted(vals []string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = fmt.Sprintf("%q", v)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// withoutEntries is a document's data without the object entries of its
// servers table (the values that are not objects stay, to be judged).
func withoutEntries(root *normalize.Value, key string) any {
	data, ok := root.Interface().(map[string]any)
	if !ok {
		return root.Interface()
	}
	if servers, ok := data[key].(map[string]any); ok {
		kept := map[string]any{}
		for name, e := range servers {
			if _, obj := e.(map[string]any); !obj {
				kept[name] = e
			}
		}
		data[key] = kept
	}
	return data
}

// stripKeys is an object without the top-level keys the client removes
// from project files.
func stripKeys(root *normalize.Value, keys []string) *normalize.Value {
	if root.Kind != normalize.Object || len(keys) == 0 {
		return root
	}
	c := *root
	c.Members = slices.DeleteFunc(slices.Clone(root.Members), func(m *normalize.Member) bool { return slices.Contains(keys, m.Key) })
	return &c
}

// pointerTokens splits a JSON pointer.
func pointerTokens(ptr string) []string {
	if ptr == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, t := range toks {
		toks[i] = normalize.UnescapePointer(t)
	}
	return toks
}

func pointerOf(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString("/" + normalize.EscapePointer(t))
	}
	return b.String()
}

// dotted is the path of toks from v without array indices, as the client
// names a place.
func dotted(v *normalize.Value, toks []string) []string {
	var out []string
	for _, t := range toks {
		if v != nil && v.Kind == normalize.Array {
			v = v.Lookup("/" + t)
			continue
		}
		out = append(out, t)
		if v != nil {
			v = v.Get(t)
		}
	}
	return out
}

// matchesAny reports whether toks is one of the patterns ("*" matching
// any key).
func matchesAny(toks []string, patterns [][]string) bool {
	for _, p := range patterns {
		if len(p) != len(toks) {
			continue
		}
		ok := true
		for i, k := range p {
			ok = ok && (k == "*" || k == toks[i])
		}
		if ok {
			return true
		}
	}
	return false
}

// outOfRange: the schema's bounds, not its types, reject the value.
func outOfRange(vi schemas.Violation) bool {
	return vi.Keyword == "minimum" || vi.Keyword == "maximum"
}
