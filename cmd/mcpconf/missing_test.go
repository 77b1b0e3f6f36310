package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// headerServer is a streamable HTTP MCP server that records the
// Authorization header of each request, by path.
func headerServer(t *testing.T) (url string, seen func(path string) []string) {
	t.Helper()
	srv := mcp.NewServer(&mcp.Implementation{Name: "docs", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "search", Description: "Searches."}, func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	var mu sync.Mutex
	got := map[string][]string{}
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got[r.URL.Path] = append(got[r.URL.Path], r.Header.Get("Authorization")+"|"+r.Header.Get("X-Team"))
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	return hs.URL, func(path string) []string {
		mu.Lock()
		defer mu.Unlock()
		return got[path]
	}
}

// TestProbeMissingVariable (issue 27): probe follows each client's rule
// for a variable that is not set. Codex refuses to start a server whose
// bearer_token_env_var is unset or empty: probe reports it failed with
// Codex's own message and missing-variable, and connects to nothing;
// Codex's env_http_headers leave the header out; Claude Code sends
// ${VAR} literally; VS Code sends ${env:VAR} as an empty string.
func TestProbeMissingVariable(t *testing.T) {
	url, seen := headerServer(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.codex/config.toml": fmt.Sprintf("[mcp_servers.docs]\nurl = %q\nbearer_token_env_var = \"DOCS_TOKEN\"\n\n[mcp_servers.team]\nurl = %q\nenv_http_headers = { \"X-Team\" = \"TEAM_TOKEN\" }\n",
			url+"/codex-docs", url+"/codex-team"),
		"~/.claude.json":   fmt.Sprintf(`{"mcpServers": {"docs": {"type": "http", "url": %q, "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"}}}}`, url+"/claude"),
		".vscode/mcp.json": fmt.Sprintf(`{"servers": {"docs": {"type": "http", "url": %q, "headers": {"Authorization": "Bearer ${env:DOCS_TOKEN}"}}}}`, url+"/vscode"),
	})
	code, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "codex,claude,vscode", "--timeout", "10s")
	status := map[string]string{}
	for _, s := range rep.Servers {
		status[s.Client+"/"+s.Name] = s.Status
		if s.Client+"/"+s.Name != "codex/docs" {
			continue
		}
		if !strings.Contains(s.Reason, "Environment variable DOCS_TOKEN for MCP server 'docs' is not set") {
			t.Errorf("codex/docs: reason %q, want Codex's message", s.Reason)
		}
		found := false
		for _, d := range s.Diagnostics {
			if d.Rule == "missing-variable" && d.Severity == "error" && strings.Contains(d.Hint, "set DOCS_TOKEN") {
				found = true
			}
		}
		if !found {
			t.Errorf("codex/docs: no missing-variable error saying to set DOCS_TOKEN: %+v", s.Diagnostics)
		}
	}
	want := map[string]string{"codex/docs": "failed", "codex/team": "ok", "claude/docs": "ok", "vscode/docs": "ok"}
	for k, v := range want {
		if status[k] != v {
			t.Errorf("%s: %q, want %q", k, status[k], v)
		}
	}
	if n := len(seen("/codex-docs")); n > 0 {
		t.Errorf("codex/docs was connected to %d times: Codex does not start it", n)
	}
	if h := seen("/codex-team"); len(h) == 0 || h[0] != "|" {
		t.Errorf("codex/team sent %q, want no X-Team header", h)
	}
	if h := seen("/claude"); len(h) == 0 || h[0] != "Bearer ${DOCS_TOKEN}|" {
		t.Errorf("claude sent %q, want the placeholder literally", h)
	}
	if h := seen("/vscode"); len(h) == 0 || strings.Contains(h[0], "$") || !strings.HasPrefix(h[0], "Bearer") {
		t.Errorf("vscode sent %q, want an empty token", h)
	}
	if code != 1 || t.Failed() {
		t.Fatalf("exit %d\n%+v\n%s", code, rep, errOut)
	}
	// set but empty: Codex refuses it too
	io, out, _ := testIO(nil)
	io.LookupEnv = func(k string) (string, bool) { return "", k == "DOCS_TOKEN" }
	Main([]string{"probe", "--root", root, "--home", home, "--client", "codex", "--timeout", "10s"}, io)
	if !strings.Contains(out.String(), "Environment variable DOCS_TOKEN for MCP server 'docs' is empty") {
		t.Errorf("set to \"\":\n%s", out)
	}
	// set: it starts
	_, rep, _ = probeJSON(t, map[string]string{"DOCS_TOKEN": "t0ken-value-1"}, "--root", root, "--home", home, "--client", "codex", "--timeout", "10s")
	for _, s := range rep.Servers {
		if s.Status != "ok" {
			t.Errorf("with DOCS_TOKEN set, %s: %s %s", s.Name, s.Status, s.Reason)
		}
	}
}

// TestExplainLintMissingVariable (issue 27): explain --resolve shows that
// Codex does not start a server whose bearer_token_env_var is not set,
// in Codex's words; lint --check-env reports it as an error, and the
// variables the clients send empty or literally as warnings that say so.
func TestExplainLintMissingVariable(t *testing.T) {
	root, home := writeTreeHome(t, map[string]string{
		"~/.codex/config.toml": "[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\nbearer_token_env_var = \"DOCS_TOKEN\"\n",
		"~/.claude.json":       `{"mcpServers": {"docs": {"type": "http", "url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"}}}}`,
		".vscode/mcp.json":     `{"servers": {"docs": {"type": "http", "url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer ${env:DOCS_TOKEN}"}}}}`,
	})
	args := []string{"--root", root, "--home", home, "--client", "codex,claude,vscode"}
	_, out, errOut := run(t, nil, append([]string{"explain", "docs", "--resolve"}, args...)...)
	for _, want := range []string{
		`Codex: docs  ~/.codex/config.toml:1:14  failed: Codex does not start it: "Environment variable DOCS_TOKEN for MCP server 'docs' is not set"`,
		`server "docs": header "Authorization": variable "DOCS_TOKEN" is not set: VS Code sends an empty string`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("explain --resolve lacks %q", want)
		}
	}
	if t.Failed() {
		t.Fatalf("%s%s", out, errOut)
	}
	code, out, _ := run(t, nil, append([]string{"lint", "--check-env", "--scope", "all"}, args...)...)
	for _, want := range []string{
		`error: variable "DOCS_TOKEN" in "bearer_token_env_var" is not set: Codex does not start the server ("Environment variable DOCS_TOKEN for MCP server 'docs' is not set") [undefined-variable]`,
		`warning: variable "DOCS_TOKEN" is not set: VS Code substitutes an empty string [undefined-variable]`,
		`warning: variable "DOCS_TOKEN" is not set: the server gets "${DOCS_TOKEN}" literally [undefined-variable]`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lint --check-env lacks %q", want)
		}
	}
	if code != 1 || t.Failed() {
		t.Fatalf("lint: exit %d\n%s", code, out)
	}
}
