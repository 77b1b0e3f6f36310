package discover

import (
	"strings"
	"testing"
)

// TestUnmodelledSettingsNoted: a settings file that sets a key Claude Code
// reads on its way to its servers and mcpconf does not model (its loading
// path, normalize/loadpath/claude-code.json) makes the run say so, naming
// the file and the key, instead of answering as if the key were not there;
// keys mcpconf models and keys off the path (model) say nothing.
func TestUnmodelledSettingsNoted(t *testing.T) {
	_, o := claudeView(t, map[string]string{
		".mcp.json":                                     `{"mcpServers": {"a": {"command": "${E2}"}}}`,
		"~/.claude.json":                                `{"env": {"E3": "x"}, "projects": {"@ROOT@": {"hasTrustDialogAccepted": true, "enabledMcpServers": ["a"]}}}`,
		"~/.claude/settings.json":                       `{"env": {"E2": "false"}, "model": "opus", "enabledMcpjsonServers": ["a"]}`,
		".claude/settings.local.json":                   `{"enabledPlugins": {"p@m": true}, "deniedMcpServers": []}`,
		"machine/etc/claude-code/managed-settings.json": `{"allowAllClaudeAiMcps": true, "strictPluginOnlyCustomization": ["skills"]}`,
	}, true)
	notes := strings.Join(o.Notes(), "\n")
	for _, want := range []string{
		`~/.claude/settings.json:1:2 sets "env"`,
		`.claude/settings.local.json:1:2 sets "enabledPlugins"`,
		`managed-settings.json:1:2 sets "allowAllClaudeAiMcps"`,
		`~/.claude.json:1:2 sets "env"`,
		`sets "projects.<root>.enabledMcpServers"`,
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("no note %q in:\n%s", want, notes)
		}
	}
	for _, not := range []string{`"model"`, `"enabledMcpjsonServers"`, `"deniedMcpServers"`, `"hasTrustDialogAccepted"`, `"strictPluginOnlyCustomization"`} {
		if strings.Contains(notes, not) {
			t.Errorf("a note names %s:\n%s", not, notes)
		}
	}
	if !strings.Contains(notes, "mcpconf does not model it") {
		t.Errorf("the notes do not say what mcpconf does not do:\n%s", notes)
	}
}
