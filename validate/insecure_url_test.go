package validate

import "testing"

func TestInsecureURL(t *testing.T) {
	runRuleCases(t, "insecure-url", []ruleCase{
		{name: "plain http", files: oneFile(".vscode/mcp.json",
			`{"servers": {"wiki": {"type": "http", "url": "http://wiki.example.com/mcp"}}}`),
			want: []string{`warning .vscode/mcp.json:1:46: server "wiki" is reached over plain http at "wiki.example.com": traffic can be read and changed on the network path [insecure-url]`},
			hint: `use "https://": write "https://wiki.example.com/mcp"`},
		{name: "authorization header", files: oneFile(".mcp.json",
			`{"mcpServers": {"wiki": {"type": "http", "url": "http://10.0.0.7:8080/mcp", "headers": {"Authorization": "Bearer ${WIKI_TOKEN}"}}}}`),
			want: []string{`error .mcp.json:1:49: server "wiki" sends the header "Authorization" over plain http to "10.0.0.7": anyone on the network path can read it [insecure-url]`}},
		{name: "secret header", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"wiki": {"url": "http://wiki.example.com/mcp", "headers": {"X-Api-Key": "${env:WIKI_KEY}", "X-Trace": "1"}}}}`),
			want: []string{`error .cursor/mcp.json:1:33: server "wiki" sends the header "X-Api-Key" over plain http to "wiki.example.com": anyone on the network path can read it [insecure-url]`}},
		{name: "codex bearer token", files: oneFile(".codex/config.toml",
			"[mcp_servers.wiki]\nurl = \"http://wiki.example.com/mcp\"\nbearer_token_env_var = \"WIKI_TOKEN\"\n"),
			want: []string{`error .codex/config.toml:2:7: server "wiki" sends a bearer token ("bearer_token_env_var") over plain http to "wiki.example.com": anyone on the network path can read it [insecure-url]`}},
		{name: "codex env headers", files: oneFile(".codex/config.toml",
			"[mcp_servers.wiki]\nurl = \"http://wiki.example.com/mcp\"\nenv_http_headers = { \"X-Org\" = \"WIKI_ORG\" }\n"),
			want: []string{`error .codex/config.toml:2:7: server "wiki" sends the header "X-Org" ("env_http_headers") over plain http to "wiki.example.com": anyone on the network path can read it [insecure-url]`}},
		{name: "userinfo", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"wiki": {"url": "http://bot:${WIKI_PASSWORD}@wiki.example.com/mcp"}}}`),
			want: []string{`error .pisces/mcp.json:1:33: server "wiki" sends credentials in the URL over plain http to "wiki.example.com": anyone on the network path can read them [insecure-url]`}},
		{name: "token in the query", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"wiki": {"url": "http://wiki.example.com/mcp?api_key=${WIKI_KEY}"}}}`),
			want: []string{`error .pisces/mcp.json:1:33: server "wiki" sends the query parameter "api_key" over plain http to "wiki.example.com": anyone on the network path can read it [insecure-url]`}},
		{name: "placeholder port", files: oneFile(".pisces/mcp.json",
			`{"mcpServers": {"wiki": {"url": "http://wiki.example.com:${PORT}/mcp"}}}`),
			want: []string{`warning .pisces/mcp.json:1:33: server "wiki" is reached over plain http at "wiki.example.com": traffic can be read and changed on the network path [insecure-url]`}},
		{name: "loopback, https, unknown host", files: oneFile(".pisces/mcp.json", `{"mcpServers": {
  "a": {"url": "http://localhost:8080/mcp", "headers": {"Authorization": "Bearer ${T}"}},
  "b": {"url": "http://127.0.0.5/mcp"},
  "c": {"url": "http://[::1]:9000/mcp"},
  "d": {"url": "http://api.localhost/mcp"},
  "e": {"url": "https://wiki.example.com/mcp"},
  "f": {"url": "http://${HOST}/mcp"},
  "g": {"url": "${BASE}/mcp"},
  "h": {"command": "h-server"}
}}`)},
	})
}

// 0.0.0.0 and :: are addresses a server binds to, not ones to connect to:
// a connection to them stays on this machine (Linux, macOS) or fails
// (Windows); nothing crosses the network, so no "network path" finding.
func TestInsecureURLBindAddress(t *testing.T) {
	runRuleCases(t, "insecure-url", []ruleCase{
		{name: "bind addresses", files: oneFile(".mcp.json",
			`{"mcpServers": {"b": {"type": "http", "url": "http://0.0.0.0:8080/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}}, "c": {"type": "http", "url": "http://[::]:9000/mcp"}}}`),
			want: []string{
				`warning .mcp.json:1:46: server "b" is reached at "0.0.0.0", an address servers bind to: a connection to it reaches this machine on Linux and macOS and fails on Windows [insecure-url]`,
				`warning .mcp.json:1:152: server "c" is reached at "::", an address servers bind to: a connection to it reaches this machine on Linux and macOS and fails on Windows [insecure-url]`,
			},
			hints: []string{`write "127.0.0.1" instead of "0.0.0.0"`, `write "[::1]" instead of "[::]"`}},
	})
}
