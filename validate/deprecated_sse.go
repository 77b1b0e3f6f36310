package validate

import (
	"net/url"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// DeprecatedSSE reports servers that use the legacy HTTP+SSE transport.
var DeprecatedSSE = &Rule{
	ID:       "deprecated-sse",
	Title:    "a server uses the deprecated HTTP+SSE transport",
	Severity: normalize.Info,
	Doc: "The MCP specification of 2025-03-26 replaced the HTTP+SSE transport with\n" +
		"streamable HTTP. Servers keep the old `/sse` endpoint for a while, then drop\n" +
		"it. When the server offers streamable HTTP (usually at `/mcp` instead of\n" +
		"`/sse`), switch to it with `\"type\": \"http\"`.\n\n" +
		"The rule reports an explicit `\"type\": \"sse\"` (pisces, Claude Code, Cursor,\n" +
		"VS Code, Windsurf, Gemini CLI). agent-code always speaks SSE to a `url` and\n" +
		"has no way to choose; there the rule only speaks up when the URL ends in\n" +
		"`/mcp`, the usual path of a streamable HTTP endpoint, which agent-code is\n" +
		"unlikely to reach with SSE.",
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"linear\": { \"type\": \"sse\", \"url\": \"https://mcp.linear.app/sse\" }\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"linear\": { \"type\": \"http\", \"url\": \"https://mcp.linear.app/mcp\" }\n  }\n}\n"},
	Check: checkDeprecatedSSE,
}

func checkDeprecatedSSE(p *Pass) {
	for s, dl := range p.Servers() {
		if s.Transport != normalize.SSE {
			continue
		}
		if dl.URLMeansSSE {
			u := s.Node.Member("url")
			if u == nil || u.Value.Kind != normalize.String || !streamableLooking(u.Value.Str) {
				continue
			}
			d := p.At(s, "url", "server %q: %s connects to \"url\" with the legacy HTTP+SSE transport (deprecated since MCP 2025-03-26), but %q looks like a streamable HTTP endpoint", s.Name, dl.Product, u.Value.Str)
			d.Hint = dl.Product + " cannot use streamable HTTP; point \"url\" at the server's SSE endpoint if it still has one"
			continue
		}
		t := s.Node.Member("type")
		if t == nil || t.Value.Kind != normalize.String {
			continue
		}
		d := p.At(s, "type", "server %q uses the legacy HTTP+SSE transport, deprecated since MCP 2025-03-26 in favour of streamable HTTP", s.Name)
		d.Hint = "if the server offers streamable HTTP (usually at \"/mcp\" instead of \"/sse\"), use \"type\": \"http\""
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
