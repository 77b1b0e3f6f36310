package validate

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// deprecatedSSERule reports servers that use the legacy HTTP+SSE transport.
var deprecatedSSERule = &Rule{
	ID:       normalize.RuleDeprecatedSSE,
	Title:    "a server uses the deprecated HTTP+SSE transport",
	Severity: normalize.Info,
	doc: "The MCP specification of 2025-03-26 replaced the HTTP+SSE transport with\n" +
		"streamable HTTP. Servers keep the old `/sse` endpoint for a while, then drop\n" +
		"it. When the server offers streamable HTTP (usually at `/mcp` instead of\n" +
		"`/sse`), switch to it with `\"type\": \"http\"`.\n\n" +
		"The rule reports an explicit `\"type\": \"sse\"` ({{gen:sse}}),\n" +
		"and the same transport asked for otherwise:\n" +
		"a `\"transport\": \"sse\"` key (other tools' spelling, which these clients\n" +
		"do not read), or an endpoint whose path ends in `/sse` whatever the type\n" +
		"says (Codex, which has no SSE client, is `no-sse-transport`'s).\n\n" +
		"agent-code speaks neither transport to a `url`: it sends `GET <url>/health`,\n" +
		"then posts each JSON-RPC request to `<url>/jsonrpc` and reads one JSON\n" +
		"reply (read in its source at c25b885f, not run), which an SSE or streamable\n" +
		"HTTP server most likely does not answer; the rule warns on every `url` of\n" +
		"agent-code's.\n\n" +
		"An explicit `\"type\": \"sse\"` on a URL whose path ends in `/mcp` is a warning:\n" +
		"that is where servers answer streamable HTTP, and a streamable HTTP server\n" +
		"does not answer the legacy transport's handshake (a `GET` that opens an\n" +
		"event stream and names the endpoint to post to), so the server most likely\n" +
		"does not connect. `mcpconf probe` tells which transport the URL speaks.",
	Contexts: []Context{
		{When: "agent-code's `url`, which it reaches with neither MCP transport", Severity: normalize.Warning, File: ".agent/settings.toml",
			Bad: "[mcp_servers.linear]\nurl = \"https://mcp.linear.app/sse\"\n"},
		{When: "`\"type\": \"sse\"` names a URL whose path ends in `/mcp`", Severity: normalize.Warning,
			Bad: "{\n  \"mcpServers\": {\n    \"linear\": { \"type\": \"sse\", \"url\": \"https://mcp.linear.app/mcp\" }\n  }\n}\n"},
	},
	parts: map[string]func() string{"sse": func() string {
		return clientNames(func(c *normalize.Client) bool { return c.TypeFor(normalize.SSE) == "sse" })
	}},
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"linear\": { \"type\": \"sse\", \"url\": \"https://mcp.linear.app/sse\" }\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"linear\": { \"type\": \"http\", \"url\": \"https://mcp.linear.app/mcp\" }\n  }\n}\n"},
	Check: checkDeprecatedSSE,
	NoFix: "whether the server also speaks streamable HTTP, and at which URL, cannot be known offline (mcpconf probe tries it)",
}

func checkDeprecatedSSE(p *Pass) {
	for s, c := range p.Servers() {
		if s.Transport != normalize.SSE {
			otherSSE(p, s, c)
			continue
		}
		if way := remoteWay(s, c); way != "" {
			d := p.At(s, "url", "server %q: %s reaches %q with neither MCP transport: it %s, which an SSE or streamable HTTP server most likely does not answer", s.Name, c.Product, s.URL, way)
			d.Severity = normalize.Warning
			d.Hint = fmt.Sprintf("start the server as a local command for %s if it has one; mcpconf probe speaks SSE to the url, not %s's protocol", c.Product, c.Product)
			continue
		}
		if c.URLMeansSSE {
			u := s.Node.Member("url")
			if u == nil || u.Value.Kind != normalize.String || !streamableLooking(u.Value.Str) {
				continue
			}
			d := p.At(s, "url", "server %q: %s connects to \"url\" with the legacy HTTP+SSE transport (deprecated since MCP 2025-03-26), but %q looks like a streamable HTTP endpoint", s.Name, c.Product, u.Value.Str)
			d.Hint = c.Product + " cannot use streamable HTTP; point \"url\" at the server's SSE endpoint if it still has one"
			continue
		}
		t := s.Node.Member("type")
		if t == nil || t.Value.Kind != normalize.String {
			continue
		}
		if m := serverEndpoint(s); m != nil && m.Value.Kind == normalize.String && streamableLooking(m.Value.Str) {
			d := p.At(s, "type", "server %q says \"type\": %q, but %q ends in /mcp, the usual path of a streamable HTTP endpoint: %s speaks the legacy HTTP+SSE transport to it, which a streamable HTTP server does not answer",
				s.Name, t.Value.Str, m.Value.Str, c.Product)
			d.Severity = normalize.Warning
			d.Hint = fmt.Sprintf("use \"type\": %q if the server speaks streamable HTTP there (mcpconf probe tries it), or point %q at its SSE endpoint", c.TypeFor(normalize.HTTP), m.Key)
			if k := c.URLKeys[normalize.HTTP]; k != "" && k != m.Key {
				// the client reads streamable HTTP from another key only (Qwen Code's httpUrl)
				d.Hint = fmt.Sprintf("write the address as %q if the server speaks streamable HTTP there (mcpconf probe tries it), or point %q at its SSE endpoint", k, m.Key)
			}
			continue
		}
		d := p.At(s, "type", "server %q uses the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP", s.Name)
		d.Hint = "if the server offers streamable HTTP (usually at \"/mcp\" instead of \"/sse\"), use \"type\": \"http\""
	}
}

// remoteWay says how c reaches the url of s when it speaks neither MCP
// transport to it (Shape.RemoteProtocol); "" otherwise.
func remoteWay(s *normalize.Server, c *normalize.Client) string {
	if u := s.Node.Member("url"); u == nil || u.Value.Kind != normalize.String {
		return ""
	}
	return c.RemoteWay(s.URL)
}

// otherSSE reports a remote server that asks for the legacy transport
// without "type": "sse": a "transport": "sse" key (another client's
// spelling), or an endpoint whose path ends in "/sse". Codex, which has no
// SSE client, is no-sse-transport's.
func otherSSE(p *Pass, s *normalize.Server, c *normalize.Client) {
	if c.NoSSE || s.Transport == normalize.Stdio || s.Node == nil {
		return
	}
	const hint = "if the server offers streamable HTTP (usually at \"/mcp\" instead of \"/sse\"), point \"url\" at it"
	if t := s.Node.Member("transport"); t != nil && t.Value.Kind == normalize.String && strings.EqualFold(t.Value.Str, "sse") {
		d := p.At(s, "transport", "server %q asks for the legacy HTTP+SSE transport (\"transport\": %q), deprecated since MCP 2025-03-26 in favour of streamable HTTP", s.Name, t.Value.Str)
		d.Hint = hint
		return
	}
	if m := serverEndpoint(s); m != nil && m.Value.Kind == normalize.String && sseLooking(m.Value.Str) {
		d := p.At(s, m.Key, "server %q: %q is an endpoint of the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP", s.Name, m.Value.Str)
		d.Hint = hint
	}
}

// streamableLooking reports whether a URL's path ends in "/mcp".
func streamableLooking(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	return strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), "/mcp")
}
