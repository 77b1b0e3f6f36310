package discover

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// clientRules says how one client combines its own files.
type clientRules struct {
	// deep: the client merges its layers key by key (Codex, opencode,
	// agent-code), so a higher layer may patch one field of a server.
	// Otherwise the highest definition of a name replaces the others whole.
	deep bool
	note string
}

var clientViews = map[string]clientRules{
	"pisces":     {note: "pisces reads every provider: this is the merged view"},
	"claude":     {note: "local scope, then the project's .mcp.json, then ~/.claude.json; one definition wins whole"},
	"codex":      {deep: true, note: "project .codex/config.toml merged key by key over the user's config.toml (Codex loads project files only in trusted projects)"},
	"gemini":     {note: "workspace settings over user settings; a server is replaced whole (Gemini CLI loads workspace settings only in trusted folders)"},
	"opencode":   {deep: true, note: ".opencode/ over project files over global files, merged key by key"},
	"cursor":     {note: "project over global; one definition wins whole"},
	"windsurf":   {note: "project over user; one definition wins whole"},
	"agent-code": {deep: true, note: "settings.local.toml over settings.toml over the user's config.toml, merged key by key"},
	"vscode":     {note: "workspace over user profile; one definition wins whole"},
}

// Clients lists the names --client accepts.
func Clients() []string {
	out := make([]string, 0, len(clientViews))
	for c := range clientViews {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// ClientNote describes how a client combines its files.
func ClientNote(client string) string { return clientViews[client].note }

// ClientView answers "what will this client load here?": only the files
// that client reads, in its own precedence, combined by its own rule.
func ClientView(o Options, client string) (*normalize.Set, error) {
	rules, ok := clientViews[client]
	if !ok {
		return nil, &UnknownClientError{Client: client}
	}
	if client == "pisces" {
		set, err := Discover(o)
		if set != nil {
			set.Client, set.ClientRules = client, rules.note
		}
		return set, err
	}
	if err := o.prepare(); err != nil {
		return nil, err
	}
	var locs []Location
	for _, l := range o.Locations() {
		switch {
		case client == "claude" && l.Client == "mcp-json" && filepath.Base(l.Abs) == ".mcp.json":
			// Claude Code's own project file, read with Claude's rules.
			l.Client, l.Priority = "claude", ProviderFor("claude").Priority
			locs = append(locs, l)
		case client == "claude" && l.Client == "claude":
			// .claude/mcp.json and ~/.claude/mcp.json are pisces's
			// locations, not Claude Code's.
			if l.Section || filepath.Base(l.Abs) == ".claude.json" {
				locs = append(locs, l)
			}
		case l.Client == client:
			locs = append(locs, l)
		}
	}
	slices.SortStableFunc(locs, func(a, b Location) int { return a.Scope.Rank() - b.Scope.Rank() })
	for i := range locs {
		locs[i].Order = i
	}
	set := o.Read(locs)
	if rules.deep {
		deepMerge(set)
	}
	set.Client, set.ClientRules = client, rules.note
	return set, nil
}

// UnknownClientError is returned for a --client name mcpconf does not know.
type UnknownClientError struct{ Client string }

func (e *UnknownClientError) Error() string {
	msg := "unknown client " + quoteStr(e.Client)
	if near := normalize.Closest(e.Client, Clients()); near != "" {
		return msg + "; did you mean " + quoteStr(near) + "?"
	}
	return msg + ": use one of " + strings.Join(Clients(), ", ")
}

func quoteStr(s string) string { return `"` + s + `"` }

// deepMerge replaces each entry defined in several layers by the key-by-key
// merge of its definitions, the way Codex, opencode and agent-code fold
// their config files: objects merge, scalars and arrays replace.
func deepMerge(set *normalize.Set) {
	docs := map[string]*normalize.Document{}
	for _, d := range set.Documents {
		docs[d.Path] = d
	}
	for i := range set.Servers {
		e := &set.Servers[i]
		if len(e.Shadowed) == 0 {
			continue
		}
		layers := []*normalize.Server{&e.Server} // highest first
		for j := range e.Shadowed {
			layers = append(layers, &e.Shadowed[j].Server)
		}
		paths := map[string]string{}
		var merged *normalize.Value
		overridden := make([][]string, len(layers))
		for j := len(layers) - 1; j >= 0; j-- {
			l := layers[j]
			if merged == nil {
				merged = cloneObject(l.Node)
			} else {
				for _, m := range l.Node.Unique() {
					for k := j + 1; k < len(layers); k++ {
						if layers[k].Node.Member(m.Key) != nil && !(m.Value.Kind == normalize.Object && layers[k].Node.Get(m.Key).Kind == normalize.Object) {
							overridden[k] = append(overridden[k], m.Key)
						}
					}
				}
				overlay(merged, l.Node)
			}
			for _, m := range l.Node.Unique() {
				paths[m.Key] = l.Source.Path
			}
		}
		top := layers[0]
		dl := normalize.DialectFor(top.Source.Client)
		s := dl.DecodeEntry(docs[top.Source.Path], top.Name, top.Source.Pos, merged, top.Source, paths)
		if !top.Enabled && strings.Contains(top.DisabledBy, "listed in ") {
			s.Enabled, s.DisabledBy = false, top.DisabledBy // a file-level list applies to the name
		}
		e.Server = s
		for j := range e.Shadowed {
			sh := &e.Shadowed[j]
			sh.Differences = dedupe(overridden[j+1])
			sh.Reason = "lower layer, merged key by key: the fields no higher layer sets still apply"
		}
	}
}

func dedupe(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// cloneObject copies an object's member list so that overlaying never
// changes the documents' own trees.
func cloneObject(v *normalize.Value) *normalize.Value {
	c := *v
	c.Members = slices.Clone(v.Unique())
	return &c
}

// overlay merges src into dst (a clone): nested objects merge, anything
// else replaces.
func overlay(dst, src *normalize.Value) {
	for _, m := range src.Unique() {
		i := slices.IndexFunc(dst.Members, func(d *normalize.Member) bool { return d.Key == m.Key })
		switch {
		case i < 0:
			dst.Members = append(dst.Members, m)
		case dst.Members[i].Value.Kind == normalize.Object && m.Value.Kind == normalize.Object:
			inner := cloneObject(dst.Members[i].Value)
			overlay(inner, m.Value)
			inner.Range, inner.Pointer = m.Value.Range, m.Value.Pointer
			dst.Members[i] = &normalize.Member{Key: m.Key, KeyRange: m.KeyRange, Value: inner}
		default:
			dst.Members[i] = m
		}
	}
}
