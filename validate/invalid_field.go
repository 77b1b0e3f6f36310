package validate

import "github.com/mcpconf/mcpconf/normalize"

// invalidFieldRule reports a server field of a type the client rejects, which
// makes it skip the server.
var invalidFieldRule = &Rule{
	ID:       normalize.RuleInvalidField,
	Title:    "a server field has a type its client rejects, so the client skips the server",
	Severity: normalize.Error,
	Clients:  "%s, whose schema of each server type mcpconf knows",
	For:      func(c *normalize.Client) bool { return c.FieldChecks != nil },
	doc: "Claude Code checks each server entry against the schema of its type (stdio,\n" +
		"`http`, `sse`, `ws`) and skips an entry whose known field has the wrong type,\n" +
		"with a warning in `claude mcp list`, loading the rest of the file: `args` as a\n" +
		"string, a number in `env` or `headers`, `timeout` that is not a whole number of\n" +
		"milliseconds above 0 (`0`, `1500.5`, `\"5000\"`), `alwaysLoad` that is not a\n" +
		"boolean, `oauth.callbackPort` as a string, a `tools` entry without `name`. A\n" +
		"field of another type (`args` on an `http` server) is dropped, whatever it\n" +
		"holds, and not reported. A missing `url` or `command` is reported by\n" +
		"`missing-url` and `missing-command`.",
	Example: Example{File: ".mcp.json", Config: "clients = [\"claude\"]\n",
		Bad:  "{ \"mcpServers\": { \"fs\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem@2025.8.21\", \".\"], \"timeout\": \"30000\" } } }\n",
		Good: "{ \"mcpServers\": { \"fs\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem@2025.8.21\", \".\"], \"timeout\": 30000 } } }\n"},
	Check: checkInvalidField,
}

func checkInvalidField(p *Pass) {
	for s, c := range p.Servers() {
		pr := c.FieldProblem(s)
		if pr == nil || pr.Value == nil || pr.Kind == normalize.NonEmptyText && pr.Value.Kind == normalize.String {
			continue // missing-url, missing-command
		}
		d := p.AtValue(p.Document(s.Source.Path), pr.Value, "server %q: %s", s.Name, pr.Why(c))
		d.Hint = pr.Hint()
	}
}
