package resolve_test

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// TestUnsetPerClient (issue 27): each client's rule for a variable that is
// not set, field by field (normalize.Client.UnsetIn): Codex does not start
// a server whose bearer_token_env_var is unset or empty, and leaves out
// what env_vars and env_http_headers name; VS Code sends ${env:VAR} as "";
// Claude Code sends ${VAR} as written; Gemini CLI empties env and headers
// but not args.
func TestUnsetPerClient(t *testing.T) {
	codex := "[mcp_servers.s]\nurl = \"https://x.example/mcp\"\nbearer_token_env_var = \"T\"\nenv_http_headers = { \"X-Org\" = \"ORG\" }\n"
	for _, tc := range []struct {
		client, path, content string
		env                   map[string]string
		refused               string // in Refused, "" none
		header, headerWant    string // a header and its value as sent ("-" not sent)
		env1, envWant         string
		arg0                  string
	}{
		{client: "codex", path: "~/.codex/config.toml", content: codex,
			refused: `Codex does not start it: "Environment variable T for MCP server 's' is not set"`, header: "X-Org", headerWant: "-"},
		{client: "codex", path: "~/.codex/config.toml", content: codex, env: map[string]string{"T": "", "ORG": ""},
			refused: `"Environment variable T for MCP server 's' is empty"`, header: "X-Org", headerWant: "-"},
		{client: "codex", path: "~/.codex/config.toml", content: codex, env: map[string]string{"T": "tok-1234567"},
			header: "Authorization", headerWant: "Bearer tok-1234567"},
		{client: "codex", path: "~/.codex/config.toml", content: "[mcp_servers.s]\ncommand = \"srv\"\nenv_vars = [\"GONE\"]\n", env1: "GONE", envWant: "-"},
		{client: "vscode", path: ".vscode/mcp.json", content: `{"servers": {"s": {"command": "srv", "args": ["${env:A}"], "env": {"K": "x${env:B}y"}}}}`,
			env1: "K", envWant: "xy", arg0: ""},
		{client: "claude", path: "~/.claude.json", content: `{"mcpServers": {"s": {"command": "srv", "args": ["${A}"], "env": {"K": "x${B}y"}}}}`,
			env1: "K", envWant: "x${B}y", arg0: "${A}"},
		{client: "gemini", path: "~/.gemini/settings.json", content: `{"mcpServers": {"s": {"command": "srv", "args": ["$A"], "env": {"K": "x${B}y"}}}}`,
			env1: "K", envWant: "xy", arg0: "$A"},
	} {
		s, doc, _ := serverOf(t, tc.client, tc.path, tc.content, "s")
		res := resolve.Server(normalize.ClientByID(tc.client), s, doc, resolve.Env{Lookup: func(k string) (string, bool) {
			v, ok := tc.env[k]
			return v, ok
		}})
		name := tc.client + " " + tc.path
		if tc.refused == "" && res.Refused != "" || !strings.Contains(res.Refused, tc.refused) {
			t.Errorf("%s %v: refused %q, want %q", name, tc.env, res.Refused, tc.refused)
		}
		if tc.refused != "" && !strings.Contains(res.RefusedHint, "set T in the environment Codex starts in") {
			t.Errorf("%s: hint %q", name, res.RefusedHint)
		}
		if tc.header != "" {
			got, ok := res.Server.Headers[tc.header]
			if !ok {
				got = "-"
			}
			if got != tc.headerWant {
				t.Errorf("%s %v: header %s = %q, want %q", name, tc.env, tc.header, got, tc.headerWant)
			}
		}
		if tc.env1 != "" {
			got, ok := res.Server.Env[tc.env1]
			if !ok {
				got = "-"
			}
			if got != tc.envWant {
				t.Errorf("%s: env %s = %q, want %q", name, tc.env1, got, tc.envWant)
			}
		}
		if len(res.Server.Args) > 0 && res.Server.Args[0] != tc.arg0 {
			t.Errorf("%s: args[0] = %q, want %q", name, res.Server.Args[0], tc.arg0)
		}
	}
}
