package discover

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestClientPathsPerOS asks for macOS and Windows paths on any machine:
// the descriptors say where each system keeps a client's user files.
func TestClientPathsPerOS(t *testing.T) {
	home := filepath.FromSlash("/h")
	tests := []struct {
		goos, client string
		env          map[string]string
		want         []string // display paths, in precedence order
	}{
		{"linux", "vscode", nil, []string{".vscode/mcp.json", ".vscode/settings.json", ".mcp.json", "~/.config/Code/User/mcp.json", "~/.config/Code/User/settings.json", "~/.copilot/mcp-config.json"}},
		{"linux", "vscode", map[string]string{"XDG_CONFIG_HOME": "/x"}, []string{".vscode/mcp.json", ".vscode/settings.json", ".mcp.json", "/x/Code/User/mcp.json", "/x/Code/User/settings.json", "~/.copilot/mcp-config.json"}},
		{"darwin", "vscode", map[string]string{"XDG_CONFIG_HOME": "/x"}, []string{".vscode/mcp.json", ".vscode/settings.json", ".mcp.json", "~/Library/Application Support/Code/User/mcp.json", "~/Library/Application Support/Code/User/settings.json", "~/.copilot/mcp-config.json"}},
		{"windows", "vscode", nil, []string{".vscode/mcp.json", ".vscode/settings.json", ".mcp.json", "~/AppData/Roaming/Code/User/mcp.json", "~/AppData/Roaming/Code/User/settings.json", "~/.copilot/mcp-config.json"}},
		{"windows", "vscode", map[string]string{"APPDATA": "/h/Roaming"}, []string{".vscode/mcp.json", ".vscode/settings.json", ".mcp.json", "~/Roaming/Code/User/mcp.json", "~/Roaming/Code/User/settings.json", "~/.copilot/mcp-config.json"}},
		{"darwin", "claude-desktop", nil, []string{"~/Library/Application Support/Claude/claude_desktop_config.json"}},
		{"windows", "claude-desktop", nil, []string{"~/AppData/Roaming/Claude/claude_desktop_config.json",
			"~/AppData/Local/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/claude_desktop_config.json"}},
		{"linux", "claude-desktop", nil, []string{"~/.config/Claude/claude_desktop_config.json"}},
		{"darwin", "agent-code", nil, []string{".agent/settings.local.toml", ".agent/settings.toml", "~/Library/Application Support/agent-code/config.toml"}},
		{"darwin", "agent-code", map[string]string{"XDG_CONFIG_HOME": "/x"}, []string{".agent/settings.local.toml", ".agent/settings.toml", "/x/agent-code/config.toml"}},
		{"darwin", "opencode", nil, []string{"~/.opencode/opencode.jsonc", "~/.opencode/opencode.json", ".opencode/opencode.jsonc", ".opencode/opencode.json", "opencode.jsonc", "opencode.json",
			"~/.config/opencode/opencode.jsonc", "~/.config/opencode/opencode.json", "~/.config/opencode/config.json"}},
		{"linux", "codex", map[string]string{"CODEX_HOME": "/c"}, []string{".codex/config.toml", "/c/config.toml"}},
		{"linux", "gemini", map[string]string{"GEMINI_CLI_HOME": "/g"}, []string{".gemini/settings.json", "/g/.gemini/settings.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.goos+"/"+tt.client, func(t *testing.T) {
			o := Options{Root: filepath.FromSlash("/r"), Home: home, GOOS: tt.goos, Getenv: func(k string) string { return tt.env[k] }}
			var got []string
			c := normalize.ClientByID(tt.client)
			for _, l := range o.viewLocations(c, o.Root) {
				got = append(got, l.Display)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestVarBase: how a client reads its home variable is the base's data.
// A relative value is relative to the root (where the client starts), "~"
// too unless the base says the client expands it (Tilde); a base the
// client canonicalizes (Canonical) is resolved through its links.
func TestVarBase(t *testing.T) {
	base := t.TempDir()
	root, home := filepath.Join(base, "root"), filepath.Join(base, "home")
	for _, d := range []string{filepath.Join(root, "real"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("real", filepath.Join(root, "link")); err != nil {
		t.Skip(err)
	}
	env := map[string]string{}
	o := Options{Root: root, Home: home, Cwd: filepath.Join(base, "elsewhere"), Getenv: func(k string) string { return env[k] }}
	for _, tt := range []struct {
		b     *normalize.Base
		value string
		want  string
	}{
		{&normalize.Base{Var: "V"}, "cfg", filepath.Join(root, "cfg")},
		{&normalize.Base{Var: "V"}, "~/cfg", filepath.Join(root, "~", "cfg")},
		{&normalize.Base{Var: "V", Tilde: true}, "~/cfg", filepath.Join(home, "cfg")},
		{&normalize.Base{Var: "V"}, "link", filepath.Join(root, "link")},
		{&normalize.Base{Var: "V", Canonical: true}, "link", filepath.Join(realPath(root), "real")},
	} {
		env["V"] = tt.value
		if got := o.dir(tt.b); got != tt.want {
			t.Errorf("V=%s (tilde %v, canonical %v): %s, want %s", tt.value, tt.b.Tilde, tt.b.Canonical, got, tt.want)
		}
	}
}
