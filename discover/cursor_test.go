package discover

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestCursorProjectServersWaitForApproval: Cursor 3 starts a server of the
// project's .cursor/mcp.json only once the user approves it, and keeps the
// approvals in its own storage, which mcpconf does not read: the project's
// servers are pending, with Cursor's and Cursor CLI's way to approve them;
// the global file's start (cursor.com/docs/mcp, cursor.com/docs/cli/mcp).
func TestCursorProjectServersWaitForApproval(t *testing.T) {
	root, home := tree(t, map[string]string{
		".cursor/mcp.json":   `{"mcpServers": {"proj": {"command": "false"}, "both": {"command": "false"}}}`,
		"~/.cursor/mcp.json": `{"mcpServers": {"glob": {"command": "false"}, "both": {"command": "true"}}}`,
	})
	set, err := clientView(Options{Root: root, Home: home}, "cursor")
	if err != nil {
		t.Fatal(err)
	}
	statusIs(t, set, map[string]normalize.Status{"proj": normalize.StatusPending, "glob": normalize.StatusEnabled})
	s := server(t, set, "proj").Server
	if s.Off == nil || s.Off.Kind != normalize.ByApproval {
		t.Fatalf("proj: %+v", s.Off)
	}
	for _, want := range []string{"Cursor starts a project server only once you approve it", "mcpconf cannot read"} {
		if !strings.Contains(s.Off.Reason, want) {
			t.Errorf("reason %q lacks %q", s.Off.Reason, want)
		}
	}
	for _, want := range []string{"Customize", "--approve-mcps"} {
		if !strings.Contains(s.Off.Hint, want) {
			t.Errorf("hint %q lacks %q", s.Off.Hint, want)
		}
	}
	// a pending project server gives its name to the global one
	if b := server(t, set, "both").Server; !b.Enabled || b.Command != "true" {
		t.Errorf("both: %+v", b)
	}
}
