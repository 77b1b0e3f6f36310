package validate

import (
	"fmt"

	"github.com/mcpconf/mcpconf/normalize"
)

// transportConflictRule reports entries that set both a command and a URL.
var transportConflictRule = &Rule{
	ID:       normalize.RuleTransportConflict,
	Title:    "a server has both a command and a URL",
	Severity: normalize.Error,
	doc: "A server is either started as a local process (`command`, stdio) or reached\n" +
		"over the network (`url`; Windsurf also `serverUrl`, Gemini CLI also `httpUrl`),\n" +
		"never both. Clients disagree on what to do with an entry that has both:\n\n" +
		"- pisces (and Roo Code) reject it with a validation error;\n" +
		"- Codex picks stdio and then refuses the `url` on a stdio server, and with it\n" +
		"  its whole config (no server starts);\n" +
		"- opencode rejects the whole config (its `local` and `remote` shapes are strict);\n" +
		"- Gemini CLI, VS Code and Windsurf connect to the URL and ignore `command`;\n" +
		"- agent-code and Cursor start `command` and ignore the URL;\n" +
		"- Claude Code follows `type` (stdio when it is missing).\n\n" +
		"So the same entry does different things in different clients. Keep `command`\n" +
		"for a local server or the URL for a remote one.",
	Example: Example{File: ".pisces/mcp.json",
		Bad:  "{ \"mcpServers\": {\n  \"context7\": {\n    \"command\": \"npx\", \"args\": [\"-y\", \"@upstash/context7-mcp@1.0.14\"],\n    \"url\": \"https://mcp.context7.com/mcp\"\n  }\n} }\n",
		Good: "{ \"mcpServers\": {\n  \"context7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\" }\n} }\n"},
	Check: checkTransportConflict,
}

func checkTransportConflict(p *Pass) {
	for s, c := range p.Servers() {
		cmd := s.Node.Member("command")
		u := serverEndpoint(s)
		if cmd == nil || u == nil {
			continue
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
