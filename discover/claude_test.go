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

// TestClaudeApprovalPrecedence: in a trusted project the most local setting
// that sets enableAllProjectMcpServers decides (false in
// .claude/settings.local.json over true in ~/.claude/settings.json, and
// managed settings over both); the approval lists add up. In an untrusted
// one each setting that counts is read on its own: true in user settings
// approves whatever the project's files say. Managed settings count
// trusted or not (2.1.331: the approval check jst, its untrusted branch
// $Oo; testdata/clients/claude-approval-precedence*, claude-managed-approval).
func TestClaudeApprovalPrecedence(t *testing.T) {
	trusted := `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`
	untrusted := `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": false}}}`
	mcp := `{"mcpServers": {"p1": {"command": "false"}, "p2": {"command": "false"}}}`
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  map[string]normalize.Status
	}{
		{"local false over user true", map[string]string{
			".mcp.json": mcp, "~/.claude.json": trusted,
			"~/.claude/settings.json":     `{"enableAllProjectMcpServers": true}`,
			".claude/settings.local.json": `{"enableAllProjectMcpServers": false, "enabledMcpjsonServers": ["p2"]}`,
		}, map[string]normalize.Status{"p1": normalize.StatusPending, "p2": normalize.StatusEnabled}},
		{"managed false over local true", map[string]string{
			".mcp.json": mcp, "~/.claude.json": trusted,
			".claude/settings.local.json":                   `{"enableAllProjectMcpServers": true}`,
			"machine/etc/claude-code/managed-settings.json": `{"enableAllProjectMcpServers": false, "enabledMcpjsonServers": ["p2"]}`,
		}, map[string]normalize.Status{"p1": normalize.StatusPending, "p2": normalize.StatusEnabled}},
		{"untrusted: user true, local false", map[string]string{
			".mcp.json": mcp, "~/.claude.json": untrusted,
			"~/.claude/settings.json":                       `{"enableAllProjectMcpServers": true}`,
			".claude/settings.local.json":                   `{"enableAllProjectMcpServers": false}`,
			"machine/etc/claude-code/managed-settings.json": `{"disabledMcpjsonServers": ["p2"]}`,
		}, map[string]normalize.Status{"p1": normalize.StatusEnabled, "p2": normalize.StatusRejected}},
		{"untrusted: managed approves", map[string]string{
			".mcp.json": mcp, "~/.claude.json": untrusted,
			"machine/etc/claude-code/managed-settings.d/10-mcp.json": `{"enabledMcpjsonServers": ["p2"]}`,
		}, map[string]normalize.Status{"p1": normalize.StatusPending, "p2": normalize.StatusEnabled}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set, _ := claudeView(t, tc.files, true)
			statusIs(t, set, tc.want)
		})
	}
}

// TestClaudeSettingsFromStartDir: started in a subdirectory, Claude Code
// reads .claude/settings.json there (not at the git root) and
// .claude/settings.local.json in both (2.1.331 settings paths o9n and the
// legacy local path MMe; testdata/clients/claude-settings-subdir).
func TestClaudeSettingsFromStartDir(t *testing.T) {
	root, home := tree(t, map[string]string{
		".git/HEAD":                       "ref: refs/heads/main\n",
		"sub/.keep":                       "",
		".mcp.json":                       `{"mcpServers": {"p1": {"command": "false"}, "p2": {"command": "false"}, "p3": {"command": "false"}, "p4": {"command": "false"}}}`,
		"~/.claude.json":                  `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`,
		".claude/settings.json":           `{"enabledMcpjsonServers": ["p1"]}`,
		"sub/.claude/settings.json":       `{"enabledMcpjsonServers": ["p2"]}`,
		".claude/settings.local.json":     `{"enabledMcpjsonServers": ["p3"]}`,
		"sub/.claude/settings.local.json": `{"enabledMcpjsonServers": ["p4"]}`,
	})
	o := Options{Root: root + "/sub", Home: home, Isolated: true}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	set := o.View(normalize.ClientByID("claude"), AllScopes)
	statusIs(t, set, map[string]normalize.Status{"p1": normalize.StatusPending, "p2": normalize.StatusEnabled,
		"p3": normalize.StatusEnabled, "p4": normalize.StatusEnabled})
}
