package validate

import (
	"testing"

	"github.com/mcpconf/mcpconf/discover"
)

func TestUnmatchedListEntry(t *testing.T) {
	runRuleCases(t, "unmatched-list-entry", []ruleCase{
		{name: "entries that match nothing or are ignored", files: map[string]string{
			".mcp.json":             `{"mcpServers": {"github": {"command": "gh-mcp"}}}`,
			"~/.claude.json":        `{"mcpServers": {"memory": {"command": "mem"}}}`,
			".claude/settings.json": "{\n  \"deniedMcpServers\": [{\"serverName\": \"memory\"}, {\"serverName\": \"githb\"}, {\"serverCommand\": [\"npx\", \"x\"]}],\n  \"allowedMcpServers\": [{\"serverName\": \"github\"}, {\"serverName\": \"a.b\"}, {\"serverName\": \"x\", \"serverUrl\": \"https://h/*\"}]\n}\n",
		},
			want: []string{
				`warning .claude/settings.json:2:50: entry {"serverName": "githb"} of "deniedMcpServers" matches no server Claude Code reads here [unmatched-list-entry]`,
				`warning .claude/settings.json:2:75: entry {"serverCommand": ["npx", "x"]} of "deniedMcpServers" matches no server Claude Code reads here [unmatched-list-entry]`,
				`warning .claude/settings.json:3:51: Claude Code ignores entry {"serverName": "a.b"} of "allowedMcpServers": "serverName" "a.b" can never be a server's name here (it must match ^[A-Za-z0-9_-]+$) [unmatched-list-entry]`,
				`warning .claude/settings.json:3:74: Claude Code ignores entry {"serverName": "x", "serverUrl": "https://h/*"} of "allowedMcpServers": an entry must hold exactly one of "serverName", "serverCommand", "serverUrl" [unmatched-list-entry]`,
			},
			hints: []string{`remove the entry, or name a server Claude Code reads: did you mean "github"?`, `remove the entry, or name a server Claude Code reads`,
				"fix or remove the entry", "fix or remove the entry"}},
		{name: "gemini names", files: map[string]string{
			".gemini/settings.json": `{"mcpServers": {"a": {"command": "a"}}, "mcp": {"excluded": ["A", "zz"]}}`,
		},
			want: []string{`warning .gemini/settings.json:1:67: entry "zz" of "mcp.excluded" matches no server Gemini CLI reads here [unmatched-list-entry]`}},
	})
}

// TestUnmatchedListEntryProjectScope: without the home's files read, an
// entry may name a user's server: only entries the client ignores are
// reported.
func TestUnmatchedListEntryProjectScope(t *testing.T) {
	diags := only(lintScope(t, map[string]string{
		".mcp.json":             `{"mcpServers": {"github": {"command": "gh-mcp"}}}`,
		".claude/settings.json": `{"deniedMcpServers": [{"serverName": "memory"}, {"serverUrl": 5}]}`,
	}, nil, discover.ProjectScopes), "unmatched-list-entry")
	if len(diags) != 1 || diags[0].Pos.Col != 49 {
		t.Errorf("%v", diags)
	}
}
