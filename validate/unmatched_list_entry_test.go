package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
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

// TestUnmatchedListEntryManaged: a deny-list in the project's own settings
// does not reach Claude Code's managed servers (found by the differential
// harness): an entry that names only one is ignored, and says where it
// would count; the user's settings reach them.
func TestUnmatchedListEntryManaged(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".claude/settings.json":   `{"deniedMcpServers": [{"serverName": "wiki"}]}`,
		"~/.claude/settings.json": `{"deniedMcpServers": [{"serverName": "wiki"}]}`,
	})
	sys := t.TempDir()
	managed := filepath.Join(sys, "etc", "claude-code", "managed-mcp.json")
	if err := os.MkdirAll(filepath.Dir(managed), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(managed, []byte(`{"mcpServers": {"wiki": {"type": "http", "url": "https://wiki.example.com/mcp"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	o := discover.Options{Root: root, Home: home, Isolated: true, AssumeTrusted: true, System: sys}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	clients, err := o.SelectClients([]string{"claude"}, discover.AllScopes)
	if err != nil {
		t.Fatal(err)
	}
	diags := only(RunWorkspace(o.Scan(clients, discover.AllScopes), nil), "unmatched-list-entry")
	if len(diags) != 1 || diags[0].Path != ".claude/settings.json" || !strings.Contains(diags[0].Message, "does not reach") {
		t.Fatalf("want one finding about .claude/settings.json's entry, got %v", diags)
	}
}
