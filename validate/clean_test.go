package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
)

// cleanExamples are the example configs of /work/shared/spec/formats.md,
// each written to its client's file. Every client documents them as valid,
// so lint with the default rules must not report anything about them.
var cleanExamples = []struct {
	name, file, content string
	servers             int // definitions the client reads from it
}{
	{"claude .mcp.json", ".mcp.json", `{
  "mcpServers": {
    "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                "env": { "GITHUB_TOKEN": "${GITHUB_TOKEN}" } },
    "docs":   { "type": "http", "url": "${DOCS_URL:-https://example.com/mcp}",
                "headers": { "Authorization": "Bearer ${DOCS_TOKEN}" } }
  }
}
`, 2},
	// pisces reads the same mcpServers shape and ${VAR} placeholders;
	// formats.md has no pisces block of its own.
	{"pisces-style", ".pisces/mcp.json", `{
  "mcpServers": {
    "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                "env": { "GITHUB_TOKEN": "${GITHUB_TOKEN}" } },
    "docs":   { "type": "http", "url": "${DOCS_URL:-https://example.com/mcp}",
                "headers": { "Authorization": "Bearer ${DOCS_TOKEN}" } }
  }
}
`, 2},
	{"cursor", ".cursor/mcp.json", `{ "mcpServers": {
  "local": { "command": "node", "args": ["${workspaceFolder}/mcp/index.js"],
             "env": { "API_KEY": "${env:API_KEY}" }, "envFile": "${workspaceFolder}/.env" },
  "remote": { "url": "https://example.com/mcp",
              "headers": { "Authorization": "Bearer ${env:TOKEN}" } } } }
`, 2},
	{"vscode", ".vscode/mcp.json", `{
  "inputs": [ { "type": "promptString", "id": "gh-token", "description": "GitHub PAT", "password": true } ],
  "servers": {
    "github": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                "env": { "GITHUB_TOKEN": "${input:gh-token}" }, "envFile": "${workspaceFolder}/.env" },
    "ctx7": { "type": "http", "url": "https://mcp.context7.com/mcp" }, // trailing comma OK
  }
}
`, 2},
	{"windsurf", ".windsurf/mcp_config.json", `{ "mcpServers": {
  "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
              "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GH_TOKEN}" } },
  "remote": { "serverUrl": "https://example.com/mcp",
              "headers": { "Authorization": "Bearer ${env:AUTH_TOKEN}" } } } }
`, 2},
	{"codex", ".codex/config.toml", `[mcp_servers.github]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
env_vars = ["GITHUB_TOKEN"]
startup_timeout_sec = 20
enabled_tools = ["search_issues", "get_issue"]

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_TOKEN"
env_http_headers = { "X-Org" = "FIGMA_ORG" }
tool_timeout_sec = 60.0
`, 2},
	{"gemini", ".gemini/settings.json", `{
  "mcp": { "excluded": ["experimental"] },
  "mcpServers": {
    "local": { "command": "python", "args": ["-m", "srv"], "cwd": "./tools",
               "env": { "API_KEY": "$MY_API_KEY" }, "timeout": 30000, "trust": false,
               "excludeTools": ["delete_all"] },
    "remote": { "url": "https://example.com/mcp", "type": "http",
                "headers": { "Authorization": "Bearer ${TOKEN}" } }
  }
}
`, 2},
	{"opencode", "opencode.jsonc", `{
  "$schema": "https://opencode.ai/config.json",
  "mcp": {
    "fs":   { "type": "local", "command": ["npx", "-y", "@modelcontextprotocol/server-filesystem", "."],
              "environment": { "TOKEN": "{env:FS_TOKEN}" }, "timeout": 10000 },
    "docs": { "type": "remote", "url": "https://example.com/mcp",
              "headers": { "Authorization": "Bearer {env:DOCS_TOKEN}" }, "oauth": false },
  }
}
`, 2},
	// "ghp_..." is kept as formats.md writes it: the elided token trips no
	// rule (hardcoded-secret does not take it for a real GitHub token). The
	// url-only "remote" server is SSE in agent-code, which deprecated-sse
	// leaves alone: agent-code has no other transport to switch to.
	{"agent-code", ".agent/settings.toml", `[mcp_servers.github]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
env = { GITHUB_TOKEN = "ghp_..." }

[mcp_servers.remote]
url = "http://localhost:8080"

[security]
mcp_server_allowlist = ["github", "remote"]
mcp_server_denylist = []
`, 2},
}

// TestCleanExamples lints each documented example on its own (so that
// examples sharing server names do not shadow each other) and expects no
// finding from any default rule.
func TestCleanExamples(t *testing.T) {
	for _, ex := range cleanExamples {
		t.Run(ex.name, func(t *testing.T) {
			root := t.TempDir()
			p := filepath.Join(root, filepath.FromSlash(ex.file))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(ex.content), 0o644); err != nil {
				t.Fatal(err)
			}
			set, err := discover.Discover(discover.Options{Root: root, Home: filepath.Join(root, "home")})
			if err != nil {
				t.Fatal(err)
			}
			// A wrong path would make the test pass on nothing.
			if len(set.Definitions) != ex.servers {
				t.Fatalf("%s: %d servers read, want %d", ex.file, len(set.Definitions), ex.servers)
			}
			for _, d := range Run(set, nil) {
				t.Errorf("%s %v", d.Severity, d)
			}
		})
	}
}
