package app

import (
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
)

// TestPlanFixes: the safe fixes of a run are applied in memory to the
// text lint read, every other byte kept (the comment, the layout), two
// fixes of one file at once; a file without a fix is left alone.
func TestPlanFixes(t *testing.T) {
	cursor := "{\n  // team servers\n  \"servers\": {\n    \"memory\": { \"command\": \"npx\", \"args\": [\"@modelcontextprotocol/server-memory@2025.8.4\"], \"disabled\": \"false\" },\n    \"time\": { \"command\": \"npx\", \"args\": [\"mcp-server-time@1.0.0\"] }\n  }\n}\n"
	root, home := testtree.Write(t, map[string]string{
		".vscode/mcp.json": cursor,
		".mcp.json":        `{"mcpServers": {"ok": {"command": "npx", "args": ["-y", "ok@1.0.0"]}}}`,
	})
	res, err := Lint(LintRequest{Options: options(root, home), Scope: discover.ProjectScopes})
	if err != nil {
		t.Fatal(err)
	}
	fixes, err := PlanFixes(res, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(fixes) != 1 || fixes[0].Path != ".vscode/mcp.json" || fixes[0].Fixed != 2 {
		t.Fatalf("fixes %+v, want two in .vscode/mcp.json", fixes)
	}
	want := "{\n  // team servers\n  \"servers\": {\n    \"memory\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory@2025.8.4\"], \"disabled\": \"false\" },\n    \"time\": { \"command\": \"npx\", \"args\": [\"-y\", \"mcp-server-time@1.0.0\"] }\n  }\n}\n"
	if got := string(fixes[0].After); got != want || string(fixes[0].Before) != cursor {
		t.Errorf("fixed:\n%s\nwant:\n%s", got, want)
	}
}
