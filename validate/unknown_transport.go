package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// unknownTransportRule reports transports a client does not accept.
var unknownTransportRule = &Rule{
	ID:       normalize.RuleUnknownTransport,
	Title:    "the transport type is not one the client accepts",
	Severity: normalize.Error,
	doc: "Each client accepts its own `type` literals, and they differ for the same\n" +
		"transport:\n\n" +
		"{{gen:types}}\n\n" +
		"A literal copied from another client's docs that the client does not list\n" +
		"(`streamableHttp` from Cline's, `streamable-http` from Roo Code's, opencode's\n" +
		"`local` or `remote`) makes it reject the server. An entry without `type` is\n" +
		"rejected by {{gen:required}}, except a toggle-only `{ \"enabled\": false }` entry\n" +
		"that switches off a server defined in another layer. An entry with neither\n" +
		"`command` nor `url` is refused by {{gen:neither}}, unless another\n" +
		"file of the same client defines the server, which the entry then patches.",
	Example: Example{File: ".vscode/mcp.json",
		Bad:  "{\n  \"servers\": {\n    \"context7\": { \"type\": \"streamable-http\", \"url\": \"https://mcp.context7.com/mcp\" }\n  }\n}\n",
		Good: "{\n  \"servers\": {\n    \"context7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\" }\n  }\n}\n"},
	parts: map[string]func() string{
		"types":    typesTable,
		"required": func() string { return clientList(func(c *normalize.Client) bool { return c.TypeRequired }) },
		"neither": func() string {
			return clientList(func(c *normalize.Client) bool { return c.OnNeither == normalize.NeitherInvalid })
		},
	},
	Check: checkUnknownTransport,
}

func checkUnknownTransport(p *Pass) {
	for s, c := range p.Servers() {
		name := clientProduct(s)
		t := s.Node.Member("type")
		switch {
		case c.OnNeither == normalize.NeitherInvalid:
			if s.Node.Member("command") != nil || s.Node.Member("url") != nil || s.Transport == normalize.Extension || p.patches(s) || p.definedElsewhere(s) {
				continue // a patch of a server another layer of the client defines
			}
			d := p.At(s, "", "server %q has neither \"command\" nor \"url\": %s cannot load the config", s.Name, name)
			if c.NeitherError != "" {
				d.Message += fmt.Sprintf(" (%q)", c.NeitherError)
			}
			d.Hint = "add \"command\" for a local server or \"url\" for a remote one"
		case c.TypeRequired && t == nil:
			if toggleOnly(s.Node) || p.patches(s) {
				continue
			}
			local, remote := c.TypeFor(normalize.Stdio), c.TypeFor(normalize.HTTP)
			d := p.At(s, "", "server %q has no \"type\": %s requires %s and rejects the config without it", s.Name, name, quoteOr(c.TypeNames()))
			switch {
			case s.Node.Member("command") != nil:
				d.Hint = fmt.Sprintf("add \"type\": %q", local)
			case s.Node.Member("url") != nil:
				d.Hint = fmt.Sprintf("add \"type\": %q", remote)
			default:
				d.Hint = fmt.Sprintf("add \"type\": %q with a \"command\" array, or \"type\": %q with a \"url\"", local, remote)
			}
		case t != nil && t.Value.Kind == normalize.String:
			accepted := c.TypeNames()
			if c.Types == nil || slices.Contains(accepted, t.Value.Str) || expandsPlaceholder(c, t.Value.Str) {
				continue
			}
			lit := t.Value.Str
			what := fmt.Sprintf("\"type\": %q", lit)
			if lit == "" {
				what = "an empty \"type\""
			}
			verdict := "which " + name + " does not accept"
			ignored := c.UnknownTypeIgnored && s.Transport != normalize.NoTransport
			if ignored {
				// Gemini CLI picks the transport from the keys and ignores a
				// type it does not use.
				verdict = "which " + name + " does not know: it ignores it and picks the transport from the other keys"
			}
			d := p.At(s, "type", "server %q has %s, %s", s.Name, what, verdict)
			if ignored {
				d.Severity = normalize.Warning
			}
			if sug := suggestTransport(c, lit); sug != "" {
				d.Message += fmt.Sprintf("; did you mean %q?", sug)
			}
			d.Hint = "use one of " + normalize.Quoted(accepted)
		}
	}
}

// toggleOnly reports whether an entry only switches a server of another
// layer on or off: { "enabled": false }.
func toggleOnly(v *normalize.Value) bool {
	ms := v.Unique()
	return len(ms) == 1 && ms[0].Key == "enabled"
}

// suggestTransport returns the accepted literal a wrong one most likely
// means: a near spelling, or the client's word for the same transport.
func suggestTransport(cl *normalize.Client, lit string) string {
	accepted := cl.TypeNames()
	if c := normalize.Closest(lit, accepted); c != "" {
		return c
	}
	k := strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(lit))
	var want normalize.Transport
	switch k {
	case "streamablehttp", "streamable", "streaminghttp", "httpstream", "https", "remote", "network", "http":
		want = normalize.HTTP
	case "local", "command", "process", "subprocess", "stdin", "stdout", "cli", "stdio":
		want = normalize.Stdio
	case "websocket", "websockets", "wss", "ws":
		want = normalize.WS
	case "serversentevents", "eventstream", "sse":
		want = normalize.SSE
	default:
		return ""
	}
	if l := cl.TypeFor(want); l != "" {
		return l
	}
	if want != normalize.Stdio && cl.TypeFor(normalize.SSE) == "" {
		// one literal for every remote transport (opencode "remote")
		return cl.TypeFor(normalize.HTTP)
	}
	return ""
}

// expandsPlaceholder reports whether s holds a placeholder the client
// replaces before reading the value (pisces, Gemini CLI and opencode expand
// every string), so its literal text says nothing.
func expandsPlaceholder(c *normalize.Client, s string) bool {
	if !c.ExpandsEveryString {
		return false
	}
	for _, ph := range resolve.Scan(s) {
		if c.Expands(ph.Syntax) {
			return true
		}
	}
	return false
}
