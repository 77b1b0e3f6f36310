package validate

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// fuzzFiles is one file of each client shape.
var fuzzFiles = []string{".mcp.json", ".pisces/mcp.json", ".vscode/mcp.json", ".codex/config.toml", ".gemini/settings.json", "opencode.json", ".cursor/mcp.json", ".windsurf/mcp_config.json", ".agent/settings.toml", "~/.claude.json", ".roo/mcp.json"}

// FuzzLint runs discovery and every rule on arbitrary content in each
// client's file: no rule may panic (Run turns a panic into an "internal
// error" finding) and every finding about a file must have a position.
func FuzzLint(f *testing.F) {
	for _, r := range Rules() {
		if r.Example.File != "" {
			for i, file := range fuzzFiles {
				if file == r.Example.File {
					f.Add(uint8(i), r.Example.Bad)
				}
			}
		}
	}
	f.Add(uint8(3), "[mcp_servers.a]\ncommand = \"a\"\nstartup_timeout_sec = nan\n")
	f.Add(uint8(9), `{"projects": {"<ROOT>": {"mcpServers": {"x": {"url": 1}}}}}`)
	// issue 10: a token in a file that does not parse, servers nested too
	// deep, escaped JSON in an argument, a connection string
	f.Add(uint8(6), "{\"mcpServers\": {\"a\": {\"command\": \"x\", \"env\": {\"T\": \"ghp_"+"0123456789abcdefghijABCDEFGHIJk1m2n3\",}}")
	f.Add(uint8(5), `{"mcp": {"servers": {"a": {"type": "local", "command": ["~/x"]}}}}`)
	f.Add(uint8(6), `{"mcpServers": {"a": {"command": "npx", "args": ["--k", "v", "p", "--config", "{\"apiKey\":\"q8\u00e9Zr2Lx7Vn4Kp9Tw3Hs6Jd1Mf\"}", "postgres://u:p@[::1]:5/d"]}}}`)
	// env-not-passed and docker-env: runners, cmd /c, flags, a yielding
	// disabled entry
	f.Add(uint8(3), "[mcp_servers.a]\ncommand = \"cmd\"\nargs = [\"/c\", \"docker\", \"run\", \"-eT\", \"--env\"]\nenv_vars = [\"T\", \"U\"]\n")
	f.Add(uint8(4), `{"mcpServers": {"a": {"command": "npx", "args": ["-y", "@stripe/mcp@1", "--api-key"]}, "b": {"command": "tavily-mcp"}}}`)
	f.Add(uint8(10), `{"mcpServers": {"a": {"url": "${env:U}", "disabled": true, "timeout": 0}, "b": {"command": "docker", "args": ["run", "-e"], "env": {"K": "${userHome}"}}}}`)
	// issue 15: entries Claude Code skips as it reads them (not objects, a
	// lost or reserved name), a servers key that is null, __proto__ in a
	// file that fails Gemini CLI's validation, a state file that stops
	// Claude Code
	f.Add(uint8(0), `{"mcpServers": {"a": [], "b": null, "c": "x", "__proto__": {"command": "x"}, "workspace": {"command": "y"}}}`)
	f.Add(uint8(4), `{"mcpServers": null, "mcp": {"allowed": "a"}}`)
	f.Add(uint8(4), `{"mcpServers": {"__proto__": {"command": "x", "timeout": "5000"}, "c": {"command": "x", "trust": "yes"}}}`)
	f.Add(uint8(9), `{} x`)
	f.Fuzz(func(t *testing.T, which uint8, content string) {
		file := fuzzFiles[int(which)%len(fuzzFiles)]
		cfg := &Config{Enable: []normalize.RuleID{"undefined-variable", "unpinned-package"}, Policy: Policy{DenyURLs: []string{"http://*"}, AllowCommands: []string{"npx"}}}
		for _, d := range lintFiles(t, map[string]string{file: content}, cfg) {
			if strings.Contains(d.Message, "internal error") {
				t.Fatalf("%s: %v", file, d)
			}
			if d.Path != "" && !d.Pos.IsValid() && d.Rule != "unreadable" {
				t.Fatalf("finding without a position: %v", d)
			}
		}
	})
}
