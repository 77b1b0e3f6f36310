package discover

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"go.yaml.in/yaml/v3"
)

// optIns is what the opt-in setting of a providers table's owner
// (normalize.Layout.OptIn: pisces's enabledProviders) lets in: the provider
// ids it names, whether it names them all, and where it was read.
type optIns struct {
	ids     map[string]bool
	off     map[string]bool // the providers OptIn.Off names
	noProj  bool            // OptIn.Project is false
	exts    map[string]bool // the extension ids OptIn.Extensions names
	all     bool
	path    string // display path of the file that holds the setting, or of the first place it is looked for
	invalid string // why that file does not decode as a YAML mapping; "" when it does
	setting *normalize.OptIn
	owner   *normalize.Client
}

// optedIn is the owner's opt-in setting, read once per run (the
// providers' locations, each view's extensions and its stop ask for it).
func (o *Options) optedIn(owner *normalize.Client) *optIns {
	if owner == nil || owner.OptIn == nil {
		return nil
	}
	if o.cache == nil {
		return o.readOptIns(owner)
	}
	return o.cache.optIns.get(owner, func() *optIns { return o.readOptIns(owner) })
}

func (o *Options) readOptIns(owner *normalize.Client) *optIns {
	in := &optIns{ids: map[string]bool{}, off: map[string]bool{}, exts: map[string]bool{}, setting: owner.OptIn, owner: owner}
	for i, f := range owner.OptIn.Files {
		abs := filepath.Join(o.dir(f.Base), filepath.FromSlash(f.Path))
		if i == 0 {
			in.path = o.display(abs, f.Base)
		}
		got, err := readLimited(abs)
		if err != nil {
			continue
		}
		in.path = o.display(abs, f.Base)
		settings, err := yamlMapping(got.Data)
		if err != nil {
			in.invalid = err.Error()
		}
		for _, id := range stringList(settings[owner.OptIn.Key]) {
			in.ids[id] = true
			in.all = in.all || slices.Contains(owner.OptIn.All, id)
		}
		if len(owner.OptIn.Project) == 2 {
			in.noProj = isFalse(settings, owner.OptIn.Project[0], owner.OptIn.Project[1])
		}
		if owner.OptIn.Extensions != "" {
			for _, id := range stringList(settings[owner.OptIn.Extensions]) {
				in.exts[id] = true
			}
		}
		if owner.OptIn.Off != "" {
			for _, id := range stringList(settings[owner.OptIn.Off]) {
				in.off[id] = true
			}
		}
		break
	}
	return in
}

// skips says why the owner does not read the file f of provider p: the
// provider is switched off (OptIn.Off), or f is a user file of a provider
// not opted in (File.OptIn); nil when it reads it.
func (in *optIns) skips(o *Options, p *normalize.Provider, f normalize.File) *skip {
	if in != nil && in.noProj && f.Scope == normalize.Project {
		key := strings.Join(in.setting.Project, ".")
		return &skip{OptIn: true,
			Reason: fmt.Sprintf("%q is false in %s: it reads no project file", key, in.path),
			Hint:   fmt.Sprintf("set %q to true in %s to have it read this file", key, in.path)}
	}
	if in != nil && in.setting.Off != "" {
		id := in.setting.Native
		if p.Client != nil && p.Client != in.owner {
			id = p.Client.ID
		}
		if in.off[id] {
			return &skip{OptIn: true,
				Reason: fmt.Sprintf("%q in %s names %q: it does not load that provider", in.setting.Off, in.path, id),
				Hint:   fmt.Sprintf("remove %q from %q in %s to have it read this file", id, in.setting.Off, in.path)}
		}
	}
	if in == nil || f.OptIn == "" || in.all || in.ids[f.OptIn] {
		return nil
	}
	if v := in.setting.Vars[f.OptIn]; v != "" && strings.TrimSpace(o.getenv(v)) != "" {
		return nil
	}
	return &skip{OptIn: true,
		Reason: fmt.Sprintf("it reads another tool's user files only when %q in %s names %q", in.setting.Key, in.path, f.OptIn),
		Hint:   fmt.Sprintf("add %q to %q in %s to have it read this file", f.OptIn, in.setting.Key, in.path),
	}
}

// disabledExtensions skips, for the owner of an opt-in setting, every
// definition whose extension id its OptIn.Extensions list names, from
// whichever provider: it is not loaded, not listed, and owns no name.
func (o *Options) disabledExtensions(c *normalize.Client, defs []normalize.Server) {
	if c.OptIn == nil || c.OptIn.Extensions == "" {
		return
	}
	in := o.optedIn(c)
	if len(in.exts) == 0 {
		return
	}
	for j := range defs {
		s := &defs[j]
		id := c.OptIn.ExtensionPrefix + s.Name
		if !in.exts[id] {
			continue
		}
		s.TurnOff(normalize.Gate{Status: normalize.StatusDisabled, Kind: normalize.ByConfig, Yields: true, Unlisted: true,
			Path: in.path, Reason: fmt.Sprintf("%q in %s names %q: %s does not load it", c.OptIn.Extensions, in.path, id, c.Product),
			Hint: fmt.Sprintf("remove %q from %q in %s to have it load the server", id, c.OptIn.Extensions, in.path)})
	}
}

// yamlMapping decodes a YAML settings file into its top-level mapping
// (YAML 1.2: a quoted "false" is a string, false a boolean); an empty
// file, or null, is an empty mapping. A file that does not decode, or
// holds something else than a mapping, gives none and the decoder's error.
func yamlMapping(src []byte) (map[string]any, error) {
	var m map[string]any
	if err := yaml.Unmarshal(src, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// isFalse reports whether key under the top-level key parent is YAML's
// false (false, False, FALSE; not a quoted "false").
func isFalse(settings map[string]any, parent, key string) bool {
	m, _ := settings[parent].(map[string]any)
	return m[key] == false
}

// stringList is the strings of a YAML list; anything else gives none.
func stringList(v any) []string {
	items, _ := v.([]any)
	var out []string
	for _, it := range items {
		if s, ok := it.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// providersOwner is the client whose providers table Locations resolves.
func providersOwner() *normalize.Client {
	for _, c := range normalize.Clients() {
		if c.ReadsProviders() {
			return c
		}
	}
	return nil
}
