package validate

import "testing"

func TestInvalidURL(t *testing.T) {
	cursor := func(url string) map[string]string {
		return oneFile(".cursor/mcp.json", `{"mcpServers": {"docs": {"url": "`+url+`"}}}`)
	}
	const at = "error .cursor/mcp.json:1:33: "
	runRuleCases(t, "invalid-url", []ruleCase{
		{name: "no scheme", files: cursor("mcp.context7.com/mcp"),
			want: []string{at + `invalid "url" for server "docs": "mcp.context7.com/mcp" is not absolute [invalid-url]`},
			hint: `write the full address with its scheme, e.g. "https://mcp.context7.com/mcp"`},
		{name: "host and port", files: cursor("localhost:3000/mcp"),
			want: []string{at + `invalid "url" for server "docs": "localhost:3000/mcp" has no scheme [invalid-url]`},
			hint: `write "http://localhost:3000/mcp" (or "https://" for a remote host)`},
		{name: "missing colon", files: cursor("https//docs.example.com/mcp"),
			want: []string{at + `invalid "url" for server "docs": "https//docs.example.com/mcp" is not absolute [invalid-url]`},
			hint: `write "https://docs.example.com/mcp"`},
		{name: "missing slashes", files: cursor("https:docs.example.com/mcp"),
			want: []string{at + `invalid "url" for server "docs": "https:docs.example.com/mcp" has no "//" after "https:" [invalid-url]`}},
		{name: "inner space", files: cursor("https://docs.example.com/my mcp"),
			want: []string{at + `invalid "url" for server "docs": "https://docs.example.com/my mcp" contains whitespace [invalid-url]`}},
		{name: "trailing space", files: cursor("https://docs.example.com/mcp "),
			want: []string{at + `invalid "url" for server "docs": "https://docs.example.com/mcp " has leading or trailing whitespace [invalid-url]`}},
		{name: "websocket", files: cursor("wss://docs.example.com/mcp"),
			want: []string{at + `invalid "url" for server "docs": "wss://docs.example.com/mcp" uses the scheme "wss", which Cursor does not accept here [invalid-url]`},
			hint: `use a URL with the scheme "http" or "https"`},
		{name: "no host", files: cursor("https:///mcp"),
			want: []string{at + `invalid "url" for server "docs": "https:///mcp" has no host [invalid-url]`}},
		{name: "port out of range", files: cursor("https://${env:HOST}:99999/mcp"),
			want: []string{at + `invalid "url" for server "docs": "https://${env:HOST}:99999/mcp" has the port 99999, above 65535 [invalid-url]`}},
		{name: "unparseable", files: cursor("http://[::1/mcp"),
			want: []string{at + `invalid "url" for server "docs": "http://[::1/mcp" cannot be parsed (missing ']' in host) [invalid-url]`}},
		{name: "bad scheme before a placeholder host", files: cursor("htps://${env:HOST}/mcp"),
			want: []string{at + `invalid "url" for server "docs": "htps://${env:HOST}/mcp" uses the scheme "htps", which Cursor does not accept here [invalid-url]`}},
		{name: "windsurf serverUrl", files: oneFile(".windsurf/mcp_config.json", `{"mcpServers": {"docs": {"serverUrl": "docs.example.com"}}}`),
			want: []string{`error .windsurf/mcp_config.json:1:39: invalid "serverUrl" for server "docs": "docs.example.com" is not absolute [invalid-url]`}},
		{name: "claude ws type takes ws urls", cfg: &Config{Clients: []string{"claude"}}, files: oneFile(".mcp.json",
			`{"mcpServers": {"a": {"type": "ws", "url": "https://a.example.com/ws"}, "b": {"type": "ws", "url": "wss://b.example.com/ws"}}}`),
			want: []string{`error .mcp.json:1:44: invalid "url" for server "a": "https://a.example.com/ws" uses the scheme "https", which Claude Code does not accept here [invalid-url]`}},
		{name: "valid or unknowable", files: map[string]string{
			".cursor/mcp.json": `{"mcpServers": {
  "a": {"url": "${env:BASE}/mcp"},
  "b": {"url": "https://${env:HOST}/mcp"},
  "c": {"url": "http://localhost:${env:PORT}/mcp"},
  "d": {"url": "${env:DOCS_URL}"},
  "e": {"url": "https://docs.example.com:8443/mcp?x=1#y"}
}}`,
			".vscode/mcp.json": `{"servers": {"f": {"type": "http", "url": "unix:///tmp/mcp.sock#/mcp"}, "g": {"type": "http", "url": "pipe:///mcp-pipe"}}}`,
			".mcp.json":        `{"mcpServers": {"h": {"type": "http", "url": "${DOCS_URL:-https://example.com/mcp}"}}}`,
			// empty: missing-url.
			".pisces/mcp.json": `{"mcpServers": {"i": {"type": "http", "url": ""}}}`,
		}},
	})
}

// A "type" the client does not accept is judged as the type unknown-transport
// suggests: "websocket" is Claude Code's "ws", whose URLs are ws:// (lint
// said "did you mean ws" and "the ws scheme is not accepted" of one server).
func TestInvalidURLUnknownType(t *testing.T) {
	runRuleCases(t, "invalid-url", []ruleCase{
		{name: "websocket", cfg: &Config{Clients: []string{"claude"}}, files: oneFile(".mcp.json", `{"mcpServers": {"w": {"type": "websocket", "url": "ws://localhost:3000/mcp"}, "h": {"type": "streamable", "url": "ws://localhost:3000/mcp"}}}`),
			want: []string{`error .mcp.json:1:114: invalid "url" for server "h": "ws://localhost:3000/mcp" uses the scheme "ws", which Claude Code does not accept here [invalid-url]`}},
	})
}
