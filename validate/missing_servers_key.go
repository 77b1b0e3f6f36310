package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// MissingServersKey reports servers written at the top level of a file,
// without the key the client reads them under, and servers nested one
// level too deep ("mcp.servers" for opencode).
var MissingServersKey = &Rule{
	ID:       "missing-servers-key",
	Title:    "servers are written outside the key the client reads them under",
	Severity: normalize.Error,
	Clients:  "each client, in the words of the client whose key is missing (a Claude Code plugin's .mcp.json excepted)",
	Doc: `Each client reads its servers under one key: ` + "`mcpServers`" + ` (Claude Code, Cursor,
Windsurf, Gemini CLI, pisces, Claude Desktop), ` + "`servers`" + ` (VS Code), ` + "`mcp`" + `
(opencode), ` + "`[mcp_servers.NAME]`" + ` (Codex, agent-code), ` + "`context_servers`" + ` (Zed).
Two mistakes load nothing:

- servers at the top level of the file, without that key
  (` + "`{\"github\": {\"command\": …}}`" + ` in ` + "`.mcp.json`" + `): Claude Code refuses the file
  ("mcpServers" is required), the editors find no servers;
- servers nested one level too deep, under a key inside the servers key
  (` + "`\"mcp\": {\"servers\": {…}}`" + ` for opencode, which reads each server at
  ` + "`mcp.<name>`" + `): the client takes the inner key for a server, and opencode's
  strict schema then rejects the whole config. One finding replaces the
  schema and transport errors about that inner key.

A ` + "`.mcp.json`" + ` beside ` + "`.claude-plugin/plugin.json`" + ` belongs to a Claude Code plugin,
which may hold its servers at the top level: it is left alone. Servers
written where the client does not look are still checked for secrets,
placeholders and templates: they sit in the file all the same.`,
	Example: Example{File: ".mcp.json",
		Bad:  "{ \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] } }\n",
		Good: "{ \"mcpServers\": { \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] } } }\n"},
	Check: checkMissingServersKey,
}

func checkMissingServersKey(p *Pass) {
	type file struct{ path, client string }
	top := map[file][]discover.Unloaded{}
	var order []file
	nested := map[*normalize.Member]bool{}
	for _, u := range p.unloaded() {
		switch u.Where {
		case discover.AtTopLevel:
			f := file{u.Server.Source.Path, u.Client.ID}
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
	}
}

// nestedConsequence says what the client does with the inner key it takes
// for a server.
func nestedConsequence(c *normalize.Client) string {
	if c.Strictness == normalize.RejectsConfig {
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
		if d.Rule == MissingServersKey.ID && d.Pointer != "" && strings.HasPrefix(d.Message, "servers are nested") {
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
var valueRules = map[string]bool{
	"hardcoded-secret": true, "foreign-placeholder": true, "template-value": true, "empty-credential": true,
	"user-home-path": true, normalize.RuleDuplicateKey: true, normalize.RuleSyntax: true,
}
