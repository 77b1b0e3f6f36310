package validate

import (
	"fmt"
	"path"

	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
)

// legacyProfileRule reports the profile selector and profile tables Codex no
// longer reads.
var legacyProfileRule = &Rule{
	ID:       normalize.RuleLegacyProfile,
	Title:    "a profile is selected or defined the way Codex no longer reads",
	Severity: normalize.Error,
	For:      func(c *normalize.Client) bool { return c.Profile != nil },
	doc: `Codex 0.169.0 reads a profile from its own file, ` + "`~/.codex/NAME.config.toml`" + `,
layered over ` + "`config.toml`" + ` when it is started with ` + "`--profile NAME`" + ` (mcpconf:
` + "`--profile NAME`" + `). The old way is refused or ignored:

- ` + "`profile = \"NAME\"`" + ` at the top of ` + "`~/.codex/config.toml`" + ` (or
  ` + "`/etc/codex/config.toml`" + `) makes Codex refuse its whole config: ` + "`legacy `profile =\n  \"NAME\"` config is no longer supported; use `--profile NAME` with\n  `NAME.config.toml` instead`" + `. No server starts.
- ` + "`[profiles.NAME]`" + ` tables are no longer read; with ` + "`--profile NAME`" + ` Codex refuses
  the config while ` + "`[profiles.NAME]`" + ` still exists.
- In a project's ` + "`.codex/config.toml`" + ` both are stripped with a warning.

Fix: move the profile's settings to ` + "`~/.codex/NAME.config.toml`" + `, remove the
selector and the table, and start Codex with ` + "`--profile NAME`" + `.`,
	Example: Example{File: "~/.codex/config.toml",
		Bad:  "profile = \"work\"\n\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		Good: "[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n"},
	Check: checkLegacyProfile,
}

func checkLegacyProfile(p *Pass) {
	c := p.Set.Client
	if c == nil || c.Profile == nil {
		return
	}
	pr := c.Profile
	for _, src := range p.Set.Sources {
		if src.Status != normalize.Found {
			continue
		}
		doc := p.Document(src.Path)
		if doc == nil || doc.Root == nil || doc.Root.Kind != normalize.Object {
			continue
		}
		project := !src.Scope.OutsideProject()
		if m := doc.Root.Member(pr.Selector); m != nil {
			switch {
			case project:
				d := p.Report(doc, m.KeyRange, m.Value.Pointer, "%s ignores %q in a project's files (it strips it and warns): it selects no profile", c.Product, pr.Selector)
				d.Severity = normalize.Warning
				d.Hint = fmt.Sprintf("remove it; start %s with %s NAME to read a profile", c.ID, pr.Flag)
			case m.Value.Kind == normalize.String:
				name := m.Value.Str
				d := p.Report(doc, m.Value.Range, m.Value.Pointer, "%s refuses its whole config while %s = %q is set (%s): %s",
					c.Product, pr.Selector, name, legacyMessage(c, pr.Selector, name), noneStarts(p.Set, src.Path))
				flag := shell.Words(shell.Option(pr.Flag, name)...)
				d.Hint = fmt.Sprintf("remove %s = %q; put the profile's settings in %s and start %s with %s (mcpconf: %s)",
					pr.Selector, name, profileFileFor(c, src.Path, name), c.ID, flag, shell.Words(shell.Option("--profile", name)...))
			}
		}
		tables := doc.Root.Get(pr.Tables)
		if tables == nil || tables.Kind != normalize.Object {
			continue
		}
		for _, m := range tables.Unique() {
			if project {
				d := p.Report(doc, m.KeyRange, m.Value.Pointer, "%s ignores [%s.%s] in a project's files (it strips it and warns)", c.Product, pr.Tables, m.Key)
				d.Severity = normalize.Warning
				d.Hint = "remove it"
				continue
			}
			if g := p.Set.Refused; g != nil && g.Path == src.Path && g.Pos == m.KeyRange.Start {
				d := p.Report(doc, m.KeyRange, m.Value.Pointer, "%s refuses its whole config: it is started with %s %s while [%s.%s] exists (%s): %s",
					c.Product, pr.Flag, m.Key, pr.Tables, m.Key, p.Set.RefusedSaying, noneStarts(p.Set, src.Path))
				d.Hint = g.Hint
				continue
			}
			d := p.Report(doc, m.KeyRange, m.Value.Pointer, "%s no longer reads [%s.%s]: its settings apply to no run, and %s %s makes %s refuse the whole config while it exists",
				c.Product, pr.Tables, m.Key, pr.Flag, m.Key, c.Product)
			d.Severity = normalize.Warning
			d.Hint = fmt.Sprintf("move its settings to %s, remove the table, and start %s with %s", profileFileFor(c, src.Path, m.Key), c.ID, shell.Words(shell.Option(pr.Flag, m.Key)...))
		}
	}
}

// legacyMessage is the client's message for a legacy key set to value.
func legacyMessage(c *normalize.Client, key, value string) string {
	if c.Refuses != nil {
		for _, lk := range c.Refuses.Legacy {
			if lk.Key == key {
				return fmt.Sprintf(lk.Message, value)
			}
		}
	}
	return ""
}

// profileFileFor is where profile name's file goes, beside the user config
// at userPath (as shown).
func profileFileFor(c *normalize.Client, userPath, name string) string {
	f := c.Profile.For(name)
	if f.Base == c.Profile.File.Base && path.Base(userPath) != userPath {
		return path.Join(path.Dir(userPath), path.Base(f.Path))
	}
	return f.Display("linux")
}

// legacyProfileAt reports whether legacy-profile reports the position of
// a refusal.
func legacyProfileAt(p *Pass, c *normalize.Client, path string, pos normalize.Pos) bool {
	doc := p.Document(path)
	if c.Profile == nil || doc == nil || doc.Root == nil {
		return false
	}
	if m := doc.Root.Member(c.Profile.Selector); m != nil && m.Value.Range.Start == pos {
		return true
	}
	if t := doc.Root.Get(c.Profile.Tables); t != nil && t.Kind == normalize.Object {
		for _, m := range t.Unique() {
			if m.KeyRange.Start == pos {
				return true
			}
		}
	}
	return false
}
