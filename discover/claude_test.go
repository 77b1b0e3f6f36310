package discover

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// claudeView builds Claude Code's view of a tree (paths as testtree
// writes them; "/etc/…" files go under a machine root given with system).
func claudeView(t *testing.T, files map[string]string, system bool) (*normalize.Set, Options) {
	t.Helper()
	root, home := tree(t, files)
	o := Options{Root: root, Home: home, Isolated: true}
	if system {
		o.System = root + "/machine"
	}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	return o.View(normalize.ClientByID("claude"), AllScopes), o
}

func statusIs(t *testing.T, set *normalize.Set, want map[string]normalize.Status) {
	t.Helper()
	for name, st := range want {
		s := server(t, set, name).Server
		got := normalize.StatusEnabled
		if !s.Enabled && s.Off != nil {
			got = s.Off.Status
		}
		if got != st {
			t.Errorf("%s: %s (%s), want %s", name, got, s.DisabledBy(), st)
		}
	}
}

// TestClaudeProjectsKeyExact: Claude Code looks its project up in
// ~/.claude.json by the exact path: a key written with a trailing slash
// neither trusts the project nor holds its local servers (2.1.331,
// testdata/clients/claude-projects-key-slash).
func TestClaudeProjectsKeyExact(t *testing.T) {
	set, _ := claudeView(t, map[string]string{
		".mcp.json":                   `{"mcpServers": {"p1": {"command": "false"}}}`,
		".claude/settings.local.json": `{"enabledMcpjsonServers": ["p1"]}`,
		"~/.claude.json":              `{"projects": {"@ROOT@/": {"hasTrustDialogAccepted": true, "mcpServers": {"l1": {"command": "false"}}}}}`,
	}, false)
	statusIs(t, set, map[string]normalize.Status{"p1": normalize.StatusPending})
	for _, e := range set.Entries {
		if e.Server.Name == "l1" {
			t.Errorf("l1 is under a key Claude Code does not look up: %+v", e.Server.Source)
		}
	}
	if s := server(t, set, "p1").Server; !strings.Contains(s.DisabledBy(), "not set") {
		t.Errorf("reason: %s", s.DisabledBy())
	}
}

// TestClaudeFieldTypes: a server whose field has the wrong type is skipped
// (invalid, at the field), the others load (2.1.331,
// testdata/clients/claude-field-types).
func TestClaudeFieldTypes(t *testing.T) {
	set, _ := claudeView(t, map[string]string{
		"~/.claude.json": `{"mcpServers": {
  "ok": {"command": "false"},
  "args_string": {"command": "false", "args": "--x"},
  "env_number": {"command": "false", "env": {"N": 1}},
  "http_command": {"type": "http", "command": "false"}
}}`,
	}, false)
	statusIs(t, set, map[string]normalize.Status{"ok": normalize.StatusEnabled, "args_string": normalize.StatusInvalid,
		"env_number": normalize.StatusInvalid, "http_command": normalize.StatusInvalid})
	off := server(t, set, "args_string").Server.Off
	if !strings.Contains(off.Reason, `"args" is a string, not an array of strings: Claude Code skips the server (~/.claude.json:3:47)`) ||
		off.Pos.Line != 3 || off.Pos.Col != 47 || off.Hint == "" {
		t.Errorf("args_string: %+v", off)
	}
	if off := server(t, set, "http_command").Server.Off; !strings.Contains(off.Reason, `a "http" server needs "url"`) {
		t.Errorf("http_command: %+v", off)
	}
}
