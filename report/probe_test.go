package report

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpconf/mcpconf/internal/golden"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

func intp(n int) *int { return &n }

// probeFixture covers every shape the renderers print: an ok server with
// tools of all kinds of parameters, a legacy SSE server found by
// fallback, a server that needs OAuth, a timeout with stderr, a command
// not found, and a server the client never starts. Secrets sit where a
// server could echo them and must come out masked.
func probeFixture() []probe.Result {
	ms := func(n float64) time.Duration { return time.Duration(n * float64(time.Millisecond)) }
	return []probe.Result{
		{
			Name: "github", Client: "claude", Status: probe.StatusOK, Transport: "stdio",
			Era: probe.EraDiscover, ProtocolVersion: "2026-07-28",
			Timings:      probe.Timings{Connect: ms(1.24), Handshake: ms(310.46), ListTools: ms(12.3), Total: ms(324.1)},
			Server:       probe.ServerInfo{Name: "github-mcp-server", Version: "0.4.1"},
			Capabilities: []string{"prompts", "resources", "resources.subscribe", "tools", "tools.listChanged"},
			Tools: []probe.Tool{
				{Name: "search_issues", Title: "Search issues", Description: "Search issues and pull requests.\n\nUse the GitHub search syntax.",
					InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"},"state":{"enum":["open","closed"]},"labels":{"type":"array","items":{"type":"string"}}},"required":["query"]}`)},
				{Name: "whoami", Description: "Returns the user of token ghp_0123456789abcdefghijABCDEFGHIJ012345",
					InputSchema: json.RawMessage(`{"type":"object"}`)},
				{Name: "get_file", Description: "Reads a file.",
					InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"ref":{"type":["string","null"]},"opts":{"anyOf":[{"type":"object"},{"type":"boolean"}]}},"required":["path"]}`)},
			},
			Resources: intp(3), Prompts: intp(1),
			Diagnostics: []normalize.Diagnostic{{Rule: "tool-name-collision", Severity: normalize.Warning,
				Message: `tool "search_issues" of server "github" and tool "search_issues" of server "git-hub" are both "mcp_git_hub_search_issues" in pisces`,
				Hint:    "pisces keeps one of them; rename one of the servers in pisces's config"}},
		},
		{
			Name: "notes", Client: "cursor", Status: probe.StatusOK, Transport: "sse",
			Era: probe.EraLegacy, ProtocolVersion: "2025-06-18",
			Timings:      probe.Timings{Connect: ms(20), Handshake: ms(41.55), ListTools: ms(3), Total: ms(80)},
			Server:       probe.ServerInfo{Name: "notes", Version: "1.0.0"},
			Capabilities: []string{"tools"},
			Tools:        []probe.Tool{{Name: "add\x1b[31mnote", Description: "Adds a note.", InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`)}},
			Diagnostics: []normalize.Diagnostic{{Rule: "transport-fallback", Severity: normalize.Warning,
				Message: `streamable HTTP answered 405 "Method Not Allowed"; the server answered over the legacy SSE transport`,
				Hint:    `set "type": "sse" so clients do not try streamable HTTP first, or move the server to streamable HTTP (SSE is deprecated)`}},
		},
		{
			Name: "linear", Client: "claude", Status: probe.StatusNeedsAuth, Reason: "authorization required", Transport: "http",
			Timings: probe.Timings{Connect: ms(30), Handshake: ms(58), Total: ms(140.25)},
			Auth: &probe.AuthInfo{
				Status:     401,
				Challenges: []probe.Challenge{{Scheme: "bearer", Params: map[string]string{"resource_metadata": "https://mcp.linear.app/.well-known/oauth-protected-resource/mcp", "scope": "read write"}}},
				Scope:      "read write",
				ResourceMetadata: &probe.ResourceMetadata{URL: "https://mcp.linear.app/.well-known/oauth-protected-resource/mcp", Source: "WWW-Authenticate",
					Resource: "https://mcp.linear.app/mcp/", AuthorizationServers: []string{"https://mcp.linear.app"}, ScopesSupported: []string{"read", "write"}},
				AuthServer: &probe.AuthServer{Issuer: "https://mcp.linear.app", MetadataURL: "https://mcp.linear.app/.well-known/oauth-authorization-server", Kind: "oauth",
					AuthorizationEndpoint: "https://mcp.linear.app/authorize", TokenEndpoint: "https://mcp.linear.app/token",
					RegistrationEndpoint: "https://mcp.linear.app/register", CodeChallengeMethods: []string{"S256"}},
				Fetches: []probe.Fetch{
					{What: "protected resource metadata (WWW-Authenticate)", URL: "https://mcp.linear.app/.well-known/oauth-protected-resource/mcp", Status: 200, Error: "rejected"},
					{What: "protected resource metadata (well-known root)", URL: "https://mcp.linear.app/.well-known/oauth-protected-resource?api_key=sk-live-123456", Status: 404, Error: "not found"},
					{What: "authorization server metadata (RFC 8414)", URL: "https://mcp.linear.app/.well-known/oauth-authorization-server", Status: 200},
				},
			},
			Diagnostics: []normalize.Diagnostic{
				// a finding of resolution points at the definition
				{Rule: "unresolved", Severity: normalize.Warning, Path: ".mcp.json", Pos: normalize.Pos{Line: 7, Col: 27},
					Message: `header "Authorization" will not be sent: ${LINEAR_TOKEN} is unset`,
					Hint:    "set LINEAR_TOKEN in the environment the client runs in"},
				{Rule: "auth-required", Severity: normalize.Error, Message: "the server requires authorization (401) and no credentials were sent",
					Hint: "sign in with the client, which runs the OAuth flow in a browser (mcpconf never does), or configure an Authorization header"},
				{Rule: "auth-resource-mismatch", Severity: normalize.Error,
					Message: `the protected resource metadata at "https://mcp.linear.app/.well-known/oauth-protected-resource/mcp" names resource "https://mcp.linear.app/mcp/", but the server URL is "https://mcp.linear.app/mcp"`,
					Hint:    "they differ only in a trailing slash, which is enough for clients to reject the document (RFC 9728 §3.3)"},
			},
		},
		{
			Name: "db", Client: "codex", Status: probe.StatusTimeout, Reason: "timed out after 30s in handshake", Transport: "stdio",
			Timings:      probe.Timings{Connect: ms(2), Handshake: ms(30000), Total: ms(30002)},
			Stderr:       []string{"connecting to postgres://app:hunter2secret@db.internal:5432/app", "retrying in 5s"},
			EnvNotPassed: []probe.EnvVar{{Name: "PGPASSWORD", Why: probe.NamedOnStderr}, {Name: "AWS_PROFILE"}},
			Diagnostics: []normalize.Diagnostic{{Rule: "timeout", Severity: normalize.Error,
				Message: "no answer to the handshake within 30s: the server started but did not answer the handshake; it wrote nothing on stdout",
				Hint:    "the timeout in force is 30s (the default); if the server is only slow to start, try 60s"}},
		},
		{
			Name: "search", Client: "gemini", Status: probe.StatusFailed, Reason: `command "uvx" not found`, Transport: "stdio",
			Timings: probe.Timings{Total: ms(0.4)},
			Diagnostics: []normalize.Diagnostic{{Rule: "command-not-found", Severity: normalize.Error,
				Message: `command "uvx" not found on the server's PATH "/usr/bin:/bin"`,
				Hint:    `it is at "/home/me/.local/bin/uvx", which is not on that PATH: add "/home/me/.local/bin" to the PATH the client passes, or use the absolute path`}},
		},
		{Name: "everything", Client: "claude", Status: probe.StatusPendingApproval, Reason: "not approved in .mcp.json", Transport: "stdio"},
	}
}

func TestProbeGolden(t *testing.T) {
	renderers := []struct {
		file   string
		render func(*bytes.Buffer, []view.ProbeResult) error
	}{
		{"text.golden", func(b *bytes.Buffer, rs []view.ProbeResult) error {
			// As the command prints it: lines live, then the report.
			for _, r := range rs {
				if err := ProbeLine(b, r, Style{}); err != nil {
					return err
				}
			}
			return probeText(b, rs, ProbeTextOptions{}, Style{})
		}},
		{"text_tools.golden", func(b *bytes.Buffer, rs []view.ProbeResult) error {
			return probeText(b, rs, ProbeTextOptions{Lines: true, Tools: true}, Style{})
		}},
		{"text_color.golden", func(b *bytes.Buffer, rs []view.ProbeResult) error {
			return probeText(b, rs, ProbeTextOptions{Lines: true}, markers())
		}},
		{"json.golden", func(b *bytes.Buffer, rs []view.ProbeResult) error { return probeJSON(b, rs) }},
	}
	for _, r := range renderers {
		t.Run(r.file, func(t *testing.T) {
			var got bytes.Buffer
			if err := r.render(&got, view.ProbeResults(secret.NewKeyed(nil), probeFixture())); err != nil {
				t.Fatal(err)
			}
			for _, secret := range []string{"ghp_0123456789", "hunter2secret", "sk-live-123456", "\x1b"} {
				if bytes.Contains(got.Bytes(), []byte(secret)) {
					t.Errorf("%q reached the output", secret)
				}
			}
			probeGolden(t, r.file, got.Bytes())
		})
	}
}

// TestProbeGoldenLive renders what Run returns for a real go-sdk server,
// with only the timings fixed.
func TestProbeGoldenLive(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "live", Version: "2.0.0"}, nil)
	type args struct {
		Query string   `json:"query" jsonschema:"what to look for"`
		Tags  []string `json:"tags,omitempty"`
	}
	mcp.AddTool(srv, &mcp.Tool{Name: "find", Description: "Finds things."}, func(context.Context, *mcp.CallToolRequest, args) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	})
	ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Stateless: true}))
	defer ts.Close()
	results := probe.Run(context.Background(), []probe.Target{{Name: "live", Client: normalize.ClientByID("claude"), Transport: normalize.HTTP, Pinned: true, URL: ts.URL}},
		probe.Options{Tools: true})
	if results[0].Status != probe.StatusOK {
		t.Fatalf("%+v", results[0])
	}
	results[0].Timings = probe.Timings{Connect: time.Millisecond, Handshake: 2 * time.Millisecond, ListTools: 3 * time.Millisecond, Total: 6 * time.Millisecond}
	var text, js bytes.Buffer
	shown := view.ProbeResults(secret.NewKeyed(nil), results)
	if err := probeText(&text, shown, ProbeTextOptions{Lines: true, Tools: true}, Style{}); err != nil {
		t.Fatal(err)
	}
	if err := probeJSON(&js, shown); err != nil {
		t.Fatal(err)
	}
	probeGolden(t, "live_text.golden", text.Bytes())
	probeGolden(t, "live_json.golden", js.Bytes())
}

func probeGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.File(t, filepath.Join("testdata", "probe", name), got, *update, "go test ./report -update")
}

func TestProbeJSONShape(t *testing.T) {
	var b bytes.Buffer
	if err := probeJSON(&b, view.ProbeResults(secret.NewKeyed(nil), probeFixture())); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Servers []map[string]json.RawMessage `json:"servers"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	keys := []string{"name", "client", "status", "reason", "transport", "era", "protocol_version", "timings_ms", "server",
		"capabilities", "tools", "resources", "prompts", "env_not_passed", "diagnostics"}
	for _, s := range doc.Servers {
		for _, k := range keys {
			if _, ok := s[k]; !ok {
				t.Errorf("server %s lacks %q", s["name"], k)
			}
		}
		for _, k := range []string{"capabilities", "tools", "diagnostics", "stderr", "env_not_passed"} {
			if string(s[k]) == "null" {
				t.Errorf("server %s: %q is null, want []", s["name"], k)
			}
		}
	}
}

func TestSignature(t *testing.T) {
	tests := []struct{ schema, want string }{
		{``, "f()"},
		{`{"type":"object"}`, "f()"},
		{`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"number"},"c":{"type":"string"}},"required":["c","a"]}`, "f(c: string, a: number, b?: string)"},
		{`{"type":"object","properties":{"x":{"type":"array","items":{"enum":["a","b"]}}}}`, `f(x?: ("a"|"b")[])`},
		{`{"type":"object","properties":{"x":{"oneOf":[{"type":"string"},{"type":"array"}]},"y":true,"z":{}}}`, "f(x?: string|any[], y?: any, z?: any)"},
		{`not json`, "f()"},
		{`{"properties":{"t":{"type":["null","array"],"items":{"type":"string"}}}}`, "f(t?: string[]|null)"},
	}
	for _, tt := range tests {
		if got := signature("f", json.RawMessage(tt.schema)); got != tt.want {
			t.Errorf("signature(%s) = %q, want %q", tt.schema, got, tt.want)
		}
	}
}
