package validate

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestPluginFileLinted: a Claude Code plugin's .mcp.json is checked like
// any file Claude Code reads (a field of the wrong type, a literal
// secret), and its servers' names are judged as written ("j", not the
// "plugin:p:j" Claude Code lists them as).
func TestPluginFileLinted(t *testing.T) {
	diags := lintFiles(t, map[string]string{
		"~/.claude/settings.json":               `{"extraKnownMarketplaces": {"m": {"source": {"source": "directory", "path": "<ROOT>/home/mkt"}}}, "enabledPlugins": {"p@m": true}}`,
		"~/mkt/.claude-plugin/marketplace.json": `{"name": "m", "plugins": [{"name": "p", "source": "./p"}]}`,
		"~/mkt/p/.claude-plugin/plugin.json":    `{"name": "p"}`,
		"~/mkt/p/.mcp.json":                     `{"mcpServers": {"j": {"command": "false", "args": "--x"}, "t": {"command": "npx", "env": {"GITHUB_TOKEN": "ghp_abcdefghijklmnopqrstuvwxyz0123456789"}}}}`,
	}, nil)
	got := map[normalize.RuleID]int{}
	for _, d := range diags {
		if strings.HasSuffix(d.Path, "mkt/p/.mcp.json") {
			got[d.Rule]++
		}
	}
	if got[normalize.RuleInvalidField] != 1 || got[normalize.RuleHardcodedSecret] != 1 || got[normalize.RuleServerName] != 0 {
		t.Errorf("findings in the plugin's .mcp.json by rule: %v; want one invalid-field, one hardcoded-secret, no server-name\n%v", got, diags)
	}
}
