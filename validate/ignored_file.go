package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// ignoredFileRule reports servers written in files that the client they look
// meant for does not read.
var ignoredFileRule = &Rule{
	ID:       normalize.RuleIgnoredFile,
	Title:    "servers are written in a file the client does not read",
	Severity: normalize.Warning,
	For:      func(c *normalize.Client) bool { return len(c.Ignored) > 0 },
	doc: `Servers written in a file the client does not read never show up, and
nothing says why. The files users put servers in by mistake, each with
what the client reads instead:

{{gen:files}}

Claude Code reads servers from the project's ` + "`.mcp.json`" + ` and from
` + "`~/.claude.json`" + ` (user and local scope): an ` + "`mcpServers`" + ` object in its settings
files or in ` + "`.claude/mcp.json`" + ` is ignored without a word (checked with Claude Code
2.1.330). A file in a made-up format (` + "`\"servers\": [...]`" + `) is reported the same way.
A project's files are looked for in the directory linted (` + "`--root`" + `), whatever
repository lies above it.

When another client of the run reads the file (pisces reads ` + "`.claude/mcp.json`" + `
and ` + "`~/.claude/mcp.json`" + `), the finding is info: the servers are not lost, only
not that client's.

Fix: move the servers to the file the client reads (for Claude Code,
` + "`.mcp.json`" + ` shared with the project, or ` + "`claude mcp add`" + ` at user or local scope).`,
	parts: map[string]func() string{"files": ignoredTable},
	Example: Example{File: ".claude/settings.json",
		Bad:    "{\n  \"permissions\": { \"allow\": [] },\n  \"mcpServers\": {\n    \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n  }\n}\n",
		Good:   "{\n  \"permissions\": { \"allow\": [] }\n}\n",
		Others: map[string]string{".mcp.json": "{ \"mcpServers\": {} }\n"}},
	Check: checkIgnoredFile,
}

func checkIgnoredFile(p *Pass) {
	c := p.Set.Client
	if c == nil {
		return
	}
	for _, ig := range p.Set.Ignored {
		servers := "1 server"
		if ig.Count != 1 {
			servers = fmt.Sprintf("%d servers", ig.Count)
		}
		d := p.Report(ig.Doc, ig.Member.KeyRange, ig.Member.Value.Pointer, "%s under %q in %s: %s ignores this file (%s)",
			servers, ig.Member.Key, ig.Doc.Path, c.Product, ig.Why)
		d.Hint = c.AddHint
		if others := p.readUnder(ig.Doc.Path, ig.Member.Key); len(others) > 0 {
			d.Severity = normalize.Info
			d.Message += "; " + normalize.Join(others, "and") + " reads it"
		}
	}
}

// ignoredTable lists, from the descriptors (Client.Ignored), the files
// where users put servers that a client does not read.
func ignoredTable() string {
	var b strings.Builder
	b.WriteString("| client | file | servers under | why |\n|---|---|---|---|\n")
	for _, c := range normalize.Clients() {
		if !c.Views() {
			continue
		}
		for _, ig := range c.Ignored {
			file := ig.File.Path
			if ig.File.Base != normalize.RootDir {
				file = ig.File.Display("linux")
			}
			keys := "`" + ig.Key + "`"
			if len(ig.Also) > 0 {
				keys += " (or " + codeList(ig.Also) + ")"
			}
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", c.Product, file, keys, ig.Why)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// readUnder names the other clients of the run that read the file at path
// and its servers under key (pisces reads .claude/mcp.json's
// "mcpServers", not a made-up format's "servers").
func (p *Pass) readUnder(path, key string) []string {
	var out []string
	for _, v := range p.Workspace.Views {
		if v == p.Set || v.Client == nil {
			continue
		}
		for _, s := range v.Sources {
			if s.Path == path && s.Status == normalize.Found && serversKeyOf(s) == key {
				out = append(out, v.Client.Product)
				break
			}
		}
	}
	return out
}

// serversKeyOf is the key the client that owns a source file reads its
// servers under (pisces reads another client's file as that client does).
func serversKeyOf(s normalize.SourceFile) string {
	if s.Client != nil {
		return s.Client.ServersKey
	}
	return ""
}
