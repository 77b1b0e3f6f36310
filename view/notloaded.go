package view

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
)

// NotLoaded is a definition of a name that a client does not load, and
// why: in a file it cannot read, under a key it does not read, in a file
// it does not read at all. It answers explain NAME exactly when a server
// "doesn't show up".
type NotLoaded struct {
	At   Place
	Why  secret.Safe
	Hint secret.Safe // what to do for the client to load it
}

// notLoaded finds where a view's client has the name written but does not
// load it.
func notLoaded(b *secret.Boundary, set *normalize.Set, name string) []NotLoaded {
	var out []NotLoaded
	c := set.Client
	product := ""
	if c != nil {
		product = c.Product
	}
	add := func(path string, pos normalize.Pos, why, hint string) {
		out = append(out, NotLoaded{At: Place{Path: b.Path(path), Pos: pos2(pos)}, Why: b.Message(why), Hint: b.Message(hint)})
	}
	for _, u := range discover.FindUnloaded(set) {
		if u.Server.Name != name {
			continue
		}
		src, fc := u.Server.Source, u.Client
		switch u.Where {
		case discover.UnderWrongKey:
			add(src.Path, src.Pos, fmt.Sprintf("it is under %q, which %s does not read; it reads %q", u.Container.Key, product, fc.ServersKey),
				fmt.Sprintf("rename %q to %q", u.Container.Key, fc.ServersKey))
		case discover.AtTopLevel:
			add(src.Path, src.Pos, fmt.Sprintf("it is at the top level of the file, where %s does not look; it reads servers under %q", product, fc.ServersKey),
				fmt.Sprintf("move it under %q", fc.ServersKey))
		case discover.NestedTooDeep:
			add(src.Path, src.Pos, fmt.Sprintf("it is under %q inside %q, one level too deep: %s takes %q for a server", u.Container.Key, fc.ServersKey, product, u.Container.Key),
				fmt.Sprintf("move it up one level, directly under %q", fc.ServersKey))
		}
	}
	for _, ig := range set.Ignored {
		if m := ig.Member.Value.Member(name); m != nil {
			hint := ""
			if c != nil {
				hint = c.AddHint
			}
			add(ig.Doc.Path, m.KeyRange.Start, fmt.Sprintf("it is in %s, which %s does not read: %s", ig.Doc.Path, product, ig.Why), hint)
		}
	}
	for _, sf := range set.Sources {
		if sf.Status == normalize.Ignored && sf.Scope == normalize.ExtensionScope {
			// an extension the client skips (its manifest lacks a key)
			for _, doc := range set.Documents {
				if doc.Path == sf.Path && doc.Lines != nil {
					if off := nameIn(doc, name); off >= 0 {
						add(doc.Path, doc.Lines.Pos(off), fmt.Sprintf("it is in %s: %s", doc.Path, sf.Note),
							"fix the extension's manifest (mcpconf lint --scope all shows the problem), or ask its author to")
					}
				}
			}
			continue
		}
		if sf.Status != normalize.Failed {
			continue
		}
		for _, doc := range set.Documents {
			if doc.Path != sf.Path || doc.Root != nil || doc.Lines == nil {
				continue
			}
			if off := nameIn(doc, name); off >= 0 {
				why := sf.Error
				if why != "" && why[0] >= '0' && why[0] <= '9' {
					why = doc.Path + ":" + why // "line:col: message"
				}
				add(doc.Path, doc.Lines.Pos(off), fmt.Sprintf("it is in %s, which %s cannot read (%s)", doc.Path, product, why),
					"fix the file (mcpconf lint shows where); a client that cannot read a file loads none of its servers")
			}
		}
	}
	return out
}

func pos2(p normalize.Pos) Pos { return Pos{p.Line, p.Col} }

// nameIn finds the name written as a server's key in the text of a file
// that does not parse: `"NAME":` in JSON, `[mcp_servers.NAME]` or
// `[mcp_servers."NAME"]` in TOML. -1 when it is not there.
func nameIn(doc *normalize.Document, name string) int {
	q := regexp.QuoteMeta(name)
	var re *regexp.Regexp
	if doc.Format == normalize.TOML {
		re = regexp.MustCompile(`\[[A-Za-z_.-]*\.(` + q + `|"` + q + `")(?:[\].\s]|$)`)
	} else {
		re = regexp.MustCompile(`"` + q + `"\s*:`)
	}
	loc := re.FindIndex(doc.Src)
	if loc == nil {
		return -1
	}
	if doc.Format == normalize.TOML {
		return loc[0] + bytes.LastIndexByte(doc.Src[loc[0]:loc[1]], '.') + 1
	}
	return loc[0]
}
