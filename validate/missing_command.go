package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// missingCommandRule reports stdio servers that have nothing to start.
var missingCommandRule = &Rule{
	ID:       normalize.RuleMissingCommand,
	Title:    "a stdio server has no command",
	Severity: normalize.Error,
	doc: "A stdio server is a process the client starts, so it needs a non-empty\n" +
		"`command` (opencode: a `command` array whose first item is the program).\n" +
		"The transport is stdio when `type` says so (`\"stdio\"`, opencode `\"local\"`) or,\n" +
		"in {{gen:stdio}}, when the entry has no\n" +
		"`url` either. Such an entry is rejected or fails to start.\n\n" +
		"An entry with neither `command` nor a URL is an error in {{gen:unreachable}},\n" +
		"which has nothing to connect to, and skipped by {{gen:skipped}}; it is reported\n" +
		"here too. {{gen:invalid}} refuse the same case (see `unknown-transport`).\n" +
		"A Claude Code entry with a `url` but no `type` is reported by `implicit-stdio`.",
	Example: Example{File: ".vscode/mcp.json",
		Bad:  "{\n  \"servers\": {\n    \"fs\": { \"type\": \"stdio\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem@2025.8.21\", \".\"] }\n  }\n}\n",
		Good: "{\n  \"servers\": {\n    \"fs\": { \"type\": \"stdio\", \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem@2025.8.21\", \".\"] }\n  }\n}\n"},
	parts: map[string]func() string{
		"stdio":       func() string { return clientList(onNeither(normalize.NeitherStdio)) },
		"unreachable": func() string { return clientList(onNeither(normalize.NeitherUnreachable)) },
		"skipped":     func() string { return clientList(onNeither(normalize.NeitherSkipped)) },
		"invalid":     func() string { return clientList(onNeither(normalize.NeitherInvalid)) },
	},
	Check: checkMissingCommand,
}

func checkMissingCommand(p *Pass) {
	for s, c := range p.Servers() {
		if c.OnNeither == normalize.NeitherInvalid || p.patches(s) {
			continue // unknown-transport: "invalid transport"; layer-patch
		}
		cmd := s.Node.Member("command")
		empty, wrongKind := commandEmpty(c, cmd)
		if wrongKind || !empty {
			continue // the schema rule reports a command of the wrong type
		}
		name := clientProduct(s)
		switch {
		case s.Transport == normalize.Stdio:
			if implicitStdio(s) {
				continue
			}
			var d *normalize.Diagnostic
			switch {
			case cmd != nil && c.CommandArray:
				d = p.At(s, "command", "server %q has an empty \"command\": %s needs the program as its first item", s.Name, name)
			case cmd != nil:
				d = p.At(s, "command", "server %q has an empty \"command\"", s.Name)
			case s.TransportExplicit:
				d = p.At(s, "type", "server %q is a stdio server (\"type\": %q) without \"command\"", s.Name, s.Type)
			default:
				d = p.At(s, "", "server %q has neither \"command\" nor \"url\": %s reads it as a stdio server and cannot start it", s.Name, name)
			}
			switch {
			case serverEndpoint(s) != nil && cmd == nil && c.RemoteHint != "":
				d.Hint = c.RemoteHint
			case serverEndpoint(s) != nil && cmd == nil:
				d.Hint = fmt.Sprintf("if the server is reached by URL, write \"type\": %q", c.TypeFor(normalize.HTTP))
			default:
				d.Hint = "add the program to start, e.g. \"command\": \"npx\""
			}
		case s.Transport == normalize.NoTransport && !s.TransportExplicit && cmd == nil && serverEndpoint(s) == nil:
			switch c.OnNeither {
			case normalize.NeitherUnreachable:
				p.At(s, "", "server %q has neither \"command\" nor a URL (%s): %s cannot connect to it", s.Name, c.EndpointText(), name)
			case normalize.NeitherSkipped:
				p.At(s, "", "server %q has neither \"command\" nor \"url\": %s skips it", s.Name, name)
			}
		}
	}
}

// commandEmpty reports whether a command member is absent or holds no
// program. wrongKind is true when it has a type the client does not take
// (the schema rule reports those).
func commandEmpty(c *normalize.Client, cmd *normalize.Member) (empty, wrongKind bool) {
	if cmd == nil {
		return true, false
	}
	v := cmd.Value
	if c.CommandArray {
		if v.Kind != normalize.Array {
			return false, true
		}
		if len(v.Items) == 0 {
			return true, false
		}
		first := v.Items[0]
		if first.Kind != normalize.String {
			return false, true
		}
		return strings.TrimSpace(first.Str) == "", false
	}
	if v.Kind != normalize.String {
		return false, true
	}
	return strings.TrimSpace(v.Str) == "", false
}

// onNeither picks the clients that do what with an entry with neither a
// command nor a url (Shape.OnNeither); a client that requires "type"
// (TypeRequired) reads such an entry as nothing, not as stdio.
func onNeither(what normalize.Neither) func(*normalize.Client) bool {
	return func(c *normalize.Client) bool { return c.OnNeither == what && !c.TypeRequired }
}
