package define

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
)

var (
	stdio = Server{Name: "github", Transport: normalize.Stdio, Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-github@2025.4.8"},
		Env: []KV{{"GITHUB_PERSONAL_ACCESS_TOKEN", "${GITHUB_PERSONAL_ACCESS_TOKEN}"}}}
	remote = Server{Name: "docs", Transport: normalize.HTTP, URL: "https://docs.example.com/mcp",
		Headers: []KV{{"Authorization", "Bearer ${DOCS_TOKEN}"}}}
)

// TestFor pins what each client is written, key by key.
func TestFor(t *testing.T) {
	for _, tt := range []struct {
		client string
		s      Server
		want   string
	}{
		{"claude", stdio, `{"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PERSONAL_ACCESS_TOKEN}"}}`},
		{"cursor", stdio, `{"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GITHUB_PERSONAL_ACCESS_TOKEN}"}}`},
		{"opencode", stdio, `{"type": "local", "command": ["npx", "-y", "@modelcontextprotocol/server-github@2025.4.8"], "environment": {"GITHUB_PERSONAL_ACCESS_TOKEN": "{env:GITHUB_PERSONAL_ACCESS_TOKEN}"}}`},
		{"codex", stdio, `{"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env_vars": ["GITHUB_PERSONAL_ACCESS_TOKEN"]}`},
		{"claude", remote, `{"type": "http", "url": "https://docs.example.com/mcp", "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"}}`},
		{"codex", remote, `{"url": "https://docs.example.com/mcp", "bearer_token_env_var": "DOCS_TOKEN"}`},
		{"opencode", remote, `{"type": "remote", "url": "https://docs.example.com/mcp", "headers": {"Authorization": "Bearer {env:DOCS_TOKEN}"}}`},
	} {
		e, err := For(normalize.ClientByID(tt.client), tt.s)
		if err != nil || e.JSON != tt.want {
			t.Errorf("%s %s:\n got %s %v\nwant %s", tt.client, tt.s.Name, e.JSON, err, tt.want)
		}
	}
}

// TestRefusals: what a client cannot express exactly is refused, with why.
func TestRefusals(t *testing.T) {
	for _, tt := range []struct {
		client string
		s      Server
		want   string
	}{
		{"codex", Server{Name: "gh", Transport: normalize.Stdio, Command: "npx", Env: []KV{{"GITHUB_PERSONAL_ACCESS_TOKEN", "${GITHUB_TOKEN}"}}},
			`Codex passes variables to a server by name: it cannot give "${GITHUB_TOKEN}" to the server as GITHUB_PERSONAL_ACCESS_TOKEN`},
		{"codex", Server{Name: "s", Transport: normalize.SSE, URL: "https://x.example.com/sse"}, "Codex cannot connect to an SSE server"},
		{"claude", Server{Name: "gh", Transport: normalize.Stdio, Command: "npx", Env: []KV{{"GITHUB_TOKEN", "ghp_" + strings.Repeat("a1B2c3D4e5", 4)[:36]}}},
			`env "GITHUB_TOKEN" of server "gh" holds a literal secret (GitHub personal access token), which mcpconf never writes to a file, even with --force`},
		{"claude", Server{Name: "x", Transport: normalize.Stdio, Command: "run", Env: []KV{{"A", "${A:-b}"}}}, `"${A:-b}" is not a plain ${NAME} reference`},
		{"agent-code", Server{Name: "ev", Transport: normalize.SSE, URL: "https://x.example.com/sse", Headers: []KV{{"X-Key", "k"}}}, `agent-code has no headers setting: it cannot send "X-Key"`},
		{"claude-desktop", Server{Name: "docs", Transport: normalize.HTTP, URL: "https://docs.example.com/mcp"}, `Claude Desktop starts local servers only: it has no URL setting for "docs"`},
		// transport.rs connect_sse, request (agent-code at c25b885f; read, not run)
		{"agent-code", Server{Name: "s", Transport: normalize.SSE, URL: "https://x.example.com/sse"},
			`agent-code reaches "https://x.example.com/sse" with neither MCP transport: it sends GET https://x.example.com/sse/health, then posts each JSON-RPC request to https://x.example.com/sse/jsonrpc and reads one JSON reply`},
	} {
		_, err := For(normalize.ClientByID(tt.client), tt.s)
		var r *Refusal
		if !errors.As(err, &r) || !strings.Contains(r.Reason, tt.want) {
			t.Errorf("%s %s: got %v, want a refusal %q", tt.client, tt.s.Name, err, tt.want)
		}
	}
}

// TestBareReferenceFollowedByName: a client whose own form is $NAME gets
// ${NAME} where a name character follows, or $A0 would be another
// variable.
func TestBareReferenceFollowedByName(t *testing.T) {
	e, err := For(normalize.ClientByID("gemini"), Server{Name: "x", Transport: normalize.HTTP, URL: "https://x.example.com/mcp",
		Headers: []KV{{"X-A", "${A}0"}, {"X-B", "${B}-1"}}})
	if err != nil || !strings.Contains(e.JSON, `"X-A": "${A}0"`) || !strings.Contains(e.JSON, `"X-B": "$B-1"`) {
		t.Fatalf("%v %s", err, e.JSON)
	}
}

// TestRoundTrip: for every client, the definition written into an empty
// file of its format, read back with the client's own decoder, is the
// server asked for — transport, command, args, environment and headers as
// the client will resolve them — or a refusal.
func TestRoundTrip(t *testing.T) {
	for _, c := range normalize.Clients() {
		if c.ServersKey == "" || !c.Views() {
			continue
		}
		for _, s := range []Server{stdio, remote, {Name: "plain", Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time"}},
			{Name: "tuned", Transport: normalize.Stdio, Command: "run", StartupTimeout: 30 * time.Second, ToolTimeout: 30 * time.Second,
				IncludeTools: []string{"search", "fetch"}, ExcludeTools: []string{"delete"}},
			{Name: "started", Transport: normalize.HTTP, URL: "https://x.example.com/mcp", StartupTimeout: 1500 * time.Millisecond, IncludeTools: []string{}},
			{Name: "called", Transport: normalize.Stdio, Command: "run", ToolTimeout: 90 * time.Second, ExcludeTools: []string{"delete"}}} {
			t.Run(c.ID+"/"+s.Name, func(t *testing.T) {
				e, err := For(c, s)
				var r *Refusal
				if errors.As(err, &r) {
					t.Skipf("refused: %s", r.Reason)
				}
				if err != nil {
					t.Fatal(err)
				}
				format := normalize.JSON
				if slices.ContainsFunc(c.Files, func(f normalize.File) bool { return f.Format == normalize.TOML }) {
					format = normalize.TOML
				}
				empty := "{}\n"
				if format == normalize.TOML {
					empty = "# servers\n"
				}
				doc, _ := discover.Parse("/f", "f", format, []byte(empty))
				ins, err := edit.InsertMember(doc, doc.Root, c.ServersKey, fmt.Sprintf("{%q: %s}", s.Name, e.JSON))
				if err != nil {
					t.Fatal(err)
				}
				src, err := edit.Apply([]byte(empty), []normalize.Edit{ins})
				if err != nil {
					t.Fatal(err)
				}
				doc, diags := discover.Parse("/f", "f", format, src)
				if len(diags) > 0 || doc.Root == nil {
					t.Fatalf("%s\n%v", src, diags)
				}
				got, diags := c.Decode(doc, doc.Root.Get(c.ServersKey), normalize.Source{Path: "f", Client: c})
				if len(diags) > 0 || len(got) != 1 {
					t.Fatalf("%s\n%v %v", src, got, diags)
				}
				g := got[0]
				if g.Transport != s.Transport || g.Command != s.Command || !slices.Equal(g.Args, s.Args) || g.URL != s.URL || !g.Enabled {
					t.Errorf("%s\nread back as %+v", src, g)
				}
				if g.StartupTimeout != s.StartupTimeout || g.ToolTimeout != s.ToolTimeout ||
					!slices.Equal(g.IncludeTools, s.IncludeTools) || (g.IncludeTools == nil) != (s.IncludeTools == nil) || !slices.Equal(g.ExcludeTools, s.ExcludeTools) {
					t.Errorf("%s\ntimeouts and tool filters read back as %v %v %q %q", src, g.StartupTimeout, g.ToolTimeout, g.IncludeTools, g.ExcludeTools)
				}
				// each variable reaches the server under its name, as the
				// client resolves it
				env := map[string]string{}
				maps.Copy(env, g.Env)
				for _, v := range g.EnvVars {
					env[v] = "${" + v + "}"
				}
				for _, kv := range s.Env {
					if w := env[kv.Key]; w != c.VarRef(strings.Trim(kv.Value, "${}")) && w != kv.Value {
						t.Errorf("%s\nenv %s = %q", src, kv.Key, w)
					}
				}
				hdr := map[string]string{}
				maps.Copy(hdr, g.Headers)
				for h, v := range g.HeaderEnvRefs {
					hdr[h] = "${" + v + "}"
				}
				if g.BearerTokenEnvVar != "" {
					hdr["Authorization"] = "Bearer ${" + g.BearerTokenEnvVar + "}"
				}
				for _, kv := range s.Headers {
					if w := hdr[kv.Key]; w == "" {
						t.Errorf("%s\nheader %s lost", src, kv.Key)
					}
				}
			})
		}
	}
}

// TestForce: where a nearest form exists, Force writes it and says what
// it changes; a literal secret is refused still.
func TestForce(t *testing.T) {
	codex := normalize.ClientByID("codex")
	e, warns, err := Force(codex, Server{Name: "gh", Transport: normalize.Stdio, Command: "npx", Env: []KV{{"GITHUB_PERSONAL_ACCESS_TOKEN", "${GITHUB_TOKEN}"}}})
	if err != nil || e.JSON != `{"command": "npx", "env_vars": ["GITHUB_TOKEN"]}` || len(warns) != 1 || !strings.Contains(warns[0], "so the server must read GITHUB_TOKEN") {
		t.Errorf("%s %v %v", e.JSON, warns, err)
	}
	e, warns, err = Force(codex, Server{Name: "s", Transport: normalize.SSE, URL: "https://x.example.com/sse"})
	if err != nil || e.JSON != `{"url": "https://x.example.com/sse"}` || len(warns) != 1 {
		t.Errorf("%s %v %v", e.JSON, warns, err)
	}
	if _, _, err := Force(codex, Server{Name: "k", Transport: normalize.Stdio, Command: "x", Env: []KV{{"TOKEN", "ghp_" + strings.Repeat("a1B2c3D4e5", 4)[:36]}}}); err == nil {
		t.Error("a literal secret was forced")
	}
	if _, err := For(codex, Server{Name: "s", Transport: normalize.SSE, URL: "https://x.example.com/sse"}); err == nil {
		t.Error("For wrote what only Force may")
	}
}

// TestCwd: a working directory is written where the client has one, and
// refused (or, forced, left out with a warning) where it has none.
func TestCwd(t *testing.T) {
	s := Server{Name: "x", Transport: normalize.Stdio, Command: "run", Cwd: "/srv/x"}
	if e, err := For(normalize.ClientByID("codex"), s); err != nil || e.JSON != `{"command": "run", "cwd": "/srv/x"}` {
		t.Errorf("codex: %s %v", e.JSON, err)
	}
	if _, err := For(normalize.ClientByID("claude"), s); err == nil {
		t.Error("claude: a working directory it has no setting for was written")
	}
	if e, warns, err := Force(normalize.ClientByID("claude"), s); err != nil || e.JSON != `{"command": "run"}` || len(warns) != 1 {
		t.Errorf("claude forced: %s %v %v", e.JSON, warns, err)
	}
}

// tuned is a stdio server with f applied: its timeouts, tool filters or
// env file.
func tuned(f func(*Server)) Server {
	s := Server{Name: "x", Transport: normalize.Stdio, Command: "run"}
	f(&s)
	return s
}

var (
	startup30 = tuned(func(s *Server) { s.StartupTimeout = 30 * time.Second })
	equal30   = tuned(func(s *Server) { s.StartupTimeout, s.ToolTimeout = 30*time.Second, 30*time.Second })
	filtered  = tuned(func(s *Server) { s.IncludeTools, s.ExcludeTools = []string{"search", "fetch"}, []string{"delete"} })
)

// TestTimeoutsAndFilters: timeouts in each client's key and unit, in a
// field that bounds the same thing; tool filters in its keys; an env
// file where the client loads one.
func TestTimeoutsAndFilters(t *testing.T) {
	for _, tt := range []struct {
		client string
		s      Server
		want   string
	}{
		{"codex", startup30, `{"command": "run", "startup_timeout_sec": 30}`},
		{"codex", tuned(func(s *Server) { s.StartupTimeout, s.ToolTimeout = 1500*time.Millisecond, 2*time.Hour }),
			`{"command": "run", "startup_timeout_sec": 1.5, "tool_timeout_sec": 7200}`},
		{"codex", filtered, `{"command": "run", "enabled_tools": ["search", "fetch"], "disabled_tools": ["delete"]}`},
		{"codex", tuned(func(s *Server) { s.IncludeTools = []string{} }), `{"command": "run", "enabled_tools": []}`},
		{"gemini", equal30, `{"command": "run", "timeout": 30000}`},
		{"gemini", filtered, `{"command": "run", "includeTools": ["search", "fetch"], "excludeTools": ["delete"]}`},
		{"claude", tuned(func(s *Server) { s.ToolTimeout = 30 * time.Second }), `{"command": "run", "timeout": 30000}`},
		{"opencode", startup30, `{"type": "local", "command": ["run"], "timeout": 30000}`},
		{"roo", tuned(func(s *Server) { s.ToolTimeout = 90 * time.Second; s.ExcludeTools = []string{"delete"} }), `{"command": "run", "timeout": 90, "disabledTools": ["delete"]}`},
		{"vscode", tuned(func(s *Server) { s.EnvFile = "/srv/x/.env" }), `{"command": "run", "envFile": "/srv/x/.env"}`},
		{"windsurf", tuned(func(s *Server) { s.ExcludeTools = []string{"delete"} }), `{"command": "run", "disabledTools": ["delete"]}`},
	} {
		e, err := For(normalize.ClientByID(tt.client), tt.s)
		if err != nil || e.JSON != tt.want {
			t.Errorf("%s:\n got %s %v\nwant %s", tt.client, e.JSON, err, tt.want)
		}
	}
}

// TestTimeoutAndFilterRefusals: a timeout in a field that bounds
// something else, a value the field cannot hold, a filter or env file the
// client has no field for is refused, with why.
func TestTimeoutAndFilterRefusals(t *testing.T) {
	for _, tt := range []struct {
		client string
		s      Server
		want   string
	}{
		{"gemini", startup30, `Gemini CLI's "timeout" bounds both the start and each tool call: it cannot hold a startup timeout alone`},
		{"gemini", tuned(func(s *Server) { s.StartupTimeout, s.ToolTimeout = 10*time.Second, time.Hour }), `cannot hold a startup timeout of "10s" and a tool-call timeout of "1h0m0s"`},
		{"claude", startup30, `Claude Code has no per-server startup timeout for "x"`},
		{"claude", tuned(func(s *Server) { s.ToolTimeout = 500 * time.Millisecond }), `Claude Code's "timeout" takes whole milliseconds from 1s: it cannot hold "500ms" exactly`},
		{"opencode", tuned(func(s *Server) { s.StartupTimeout = 1500 * time.Microsecond }), `opencode's "timeout" takes whole milliseconds: it cannot hold "1.5ms" exactly`},
		{"opencode", tuned(func(s *Server) { s.ToolTimeout = time.Minute }), `opencode has no per-server tool-call timeout`},
		{"roo", filtered, `Roo Code has no per-server tool allow-list`},
		{"claude", filtered, `Claude Code has no per-server tool allow-list`},
		{"gemini", tuned(func(s *Server) { s.IncludeTools = []string{"run(ls)"} }), `Gemini CLI reads "run(ls)" in "includeTools" as a pattern`},
		{"vscode", tuned(func(s *Server) { s.EnvFile = ".env" }), `the env file ".env" of "x" is a relative path`},
		{"cursor", tuned(func(s *Server) { s.EnvFile = "/srv/x/.env" }), `Cursor reads no env file`},
		{"zed", startup30, `mcpconf does not write Zed's timeout, whose meaning is not verified`},
	} {
		_, err := For(normalize.ClientByID(tt.client), tt.s)
		var r *Refusal
		if !errors.As(err, &r) || !strings.Contains(r.Reason, tt.want) || r.Hint == "" {
			t.Errorf("%s: got %v, want a refusal %q", tt.client, err, tt.want)
		}
	}
	_, err := For(normalize.ClientByID("claude"), startup30)
	if r := (*Refusal)(nil); !errors.As(err, &r) || !strings.Contains(r.Hint, "MCP_TIMEOUT") {
		t.Errorf("claude's startup timeout hint: %v", err)
	}
}

// TestForceTimeoutsAndFilters: forced, the nearest form is written, or
// the field left out, with a warning that says so.
func TestForceTimeoutsAndFilters(t *testing.T) {
	for _, tt := range []struct {
		client string
		s      Server
		want   string
		warn   string
	}{
		{"gemini", startup30, `{"command": "run", "timeout": 30000}`, `the startup timeout "30s" of "x" now bounds each tool call too`},
		{"claude", startup30, `{"command": "run"}`, `Claude Code has no per-server startup timeout: "30s" of "x" is left out`},
		{"claude", tuned(func(s *Server) { s.ToolTimeout = 500 * time.Millisecond }), `{"command": "run", "timeout": 1000}`, `"500ms" of "x" is written as "1s"`},
		{"opencode", tuned(func(s *Server) { s.StartupTimeout = 1500 * time.Microsecond }), `{"type": "local", "command": ["run"], "timeout": 2}`, `"1.5ms" of "x" is written as "2ms"`},
		{"roo", filtered, `{"command": "run", "disabledTools": ["delete"]}`, `Roo Code has no per-server tool allow-list: that of "x" is left out, so every tool of the server is available`},
		{"cursor", tuned(func(s *Server) { s.EnvFile = "/srv/x/.env" }), `{"command": "run"}`, `Cursor reads no env file`},
	} {
		e, warns, err := Force(normalize.ClientByID(tt.client), tt.s)
		if err != nil || e.JSON != tt.want || len(warns) != 1 || !strings.Contains(warns[0], tt.warn) {
			t.Errorf("%s:\n got %s %q %v\nwant %s %q", tt.client, e.JSON, warns, err, tt.want, tt.warn)
		}
	}
}
