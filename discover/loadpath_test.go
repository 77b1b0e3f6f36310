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
		"~/.claude/settings.json":                       `{"disableSideloadFlags": true, "env": {"E2": "false"}, "model": "opus", "enabledMcpjsonServers": ["a"]}`,
		".claude/settings.local.json":                   `{"enabledPlugins": {"p@m": true}, "deniedMcpServers": []}`,
		"machine/etc/claude-code/managed-settings.json": `{"allowAllClaudeAiMcps": true, "strictPluginOnlyCustomization": ["skills"]}`,
	}, true)
	notes := strings.Join(o.Notes(), "\n")
	for _, want := range []string{
		`~/.claude/settings.json:1:2 sets "disableSideloadFlags"`,
		// enabledPlugins is noted once, per plugin (Gates.Plugins), not as a key
		`plugin "p@m" is not read: the marketplace "m" is not declared in "extraKnownMarketplaces"`,
		`"p@m" is enabled in .claude/settings.local.json:1:21`,
		`managed-settings.json:1:2 sets "allowAllClaudeAiMcps"`,
		`sets "projects.<root>.enabledMcpServers"`,
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("no note %q in:\n%s", want, notes)
		}
	}
	// env is modelled (Expansion.EnvFiles), in both files
	for _, not := range []string{`sets "env"`, `"model"`, `sets "enabledPlugins"`, `"enabledMcpjsonServers"`, `"deniedMcpServers"`, `"hasTrustDialogAccepted"`, `"strictPluginOnlyCustomization"`} {
		if strings.Contains(notes, not) {
			t.Errorf("a note names %s:\n%s", not, notes)
		}
	}
	if !strings.Contains(notes, "mcpconf does not model it") {
		t.Errorf("the notes do not say what mcpconf does not do:\n%s", notes)
	}
}

// TestUnmodelledGeminiSettingsNoted: Gemini CLI's settings files are the
// files that hold its servers, and the keys of its loading path are
// nested ("mcp.serverCommand"): a key mcpconf does not model is noted at
// its position, wherever it is nested; the keys it models, admin settings
// (which Gemini CLI ignores in a file, as mcpconf does) and keys off the
// path say nothing.
func TestUnmodelledGeminiSettingsNoted(t *testing.T) {
	root, home := tree(t, map[string]string{
		".gemini/settings.json":   "{\n  \"mcpServers\": {\"a\": {\"command\": \"false\"}},\n  \"mcp\": {\"allowed\": [\"a\"], \"serverCommand\": \"srv\"},\n  \"admin\": {\"mcp\": {\"enabled\": false}}\n}",
		"~/.gemini/settings.json": "{\"security\": {\"folderTrust\": {\"enabled\": false}, \"blockGitExtensions\": true}, \"ui\": {\"theme\": \"x\"}}",
	})
	_, o := geminiView(t, root, home, "", nil)
	notes := strings.Join(o.Notes(), "\n")
	for _, want := range []string{
		`.gemini/settings.json:3:29 sets "mcp.serverCommand", which Gemini CLI reads on its way to its MCP servers`,
		`~/.gemini/settings.json:1:50 sets "security.blockGitExtensions"`,
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("no note %q in:\n%s", want, notes)
		}
	}
	for _, not := range []string{`"mcpServers"`, `"mcp.allowed"`, `"admin"`, `"security.folderTrust.enabled"`, `"ui`} {
		if strings.Contains(notes, not) {
			t.Errorf("a note names %s:\n%s", not, notes)
		}
	}
}
