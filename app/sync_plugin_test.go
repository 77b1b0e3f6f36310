package app

import (
	"os"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
)

// TestSyncLeavesPluginServers: a Claude Code plugin's server is the
// plugin's (Claude Code loads it from the plugin's folder while the plugin
// is enabled), so sync --from claude does not copy it into another
// client's file as a server of its own; it says so, and copies the rest.
func TestSyncLeavesPluginServers(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".mcp.json":                             `{"mcpServers": {"gh": {"command": "gh-mcp"}}}`,
		"~/.claude.json":                        `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`,
		".claude/settings.local.json":           `{"enableAllProjectMcpServers": true}`,
		"~/.claude/settings.json":               `{"extraKnownMarketplaces": {"m": {"source": {"source": "directory", "path": "@ROOT@/home/mkt"}}}, "enabledPlugins": {"p@m": true}}`,
		"~/mkt/.claude-plugin/marketplace.json": `{"name": "m", "plugins": [{"name": "p", "source": "./p"}]}`,
		"~/mkt/p/.mcp.json":                     `{"mcpServers": {"s": {"command": "${CLAUDE_PLUGIN_ROOT}/bin/s"}}}`,
	})
	os.MkdirAll(home, 0o755)
	o := options(root, home)
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	res, err := Sync(SyncRequest{Options: &o, From: normalize.ClientByID("claude"), To: []*normalize.Client{normalize.ClientByID("cursor")}, Scope: normalize.Project})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(root + "/.cursor/mcp.json")
	if !strings.Contains(string(b), `"gh"`) || strings.Contains(string(b), "plugin:") {
		t.Errorf(".cursor/mcp.json:\n%s", b)
	}
	if len(res.Refused) != 1 || !strings.Contains(res.Refused[0].Reason, `plugin "p@m"`) {
		t.Errorf("refused: %+v", res.Refused)
	}
}
