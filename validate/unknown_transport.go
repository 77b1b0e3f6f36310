package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// UnknownTransport reports transports a client does not accept.
var UnknownTransport = &Rule{
	ID:       "unknown-transport",
	Title:    "the transport type is not one the client accepts",
	Severity: normalize.Error,
	Doc: "Each client accepts its own `type` literals, and they differ for the same\n" +
		"transport:\n\n" +
		"| client | accepted `type` |\n" +
		"|---|---|\n" +
		"| pisces, Cursor, VS Code, `mcp.json` | `stdio`, `http`, `sse` |\n" +
		"| Claude Code | `stdio`, `http`, `streamable-http`, `sse`, `ws` |\n" +
		"| Windsurf | `stdio`, `http`, `streamable-http`, `sse` |\n" +
		"| Gemini CLI | `http`, `sse` (only with `url`) |\n" +
		"| opencode | `local`, `remote` (required) |\n" +
		"| Codex, agent-code | no `type`: `command` or `url` decides |\n\n" +
		"`streamable-http` (Roo Code), `streamableHttp` (Cline) and opencode's `local` or\n" +
		"`remote` copied into another client make it reject the server. opencode also\n" +
		"rejects an entry without `type`, except a toggle-only `{ \"enabled\": false }`\n" +
		"entry that switches off a server defined in another layer. Codex rejects an\n" +
		"entry with neither `command` nor `url` (\"invalid transport\") unless another\n" +
		"Codex file defines the same server, which the entry then patches.",
	Example: Example{File: ".vscode/mcp.json",
		Bad:  "{\n  \"servers\": {\n    \"context7\": { \"type\": \"streamable-http\", \"url\": \"https://mcp.context7.com/mcp\" }\n  }\n}\n",
		Good: "{\n  \"servers\": {\n    \"context7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\" }\n  }\n}\n"},
	Check: checkUnknownTransport,
}

// transportTypes are the "type" literals each client accepts, as in the
// maps of normalize/dialect.go. Codex and agent-code have no type field.
var transportTypes = map[string][]string{
	"pisces":   {"stdio", "http", "sse"},
	"mcp-json": {"stdio", "http", "sse"},
	"cursor":   {"stdio", "http", "sse"},
	"vscode":   {"stdio", "http", "sse"},
	"claude":   {"stdio", "http", "streamable-http", "sse", "ws"},
	"windsurf": {"stdio", "http", "streamable-http", "sse"},
	"gemini":   {"http", "sse"},
	"opencode": {"local", "remote"},
}

func checkUnknownTransport(p *Pass) {
	var codexDefined map[string]bool // lazily: codex names with a command or url
	defs := p.Definitions()
	for i := range defs {
		s := &defs[i]
		client := s.Source.Client
		name := clientProduct(s)
		t := s.Node.Member("type")
		switch {
		case client == "codex":
			if s.Node.Member("command") != nil || s.Node.Member("url") != nil {
				continue
			}
			if codexDefined == nil {
				codexDefined = map[string]bool{}
				for j := range defs {
					o := &defs[j]
					if o.Source.Client == "codex" && (o.Node.Member("command") != nil || o.Node.Member("url") != nil) {
						codexDefined[o.Name] = true
					}
				}
			}
			if codexDefined[s.Name] {
				continue // a patch of a server another Codex layer defines
			}
			d := p.At(s, "", "server %q has neither \"command\" nor \"url\": Codex cannot load the config (\"invalid transport\")", s.Name)
			d.Hint = "add \"command\" for a local server or \"url\" for a remote one"
		case client == "opencode" && t == nil:
			if opencodeToggle(s.Node) {
				continue
			}
			d := p.At(s, "", "server %q has no \"type\": opencode requires \"local\" or \"remote\" and rejects the config without it", s.Name)
			switch {
			case s.Node.Member("command") != nil:
				d.Hint = "add \"type\": \"local\""
			case s.Node.Member("url") != nil:
				d.Hint = "add \"type\": \"remote\""
			default:
				d.Hint = "add \"type\": \"local\" with a \"command\" array, or \"type\": \"remote\" with a \"url\""
			}
		case t != nil && t.Value.Kind == normalize.String:
			accepted, ok := transportTypes[client]
			if !ok || slices.Contains(accepted, t.Value.Str) || expandsPlaceholder(client, t.Value.Str) {
				continue
			}
			lit := t.Value.Str
			what := fmt.Sprintf("\"type\": %q", lit)
			if lit == "" {
				what = "an empty \"type\""
			}
			verdict := "which " + name + " does not accept"
			ignored := client == "gemini" && s.Transport != normalize.NoTransport
			if ignored {
				// Gemini CLI picks the transport from the keys and ignores a
				// type it does not use.
				verdict = "which Gemini CLI does not know: it ignores it and picks the transport from the other keys"
			}
			d := p.At(s, "type", "server %q has %s, %s", s.Name, what, verdict)
			if ignored {
				d.Severity = normalize.Warning
			}
			if sug := suggestTransport(client, lit, accepted); sug != "" {
				d.Message += fmt.Sprintf("; did you mean %q?", sug)
			}
			d.Hint = "use one of " + quote(accepted)
		}
	}
}

// opencodeToggle reports whether an opencode entry only switches a server
// of another layer on or off: { "enabled": false }.
func opencodeToggle(v *normalize.Value) bool {
	ms := v.Unique()
	return len(ms) == 1 && ms[0].Key == "enabled"
}

// suggestTransport returns the accepted literal a wrong one most likely
// means: a near spelling, or the client's word for the same transport.
func suggestTransport(client, lit string, accepted []string) string {
	if c := normalize.Closest(lit, accepted); c != "" {
		return c
	}
	k := strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(lit))
	want := ""
	switch k {
	case "streamablehttp", "streamable", "streaminghttp", "httpstream", "https", "remote", "network":
		want = "http"
	case "local", "command", "process", "subprocess", "stdin", "stdout", "cli", "stdio":
		want = "stdio"
	case "websocket", "websockets", "wss", "ws":
		want = "ws"
	case "serversentevents", "eventstream", "sse":
		want = "sse"
	case "http":
		want = "http"
	}
	if client == "opencode" {
		switch want {
		case "stdio":
			want = "local"
		case "http", "sse", "ws":
			want = "remote"
		}
	}
	if slices.Contains(accepted, want) {
		return want
	}
	return ""
}

// expandsPlaceholder reports whether s holds a placeholder the client
// replaces before reading the value (pisces and Gemini CLI expand every
// string), so its literal text says nothing.
func expandsPlaceholder(client, s string) bool {
	switch client {
	case "pisces", "gemini", "opencode":
	default:
		return false
	}
	for _, ph := range resolve.Scan(s) {
		if !resolve.Foreign(client, ph) {
			return true
		}
	}
	return false
}
