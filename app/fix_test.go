package app

import (
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
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

// TestPlanFixesTouching: two fixes whose edits only touch (one empties an
// object, the other adds to it) are not applied in one pass: the second
// waits, and the file stays valid.
func TestPlanFixesTouching(t *testing.T) {
	src := []byte(`{"b": {"x": 1}}`)
	ed := func(start, end int, text string) normalize.Edit {
		return normalize.Edit{Path: "f.json", Abs: "/f.json", Start: normalize.Pos{Offset: start}, End: normalize.Pos{Offset: end}, Text: text}
	}
	run := &run.Lint{Sources: map[string]run.Source{"/f.json": {Path: "f.json", Abs: "/f.json", Format: normalize.JSON, Text: src}},
		Findings: []normalize.Diagnostic{
			{Rule: "a", Fix: &normalize.Fix{Safe: true, Edits: []normalize.Edit{ed(7, 13, "")}}},        // {"x": 1} -> {}
			{Rule: "b", Fix: &normalize.Fix{Safe: true, Edits: []normalize.Edit{ed(13, 13, `"k": 1`)}}}, // before the "}"
		}}
	fixes, err := PlanFixes(run, false)
	if err != nil || len(fixes) != 1 || fixes[0].Fixed != 1 || string(fixes[0].After) != `{"b": {}}` {
		t.Fatalf("%v %+v", err, fixes)
	}
}
