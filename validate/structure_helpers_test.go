package validate

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestStructureRulesOddValues gives every field the structure rules read
// every kind of value, in every client's file, and only checks that lint
// survives: broken entries must become findings, never panics.
func TestStructureRulesOddValues(t *testing.T) {
	keys := []string{"type", "command", "args", "env", "environment", "url", "serverUrl", "httpUrl", "headers",
		"enabled", "disabled", "required", "trust", "timeout", "startup_timeout_sec", "startup_timeout_ms",
		"tool_timeout_sec", "enabledTools", "disabledTools", "includeTools", "excludeTools", "enabled_tools",
		"disabled_tools", "bearer_token_env_var", "env_http_headers", "oauth", "alwaysAllow"}
	json := []string{`null`, `true`, `0`, `-1`, `1e308`, `""`, `" "`, `"${X}"`, `"http://[::1"`, `"%zz"`, `[]`, `[null, 1, ""]`, `{}`, `{"a": [1]}`}
	toml := []string{`true`, `0`, `-1`, `inf`, `nan`, `1e308`, `""`, `" "`, `"${X}"`, `"http://[::1"`, `[]`, `[1, ""]`, `{}`, `{ a = [1] }`}
	var js, ts strings.Builder
	js.WriteString(`{"mcpServers": {`)
	ts.WriteString("")
	n := 0
	for _, k := range keys {
		for i, v := range json {
			if n > 0 {
				js.WriteString(", ")
			}
			js.WriteString(`"s` + k + string(rune('a'+i)) + `": {"` + k + `": ` + v + `, "url": "https://x.example.com/mcp"}`)
			n++
		}
		for i, v := range toml {
			ts.WriteString("[mcp_servers.s" + k + string(rune('a'+i)) + "]\n" + k + " = " + v + "\n")
		}
	}
	js.WriteString(`, "": {}, "a b:c": {"command": ""}}}`)
	jsonFiles := []string{".pisces/mcp.json", ".claude/mcp.json", ".gemini/settings.json", ".cursor/mcp.json",
		".windsurf/mcp_config.json", ".mcp.json", "~/.claude.json"}
	tree := map[string]string{
		".codex/config.toml":   ts.String(),
		".agent/settings.toml": ts.String(),
		".vscode/mcp.json":     strings.Replace(js.String(), `"mcpServers"`, `"servers"`, 1),
		"opencode.json":        strings.Replace(js.String(), `"mcpServers"`, `"mcp"`, 1),
	}
	for _, f := range jsonFiles {
		tree[f] = js.String()
	}
	// The schema rule is off here: the JSON Schema validator panics on TOML
	// nan and inf (reported to the lead); this test is about the structure
	// rules.
	diags := lintFiles(t, tree, &Config{Disable: []normalize.RuleID{"schema"}})
	for _, d := range diags {
		t.Log(d.Severity, d)
	}
	if len(diags) == 0 {
		t.Fatal("no findings on broken input")
	}
}
