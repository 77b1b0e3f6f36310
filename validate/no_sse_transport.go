package validate

import (
	"net/url"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// noSSETransportRule reports a url that names an SSE endpoint for a client
// without the HTTP+SSE transport.
var noSSETransportRule = &Rule{
	ID:       normalize.RuleNoSSETransport,
	Title:    "a url names an SSE endpoint, but the client has no SSE transport",
	Severity: normalize.Warning,
	For:      func(c *normalize.Client) bool { return c.NoSSE },
	doc: `Codex speaks stdio and streamable HTTP only: a ` + "`url`" + ` is always reached with
streamable HTTP, even when it ends in ` + "`/sse`" + ` (checked with Codex 0.169.0,
testdata/clients/codex-urls: a ` + "`/sse`" + ` URL is listed as ` + "`streamable_http`" + `). An
endpoint of the legacy HTTP+SSE transport answers a GET with an event
stream and takes messages at another path; it does not answer the POST
requests of streamable HTTP, so Codex cannot connect.

The rule looks at the path: one that ends in ` + "`/sse`" + ` is taken for an SSE
endpoint. Point ` + "`url`" + ` at the server's streamable HTTP endpoint (usually
` + "`/mcp`" + `), or reach the SSE endpoint through a stdio bridge such as ` + "`mcp-remote`" + `.`,
	Example: Example{File: ".codex/config.toml",
		Bad:  "[mcp_servers.linear]\nurl = \"https://mcp.linear.app/sse\"\n",
		Good: "[mcp_servers.linear]\nurl = \"https://mcp.linear.app/mcp\"\n"},
	Check: checkNoSSETransport,
}

func checkNoSSETransport(p *Pass) {
	for s, c := range p.Servers() {
		if !c.NoSSE || s.Transport != normalize.HTTP || !sseLooking(s.URL) {
			continue
		}
		d := p.At(s, "url", "server %q: %q looks like an SSE endpoint, but %s has no SSE transport: it sends streamable HTTP requests there, which an SSE endpoint does not answer",
			s.Name, s.URL, c.Product)
		d.Hint = "point \"url\" at the server's streamable HTTP endpoint (usually \"/mcp\" instead of \"/sse\"), or reach the SSE endpoint through a stdio bridge: command = \"npx\", args = [\"-y\", \"mcp-remote\", \"<url>\"]"
	}
}

// sseLooking reports whether a URL's path ends in "/sse".
func sseLooking(raw string) bool {
	u, err := url.Parse(substURL(raw).sub)
	if err != nil {
		return false
	}
	return strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), "/sse")
}
