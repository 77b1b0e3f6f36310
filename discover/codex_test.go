package discover

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestCodexFields reads a Codex config.toml field by field the way
// codex-rs's RawMcpServerConfig does.
func TestCodexFields(t *testing.T) {
	root, home := t.TempDir(), t.TempDir()
	src := `
[mcp_servers.stdio]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github@2025.4.8"]
env = { LOG = "debug" }
env_vars = ["GITHUB_TOKEN", { name = "GH_HOST", source = "remote" }]
cwd = "/work"
startup_timeout_sec = 12.5
startup_timeout_ms = 99999
tool_timeout_sec = 90
enabled = false
required = true
enabled_tools = ["a", "b"]
disabled_tools = ["c"]

[mcp_servers.remote]
url = "https://mcp.example.com/mcp"
bearer_token_env_var = "EXAMPLE_TOKEN"
http_headers = { "X-Team" = "core" }
env_http_headers = { "X-Org" = "ORG_VAR" }
startup_timeout_ms = 2500

[mcp_servers.remote.tools.search]
approval_mode = "auto"
`
	dir := filepath.Join(home, "codexhome")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// pisces reads another tool's user file only when opted in
	os.MkdirAll(filepath.Join(home, ".pisces/agent"), 0o755)
	if err := os.WriteFile(filepath.Join(home, ".pisces/agent/config.yml"), []byte("enabledProviders: [codex]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"CODEX_HOME": dir}
	set, err := piscesView(Options{Root: root, Home: home, Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Diagnostics) > 0 {
		t.Fatalf("diagnostics: %v", set.Diagnostics)
	}
	get := func(name string) normalize.Server {
		for _, e := range set.Entries {
			if e.Server.Name == name {
				return e.Server
			}
		}
		t.Fatalf("no server %q", name)
		return normalize.Server{}
	}
	s := get("stdio")
	if s.Source.Path != "~/codexhome/config.toml" {
		t.Errorf("path %q", s.Source.Path)
	}
	if s.Transport != normalize.Stdio || s.Command != "npx" || !slices.Equal(s.Args, []string{"-y", "@modelcontextprotocol/server-github@2025.4.8"}) {
		t.Errorf("stdio: %+v", s)
	}
	if s.Env["LOG"] != "debug" || !slices.Equal(s.EnvVars, []string{"GITHUB_TOKEN", "GH_HOST"}) || s.Cwd != "/work" {
		t.Errorf("env: %v %v %q", s.Env, s.EnvVars, s.Cwd)
	}
	// startup_timeout_sec wins over startup_timeout_ms.
	if s.StartupTimeout != 12500*time.Millisecond || s.ToolTimeout != 90*time.Second {
		t.Errorf("timeouts: %v %v", s.StartupTimeout, s.ToolTimeout)
	}
	if s.Enabled || s.DisabledBy() == "" || !s.Required {
		t.Errorf("enabled %v (%q) required %v", s.Enabled, s.DisabledBy(), s.Required)
	}
	// pisces reads no tool filter, Codex's neither (oh-my-pi 18.2.3
	// codex.ts; testdata/clients/pisces-foreign-tool-filters)
	if s.IncludeTools != nil || s.ExcludeTools != nil {
		t.Errorf("tools: %v %v", s.IncludeTools, s.ExcludeTools)
	}
	r := get("remote")
	if r.Transport != normalize.HTTP || r.URL != "https://mcp.example.com/mcp" || r.BearerTokenEnvVar != "EXAMPLE_TOKEN" {
		t.Errorf("remote: %+v", r)
	}
	if r.HeaderEnvRefs["Authorization"] != "EXAMPLE_TOKEN" || r.HeaderEnvRefs["X-Org"] != "ORG_VAR" || r.Headers["X-Team"] != "core" {
		t.Errorf("headers: %v %v", r.HeaderEnvRefs, r.Headers)
	}
	if r.StartupTimeout != 2500*time.Millisecond || !r.Enabled {
		t.Errorf("remote timeout %v enabled %v", r.StartupTimeout, r.Enabled)
	}
	if r.Source.Pos.String() != "16:14" {
		t.Errorf("remote defined at %s, want 16:14", r.Source.Pos)
	}
}
