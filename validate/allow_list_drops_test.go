package validate

import (
	"maps"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

func TestAllowListDrops(t *testing.T) {
	runRuleCases(t, "allow-list-drops", []ruleCase{
		{name: "a project server the allow-list does not admit", files: map[string]string{
			".mcp.json":                   "{\"mcpServers\": {\n  \"github\": {\"command\": \"gh-mcp\"},\n  \"docs\": {\"type\": \"http\", \"url\": \"https://docs.example.com/mcp\"},\n  \"memory\": {\"command\": \"mem\"}\n}}\n",
			".claude/settings.local.json": `{"allowedMcpServers": [{"serverName": "github"}, {"serverUrl": "https://mcp.example.com/*"}], "deniedMcpServers": [{"serverName": "memory"}]}`,
		},
			want: []string{
				`warning .mcp.json:3:3: Claude Code does not load project server "docs": not admitted by "allowedMcpServers" at .claude/settings.local.json:1:2: once it has an entry by "serverUrl", a remote server is admitted only by its URL, and none matches "https://docs.example.com/mcp" (for Claude Code and Copilot CLI; not Qwen Code or VS Code, which also read this file) [allow-list-drops]`,
			},
			hint: `add {"serverUrl": "https://docs.example.com/mcp"} to "allowedMcpServers" at .claude/settings.local.json:1:2`},
		{name: "a user server is the user's business", files: map[string]string{
			"~/.claude.json":          `{"mcpServers": {"memory": {"command": "mem"}}}`,
			"~/.claude/settings.json": `{"allowedMcpServers": []}`,
		}},
	})
}

// TestAllowListDropsSuggest: the hint carries the entry to add as an
// edit of the list it names, in the list's layout, for a list of names
// (Gemini CLI's mcp.allowed) as for one of objects (Claude Code's
// allowedMcpServers, by command line); with it applied the server loads
// (issue 27: the hint was free text).
func TestAllowListDropsSuggest(t *testing.T) {
	for _, tc := range []struct {
		name        string
		files       map[string]string
		list, fixed string // the file the edit changes, and it changed
	}{
		{"gemini names", tree(".gemini/settings.json", "{\n  \"mcp\": {\"allowed\": [\n    \"other\"\n  ]},\n  \"mcpServers\": {\"docs\": {\"command\": \"srv\"}}\n}\n"),
			".gemini/settings.json", "{\n  \"mcp\": {\"allowed\": [\n    \"other\",\n    \"docs\"\n  ]},\n  \"mcpServers\": {\"docs\": {\"command\": \"srv\"}}\n}\n"},
		{"claude command line", tree(".mcp.json", `{"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"]}}}`,
			".claude/settings.json", `{"allowedMcpServers": [{"serverCommand": ["uvx", "x"]}]}`),
			".claude/settings.json", `{"allowedMcpServers": [{"serverCommand": ["uvx", "x"]}, {"serverCommand": ["npx", "-y", "docs-mcp"]}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d *normalize.Diagnostic
			for _, x := range lintScope(t, tc.files, nil, discover.ProjectScopes) {
				if x.Rule == normalize.RuleAllowListDrops {
					d = &x
				}
			}
			if d == nil || d.Suggest == nil {
				t.Fatalf("no finding with an edit: %v", d)
			}
			fixed := maps.Clone(tc.files)
			fixed[tc.list] = applyEdits(t, tc.files[tc.list], d.Suggest.Edits)
			if fixed[tc.list] != tc.fixed {
				t.Errorf("with the hint's edit:\n%s\nwant\n%s", fixed[tc.list], tc.fixed)
			}
			for _, x := range lintScope(t, fixed, nil, discover.ProjectScopes) {
				if x.Rule == normalize.RuleAllowListDrops || x.Severity == normalize.Error {
					t.Errorf("after the edit: %s", x)
				}
			}
		})
	}
}
