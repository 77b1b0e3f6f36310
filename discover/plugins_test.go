package discover

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestPluginsNotModelled: an enabled Claude Code plugin brings servers
// mcpconf does not read (testdata/clients-pending/claude-plugin-local:
// claude lists plugin:p:s), so the run says so, naming the marketplace and
// where the plugin is enabled, instead of answering as if it knew; a
// plugin set to false brings nothing and is not noted.
func TestPluginsNotModelled(t *testing.T) {
	set, o := claudeView(t, map[string]string{
		"~/.claude.json":          `{"mcpServers": {"u": {"command": "false"}}, "projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`,
		"~/.claude/settings.json": "{\n  \"enabledPlugins\": {\"q@local\": false,\n    \"p@local\": true, \"x@local\": true}\n}",
		".claude/settings.json":   `{"enabledPlugins": {"r@team": true}}`,
		// false here wins over the user's true
		".claude/settings.local.json": `{"enabledPlugins": {"x@local": false}}`,
	}, false)
	statusIs(t, set, map[string]normalize.Status{"u": normalize.StatusEnabled})
	notes := strings.Join(o.Notes(), "\n")
	for _, want := range []string{
		`plugins from "local" are not modelled: "p@local" is enabled in ~/.claude/settings.json:3:5`,
		`plugins from "team" are not modelled: "r@team" is enabled in .claude/settings.json:1:21`,
		`Claude Code lists its servers as "plugin:p:NAME"`,
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if strings.Contains(notes, "q@local") || strings.Contains(notes, "x@local") {
		t.Errorf("a plugin set to false is noted:\n%s", notes)
	}
}
