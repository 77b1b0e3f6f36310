package discover

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
)

// extensionLocations lists the manifest of every extension installed where
// f says (the "*" of its path standing for each directory there), in the
// order of the directories' names. A directory whose install file makes
// it a link is read at the link's source.
func (o *Options) extensionLocations(c *normalize.Client, f normalize.File) []Location {
	before, after, ok := strings.Cut(f.Path, "*")
	if !ok {
		return []Location{o.locate(c, 0, f, 0)}
	}
	dir := filepath.Join(o.dir(f.Base), filepath.FromSlash(strings.TrimSuffix(before, "/")))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	spec := f.Extension
	var out []Location
	for _, e := range entries {
		ext := filepath.Join(dir, e.Name())
		if fi, err := os.Stat(ext); err != nil || !fi.IsDir() {
			continue // the client skips what is not a directory
		}
		if src := linkSource(ext, spec); src != "" {
			ext = absFrom(o.Root, src) // the client reads it where it starts
		}
		abs := filepath.Join(ext, filepath.FromSlash(strings.TrimPrefix(after, "/")))
		out = append(out, Location{Client: c, Scope: f.Scope, Format: f.Format, Abs: abs, Display: o.display(abs, f.Base),
			Extension: spec, ExtDir: ext})
	}
	return out
}

// linkSource is the directory a linked extension's install file points
// to, or "".
func linkSource(dir string, spec *normalize.ExtensionSpec) string {
	if spec.Install == "" {
		return ""
	}
	b, err := os.ReadFile(filepath.Join(dir, spec.Install))
	if err != nil {
		return ""
	}
	var meta struct {
		Type   any `json:"type"`
		Source any `json:"source"`
	}
	if json.Unmarshal(b, &meta) != nil {
		return ""
	}
	if t, _ := meta.Type.(string); t != spec.LinkType {
		return ""
	}
	src, _ := meta.Source.(string)
	return src
}

// decodeExtension reads an extension's manifest as the client does: it
// skips the extension (why) when a required key is missing or its name is
// not valid; otherwise every server gets the extension's name, and the
// variables the client replaces in the manifest are replaced.
func decodeExtension(doc *normalize.Document, loc Location, root string) (servers []normalize.Server, diags []normalize.Diagnostic, name, why string) {
	spec := loc.Extension
	c := loc.Client
	vars := extensionVars(spec, loc.ExtDir, root)
	top := doc.Root
	skipAt := func(v *normalize.Value, format string, args ...any) {
		why = fmt.Sprintf(format, args...)
		r := normalize.Range{Start: normalize.Pos{Line: 1, Col: 1}}
		if v != nil {
			r = v.Range
		}
		d := normalize.At(doc, r, "", normalize.RuleSchema, normalize.Error, "%s skips the extension in %s: %s", c.Product, filepath.ToSlash(filepath.Dir(doc.Path)), why)
		diags = append(diags, d)
	}
	if top.Kind != normalize.Object {
		skipAt(top, "the manifest must hold an object")
		return nil, diags, "", why
	}
	for _, k := range spec.Required {
		if v := top.Get(k); !normalize.JSTruthy(v) {
			skipAt(v, "%q is missing", k)
			diags[len(diags)-1].Hint = fmt.Sprintf("add %q to the manifest, or ask the extension's author to", k)
			return nil, diags, "", why
		}
	}
	nv := top.Get(spec.NameKey)
	name = scalarText(nv)
	if nv.Kind == normalize.String {
		name = hydrate(name, vars)
	}
	if spec.NameOK != nil && !spec.NameOK(name) {
		skipAt(nv, "its name %q holds other characters than %s", name, spec.NameChars)
		return nil, diags, "", why
	}
	src := normalize.Source{Path: doc.Path, Abs: doc.Abs, Client: loc.Client, Scope: loc.Scope, Order: loc.Order, Extension: name}
	servers, more := c.Decode(doc, top.Get(c.ServersKey), src)
	for i := range servers {
		hydrateServer(&servers[i], vars)
	}
	return servers, append(diags, more...), name, ""
}

// scalarText is a value as JavaScript turns it into a string.
func scalarText(v *normalize.Value) string {
	if v.Kind == normalize.String || v.Kind == normalize.Number {
		return v.Str
	}
	if v.Kind == normalize.Bool {
		return fmt.Sprint(v.Bool)
	}
	return ""
}

// extensionVars are the values of the variables the client replaces in a
// manifest.
func extensionVars(spec *normalize.ExtensionSpec, dir, workspace string) map[string]string {
	out := map[string]string{}
	for k, v := range spec.Vars {
		switch v {
		case normalize.ExtDir:
			out[k] = dir
		case normalize.WorkspaceDir:
			out[k] = workspace
		case normalize.PathSeparator:
			out[k] = string(filepath.Separator)
		}
	}
	return out
}

// hydrate replaces ${name} by its value where vars knows the name, as
// Gemini CLI's hydrateString does (/\${(.*?)}/g); other ${…} stay.
func hydrate(s string, vars map[string]string) string {
	if !strings.Contains(s, "${") {
		return s
	}
	return hydrateRE().ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := vars[m[2:len(m)-1]]; ok {
			return v
		}
		return m
	})
}

// hydrateRE is compiled on first use: no work at start-up.
var hydrateRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{[^}]*\}`) })

// hydrateServer replaces the manifest's variables in the values a server
// is started with.
func hydrateServer(s *normalize.Server, vars map[string]string) {
	s.Command = hydrate(s.Command, vars)
	for i := range s.Args {
		s.Args[i] = hydrate(s.Args[i], vars)
	}
	s.Cwd = hydrate(s.Cwd, vars)
	s.URL = hydrate(s.URL, vars)
	for k, v := range s.Env {
		s.Env[k] = hydrate(v, vars)
	}
	for k, v := range s.Headers {
		s.Headers[k] = hydrate(v, vars)
	}
}

// extensionRule is one rule of the enablement file.
type extensionRule struct {
	text    string
	disable bool
	re      *regexp.Regexp
	pos     normalize.Pos
}

// enablement reads the rules of the client's extension enablement file:
// by extension name, the rules in the order written. The client reads
// none of them when the file does not hold name -> {"overrides": [rules]}
// throughout.
func (o *Options) enablement(c *normalize.Client, spec *normalize.ExtensionSpec) (map[string][]extensionRule, string) {
	if spec.Enablement == nil {
		return nil, ""
	}
	doc := o.readDoc(c, *spec.Enablement, o.Root)
	if doc == nil || doc.Root.Kind != normalize.Object {
		return nil, ""
	}
	out := map[string][]extensionRule{}
	for _, m := range doc.Root.Unique() {
		ov := m.Value.Get("overrides")
		if m.Value.Kind != normalize.Object || ov == nil || ov.Kind != normalize.Array {
			return nil, doc.Path
		}
		var rules []extensionRule
		for _, it := range ov.Items {
			if it.Kind != normalize.String {
				return nil, doc.Path
			}
			rules = append(rules, newExtensionRule(it.Str, it.Range.Start))
		}
		out[m.Key] = rules
	}
	return out, doc.Path
}

// newExtensionRule is Override.fromFileRule: a leading "!" disables, a
// final "*" covers sub-folders, "*" anywhere matches anything.
func newExtensionRule(text string, pos normalize.Pos) extensionRule {
	r := extensionRule{text: text, pos: pos}
	base := text
	if strings.HasPrefix(base, "!") {
		r.disable, base = true, base[1:]
	}
	// globToRegex: escape, then "(/?)*" becomes "($1.*)?"
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(base); i++ {
		switch ch := base[i]; {
		case ch == '/' && i+1 < len(base) && base[i+1] == '*':
			b.WriteString("(/.*)?")
			i++
		case ch == '*':
			b.WriteString("(.*)?")
		default:
			b.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	b.WriteString("$")
	r.re = regexp.MustCompile(b.String())
	return r
}

// slashed is a path with "/" separators and a leading and trailing "/"
// (ensureLeadingAndTrailingSlash).
func slashed(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return p
}

// applyExtensions turns off the servers of an extension that is disabled
// for the folder the client starts in, and refuses everything when two
// installed extensions share a name. A server already off keeps its
// reason: the client checks its lists and trust first.
func (v *viewer) applyExtensions(set *normalize.Set, exts []extensionInfo) {
	if len(exts) == 0 {
		return
	}
	spec := exts[0].spec
	rules, path := v.o.enablement(v.c, spec)
	where := slashed(filepath.ToSlash(v.o.Root))
	off := map[string]*normalize.Gate{}
	for _, e := range exts {
		var last *extensionRule
		for i, r := range rules[e.name] {
			if r.re.MatchString(where) {
				last = &rules[e.name][i]
			}
		}
		if last == nil || !last.disable {
			continue
		}
		g := &normalize.Gate{Status: normalize.StatusDisabled, Kind: normalize.ByList, Path: path, Pos: last.pos,
			Reason: fmt.Sprintf("the extension %q is disabled in this folder: the rule %q at %s:%s", e.name, last.text, path, last.pos)}
		if len(spec.Enable) > 0 {
			g.Hint = "run " + shell.Command(shell.Args(spec.Enable, e.name)...) + " in this folder"
		}
		off[e.name] = g
	}
	for i := range set.Entries {
		s := &set.Entries[i].Server
		if g := off[s.Source.Extension]; g != nil && s.Source.Scope == normalize.ExtensionScope && s.Enabled {
			s.TurnOff(*g)
		}
	}
}

// extensionInfo is an extension the client loads: its name and where.
type extensionInfo struct {
	name, path string
	spec       *normalize.ExtensionSpec
}

// duplicateExtension finds two loaded extensions of one name, which stop
// the client ("Extension with name X already was loaded."); nil when none.
func duplicateExtension(c *normalize.Client, exts []extensionInfo) *normalize.Gate {
	seen := map[string]string{}
	for _, e := range exts {
		if first, ok := seen[e.name]; ok {
			paths := []string{first, e.path}
			slices.Sort(paths)
			return &normalize.Gate{Status: normalize.StatusRefused, Kind: normalize.ByConfig, Path: e.path,
				Reason: fmt.Sprintf("%s stops before starting any server: two installed extensions are named %q (%s and %s; it says \"Extension with name %s already was loaded.\")",
					c.Product, e.name, paths[0], paths[1], e.name),
				Hint: fmt.Sprintf("uninstall one of the two extensions named %q", e.name)}
		}
		seen[e.name] = e.path
	}
	return nil
}
