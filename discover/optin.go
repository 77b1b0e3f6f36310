package discover

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
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
	setting *normalize.OptIn
	owner   *normalize.Client
}

// optedIn reads the owner's opt-in setting once per Locations call.
func (o *Options) optedIn(owner *normalize.Client) *optIns {
	if owner == nil || owner.OptIn == nil {
		return nil
	}
	in := &optIns{ids: map[string]bool{}, off: map[string]bool{}, exts: map[string]bool{}, setting: owner.OptIn, owner: owner}
	for i, f := range owner.OptIn.Files {
		abs := filepath.Join(o.dir(f.Base), filepath.FromSlash(f.Path))
		if i == 0 {
			in.path = o.display(abs, f.Base)
		}
		b, err := os.ReadFile(abs)
		if err != nil {
			continue
		}
		in.path = o.display(abs, f.Base)
		for _, id := range yamlStringList(b, owner.OptIn.Key) {
			in.ids[id] = true
			in.all = in.all || slices.Contains(owner.OptIn.All, id)
		}
		if len(owner.OptIn.Project) == 2 {
			// YAML's false: false, False, FALSE
			in.noProj = slices.Contains([]string{"false", "False", "FALSE"}, yamlScalarAt(b, owner.OptIn.Project[0], owner.OptIn.Project[1]))
		}
		if owner.OptIn.Extensions != "" {
			for _, id := range yamlStringList(b, owner.OptIn.Extensions) {
				in.exts[id] = true
			}
		}
		if owner.OptIn.Off != "" {
			for _, id := range yamlStringList(b, owner.OptIn.Off) {
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

// yamlStringList reads the strings of a top-level key of a YAML document
// written as a flow list ("key: [a, b]") or a block list ("key:" then
// "  - a" lines). It reads what settings files hold (plain or quoted
// scalars), not YAML at large: anything else is no list.
func yamlStringList(src []byte, key string) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(src))
	in := false
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if i := strings.Index(line, " #"); i >= 0 {
			line = strings.TrimRight(line[:i], " \t")
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		top := !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "\t")
		if in {
			item, ok := strings.CutPrefix(strings.TrimSpace(line)+" ", "- ")
			if !ok {
				return out // the next key
			}
			out = append(out, yamlScalar(item))
			continue
		}
		if !top {
			continue
		}
		k, rest, ok := strings.Cut(line, ":")
		if !ok || yamlScalar(k) != key {
			continue
		}
		rest = strings.TrimSpace(rest)
		if rest == "" {
			in = true
			continue
		}
		if inner, ok := strings.CutPrefix(rest, "["); ok {
			inner, _ = strings.CutSuffix(inner, "]")
			for it := range strings.SplitSeq(inner, ",") {
				if it = yamlScalar(it); it != "" {
					out = append(out, it)
				}
			}
		}
		return out
	}
	return out
}

// yamlScalarAt reads the scalar at key under the top-level key parent of a
// YAML document, written as a block ("parent:" then an indented
// "key: value") or as a flow mapping ("parent: {key: value}"), as
// written (a quoted "false" is a string, not false); "" when absent. Like
// yamlStringList, it reads what settings files hold.
func yamlScalarAt(src []byte, parent, key string) string {
	sc := bufio.NewScanner(bytes.NewReader(src))
	in := false
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if i := strings.Index(line, " #"); i >= 0 {
			line = strings.TrimRight(line[:i], " \t")
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		top := !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "\t")
		if top {
			in = false
			k, rest, ok := strings.Cut(line, ":")
			if !ok || yamlScalar(k) != parent {
				continue
			}
			rest = strings.TrimSpace(rest)
			if inner, ok := strings.CutPrefix(rest, "{"); ok {
				inner, _ = strings.CutSuffix(inner, "}")
				for it := range strings.SplitSeq(inner, ",") {
					if k, v, ok := strings.Cut(it, ":"); ok && yamlScalar(k) == key {
						return strings.TrimSpace(v)
					}
				}
				return ""
			}
			in = rest == ""
			continue
		}
		if in {
			if k, v, ok := strings.Cut(trimmed, ":"); ok && yamlScalar(k) == key {
				return strings.TrimSpace(v)
			}
		}
	}
	return ""
}

func yamlScalar(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
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
