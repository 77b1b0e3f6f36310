package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestProbeXcode: probe --client x-code starts a user server as x-code
// does (the test binary as a stdio server) declaring no capabilities, so a
// server that lists get-roots-list only to clients declaring roots does
// not list it; a trusted project server whose env sets NODE_OPTIONS is not
// started (x-code's env safety check fails it).
func TestProbeXcode(t *testing.T) {
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.x-code/config.json":           fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server", "--roots-tool"]}}}`, bin),
		".x-code/config.json":             fmt.Sprintf(`{"mcpServers": {"hook": {"command": %q, "args": ["mcp-test-server"], "env": {"NODE_OPTIONS": "--require ./x.js"}}}}`, bin),
		"~/.x-code/trusted-projects.json": `{"trusted": [{"path": "@ROOT@", "trustedAt": "2026-11-29T00:00:00.000Z"}]}`,
		"~/.claude.json":                  fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server", "--roots-tool"]}}}`, bin),
	})
	_, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "x-code,claude")
	got := map[string]string{}
	roots := map[string]bool{}
	for _, s := range rep.Servers {
		got[s.Client+"/"+s.Name] = s.Status
		if s.Name == "s" {
			roots[s.Client] = slices.ContainsFunc(s.Tools, func(tl struct{ Name, Description string }) bool { return tl.Name == "get-roots-list" })
		}
	}
	if !roots["claude"] || roots["x-code"] {
		t.Errorf("get-roots-list listed to %v, want Claude Code only (x-code declares no capabilities)", roots)
	}
	if got["x-code/s"] != "ok" || got["x-code/hook"] == "ok" || got["x-code/hook"] == "" {
		t.Errorf("statuses %v, want s ok and hook not started\n%+v\n%s", got, rep, errOut)
	}
}

// TestAddSyncXcode: add writes an x-code server into $X_CODE_HOME/config.json
// (not ~/.x-code), with ${VAR} as x-code expands it, and sync copies a
// Claude Code server into the project's .x-code/config.json; both lint
// clean for x-code and its view loads them.
func TestAddSyncXcode(t *testing.T) {
	root, home := writeTreeHome(t, map[string]string{
		".mcp.json":   `{"mcpServers": {"fetch": {"command": "uvx", "args": ["mcp-server-fetch"]}}}`,
		"~/alt/.keep": "",
	})
	alt := filepath.Join(home, "alt")
	env := map[string]string{"X_CODE_HOME": alt}
	code, _, errOut := run(t, env, "add", "github", "--client", "x-code", "--scope", "user", "--root", root, "--home", home,
		"-e", "GITHUB_TOKEN=${GITHUB_TOKEN}", "--", "npx", "-y", "@modelcontextprotocol/server-github@2025.4.8")
	if code != 0 {
		t.Fatalf("add: exit %d\n%s", code, errOut)
	}
	b, err := os.ReadFile(filepath.Join(alt, "config.json"))
	var doc struct {
		MCPServers map[string]map[string]any `json:"mcpServers"`
	}
	if err != nil || json.Unmarshal(b, &doc) != nil || doc.MCPServers["github"]["command"] != "npx" ||
		doc.MCPServers["github"]["env"].(map[string]any)["GITHUB_TOKEN"] != "${GITHUB_TOKEN}" {
		t.Fatalf("%s/config.json (%v):\n%s", alt, err, b)
	}
	if _, err := os.Stat(filepath.Join(home, ".x-code", "config.json")); err == nil {
		t.Errorf("add wrote ~/.x-code/config.json although X_CODE_HOME is set")
	}
	code, _, errOut = run(t, env, "sync", "--from", "claude", "--to", "x-code", "--scope", "project", "--root", root, "--home", home)
	if code != 0 {
		t.Fatalf("sync: exit %d\n%s", code, errOut)
	}
	b, _ = os.ReadFile(filepath.Join(root, ".x-code", "config.json"))
	if !strings.Contains(string(b), `"mcp-server-fetch"`) {
		t.Fatalf(".x-code/config.json:\n%s", b)
	}
	code, out, errOut := run(t, env, "lint", "--client", "x-code", "--format", "json", "--root", root, "--home", home)
	var rep lintReport
	if json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("lint: exit %d\n%s\n%s", code, out, errOut)
	}
	for _, f := range rep.Findings {
		if f.Severity == "error" {
			t.Errorf("lint: %s %s: %s", f.Rule, f.Path, f.Message)
		}
	}
}
