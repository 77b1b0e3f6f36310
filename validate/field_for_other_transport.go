package validate

import (
	"fmt"
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
)

// fieldForOtherTransportRule reports stdio fields on remote servers and remote
// fields on stdio servers.
var fieldForOtherTransportRule = &Rule{
	ID:       normalize.RuleFieldForOtherTransport,
	Title:    "a server has a field that only applies to the other transport",
	Severity: normalize.Warning,
	doc: "Some fields only mean something for one transport: `args`, `env`, `cwd`,\n" +
		"`envFile`, Codex `env_vars`, opencode `environment` and VS Code `sandbox` are\n" +
		"for a process the client starts (stdio); `headers`, Codex `http_headers`,\n" +
		"`env_http_headers`, `bearer_token_env_var`, `oauth` and `oauth_resource`, and\n" +
		"Claude Code `headersHelper` are for a server reached over HTTP.\n\n" +
		"On the wrong transport most clients ignore them without a word, which usually\n" +
		"means the server is not configured the way the author thinks (a token in\n" +
		"`env` of a remote server is never sent). Codex treats them as hard errors and\n" +
		"refuses its whole config (no server starts, checked with Codex 0.169.0), and\n" +
		"opencode's strict schema rejects the whole config, so the finding is an error\n" +
		"there.\n\n" +
		"Entries that have both `command` and a URL are left to `transport-conflict`,\n" +
		"and Claude Code entries with a `url` but no `type` to `implicit-stdio`.",
	Contexts: []Context{
		{When: "the client refuses its config or rejects the server for it (Codex, opencode)", Severity: normalize.Error, Example: true},
		{When: "the client ignores the field (Cursor)", Severity: normalize.Warning,
			File: ".cursor/mcp.json", Bad: "{ \"mcpServers\": { \"figma\": { \"url\": \"https://mcp.figma.com/mcp\", \"args\": [\"--verbose\"] } } }\n"},
	},
	Example: Example{File: ".codex/config.toml",
		Bad:  "[mcp_servers.figma]\nurl = \"https://mcp.figma.com/mcp\"\nargs = [\"--verbose\"]\n",
		Good: "[mcp_servers.figma]\nurl = \"https://mcp.figma.com/mcp\"\n"},
	Check: checkFieldForOtherTransport,
}

var (
	stdioOnlyFields  = []string{"args", "env", "cwd", "envFile", "env_vars", "environment", "sandboxEnabled", "sandbox"}
	remoteOnlyFields = []string{"headers", "http_headers", "env_http_headers", "bearer_token_env_var", "headersHelper"}
	// strictRemoteFields are refused on stdio by Codex and opencode, where
	// other clients use oauth for remote servers without saying so.
	strictRemoteFields = []string{"oauth", "oauth_resource"}
)

func checkFieldForOtherTransport(p *Pass) {
	for s, c := range p.Servers() {
		// A Claude Code entry with a url but no type reads as stdio:
		// implicit-stdio reports the missing type, not its remote fields.
		if c == nil || s.Transport == normalize.NoTransport || hasBothCommandAndURL(s) || implicitStdio(s) {
			continue
		}
		strict := c.Strictness != normalize.Lenient
		remote := isRemote(s.Transport)
		for _, m := range s.Node.Unique() {
			if !c.Knows(m.Key) || emptyContainer(m.Value) {
				continue
			}
			var d *normalize.Diagnostic
			other := ""
			switch {
			case remote && slices.Contains(stdioOnlyFields, m.Key):
				d = p.AtKey(s, m, "%q only applies to stdio servers, but %q is a remote server", m.Key, s.Name)
				other = "a stdio server"
			case !remote && (slices.Contains(remoteOnlyFields, m.Key) || strict && slices.Contains(strictRemoteFields, m.Key)):
				d = p.AtKey(s, m, "%q only applies to remote servers, but %q is a stdio server", m.Key, s.Name)
				other = "a remote server"
			default:
				continue
			}
			switch {
			case c.Refuses != nil && c.Refuses.Entry == nil:
				// Codex: the other transport's fields refuse (Refusal.StdioOnly,
				// RemoteOnly); a client with its own entry check (opencode)
				// says so by refused-config when it does
				d.Message += ": " + c.ReaderName() + " refuses its whole config, so none of its servers starts"
				d.Severity = normalize.Error
			case c.Strictness == normalize.RejectsServer:
				d.Message += ": " + c.ReaderName() + " rejects the server"
				d.Severity = normalize.Error
			case c.Strictness == normalize.RejectsConfig:
				d.Message += ": " + c.ReaderName() + " rejects the whole config"
				d.Severity = normalize.Error
			default:
				d.Message += ": " + c.ReaderName() + " ignores it"
			}
			d.Hint = fmt.Sprintf("remove %q, or make %q %s if it is meant to be one", m.Key, s.Name, other)
		}
	}
}

// emptyContainer reports an empty array or object, which configures
// nothing whatever the transport.
func emptyContainer(v *normalize.Value) bool {
	return (v.Kind == normalize.Array && len(v.Items) == 0) || (v.Kind == normalize.Object && len(v.Members) == 0)
}
