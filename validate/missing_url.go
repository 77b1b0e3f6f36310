package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// missingURLRule reports remote servers without an endpoint.
var missingURLRule = &Rule{
	ID:       normalize.RuleMissingURL,
	Title:    "a remote server has no URL",
	Severity: normalize.Error,
	doc: "A server reached over HTTP or SSE needs the address to connect to: `url`\n" +
		"(Windsurf also reads `serverUrl`, Gemini CLI also `httpUrl`). The transport is\n" +
		"remote when `type` says so (`\"http\"`, `\"sse\"`, `\"streamable-http\"`, opencode\n" +
		"`\"remote\"`) or when the entry has a URL key whose value is empty. The client\n" +
		"rejects such an entry or fails to connect.",
	Example: Example{File: "opencode.json",
		Bad:  "{\n  \"mcp\": {\n    \"context7\": { \"type\": \"remote\", \"enabled\": true }\n  }\n}\n",
		Good: "{\n  \"mcp\": {\n    \"context7\": { \"type\": \"remote\", \"url\": \"https://mcp.context7.com/mcp\", \"enabled\": true }\n  }\n}\n"},
	Check: checkMissingURL,
}

func checkMissingURL(p *Pass) {
	for s, c := range p.Servers() {
		remote := isRemote(s.Transport)
		if c.UnknownTypeIgnored && s.Transport == normalize.NoTransport && c.TypeFor(normalize.HTTP) != "" &&
			(s.Type == c.TypeFor(normalize.HTTP) || s.Type == c.TypeFor(normalize.SSE)) {
			remote = true // Gemini CLI picks the transport from the URL keys alone
		}
		if !remote {
			continue
		}
		u := serverEndpoint(s)
		if u != nil && u.Value.Kind != normalize.String {
			continue // the schema rule reports a url of the wrong type
		}
		if u != nil && strings.TrimSpace(u.Value.Str) != "" {
			continue
		}
		var d *normalize.Diagnostic
		if u != nil {
			d = p.At(s, u.Key, "server %q has an empty %q", s.Name, u.Key)
			d.Hint = "write the server's address, e.g. \"https://example.com/mcp\""
		} else {
			d = p.At(s, "type", "server %q is a remote server (\"type\": %q) without %s", s.Name, s.Type, c.EndpointText())
			d.Hint = "add the server's address, e.g. \"url\": \"https://example.com/mcp\""
		}
		if cmd := s.Node.Member("command"); cmd != nil && u == nil && c.TypeFor(normalize.Stdio) != "" {
			d.Hint = fmt.Sprintf("if the server is a local process started by \"command\", write \"type\": %q", c.TypeFor(normalize.Stdio))
		}
	}
}
