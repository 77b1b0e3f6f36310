package validate

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
)

// implicitStdioRule reports remote entries without "type" in files Claude Code
// reads, where no type means stdio.
var implicitStdioRule = &Rule{
	ID:       normalize.RuleImplicitStdio,
	Title:    "a server has a URL but no type, which the client reads as stdio",
	Severity: normalize.Error,
	Clients:  "%s (and pisces reading `.mcp.json`)",
	For:      func(c *normalize.Client) bool { return c.RemoteNeedsType },
	doc: "Claude Code treats an entry without `type` as a stdio server. An entry with\n" +
		"only a `url` therefore fails its schema (\"Does not adhere to MCP server\n" +
		"configuration schema\") and the server is not loaded. Roo Code rejects it too.\n\n" +
		"It is an error wherever Claude Code reads the file: `.mcp.json`, its\n" +
		"`.claude/*.json`, `~/.claude.json`. Linted as pisces reads a project-root\n" +
		"`mcp.json` or `.mcp.json` (`--client pisces`, or `mcp.json`, which only pisces\n" +
		"reads), it is a warning: pisces infers `http` from the `url`, but Claude Code,\n" +
		"which reads `.mcp.json`, rejects the entry. Add `\"type\": \"http\"` (or\n" +
		"`\"sse\"` for a legacy SSE endpoint); every client accepts it.",
	Contexts: []Context{{When: "linted as pisces reads the file (`mcp.json`; `.mcp.json` with `--client pisces`)", Severity: normalize.Warning, Client: "pisces"}},
	Fix:      "adds `\"type\": \"http\"` (`\"sse\"` when the URL's path ends in `/sse`), in the style of the entry",
	Example: Example{File: ".mcp.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"context7\": { \"url\": \"https://mcp.context7.com/mcp\" }\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"context7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\" }\n  }\n}\n"},
	Check: checkImplicitStdio,
}

// implicitStdio reports whether an entry of a Claude Code file (or a
// project-root mcp.json) has a url and neither a type nor a command.
func implicitStdio(s *normalize.Server) bool {
	if !remoteNeedsType(clientOf(s)) {
		return false
	}
	return s.Node.Member("type") == nil && s.Node.Member("url") != nil && s.Node.Member("command") == nil
}

func checkImplicitStdio(p *Pass) {
	for s := range p.Servers() {
		if !implicitStdio(s) {
			continue
		}
		var d *normalize.Diagnostic
		if c := clientOf(s); c.RemoteNeedsType {
			d = p.At(s, "url", "server %q has \"url\" but no \"type\": %s reads it as a stdio server and rejects it%s", s.Name, c.Product, otherReadings(p, s))
		} else {
			co := c.CoReaderClient()
			d = p.At(s, "url", "server %q has \"url\" but no \"type\": %s reads it as a stdio server and rejects it (%s infers %q)", s.Name, co.Product, c.ReaderName(), c.TypeFor(normalize.HTTP))
			d.Severity = normalize.Warning
		}
		d.Hint = "add \"type\": \"http\" (or \"sse\" for a legacy SSE endpoint)"
		typ := "http"
		if u, err := url.Parse(s.URL); err == nil && strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), "/sse") {
			typ = "sse" // the endpoint says it is a legacy SSE one
		}
		if e, err := edit.InsertMember(p.Document(s.Source.Path), s.Node, "type", jsonQuote(typ)); err == nil {
			setFix(d, true, fmt.Sprintf("add \"type\": %q", typ), e)
		}
	}
}

// remoteNeedsType reports whether the client, or another client that reads
// the same files (Claude Code reads .mcp.json), reads a url without type
// as stdio.
func remoteNeedsType(c *normalize.Client) bool {
	if c.RemoteNeedsType {
		return true
	}
	co := c.CoReaderClient()
	return co != nil && co.RemoteNeedsType
}

// otherReadings says how the other clients that read the file reach an
// entry with a url and no type, each as its own decoder reads the entry
// ("; Copilot CLI and VS Code use streamable HTTP; Qwen Code uses SSE"),
// or "" when no other client reads it.
func otherReadings(p *Pass, s *normalize.Server) string {
	if p.Workspace == nil {
		return ""
	}
	doc := p.Document(s.Source.Path)
	var order []string
	by := map[string][]string{}
	for _, v := range p.readersOf(s.Source.Path) {
		rc := readsWith(v, s.Source.Path)
		if v == p.Set || rc == clientOf(s) || doc == nil || s.Node == nil {
			continue
		}
		how := "rejects it"
		switch {
		case rc.RemoteNeedsType:
			how = "reads it as a stdio server and rejects it"
		default:
			src := s.Source
			src.Client = rc
			switch rc.DecodeEntry(doc, s.Name, s.Source.Pos, s.Node, src, nil).Transport {
			case normalize.HTTP:
				how = "uses streamable HTTP"
			case normalize.SSE:
				how = "uses the legacy SSE transport"
			case normalize.Stdio:
				how = "reads it as a stdio server without a command"
			}
		}
		if _, ok := by[how]; !ok {
			order = append(order, how)
		}
		by[how] = append(by[how], v.Client.Product)
	}
	var b strings.Builder
	for _, how := range order {
		names := by[how]
		if len(names) > 1 {
			how = strings.Replace(strings.Replace(how, "uses ", "use ", 1), "reads ", "read ", 1)
			how = strings.Replace(how, "rejects ", "reject ", 1)
		}
		fmt.Fprintf(&b, "; %s %s", joinWords(names, "and"), how)
	}
	return b.String()
}
