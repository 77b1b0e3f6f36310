package discover

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// pluginTree is a local marketplace declared in the user's settings, as
// testdata/clients/claude-plugin-local has it: plugin p brings s (args
// with ${CLAUDE_PLUGIN_ROOT}) and dup (the user's u), q is not enabled.
func pluginTree() map[string]string {
	return map[string]string{
		"~/.claude.json": `{"mcpServers": {"u": {"command": "false", "args": ["--user"]}}, "projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`,
		"~/.claude/settings.json": "{\n  \"extraKnownMarketplaces\": {\"local\": {\"source\": {\"source\": \"directory\", \"path\": \"@ROOT@/home/mkt\"}}},\n" +
			"  \"enabledPlugins\": {\"p@local\": true}\n}",
		"~/mkt/.claude-plugin/marketplace.json": `{"name": "local", "plugins": [{"name": "p", "source": "./p"}, {"name": "q", "source": "./q"}]}`,
		"~/mkt/p/.claude-plugin/plugin.json":    `{"name": "p"}`,
		"~/mkt/p/.mcp.json":                     "{\"mcpServers\": {\n  \"s\": {\"command\": \"false\", \"args\": [\"${CLAUDE_PLUGIN_ROOT}/bin\"]},\n  \"dup\": {\"command\": \"false\", \"args\": [\"--user\"]}}}",
		"~/mkt/q/.claude-plugin/plugin.json":    `{"name": "q"}`,
		"~/mkt/q/.mcp.json":                     `{"mcpServers": {"qs": {"command": "false"}}}`,
	}
}

// TestPluginServers: the servers of an enabled plugin of a local
// marketplace are in Claude Code's view as plugin:PLUGIN:SERVER, read from
// the plugin's .mcp.json (its position kept), ${CLAUDE_PLUGIN_ROOT} the
// plugin's folder; one whose command line repeats a server configured by
// hand is dropped, saying which; a plugin not enabled brings nothing.
func TestPluginServers(t *testing.T) {
	set, o := claudeView(t, pluginTree(), false)
	statusIs(t, set, map[string]normalize.Status{"u": normalize.StatusEnabled, "plugin:p:s": normalize.StatusEnabled,
		"plugin:p:dup": normalize.StatusDisabled})
	s := server(t, set, "plugin:p:s").Server
	if want := o.Home + "/mkt/p/bin"; len(s.Args) != 1 || s.Args[0] != want {
		t.Errorf("plugin:p:s args %q, want [%q]", s.Args, want)
	}
	// Claude Code sets it in the server's environment (claude mcp get shows it)
	if got := s.Env["CLAUDE_PLUGIN_ROOT"]; got != o.Home+"/mkt/p" {
		t.Errorf("plugin:p:s env CLAUDE_PLUGIN_ROOT %q, want %q", got, o.Home+"/mkt/p")
	}
	if s.Source.Path != "~/mkt/p/.mcp.json" || s.Source.Pos.Line != 2 || s.Source.Pos.Col != 3 || s.Source.Scope != normalize.PluginScope || s.Source.Plugin != "p@local" {
		t.Errorf("plugin:p:s source %+v", s.Source)
	}
	dup := server(t, set, "plugin:p:dup").Server
	if why := dup.DisabledBy(); !strings.Contains(why, `"u"`) || !strings.Contains(why, "~/.claude.json:1:") || !dup.Off.Unlisted {
		t.Errorf("plugin:p:dup: %q (unlisted %v), want it to name u and where it is", why, dup.Off.Unlisted)
	}
	for _, e := range set.Entries {
		if strings.HasPrefix(e.Server.Name, "plugin:q:") {
			t.Errorf("%s is in the view: q is not enabled", e.Server.Name)
		}
	}
	if !slicesContainsDoc(set, o.Home+"/mkt/p/.mcp.json") {
		t.Errorf("the plugin's .mcp.json is not among the view's documents (lint would not check it)")
	}
	if notes := strings.Join(o.Notes(), "\n"); strings.Contains(notes, "p@local") {
		t.Errorf("a plugin mcpconf reads is noted as not modelled:\n%s", notes)
	}
}

// TestPluginOff: false in a higher settings file turns a plugin off, and
// its servers say which setting, where; a plugin enabled from a
// marketplace mcpconf cannot read is still noted.
func TestPluginOff(t *testing.T) {
	files := pluginTree()
	files[".claude/settings.local.json"] = "{\"enabledPlugins\":\n  {\"p@local\": false}}"
	files[".claude/settings.json"] = `{"enabledPlugins": {"r@team": true}}`
	set, o := claudeView(t, files, false)
	statusIs(t, set, map[string]normalize.Status{"plugin:p:s": normalize.StatusDisabled})
	s := server(t, set, "plugin:p:s").Server
	if why := s.DisabledBy(); !strings.Contains(why, `"p@local" is false at .claude/settings.local.json:2:4`) || !s.Off.Unlisted {
		t.Errorf("plugin:p:s: %q", why)
	}
	if notes := strings.Join(o.Notes(), "\n"); !strings.Contains(notes, `"r@team" is enabled in .claude/settings.json:1:21`) {
		t.Errorf("notes lack the plugin of an unknown marketplace:\n%s", notes)
	}
}

func slicesContainsDoc(set *normalize.Set, abs string) bool {
	for _, d := range set.Documents {
		if d.Abs == abs {
			return true
		}
	}
	return false
}

// TestPluginMarketUntrusted: a marketplace the project's own settings
// declare counts once the project is trusted (its plugin enabled by the
// project too): untrusted, Claude Code lists none of its servers and
// explain says why (testdata/clients/claude-plugin-project-market-*).
func TestPluginMarketUntrusted(t *testing.T) {
	files := map[string]string{
		".claude/settings.json":               `{"extraKnownMarketplaces": {"repo": {"source": {"source": "directory", "path": "@ROOT@/mkt"}}}, "enabledPlugins": {"p@repo": true}}`,
		"mkt/.claude-plugin/marketplace.json": `{"name": "repo", "plugins": [{"name": "p", "source": "./p"}]}`,
		"mkt/p/.claude-plugin/plugin.json":    `{"name": "p"}`,
		"mkt/p/.mcp.json":                     `{"mcpServers": {"ps": {"command": "false"}}}`,
		"~/.claude.json":                      `{}`,
	}
	set, _ := claudeView(t, files, false)
	statusIs(t, set, map[string]normalize.Status{"plugin:p:ps": normalize.StatusUntrusted})
	if why := server(t, set, "plugin:p:ps").Server.DisabledBy(); !strings.Contains(why, `the marketplace "repo" is declared in .claude/settings.json:1:29`) {
		t.Errorf("plugin:p:ps: %q", why)
	}
	files["~/.claude.json"] = `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`
	set, _ = claudeView(t, files, false)
	statusIs(t, set, map[string]normalize.Status{"plugin:p:ps": normalize.StatusEnabled})
}

// TestPluginMarketBroken: a marketplace manifest that does not parse, or
// a plugin manifest that does not, is named with its position in a note;
// nothing panics and the servers configured by hand are read as before.
func TestPluginMarketBroken(t *testing.T) {
	files := pluginTree()
	files["~/mkt/.claude-plugin/marketplace.json"] = "{\"plugins\": [\n  {\"name\": \"p\", \"source\": ./p}]}"
	set, o := claudeView(t, files, false)
	statusIs(t, set, map[string]normalize.Status{"u": normalize.StatusEnabled})
	if notes := strings.Join(o.Notes(), "\n"); !strings.Contains(notes, "~/mkt/.claude-plugin/marketplace.json:2:") {
		t.Errorf("no note names the broken marketplace with a position:\n%s", notes)
	}
	files = pluginTree()
	files["~/mkt/p/.claude-plugin/plugin.json"] = `{"name": "p", "mcpServers": ["./a.json", {"x": 1}, 7]}`
	files["~/mkt/p/a.json"] = `{"a": {"command": "false", "args": ["--a"]}}`
	set, _ = claudeView(t, files, false)
	statusIs(t, set, map[string]normalize.Status{"plugin:p:a": normalize.StatusEnabled, "plugin:p:s": normalize.StatusEnabled})
	// the plugin is not loaded at all (testdata/clients/claude-plugin-manifest-broken)
	files["~/mkt/p/.claude-plugin/plugin.json"] = `{"name": "p", "mcpServers": `
	set, o = claudeView(t, files, false)
	for _, e := range set.Entries {
		if strings.HasPrefix(e.Server.Name, "plugin:p:") {
			t.Errorf("%s is in the view: its plugin's manifest does not parse", e.Server.Name)
		}
	}
	if notes := strings.Join(o.Notes(), "\n"); !strings.Contains(notes, "~/mkt/p/.claude-plugin/plugin.json:1:") {
		t.Errorf("no note names the broken plugin manifest with a position:\n%s", notes)
	}
}

// TestComparableURL: URLs as Claude Code compares a plugin server's with
// another's (testdata/clients/claude-plugin-url-normalized).
func TestComparableURL(t *testing.T) {
	for in, want := range map[string]string{
		"HTTP://127.0.0.1:9/mcp/#frag": "http://127.0.0.1:9/mcp",
		"http://127.0.0.1:9/mcp/?x=1":  "http://127.0.0.1:9/mcp?x=1",
		"https://Example.com:443/":     "https://example.com",
		"http://[::1]:80/mcp":          "http://[::1]/mcp",
		"http://example.com/mcp?":      "http://example.com/mcp",
		"not a url/":                   "not a url",
		"not a url/?q":                 "not a url/?q",
	} {
		if got := comparableURL(in); got != want {
			t.Errorf("comparableURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPluginProjectScope: lint's project scope reads the plugins of a
// marketplace the project itself declares and holds (a repository's own),
// and none of the user's.
func TestPluginProjectScope(t *testing.T) {
	files := pluginTree()
	files[".claude/settings.json"] = `{"extraKnownMarketplaces": {"repo": {"source": {"source": "directory", "path": "@ROOT@/mkt"}}}, "enabledPlugins": {"r@repo": true}}`
	files["mkt/.claude-plugin/marketplace.json"] = `{"name": "repo", "plugins": [{"name": "r", "source": "./r"}]}`
	files["mkt/r/.mcp.json"] = `{"mcpServers": {"rs": {"command": "false"}}}`
	root, home := tree(t, files)
	o := Options{Root: root, Home: home, Isolated: true}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	set := o.View(normalize.ClientByID("claude"), ProjectScopes)
	statusIs(t, set, map[string]normalize.Status{"plugin:r:rs": normalize.StatusEnabled})
	for _, e := range set.Entries {
		if strings.HasPrefix(e.Server.Name, "plugin:p:") {
			t.Errorf("%s is in the project scope's view: its plugin is the user's", e.Server.Name)
		}
	}
}
