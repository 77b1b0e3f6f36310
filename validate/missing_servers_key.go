package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// missingServersKeyRule reports servers written at the top level of a file,
// without the key the client reads them under, and servers nested one
// level too deep ("mcp.servers" for opencode).
var missingServersKeyRule = &Rule{
	ID:       normalize.RuleMissingServersKey,
	Title:    "servers are written outside the key the client reads them under, or a servers file has no such key",
	Severity: normalize.Error,
	Clients:  "each client, in the words of the client whose key is missing (a Claude Code plugin's .mcp.json excepted)",
	doc: `Each client reads its servers under one key:
{{gen:keys}}.
Two mistakes load nothing:

- servers at the top level of the file, without that key
  (` + "`{\"github\": {\"command\": …}}`" + ` in ` + "`.mcp.json`" + `): Claude Code refuses the file
  ("mcpServers" is required), the editors find no servers;
- servers nested one level too deep, under a key inside the servers key
  (` + "`\"mcp\": {\"servers\": {…}}`" + ` for opencode, which reads each server at
  ` + "`mcp.<name>`" + `): the client takes the inner key for a server, and opencode's
  strict schema then rejects the whole config. One finding replaces the
  schema and transport errors about that inner key.

A file that exists only to hold servers (` + "`.mcp.json`" + `, ` + "`.cursor/mcp.json`" + `,
` + "`.vscode/mcp.json`" + `, ` + "`mcp_config.json`" + `, …) but has no servers key at all is reported
too: Claude Code requires ` + "`mcpServers`" + ` and refuses such a ` + "`.mcp.json`" + `, even ` + "`{}`" + `
(listed as ` + "`[Has errors]`" + `, Claude Code 2.1.331), an error; the other clients
load no server from it, a warning when the file holds something else (an
empty ` + "`{}`" + ` is left alone). Settings files that also hold servers
(` + "`.gemini/settings.json`" + `, ` + "`.codex/config.toml`" + `, ` + "`opencode.json`" + `) may have none.

A ` + "`.mcp.json`" + ` beside ` + "`.claude-plugin/plugin.json`" + ` belongs to a Claude Code plugin,
which may hold its servers at the top level: it is left alone. Servers
written where the client does not look are still checked for secrets,
placeholders and templates: they sit in the file all the same.`,
	parts: map[string]func() string{"keys": serversKeys},
	Fix:   "wraps servers written at the top level of a JSON file in the servers key, when nothing else is there",
	Example: Example{File: ".mcp.json",
		Bad:  "{ \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] } }\n",
		Good: "{ \"mcpServers\": { \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] } } }\n"},
	Check: checkMissingServersKey,
}

func checkMissingServersKey(p *Pass) {
	top := map[fileKey][]discover.Unloaded{}
	var order []fileKey
	nested := map[*normalize.Member]bool{}
	for _, u := range p.unloaded() {
		switch u.Where {
		case discover.AtTopLevel:
			f := fileKey{u.Server.Source.Path, u.Client}
			if top[f] == nil {
				order = append(order, f)
			}
			top[f] = append(top[f], u)
		case discover.NestedTooDeep:
			if nested[u.Container] {
				continue // one finding per nested key
			}
			nested[u.Container] = true
			c := u.Client
			doc := p.Document(u.Server.Source.Path)
			outer := c.ServersKey
			d := p.Report(doc, u.Container.KeyRange, u.Container.Value.Pointer,
				"servers are nested one level too deep, under %q: %s reads each server at %q, so it takes %q for a server%s",
				outer+"."+u.Container.Key, c.ReaderName(), outer+".<name>", u.Container.Key, nestedConsequence(c))
			d.Hint = fmt.Sprintf("move each server up one level: %s", wrapped(c, doc, outer, u.Server.Name))
		}
	}
	noKey(p, top)
	for _, f := range order {
		us := top[f]
		u := us[0]
		c := u.Client
		doc := p.Document(f.path)
		more := ""
		if len(us) > 1 {
			more = fmt.Sprintf(" (and %d more)", len(us)-1)
		}
		d := p.At(&u.Server, "", "server %q%s is at the top level of the file: %s reads servers only under %q, so it loads none of them",
			u.Server.Name, more, c.ReaderName(), c.ServersKey)
		d.Hint = "wrap them in the servers key: " + wrapped(c, doc, c.ServersKey, u.Server.Name)
		wrapFix(d, doc, c, len(us))
	}
}

// wrapFix wraps the top level of a JSON file in the client's servers key
// when every member there is one of the n servers found: nothing else is
// moved with them.
func wrapFix(d *normalize.Diagnostic, doc *normalize.Document, c *normalize.Client, n int) {
	root := doc.Root
	if doc.Format == normalize.TOML || root == nil || root.Kind != normalize.Object || len(root.Members) != n || n == 0 || root.Member(c.ServersKey) != nil {
		return
	}
	first, last := root.Members[0], root.Members[n-1]
	setFix(d, true, fmt.Sprintf("wrap the servers in %q", c.ServersKey),
		replaceEdit(doc, first.KeyRange.Start, first.KeyRange.Start, jsonQuote(c.ServersKey)+": { "),
		replaceEdit(doc, last.Value.Range.End, last.Value.Range.End, " }"))
}

// fileKey is a file as one client reads it.
type fileKey struct {
	path   string
	client *normalize.Client
}

// noKey reports servers files that have no servers key at all, nor
// servers anywhere else that the other findings name: Claude Code refuses
// such a .mcp.json; an editor loads nothing from it. An empty file of a
// client that does not require the key is left alone, and so are settings
// files, which hold other settings too.
func noKey(p *Pass, top map[fileKey][]discover.Unloaded) {
	seen := map[fileKey]bool{}
	for _, sf := range p.Set.Sources {
		c := sf.Client
		k := fileKey{sf.Path, sf.Client}
		if c == nil || sf.Status != normalize.Found || sf.Section != "" || seen[k] || !normalize.ServersOnly(sf.Path) || c.ServersKey == "" || sf.Flat {
			continue
		}
		seen[k] = true
		doc := p.Document(sf.Path)
		if doc == nil || doc.Root == nil || doc.Root.Kind != normalize.Object || discover.SettingsFile(c, sf.Abs) || discover.PluginFile(c, doc) || sf.Scope == normalize.PluginScope {
			continue
		}
		root := doc.Root
		if root.Member(c.ServersKey) != nil || len(top[fileKey{sf.Path, sf.Client}]) > 0 {
			continue
		}
		if slices.ContainsFunc(append(slices.Clone(c.WrongKeys), c.ToleratedKeys...), func(k string) bool { return root.Member(k) != nil }) {
			continue // wrong-root-key
		}
		at := normalize.Range{Start: root.Range.Start, End: root.Range.Start}
		switch {
		case c.RequiresServersKey && p.readsItself(c, sf.Path):
			d := p.Report(doc, at, "", "the file has no %q: %s requires it and refuses the whole file", c.ServersKey, c.ReaderName())
			d.Hint = fmt.Sprintf("write the servers under it: %s, or remove the file", wrapped(c, doc, c.ServersKey, "name"))
		case len(root.Members) > 0:
			d := p.Report(doc, at, "", "the file has no %q: %s loads no server from it", c.ServersKey, p.readerName(c))
			d.Severity = normalize.Warning
			d.Hint = fmt.Sprintf("write the servers under it: %s", wrapped(c, doc, c.ServersKey, "name"))
		}
	}
}

// readsItself says whether the client whose shape a file is in reads it
// in this run: Claude Code refuses a .mcp.json without "mcpServers", but
// a .claude/mcp.json only pisces reads is not Claude Code's to refuse.
func (p *Pass) readsItself(c *normalize.Client, path string) bool {
	if p.Set.Client == c {
		return true
	}
	if p.Workspace == nil {
		return p.Set.Client == nil
	}
	for _, v := range p.Workspace.Views {
		if v.Client != c {
			continue
		}
		for _, s := range v.Sources {
			if s.Path == path && s.Status == normalize.Found {
				return true
			}
		}
	}
	return false
}

// readerName names who reads the file in this view: the view's client,
// or, in pisces's merged view, the client of the file's shape.
func (p *Pass) readerName(c *normalize.Client) string {
	if p.Set.Client != nil && p.Set.Client != c {
		return p.Set.Client.Product
	}
	return c.ReaderName()
}

// nestedConsequence says what the client does with the inner key it takes
// for a server.
func nestedConsequence(c *normalize.Client) string {
	if c.Strictness == normalize.RejectsConfig || c.Refuses != nil && c.Refuses.Entry != nil {
		return " and rejects the whole config"
	}
	return ", which cannot start, and loads none of the servers inside"
}

// wrapped shows a server under the servers key, as the file's format
// writes it.
func wrapped(c *normalize.Client, doc *normalize.Document, key, name string) string {
	if doc != nil && doc.Format == normalize.TOML {
		return fmt.Sprintf("[%s.%s]", key, tomlKey(name))
	}
	return fmt.Sprintf("{ %q: { %q: { … } } }", key, name)
}

// tomlKey quotes a TOML key when it is not bare.
func tomlKey(k string) string {
	for _, r := range k {
		if !(r == '_' || r == '-' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return fmt.Sprintf("%q", k)
		}
	}
	if k == "" {
		return `""`
	}
	return k
}

// covered reports findings of the structure rules on a key that
// missing-servers-key explains: the inner key of "mcp.servers" is no
// server, so what they say of it as one is noise.
func dropCovered(diags []normalize.Diagnostic) []normalize.Diagnostic {
	var covers []normalize.Diagnostic
	for _, d := range diags {
		if d.Rule == missingServersKeyRule.ID && d.Pointer != "" && strings.HasPrefix(d.Message, "servers are nested") {
			covers = append(covers, d)
		}
	}
	if len(covers) == 0 {
		return diags
	}
	out := diags[:0]
	for _, d := range diags {
		drop := false
		for _, c := range covers {
			if d.Path == c.Path && d.Rule != c.Rule && !valueRules[d.Rule] &&
				(d.Pointer == c.Pointer || strings.HasPrefix(d.Pointer, c.Pointer+"/")) {
				drop = true
				break
			}
		}
		if !drop {
			out = append(out, d)
		}
	}
	return out
}

// valueRules look at what servers hold, wherever they are written; their
// findings stand under a key another finding explains.
var valueRules = map[normalize.RuleID]bool{
	normalize.RuleHardcodedSecret: true, normalize.RuleForeignPlaceholder: true, normalize.RuleTemplateValue: true, normalize.RuleEmptyCredential: true,
	normalize.RuleUserHomePath: true, normalize.RuleDuplicateKey: true, normalize.RuleSyntax: true,
}
