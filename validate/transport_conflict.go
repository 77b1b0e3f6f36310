package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// transportConflictRule reports entries that set both a command and a URL.
var transportConflictRule = &Rule{
	ID:       normalize.RuleTransportConflict,
	Title:    "a server has both a command and a URL",
	Severity: normalize.Error,
	doc: "A server is either started as a local process (`command`, stdio) or reached\n" +
		"over the network (`url`; {{gen:altkeys}}),\n" +
		"never both. Clients disagree on what to do with an entry that has both:\n\n" +
		"- {{gen:entry}}: a validation error;\n" +
		"- {{gen:stdio}}: read as stdio, then the `url` is refused on a stdio server,\n" +
		"  and with it the whole config (no server starts);\n" +
		"- {{gen:file}}: the whole config is rejected (a strict schema);\n" +
		"- Gemini CLI, VS Code and Windsurf: the URL is used and `command` ignored;\n" +
		"- agent-code and Cursor: `command` is started and the URL ignored;\n" +
		"- Claude Code: `type` decides (stdio when it is missing).\n\n" +
		"So the same entry does different things in different clients. Keep `command`\n" +
		"for a local server or the URL for a remote one.",
	Example: Example{File: ".pisces/mcp.json",
		Bad:  "{ \"mcpServers\": {\n  \"context7\": {\n    \"command\": \"npx\", \"args\": [\"-y\", \"@upstash/context7-mcp@1.0.14\"],\n    \"url\": \"https://mcp.context7.com/mcp\"\n  }\n} }\n",
		Good: "{ \"mcpServers\": {\n  \"context7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\" }\n} }\n"},
	parts: map[string]func() string{
		"altkeys": altURLKeys,
		"entry":   func() string { return clientList(onBoth(normalize.RejectsEntry)) },
		"stdio":   func() string { return clientList(onBoth(normalize.StdioRejectsURL)) },
		"file":    func() string { return clientList(onBoth(normalize.RejectsFile)) },
	},
	Check: checkTransportConflict,
}

func checkTransportConflict(p *Pass) {
	for s, c := range p.Servers() {
		cmd := s.Node.Member("command")
		u := serverEndpoint(s)
		if !setMember(cmd) || !setMember(u) {
			continue // a null field is the schema rule's finding, not a transport
		}
		name := clientProduct(s)
		both := fmt.Sprintf("server %q has both \"command\" and %q", s.Name, u.Key)
		hint := fmt.Sprintf("keep \"command\" for a local server or %q for a remote one, not both", u.Key)
		var d *normalize.Diagnostic
		switch c.OnBoth {
		case normalize.RejectsEntry:
			d = p.AtKey(s, u, "%s: %s rejects the entry", both, name)
		case normalize.StdioRejectsURL:
			d = p.AtKey(s, u, "%s: %s reads it as a stdio server and rejects %q on it", both, name, u.Key)
			if c.Refuses != nil {
				d.Message += ", refusing its whole config"
			}
		case normalize.RejectsFile:
			d = p.AtKey(s, u, "%s: %s rejects the whole config", both, name)
			hint = fmt.Sprintf("a %q server takes \"command\", a %q one \"url\"; keep the one that matches \"type\"", c.TypeFor(normalize.Stdio), c.TypeFor(normalize.HTTP))
		default:
			switch {
			case s.Transport == normalize.Stdio:
				d = p.AtKey(s, u, "%s: %s starts \"command\" and ignores %q", both, name, u.Key)
			case isRemote(s.Transport):
				d = p.AtKey(s, cmd, "%s: %s connects to %q and ignores \"command\"", both, name, u.Key)
			default:
				d = p.AtKey(s, u, "%s: %s cannot tell which transport to use", both, name)
			}
		}
		d.Hint = hint
	}
}

// onBoth picks the clients that do what with an entry with both a command
// and a url (Shape.OnBoth).
func onBoth(what normalize.Conflict) func(*normalize.Client) bool {
	return func(c *normalize.Client) bool { return c.OnBoth == what }
}

// altURLKeys names the clients with a second endpoint key (Shape.AltURLKey):
// "Gemini CLI also `httpUrl`, Windsurf also `serverUrl`".
func altURLKeys() string {
	var out []string
	for _, c := range normalize.Clients() {
		if c.Views() && c.AltURLKey != "" {
			out = append(out, c.Product+" also `"+c.AltURLKey+"`")
		}
	}
	return strings.Join(out, ", ")
}
